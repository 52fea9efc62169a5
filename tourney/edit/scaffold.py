"""The files a league repository needs beside its tournament folders (``tourney init-repo``).

A league or club keeps its season in a git repository: tournament folders,
and next to them

- ``Makefile``: ``make pair round=N`` (``t=FOLDER`` when there are several
  tournaments), ``make results``, ``make check``, ``make diff``, ``make site``
  (with several folders ``tourney build .``: each folder and a home page),
  ``make serve``, ``make forms``, ``make publish``; it creates ``.venv`` on first use;
- ``requirements.txt``: where tourney comes from, one line, shared by the
  Makefile and CI so that every machine runs the same version: by default
  ``.tourney/tourney_chess-VERSION-py3-none-any.whl``, the exact tourney that wrote
  the repository, carried in it (``edit.wheel``; ``tourney upgrade-repo``
  moves it on);
- ``.gitignore``: the build output, the virtual environment, lock and temp files;
- ``.github/workflows/tourney.yml``: ``make check`` and a ``tourney diff``
  comment on every pull request; on the main branch, the site built and
  published to GitHub Pages (actions/upload-pages-artifact + actions/deploy-pages).
  Every action is pinned by full commit SHA (``ACTIONS``, the release in a
  comment, each a release whose action.yml runs on Node 24), checkouts keep no
  credentials, and each job gets only the permissions it uses;
- ``.github/dependabot.yml``: keeps those pins current, in pull requests;
- ``.github/pull_request_template.md``: what a result correction states;
- ``.github/ISSUE_TEMPLATE/signup.yml`` and ``.github/workflows/signup.yml``:
  registration as an issue form whose dropdown offers the tournaments open for
  sign-ups (``tourney.edit.signup_form``); an approved sign-up becomes a pull
  request adding the player (``tourney signup``), or an answer on the issue
  saying why it cannot;
- ``.github/ISSUE_TEMPLATE/result.yml``, ``match-result.yml`` and
  ``.github/workflows/result.yml``: a result reported from a phone (one board, or
  a captain's match) becomes a pull request (``tourney report-result``) with the
  ``tourney diff`` review as its first comment, or an answer on the issue.

Each file explains itself in comments; docs/git-workflow.md walks through a
season. Only Python 3.11 (and make, git) is needed on a fresh machine.
"""

from __future__ import annotations

import importlib.metadata
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tourney import __version__
from tourney.edit.result_form import INDIVIDUAL_FORM, MATCH_FORM
from tourney.edit.signup_form import FORM, FormState, Offered, form_state, tournament_field
from tourney.edit.wheel import CARRY_DIR, DISTRIBUTION, Wheel, build_wheel, carried, wheel_name
from tourney.fs.atomic import write_bytes, write_text


@dataclass(frozen=True, slots=True)
class RepoOptions:
    install: str | None = None  # a pip requirement for tourney; None: the carried wheel
    python: str = "3.11"
    branch: str = "main"


# Each action at a release whose own action.yml says `using: node24` (or a composite of
# such), pinned by the release's full commit SHA: a tag can be moved, a commit cannot.
# Dependabot (DEPENDABOT) proposes new releases as pull requests and keeps the comment.
ACTIONS = {
    "CHECKOUT": ("actions/checkout", "3d3c42e5aac5ba805825da76410c181273ba90b1", "v7.0.1"),
    "SETUP_PYTHON": ("actions/setup-python", "5fda3b95a4ea91299a34e894583c3862153e4b97", "v7.0.0"),
    "CONFIGURE_PAGES": (
        "actions/configure-pages",
        "45bfe0192ca1faeb007ade9deae92b16b8254a0d",
        "v6.0.0",
    ),
    "UPLOAD_PAGES": (
        "actions/upload-pages-artifact",
        "fc324d3547104276b827a68afc52ff2a11cc49c9",
        "v5.0.0",
    ),
    "DEPLOY_PAGES": ("actions/deploy-pages", "cd2ce8fcbc39b97be8ca5fce6e763baed58fa128", "v5.0.0"),
}


