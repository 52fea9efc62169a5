# tourney: every command sets up what it needs first (a venv in .venv).
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed-dev
BROWSER := $(VENV)/.installed-browser
EXAMPLE ?= examples/swiss-open

.PHONY: setup demo site test test-full check lint format typecheck examples bench clean

$(STAMP): pyproject.toml
	@sh scripts/bootstrap.sh "$(PY)" "$(VENV)"
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

setup: $(STAMP)  ## create .venv and install tourney with its tools

demo: $(STAMP)  ## check every bundled example and show the standings of one
	@for d in examples/*/; do $(BIN)/tourney check $$d || exit 1; done
	$(BIN)/tourney standings $(EXAMPLE)

site: $(STAMP)  ## the main job: check, pair nothing, build the site of the bundled example into _site/
	$(BIN)/tourney check $(EXAMPLE)
	$(BIN)/tourney standings $(EXAMPLE) --format table | head -15
	$(BIN)/tourney build $(EXAMPLE) -o _site
	@echo "open _site/index.html in a browser"

$(BROWSER): $(STAMP)
	@sh scripts/browser.sh "$(BIN)"
	@touch $(BROWSER)

test: $(STAMP) $(BROWSER)  ## the test suite CI runs (long reference replays excluded)
	$(BIN)/pytest -m "not slow"

test-full: $(STAMP) $(BROWSER)  ## every test, including the full reference replays
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

typecheck: $(STAMP)  ## mypy (strict on the engine)
	$(BIN)/mypy tourney

check: lint typecheck test  ## what CI and pre-commit run

examples: $(STAMP)  ## regenerate examples/ (deterministic)
	$(BIN)/python scripts/make_examples.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache _site
