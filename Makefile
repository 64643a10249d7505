# Auspex: `make serve` sets everything up on a fresh machine and serves the page;
# `make test` sets everything up (Chromium, Firefox and WebKit included) and runs the whole suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cat requirements-dev.txt pyproject.toml | cksum | cut -d' ' -f1)
PORT   ?= 8000

.PHONY: all venv vendor chromium browsers axe lint unit e2e smoke test serve bench fuzz clean

all: test

$(STAMP): requirements-dev.txt pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Auspex needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements-dev.txt setuptools wheel
	rm -f $(VENV)/.installed-*
	touch $@

venv: $(STAMP)

# PyScript, Pyodide and the wheels, pinned and sha256-checked, into static/vendor/; rebuilds the app wheel;
# then lists what the service worker (sw.js) precaches for offline use (static/vendor/precache.js).
vendor: venv
	$(BIN)/python tools/build/vendor.py
	$(BIN)/python tools/build/precache.py

# Debian's Chromium for the browser tests (Playwright cannot download browsers on every machine).
chromium:
	@if [ -n "$$AUSPEX_CHROMIUM" ] || [ -x /usr/bin/chromium ]; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else $(BIN)/python -m playwright install chromium; fi

# Firefox and WebKit for the smoke tests (tests/browsers/): Debian's firefox-esr (driven by puppeteer-core,
# pinned and integrity-checked, into .cache/puppeteer/), webkit2gtk-driver (WebKitWebDriver + MiniBrowser)
# and xvfb (MiniBrowser needs a display). apt-get when root; elsewhere the tests say what is missing and skip.
# AUSPEX_FIREFOX=/path/to/firefox uses another Firefox (GitHub's Ubuntu runners have one, but no firefox-esr).
BROWSER_PACKAGES := firefox-esr:/usr/bin/firefox-esr webkit2gtk-driver:/usr/bin/WebKitWebDriver xvfb:/usr/bin/xvfb-run
browsers: venv
	@missing=""; for p in $(BROWSER_PACKAGES); do \
	  case "$$p" in firefox-esr:*) [ -z "$$AUSPEX_FIREFOX" ] || continue;; esac; \
	  [ -x "$${p#*:}" ] || missing="$$missing $${p%%:*}"; done; \
	if [ -z "$$missing" ]; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	else echo "browsers: $$missing missing (install them as root: apt-get install$$missing); the Firefox/WebKit smoke tests will be skipped"; fi
	@if command -v npm >/dev/null 2>&1; then $(BIN)/python tools/testing/fetch_puppeteer.py; \
	else echo "browsers: no npm: the Firefox smoke test will be skipped"; fi

# axe-core for the accessibility tests only (never served with the page): pinned, integrity-checked, into .cache/axe/.
axe: venv
	$(BIN)/python tools/testing/fetch_axe.py

lint: venv
	$(BIN)/ruff check rules tools tests static/auspex_web
	$(BIN)/ruff format --check rules tools tests static/auspex_web
	$(BIN)/mypy

unit: venv
	$(BIN)/pytest tests/unit -q

e2e: vendor chromium axe
	$(BIN)/pytest tests/e2e -q

# Firefox and WebKit: load, engine ready, a resolution with typed dice, a share link opened offline.
smoke: vendor browsers
	$(BIN)/pytest tests/browsers -q

# As root, `make browsers` installs Firefox and WebKit, so their smoke tests must run, not skip.
test: vendor chromium browsers axe lint
	AUSPEX_REQUIRE_BROWSERS=$${AUSPEX_REQUIRE_BROWSERS:-$$([ "$$(id -u)" = 0 ] && echo 1)} $(BIN)/pytest -q

serve: vendor
	$(BIN)/python tools/build/serve.py --port $(PORT)

# The long fuzz (not part of `make test`, which runs its short derandomized profiles): 10,000
# mutated scenarios per ruleset through rules.api.run, and 10,000 cases per ruleset of encounter
# events (random and mutated, typed numbers in profiles) and of the critical tables' round trip;
# prints the counts per ruleset.
fuzz: venv
	AUSPEX_FUZZ=long $(BIN)/pytest tests/unit/shared/test_fuzz.py tests/unit/encounter/test_fuzz_encounter.py -q -s -p no:cacheprovider

bench: vendor chromium browsers
	$(BIN)/python tools/measure/bench.py

clean:
	rm -rf $(VENV) .cache static/vendor build *.egg-info .pytest_cache .mypy_cache .ruff_cache
