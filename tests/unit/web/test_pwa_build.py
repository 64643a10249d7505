"""The offline copy's build (tools/build/precache.py) and the install icons (tools/build/icons.py)."""

from __future__ import annotations

import functools
import struct
import tomllib
import zlib
from pathlib import Path

import pytest

from tools.build import icons, precache

ROOT = Path(__file__).resolve().parents[3]


def test_the_version_changes_with_any_files_content_or_name() -> None:
    files = [("./", b"<!doctype html>"), ("./static/app.js", b"let a = 1;")]
    version = precache.version_of(files)
    assert version == precache.version_of(list(files))  # the same files: the same version
    assert precache.version_of([files[0], ("./static/app.js", b"let a = 2;")]) != version
    assert precache.version_of([files[0], ("./static/app2.js", b"let a = 1;")]) != version
    assert len(version) == 16 and int(version, 16) >= 0


def test_the_app_files_are_every_file_of_the_page_but_the_install_icons() -> None:
    app = precache.app_files()
    assert app[0] == ROOT / "index.html" and precache.url(app[0]) == "./"
    static = ROOT / "static"
    for ext in ("js", "css", "svg", "webmanifest"):
        for path in static.glob(f"*.{ext}"):
            assert path in app, path
    families = sorted((static / "families").glob("*.js"))
    assert static / "families" / "index.js" in families and all(path in app for path in families)
    assert static / "pwa.js" in app and static / "manifest.webmanifest" in app
    assert static / "auspex_web" / "worker.py" in app and static / "engine.js" in app and static / "boot.js" in app
    assert precache.install_only() == set(icons.ICONS)  # the manifest's PNGs and the apple-touch-icon
    assert not any(path.name in icons.ICONS for path in app)  # fetched by the browser when it installs
    assert all(precache.url(path).startswith("./") for path in app)


@functools.cache
def render(size: int, full_bleed: bool) -> list[list[tuple[int, int, int, int]]]:
    """tools/build/icons.py's drawing, once per size and kind (a 512 px icon takes a second)."""
    return icons.render(size, full_bleed)


def decoded(data: bytes) -> tuple[int, int, bytes, bytes, bytes]:
    """Width, height, palette, transparency and pixel rows of a palette PNG as tools/build/icons.py writes it."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        chunks[kind] = chunks.get(kind, b"") + data[at + 8 : at + 8 + length]
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (8, 3)
    return width, height, chunks[b"PLTE"], chunks.get(b"tRNS", b""), zlib.decompress(chunks[b"IDAT"])


@pytest.mark.parametrize("name", sorted(icons.ICONS))
def test_the_committed_icons_are_what_the_tool_draws(name: str) -> None:
    size, full_bleed = icons.ICONS[name]
    committed = decoded((ROOT / "static" / name).read_bytes())
    assert committed == decoded(icons.png(render(size, full_bleed)))
    assert committed[:2] == (size, size)


@pytest.mark.parametrize("size", [180, 512])
def test_a_full_bleed_icon_keeps_the_glyph_in_the_maskable_safe_zone(size: int) -> None:
    rows = render(size, True)
    background = (*icons.BACKGROUND, 255)
    centre = size / 2
    inside = outside = 0
    for y, row in enumerate(rows):
        for x, pixel in enumerate(row):
            if (x + 0.5 - centre) ** 2 + (y + 0.5 - centre) ** 2 > (0.4 * size) ** 2:
                assert pixel == background, (x, y)  # a mask may cut anything outside the circle
                outside += 1
            elif pixel != background:
                inside += 1
    assert outside and inside > size  # the glyph is drawn, within the zone


def test_the_any_icon_is_the_rounded_square_with_clear_corners() -> None:
    rows = render(192, False)
    assert rows[0][0][3] == 0 and rows[-1][-1][3] == 0  # transparent corners
    assert rows[96][2] == (*icons.BACKGROUND, 255)  # the square's edge, mid-side
    assert icons.GOLD in {pixel[:3] for pixel in rows[96]}  # the rings cross the middle row


def test_the_engine_config_must_list_exactly_the_vendored_wheels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wheels = sorted((ROOT / "static" / "vendor").glob("*/*.whl"))
    assert precache.check_engine_config(wheels) == []
    text = precache.ENGINE_JS.read_text(encoding="utf-8")
    missing = tmp_path / "engine.js"
    missing.write_text(text.replace('  "./static/vendor/wheels/pydantic-2.14.3-py3-none-any.whl",\n', ""))
    monkeypatch.setattr(precache, "ENGINE_JS", missing)
    assert precache.check_engine_config(wheels) == [
        "static/engine.js does not list ./static/vendor/wheels/pydantic-2.14.3-py3-none-any.whl",
        "static/engine.js's WHEELS and pyscript.toml's packages differ (the same wheels, in the same order)",
    ]


def test_the_engine_config_must_be_the_one_pyscript_toml_declares() -> None:
    """pyscript.toml declares the configuration; static/engine.js carries it inline (so PyScript has
    no file to miss and fall back to its CDN): the build refuses the two apart."""
    with precache.PYSCRIPT_TOML.open("rb") as f:
        declared = tomllib.load(f)
    text = precache.ENGINE_JS.read_text(encoding="utf-8")
    assert precache.check_declared_config(text, declared) == []
    swapped = {**declared, "packages": list(reversed(declared["packages"]))}
    assert precache.check_declared_config(text, swapped) == [
        "static/engine.js's WHEELS and pyscript.toml's packages differ (the same wheels, in the same order)"
    ]
    elsewhere = {**declared, "interpreter": "https://example.invalid/pyodide.mjs"}
    assert precache.check_declared_config(text, elsewhere) == [
        "static/engine.js's PYODIDE and pyscript.toml's interpreter differ"
    ]
    no_index = {k: v for k, v in declared.items() if k != "index_urls"}
    assert precache.check_declared_config(text, no_index) == [
        "pyscript.toml and static/engine.js do not both give index_urls"
    ]