def detect_install() -> str | None:
    """A pip requirement that installs the running tourney elsewhere, when it can be known.

    pip records where a package came from (PEP 610 ``direct_url.json``); an
    install from a git URL gives ``tourney-chess @ git+URL@COMMIT``. A PyPI
    release is never guessed (an index install records no source).
    """
    try:
        raw = importlib.metadata.distribution(DISTRIBUTION).read_text("direct_url.json")
    except importlib.metadata.PackageNotFoundError:
        return None
    if not raw:
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    vcs = data.get("vcs_info") if isinstance(data, dict) else None
    url = data.get("url", "") if isinstance(data, dict) else ""
    if isinstance(vcs, dict) and vcs.get("vcs") == "git" and url.startswith("https://"):
        return f"{DISTRIBUTION} @ git+{url}@{vcs.get('commit_id') or vcs.get('requested_revision')}"
    return None


REQUIREMENTS = """\
# requirements.txt: where tourney comes from. `make` (in .venv) and the GitHub
# Actions workflow both install exactly this, so every machine pairs and builds
# alike all season. By default it is the tourney that wrote this repository,
# carried in .tourney/; `tourney upgrade-repo` moves it to the tourney you run
# (do it in a pull request, between seasons). Alternatives (docs/git-workflow.md):
#   tourney-chess @ git+https://github.com/OWNER/tourney@v@VERSION@   (a git tag or commit)
#   tourney-chess==@VERSION@                                        (a PyPI release)
@INSTALL@
"""

GITIGNORE = """\
# Written by `tourney init-repo`.
# Build output and the local Python environment (`make` recreates both).
# No trailing slash: a link of that name is ignored too (docs/security.md).
/_site
/.venv
__pycache__/
# A running tourney command's lock, and the temporary files of its atomic
# writes (left behind only if the machine crashed mid-write).
.tourney.lock
.tourney-journal
.*.tmp
# The review comment CI writes.
tourney-diff.md
"""

