"""tools/testing/complexity.py measures the folders it is given, and the engine and the page's Python stay
within the complexity limits (tools/testing/complexity.py)."""

from __future__ import annotations

from tools.testing import complexity


def test_a_folder_given_is_measured_instead_of_rules() -> None:
    web = complexity.measures("static/auspex_web")
    assert web and all(m.path.startswith("static/auspex_web/") for m in web)
    assert any(m.name == "render_resolution" for m in web)
    assert complexity.main(["--all", "static/auspex_web"]) == 0
    assert complexity.main(["no/such/folder"]) == 2


def test_no_function_or_class_in_the_engine_or_the_page_s_python_is_over_the_limits() -> None:
    """The complexity limits, everywhere: no function over 60 lines or 20 branches, no class over 400
    lines, in ``rules/`` and ``static/auspex_web/`` (``python tools/testing/complexity.py rules
    static/auspex_web`` lists what is over)."""
    found = complexity.measures("rules") + complexity.measures("static/auspex_web")
    assert len(found) > 800
    assert [(m.path, m.line, m.name, m.over()) for m in found if m.over()] == []


def test_the_limits_count_a_long_branchy_function() -> None:
    import ast

    body = "\n".join(f"    if x == {i} and y:\n        x += 1" for i in range(30))
    tree = ast.parse(f"def f(x, y):\n{body}\n    return x\n")
    fn = tree.body[0]
    assert complexity.branches(fn) == 1 + 30 + 30
    m = complexity.Measure("def", "rules/x.py", "f", 1, 62, complexity.branches(fn))
    assert m.over() == ["62 lines > 60", "61 branches > 20"]
