# The two front doors: `make run` (set up, reproduce the seed's experiments) and
# `make test` (set up, run the tests). Both work on a fresh Debian 12 machine.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed

.PHONY: setup run test lint bench browser clean

setup: $(STAMP)

$(STAMP): pyproject.toml scripts/install-deps.sh
	./scripts/install-deps.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test,sdk,triton]'
	$(BIN)/agentsched sdk install
	$(BIN)/agentsched build --install-fatbinary
	$(BIN)/agentsched plugin-path >/dev/null
	touch $(STAMP)

run: setup
	$(BIN)/agentsched reproduce --out results
	$(BIN)/agentsched report results bench/h200/h200.json.xz bench/h200/search/*/*.json.xz \
	    -o results/report.html

# The browser test needs Debian's chromium; without it that one test skips, saying why.
test: setup browser lint
	$(BIN)/pytest -q

# ruff (unused names, imports, one type-hint style) and mypy (the public API, pyproject.toml)
lint: setup
	$(BIN)/ruff check agentsched tests bench corpus
	$(BIN)/mypy

browser:
	-./scripts/install-browser.sh

bench: setup
	$(BIN)/python bench/compile_overhead.py

clean:
	rm -rf $(VENV)