MAKEFILE = """\
# Makefile of a tourney league repository, written by `tourney init-repo`.
# `make help` lists the targets; tourney's docs/git-workflow.md explains them.
#
#   make pair round=5         pair round 5 (default: the next round)
#   make pair t=spring round=5   ...of tournament folder spring/ when there are several
#   make results              standings of every tournament (or t=FOLDER)
#   make check                check every tournament and club folder (CI runs this)
#   make diff rev=main        what the change since main does (rev=A...B, format=markdown)
#   make site                 build the web site into _site/ (with a home page when several)
#   make serve                build, then preview on http://127.0.0.1:8000
#   make forms                list the tournaments open for sign-ups in the sign-up form
#   make publish              check and forms, then push to GitHub: CI publishes the site
#
# Needs only Python 3.11+ (and make, git): the first command creates .venv and
# installs what requirements.txt names. TOURNEY=tourney uses one already installed.

PYTHON ?= python3
VENV   ?= .venv
SITE   ?= _site
PORT   ?= 8000
REMOTE ?= origin
BRANCH ?= @BRANCH@

ifdef TOURNEY
SETUP :=
else
TOURNEY := $(VENV)/bin/tourney
SETUP := $(VENV)/.installed
endif

# A .venv or .tourney that is a link, or a committed .venv, would install or run code
# from elsewhere (a pull request can carry one; checking it out replaces yours): refused.
ifneq ($(shell [ -L $(VENV) ] || [ -L .tourney ] || [ -n "$$(git ls-files -- $(VENV) 2>/dev/null)" ] && echo x),)
$(error $(VENV) or .tourney is a symbolic link, or $(VENV) is committed (a pull request may have put it there): tourney runs nothing from it. Remove it (rm $(VENV); git rm -r --cached $(VENV)) and run make again; see tourney's docs/security.md)
endif

# Tournament folders: one or two levels down (a club folder holds tournaments), found
# as tourney finds them: never through a link, never in a hidden folder (.venv, .git).
TOURNAMENTS := $(sort $(patsubst ./%/tournament.yaml,%,$(shell find . -mindepth 2 -maxdepth 3 -type f -name tournament.yaml ! -path './.*' ! -path './*/.*' 2>/dev/null)))
# Links to folders among them: `make check` refuses them (a tournament read from elsewhere).
LINKS := $(sort $(patsubst ./%,%,$(shell find . -mindepth 1 -maxdepth 2 -type l ! -path './.*' ! -path './*/.*' 2>/dev/null)))
ifneq ($(wildcard club.yaml),)
FOLDERS := .
else
CLUBS := $(sort $(patsubst ./%/club.yaml,%,$(shell find . -mindepth 2 -maxdepth 2 -type f -name club.yaml ! -path './.*' 2>/dev/null)))
FOLDERS := $(strip $(CLUBS) $(filter-out $(addsuffix /%,$(CLUBS)),$(TOURNAMENTS)))
endif
# The tournament a command works on: t=FOLDER, or the only one there is.
t ?= $(if $(filter 1,$(words $(TOURNAMENTS))),$(TOURNAMENTS))
# Folder names reach the shell quoted (make itself cannot handle spaces in them).
q = '$(subst ','\\'',$(1))'
qs = $(foreach f,$(1),$(call q,$(f)))

.PHONY: help setup pair results check diff site serve forms publish clean
FORM := .github/ISSUE_TEMPLATE/signup.yml

help:  ## list the targets
\t@echo "tournaments: $(or $(TOURNAMENTS),none yet (tourney new FOLDER --format swiss))"
\t@awk -F':.*## ' '/^[a-z-]+:.*## / {printf "  make %-9s %s\\n", $$1, $$2}' $(firstword $(MAKEFILE_LIST))

$(VENV)/.installed: requirements.txt $(wildcard .tourney/*.whl)
\t@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \\
\t  echo "error: tourney needs Python 3.11 or newer; try: make PYTHON=python3.12" >&2; exit 2; }
\t@[ -x $(VENV)/bin/pip ] || { echo "creating $(VENV)" >&2; $(PYTHON) -m venv $(VENV); } || { rm -rf $(VENV); \\
\t  echo "error: '$(PYTHON) -m venv' failed; on Debian or Ubuntu: sudo apt-get install python3-venv" >&2; exit 2; }
\t@echo "installing requirements.txt into $(VENV)" >&2
\t@$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt >&2
\t@[ -x $(VENV)/bin/tourney ] || { \\
\t  echo "error: requirements.txt installs no tourney; name where it comes from there" >&2; exit 2; }
\t@echo "$(VENV) ready: $$($(VENV)/bin/tourney --version)" >&2
\t@touch $@

setup: $(SETUP)  ## create .venv with tourney (done by every target when needed)

define need_t
\t@[ -n "$(t)" ] || { echo "error: say which tournament: t=FOLDER (one of: $(or $(TOURNAMENTS),none))" >&2; exit 2; }
endef

pair: $(SETUP)  ## pair the next round of t (round=N for one round, replace=1 to pair again)
\t$(need_t)
\t@$(TOURNEY) pair $(if $(round),--round $(round)) $(if $(replace),--replace) -- $(call q,$(t))

results: $(SETUP)  ## standings of t, or of every tournament
\t@status=0; for d in $(call qs,$(or $(t),$(TOURNAMENTS))); do $(TOURNEY) standings -- "$$d" || status=1; done; exit $$status

check: $(SETUP)  ## check every tournament and club folder; errors as file:line
\t@[ -n "$(strip $(FOLDERS))" ] || { echo "no tournament folders yet: tourney new FOLDER --format swiss" >&2; exit 1; }
\t@status=0; for l in $(call qs,$(LINKS)); do [ ! -d "$$l" ] || { status=1; \\
\t  echo "$$l: error: a symbolic link to a folder; tourney reads no tournament through a link (docs/security.md)" >&2; }; done; \\
\t  for d in $(call qs,$(FOLDERS)); do $(TOURNEY) check -- "$$d" || status=1; done; \\
\t  [ ! -f $(FORM) ] || $(TOURNEY) signup-form --check . || echo "  (a warning: make forms, then commit $(FORM))" >&2; \\
\t  exit $$status

diff: $(SETUP)  ## what the change does (the whole repository, or t): rev=REV or rev=A...B, format=...
\t@$(TOURNEY) diff $(if $(format),--format $(format)) -- $(if $(rev),$(call q,$(rev))) $(call q,$(if $(filter command line,$(origin t)),$(t),.))

site: $(SETUP)  ## build the web site into _site/ (with several folders: each in its own, and a home page)
\t@rm -rf $(SITE)
ifeq ($(words $(FOLDERS)),1)
\t@$(TOURNEY) build -o $(SITE) -- $(call q,$(FOLDERS))
else
\t@$(TOURNEY) build -o $(SITE) -- .
endif
\t@echo "site written to $(SITE)/"

serve: site  ## build the site, then preview it on http://127.0.0.1:8000 (PORT=...)
\t@echo "serving $(SITE)/ on http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
\t@$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1 --directory $(SITE)

forms: $(SETUP)  ## list the tournaments open for sign-ups in the sign-up issue form
\t@[ ! -f $(FORM) ] || $(TOURNEY) signup-form .

publish: check forms  ## push the committed season to GitHub; the workflow publishes the site
\t@[ -z "$$(git status --porcelain -- $(call qs,$(FOLDERS)) $(wildcard $(FORM)))" ] || { \\
\t  echo "error: uncommitted changes in the tournament folders or the sign-up form; commit them first (git status)" >&2; exit 3; }
\tgit push $(REMOTE) HEAD:$(BRANCH)
\t@echo "pushed to $(REMOTE)/$(BRANCH): GitHub Actions checks the folders and publishes the site"

clean:  ## remove the built site
\trm -rf $(SITE)
"""

