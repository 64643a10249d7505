"""One test file per weapon quality: the quality's reading in each d100 ruleset side by
side, ``test_<quality>_dh2``, ``_dh1`` and ``_dw``, or a test that the ruleset lacks it and the engine refuses
it. The readings are ``rules/data/<system>/qualities.json``'s; the builders are ``tests/unit/*_scenarios.py``
(this folder is a package, its tests importing ``.readings``; ``tests/unit/conftest.py`` puts
``tests/unit`` on the path, so the builders import)."""
