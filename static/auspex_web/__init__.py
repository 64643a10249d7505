"""The page's side of Auspex: ``bridge.handle`` (JSON in, JSON out, what the worker exports) and
``render`` (a resolution as HTML). Pure Python: nothing here touches the DOM or imports ``js``,
so it runs the same in the page's worker and under pytest on CPython."""