WORKFLOW = """\
# Written by `tourney init-repo`; tourney's docs/git-workflow.md explains it.
# Pull requests: the pull request is data, never code. The base branch's own files
# (this workflow, the Makefile, requirements.txt and the wheel in .tourney/) install
# tourney and check every tournament folder of the pull request, then show what the
# change does (`tourney diff`) in the job summary and as a comment on the pull request;
# a pull request that changes those files is named first ("changes the tools").
# The @BRANCH@ branch: check, build the site and publish it to GitHub Pages
# (once: Settings > Pages > Build and deployment > Source: GitHub Actions).
# Where tourney comes from is requirements.txt, as for `make` on your machine.
# Actions are pinned by commit (the release in the comment); .github/dependabot.yml
# proposes updates. Each job has only the permissions it needs.
name: tourney

on:
  pull_request_target:  # runs this file as on the base branch, never the pull request's
  push:
    branches: [@BRANCH@]
  workflow_dispatch:

permissions: {}

concurrency:
  group: tourney-${{ github.event.pull_request.number || github.ref }}
  cancel-in-progress: ${{ github.event_name == 'pull_request_target' }}

jobs:
  review:
    if: github.event_name == 'pull_request_target'
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pull-requests: write  # the diff comment
    steps:
      - uses: @CHECKOUT@
        with:
          ref: ${{ github.event.pull_request.base.sha }}  # the tools: Makefile, requirements.txt, .tourney/
          path: base
          persist-credentials: false
      - uses: @CHECKOUT@
        with:
          ref: refs/pull/${{ github.event.pull_request.number }}/head  # the data, never run
          path: pr
          fetch-depth: 0
          persist-credentials: false
      - uses: @SETUP_PYTHON@
        with:
          python-version: "@PYTHON@"
          cache: pip
          cache-dependency-path: base/requirements.txt
      - name: Install tourney from the base branch
        run: make -C base setup
      - name: Check every tournament folder
        run: make -C pr -f "$PWD/base/Makefile" check TOURNEY="$PWD/base/.venv/bin/tourney"
      - name: What this pull request changes
        env:
          BASE: ${{ github.event.pull_request.base.sha }}
        run: |
          make -C pr -f "$PWD/base/Makefile" --no-print-directory diff rev="$BASE...HEAD" \\
            format=markdown TOURNEY="$PWD/base/.venv/bin/tourney" > tourney-diff.md
          cat tourney-diff.md >> "$GITHUB_STEP_SUMMARY"
      - name: Comment on the pull request
        continue-on-error: true
        env:
          GH_TOKEN: ${{ github.token }}
          PR: ${{ github.event.pull_request.number }}
          REPO: ${{ github.repository }}
        run: |
          gh pr comment "$PR" --repo "$REPO" --body-file tourney-diff.md --edit-last \\
            || gh pr comment "$PR" --repo "$REPO" --body-file tourney-diff.md

  check:
    if: github.event_name != 'pull_request_target'
    runs-on: ubuntu-latest
    permissions:
      contents: read
    steps:
      - uses: @CHECKOUT@
        with:
          persist-credentials: false
      - uses: @SETUP_PYTHON@
        with:
          python-version: "@PYTHON@"
          cache: pip
          cache-dependency-path: requirements.txt
      - name: Check every tournament folder
        run: make check

  site:
    if: github.event_name != 'pull_request' && github.ref == 'refs/heads/@BRANCH@'
    needs: check
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pages: read  # configure-pages reads the Pages settings
    steps:
      - uses: @CHECKOUT@
        with:
          persist-credentials: false
      - uses: @SETUP_PYTHON@
        with:
          python-version: "@PYTHON@"
          cache: pip
          cache-dependency-path: requirements.txt
      - name: Build the site
        run: make site
      - uses: @CONFIGURE_PAGES@
      - uses: @UPLOAD_PAGES@
        with:
          path: _site

  deploy:
    needs: site
    runs-on: ubuntu-latest
    permissions:
      pages: write
      id-token: write
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: @DEPLOY_PAGES@
"""

