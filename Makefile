# tourney: every command sets up what it needs first (a venv in .venv).
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed-dev
COMPILED := $(VENV)/.compiled
BROWSER := $(VENV)/.installed-system
EXAMPLE ?= examples/swiss-open

.PHONY: setup demo site test test-full check lint format typecheck dist examples fuzz cli-docs view-docs clean messages

# `make setup`: one line per stage (scripts/bootstrap.sh, pip, scripts/system-packages.sh);
# pip runs quietly, so only its errors show.
$(STAMP): pyproject.toml
	@sh scripts/bootstrap.sh "$(PY)" "$(VENV)"
	@echo "setup: installing tourney-chess and its dependencies (editable, extras dev and pdf)"
	@$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev,pdf]'
	@touch $(STAMP)
	@echo "setup: $(VENV) ready: $$($(BIN)/tourney --version)"

# The bytecode of tourney itself, written now and after every change of a source file:
# pip compiles what it installs, but not an editable install's tree, and where the
# environment sets PYTHONDONTWRITEBYTECODE (CI images, containers) Python never writes
# it either, so every command would compile every module it imports (a short command's
# CPU doubled; bench/startup.py, docs/robustness.md "Start-up"). compileall writes it
# whatever that variable says, and only for the files that changed.
$(COMPILED): $(STAMP) $(shell find tourney -name '*.py' 2>/dev/null)
	@$(BIN)/python -m compileall -q tourney
	@touch $(COMPILED)

setup: $(STAMP) $(COMPILED) $(BROWSER)  ## create .venv, install tourney with its tools, and the system packages

demo: $(COMPILED)  ## check every bundled example and show the standings of one
	@for d in examples/*/; do $(BIN)/tourney check $$d || exit 1; done
	$(BIN)/tourney standings $(EXAMPLE)

site: $(COMPILED)  ## the main job: check every bundled example, print standings, build every site into _site/ with a home page
	@for d in examples/*/; do $(BIN)/tourney check $$d || exit 1; done
	$(BIN)/tourney standings $(EXAMPLE)
	@rm -rf _site
	$(BIN)/tourney build examples -o _site  # each example in its folder, and a home page (docs/site.md)
	@echo "open _site/index.html in a browser"

$(BROWSER): $(STAMP)
	@sh scripts/system-packages.sh
	@touch $(BROWSER)

test: $(COMPILED) $(BROWSER)  ## the test suite CI runs (long reference replays excluded)
	$(BIN)/pytest -m "not slow"

test-full: $(COMPILED) $(BROWSER)  ## every test, including the full reference replays
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

typecheck: $(STAMP)  ## mypy (strict, the whole package)
	$(BIN)/mypy tourney

check: lint typecheck test  ## what CI and pre-commit run

dist: $(STAMP)  ## the release files: sdist and wheel of tourney-chess in dist/, checked by twine
	@rm -rf dist
	$(BIN)/python -m build --outdir dist .
	$(BIN)/twine check --strict dist/*

fuzz: $(STAMP)  ## a longer fuzzing campaign: make fuzz minutes=10
	$(BIN)/python fuzz/run.py --minutes $(or $(minutes),10)

cli-docs: $(STAMP)  ## regenerate docs/cli.md's reference section from every command's --help
	$(BIN)/python scripts/cli_docs.py

view-docs: $(STAMP)  ## regenerate docs/site.md's list of view-model fields from views.py
	$(BIN)/python scripts/view_docs.py

examples: $(STAMP)  ## regenerate examples/ (deterministic)
	$(BIN)/python scripts/make_examples.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache _site

messages: $(STAMP)  ## extract the site's and PDFs' messages into tourney/locale/ (docs/languages.md)
	$(BIN)/python scripts/messages.py