DEPENDABOT = """\
# Written by `tourney init-repo`: a monthly pull request when a GitHub Action of
# .github/workflows/ has a new release (the commit pin and its comment updated).
version: 2
updates:
  - package-ecosystem: github-actions
    directory: /
    schedule:
      interval: monthly
    groups:
      actions:
        patterns: ["*"]
"""

SIGNUP_FORM = """\
# Written by `tourney init-repo`: the sign-up form (docs/git-workflow.md "Sign-ups").
# The organiser approves a sign-up by adding the label `approved`; the sign-up
# workflow then opens a pull request adding the player to players.yaml, or answers
# on the issue why it cannot. The tournaments open for sign-ups are listed between
# the two `tourney signup-form` lines; `make forms` (and `make publish`,
# `tourney upgrade-repo`) rewrites that list and leaves the rest of this file alone.
name: Sign up
description: Register for a tournament of this league (this issue is public)
title: "Sign-up: "
labels: [signup]
body:
  - type: markdown
    attributes:
      value: |
        Everything you write here is public. Once the organiser approves it, a pull
        request adds you to the tournament's players.yaml.
@TOURNAMENTS@  - type: input
    id: name
    attributes:
      label: Name
      description: As on rating lists, Last, First
      placeholder: "Berg, Anna"
    validations:
      required: true
  - type: input
    id: rating
    attributes:
      label: FIDE rating
  - type: input
    id: national-rating
    attributes:
      label: National rating
  - type: input
    id: fide-id
    attributes:
      label: FIDE ID
  - type: input
    id: federation
    attributes:
      label: Federation
      placeholder: NED
  - type: dropdown
    id: title
    attributes:
      label: Title
      options: [none, GM, IM, FM, CM, WGM, WIM, WFM, WCM]
  - type: dropdown
    id: sex
    attributes:
      label: Sex
      options: [m, w]
  - type: input
    id: birth-year
    attributes:
      label: Year of birth
  - type: input
    id: club
    attributes:
      label: Club
"""

SIGNUP_WORKFLOW = """\
# Written by `tourney init-repo` (docs/git-workflow.md "Sign-ups"). When the
# organiser adds the label `approved` to a sign-up issue, the player is added
# to the tournament's players.yaml (`tourney signup`) in a pull request. A
# sign-up that cannot be added (an answer not as asked, a tournament closed or
# not there, a player already registered) gets a comment on the issue saying
# why and what to do, and loses the label, which the organiser adds again.
name: sign-up

on:
  issues:
    types: [labeled]

permissions: {}

jobs:
  signup:
    if: github.event.label.name == 'approved' && contains(github.event.issue.labels.*.name, 'signup')
    runs-on: ubuntu-latest
    permissions:
      contents: write  # the pull request's branch
      pull-requests: write
      issues: write  # the answer on the issue, and the label taken off
    steps:
      - uses: @CHECKOUT@
        with:
          persist-credentials: false
      - uses: @SETUP_PYTHON@
        with:
          python-version: "@PYTHON@"
          cache: pip
          cache-dependency-path: requirements.txt
      - name: Install tourney
        run: make setup
      - name: Add the player
        id: add
        env:
          BODY: ${{ github.event.issue.body }}  # passed as data, never as code
        run: |
          if printf '%s\\n' "$BODY" | .venv/bin/tourney signup --from - --answer "$RUNNER_TEMP/answer.md"; then
            echo "added=true" >> "$GITHUB_OUTPUT"
          elif [ -s "$RUNNER_TEMP/answer.md" ]; then
            echo "answered=true" >> "$GITHUB_OUTPUT"
          else
            exit 1
          fi
      - name: Answer on the issue
        if: steps.add.outputs.answered == 'true'
        env:
          GH_TOKEN: ${{ github.token }}
          ISSUE: ${{ github.event.issue.number }}
          REPO: ${{ github.repository }}
        run: |
          gh issue comment "$ISSUE" --repo "$REPO" --body-file "$RUNNER_TEMP/answer.md"
          gh issue edit "$ISSUE" --repo "$REPO" --remove-label approved
      - name: Open a pull request
        if: steps.add.outputs.added == 'true'
        env:
          GH_TOKEN: ${{ github.token }}
          ISSUE: ${{ github.event.issue.number }}
          REPO: ${{ github.repository }}
        run: |
          git config user.name "github-actions[bot]"
          git config user.email "41898282+github-actions[bot]@users.noreply.github.com"
          git checkout -b "signup-$ISSUE"
          git add -u
          git commit -m "Sign-up #$ISSUE: add the player (approved)"
          git push "https://x-access-token:$GH_TOKEN@github.com/$REPO.git" "HEAD:refs/heads/signup-$ISSUE"
          gh pr create --head "signup-$ISSUE" --title "Sign-up #$ISSUE" \\
            --body "Adds the player of #$ISSUE to players.yaml (approved). Closes #$ISSUE."
"""

RESULT_FORM = """\
# Written by `tourney init-repo`: report one board's result from a phone
# (docs/git-workflow.md "Results from a phone"). The result workflow enters it
# in a pull request (`tourney report-result`, as `tourney result` would), with the
# `tourney diff` review as its first comment; the arbiter merges it. A report that
# cannot be entered gets an answer on this issue. A report never changes a result
# that is there already: a correction is the arbiter's.
name: Report a result
description: The result of one board (this issue is public)
title: "Result: "
labels: [result]
body:
  - type: markdown
    attributes:
      value: |
        Everything you write here is public. A pull request enters the result; the
        arbiter checks it and merges it.
  - type: input
    id: tournament
    attributes:
      label: Tournament
      description: The tournament's folder in this repository
      placeholder: "autumn"
    validations:
      required: true
  - type: input
    id: round
    attributes:
      label: Round
      placeholder: "3"
    validations:
      required: true
  - type: input
    id: board
    attributes:
      label: Board
      description: The board number; in a team event MATCH.BOARD (2.3 is match 2, board 3)
      placeholder: "7"
    validations:
      required: true
  - type: dropdown
    id: result
    attributes:
      label: Result
      description: White's result first; +/- and -/+ are forfeits
      options: ["1-0", "½-½", "0-1", "+/-", "-/+", "-/-"]
    validations:
      required: true
"""

MATCH_RESULT_FORM = """\
# Written by `tourney init-repo`: a team captain reports a match's results from a
# phone (docs/git-workflow.md "Results from a phone"); the result workflow enters
# them in one pull request, as for one board.
name: Report a match result
description: A team captain reports every board of a match (this issue is public)
title: "Match result: "
labels: [result]
body:
  - type: markdown
    attributes:
      value: |
        Everything you write here is public. A pull request enters the results; the
        arbiter checks them and merges it.
  - type: input
    id: tournament
    attributes:
      label: Tournament
      description: The tournament's folder in this repository
    validations:
      required: true
  - type: input
    id: round
    attributes:
      label: Round
    validations:
      required: true
  - type: input
    id: match
    attributes:
      label: Match
      description: The match number of the round's pairing
    validations:
      required: true
  - type: textarea
    id: results
    attributes:
      label: Results
      description: One line a board, board 1 first, the home team's board 1 White's result first (1-0, ½-½, 0-1, +/-, -/+, -/-)
      placeholder: "1-0\\n½-½\\n0-1\\n1-0"
    validations:
      required: true
"""

RESULT_WORKFLOW = """\
# Written by `tourney init-repo` (docs/git-workflow.md "Results from a phone").
# A "Report a result" issue (the forms result.yml and match-result.yml, label
# `result`) is entered by `tourney report-result` in a pull request whose first
# comment is the `tourney diff` review; the arbiter merges it. A report that
# cannot be entered gets a comment on the issue saying why; editing the issue
# runs this again. The issue's text reaches the commands only as data (an
# environment variable read from stdin), never inside a `run:` script.
name: result

on:
  issues:
    types: [opened, edited]

permissions: {}

concurrency:
  group: result-${{ github.event.issue.number }}

jobs:
  result:
    if: contains(github.event.issue.labels.*.name, 'result') && github.event.issue.state == 'open'
    runs-on: ubuntu-latest
    permissions:
      contents: write  # the pull request's branch
      pull-requests: write
      issues: write  # the answer on the issue
    steps:
      - uses: @CHECKOUT@
        with:
          persist-credentials: false
      - uses: @SETUP_PYTHON@
        with:
          python-version: "@PYTHON@"
          cache: pip
          cache-dependency-path: requirements.txt
      - name: Install tourney
        run: make setup
      - name: Enter the result
        id: enter
        env:
          BODY: ${{ github.event.issue.body }}  # passed as data, never as code
        run: |
          if printf '%s\\n' "$BODY" | .venv/bin/tourney report-result --from - --answer "$RUNNER_TEMP/answer.md"; then
            echo "entered=true" >> "$GITHUB_OUTPUT"
          elif [ -s "$RUNNER_TEMP/answer.md" ]; then
            echo "answered=true" >> "$GITHUB_OUTPUT"
          else
            exit 1
          fi
      - name: Answer on the issue
        if: steps.enter.outputs.answered == 'true'
        env:
          GH_TOKEN: ${{ github.token }}
          ISSUE: ${{ github.event.issue.number }}
          REPO: ${{ github.repository }}
        run: gh issue comment "$ISSUE" --repo "$REPO" --body-file "$RUNNER_TEMP/answer.md"
      - name: Open a pull request with the review
        if: steps.enter.outputs.entered == 'true'
        env:
          GH_TOKEN: ${{ github.token }}
          ISSUE: ${{ github.event.issue.number }}
          REPO: ${{ github.repository }}
        run: |
          git config user.name "github-actions[bot]"
          git config user.email "41898282+github-actions[bot]@users.noreply.github.com"
          git checkout -B "result-$ISSUE"
          git add -u
          git commit -m "Result #$ISSUE: entered from the report (tourney report-result)"
          make --no-print-directory diff rev="HEAD~1...HEAD" format=markdown > "$RUNNER_TEMP/review.md"
          git push --force "https://x-access-token:$GH_TOKEN@github.com/$REPO.git" "HEAD:refs/heads/result-$ISSUE"
          if gh pr view "result-$ISSUE" --repo "$REPO" --json state --jq .state | grep -qx OPEN; then
            gh pr comment "result-$ISSUE" --repo "$REPO" --body-file "$RUNNER_TEMP/review.md"
          else
            gh pr create --repo "$REPO" --head "result-$ISSUE" --title "Result #$ISSUE" \\
              --body "Enters the result reported in #$ISSUE. The arbiter checks it and merges. Closes #$ISSUE."
            gh pr comment "result-$ISSUE" --repo "$REPO" --body-file "$RUNNER_TEMP/review.md"
          fi
"""

PR_TEMPLATE = """\
<!-- Written by `tourney init-repo`. For a result correction; for other
     changes, delete what does not apply. CI checks the folders and comments
     with what the change does (`tourney diff`). -->

## What is corrected

- Tournament (folder):
- Round and board:
- Result on file -> correct result:

## Evidence

<!-- The scoresheet, the arbiter's report, both players' confirmation... -->

## Checklist

- [ ] Only the board lines concerned are changed (`rounds/NN.yaml`, one board per line)
- [ ] `make check` passes (CI runs it)
- [ ] The `tourney diff` comment shows the intended result change and nothing else
- [ ] If the comment warns that a later round was paired from the old result: the chief
      arbiter has decided (FIDE: a corrected result only affects pairings yet to be made;
      whether it changes a published, unplayed pairing is the arbiter's decision)
"""


def install_line(options: RepoOptions) -> str:
    """The requirement: the one given, or the carried wheel of the running tourney."""
    return options.install or f"./{CARRY_DIR}/{wheel_name()}"


def repo_files(
    options: RepoOptions = RepoOptions(), offered: Sequence[Offered] = ()
) -> dict[str, str]:
    """Every text file ``tourney init-repo`` writes, by path relative to the repository
    (the carried wheel, a binary file, is ``carried_wheel``); ``offered``: the
    tournaments the sign-up form lists (``signup_form.open_tournaments``)."""
    install = install_line(options)

    def fill(text: str) -> str:
        for key, (action, sha, release) in ACTIONS.items():
            text = text.replace(f"@{key}@", f"{action}@{sha} # {release}")
        return (
            text.replace("@BRANCH@", options.branch)
            .replace("@PYTHON@", options.python)
            .replace("@VERSION@", __version__)
            .replace("@INSTALL@", install)
        )

    return {
        "Makefile": fill(MAKEFILE),
        "requirements.txt": fill(REQUIREMENTS),
        ".gitignore": GITIGNORE,
        ".github/workflows/tourney.yml": fill(WORKFLOW),
        ".github/dependabot.yml": DEPENDABOT,
        ".github/pull_request_template.md": PR_TEMPLATE,
        FORM: SIGNUP_FORM.replace("@TOURNAMENTS@", tournament_field(offered)),
        ".github/workflows/signup.yml": fill(SIGNUP_WORKFLOW),
        INDIVIDUAL_FORM: RESULT_FORM,
        MATCH_FORM: MATCH_RESULT_FORM,
        ".github/workflows/result.yml": fill(RESULT_WORKFLOW),
    }


def signup_form(root: Path) -> FormState | None:
    """The repository's sign-up form against its open tournaments (``signup_form``);
    the form an older tourney wrote (no markers, as written then) is replaced whole."""

    def whole(offered: Sequence[Offered]) -> str | None:
        current = (root / FORM).read_text(encoding="utf-8")
        return repo_files(offered=offered)[FORM] if current == FORM_BEFORE_DROPDOWN else None

    return form_state(root, whole)


def carried_wheel(options: RepoOptions) -> Wheel | None:
    """The wheel the repository carries: None when requirements.txt names another source."""
    return None if options.install else build_wheel()


def write_wheel(folder: Path, wheel: Wheel) -> tuple[Path, list[Path]]:
    """Put ``wheel`` under ``.tourney/`` and remove the other tourney wheels there."""
    path = folder / CARRY_DIR / wheel.name
    if not path.is_file() or path.read_bytes() != wheel.data:
        write_bytes(path, wheel.data)
    removed = [old for old in carried(folder) if old.name != wheel.name]
    for old in removed:
        old.unlink()
    return path, removed


def plan(folder: Path, files: dict[str, str]) -> tuple[list[str], list[str], list[str]]:
    """Which files would be new, which are already as written, and which differ."""
    new, same, different = [], [], []
    for relative, text in sorted(files.items()):
        path = folder / relative
        if not path.exists():
            new.append(relative)
        elif path.read_bytes() == text.encode("utf-8"):
            same.append(relative)
        else:
            different.append(relative)
    return new, same, different


def write_repo(folder: Path, files: dict[str, str], paths: list[str]) -> None:
    for relative in paths:
        write_text(folder / relative, files[relative])


# The form of tourney 0.1 (a folder typed as text), replaced whole by upgrade-repo.
FORM_BEFORE_DROPDOWN = """\
# Written by `tourney init-repo`: the sign-up form (docs/git-workflow.md "Sign-ups").
# The organiser approves a sign-up by adding the label `approved`; the sign-up
# workflow then opens a pull request adding the player to players.yaml.
name: Sign up
description: Register for a tournament of this league (this issue is public)
title: "Sign-up: "
labels: [signup]
body:
  - type: markdown
    attributes:
      value: |
        Everything you write here is public. Once the organiser approves it, a pull
        request adds you to the tournament's players.yaml.
  - type: input
    id: tournament
    attributes:
      label: Tournament
      description: The tournament's folder in this repository, for example autumn-open
    validations:
      required: true
  - type: input
    id: name
    attributes:
      label: Name
      description: As on rating lists, Last, First
      placeholder: "Berg, Anna"
    validations:
      required: true
  - type: input
    id: rating
    attributes:
      label: FIDE rating
  - type: input
    id: national-rating
    attributes:
      label: National rating
  - type: input
    id: fide-id
    attributes:
      label: FIDE ID
  - type: input
    id: federation
    attributes:
      label: Federation
      placeholder: NED
  - type: dropdown
    id: title
    attributes:
      label: Title
      options: [none, GM, IM, FM, CM, WGM, WIM, WFM, WCM]
  - type: dropdown
    id: sex
    attributes:
      label: Sex
      options: [m, w]
  - type: input
    id: birth-year
    attributes:
      label: Year of birth
  - type: input
    id: club
    attributes:
      label: Club
"""


__all__ = [
    "RepoOptions",
    "carried_wheel",
    "detect_install",
    "install_line",
    "plan",
    "repo_files",
    "write_repo",
    "write_wheel",
]
