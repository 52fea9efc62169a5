"""The house rules of ``tourney/``: which package may import which (each package's
``__init__`` docstring states its rule, docs/architecture.md draws them), no import
cycle between packages nor inside one, and no module loose at the top but the shared
foundations. The probe tests show that each rule can fail."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tourney"

# The modules every layer may use: the data, the errors, a GC helper, the number formatter,
# the quicker dataclass decorator.
FOUNDATIONS = {"model", "errors", "gcpause", "number_text", "records", "__init__", "__main__"}
BASE = {
    "model",
    "errors",
    "gcpause",
    "number_text",
    "records",
    "",
}  # "": ``tourney`` itself (version)

# package -> what it may import besides itself, as its docstring says (the foundations
# named where a package may not take them all). What is not listed is forbidden.
ALLOWED: dict[str, set[str]] = {
    "i18n": set(),  # "imports nothing of tourney, so every layer may use it"
    # "knows files, not tournaments": errors, the GC helper, the dataclass decorator
    "fs": {"errors", "gcpause", "records"},
    "engine": {"model", "errors", "number_text", "records"},  # pure: only the data and its own
    "load": BASE | {"engine", "fs", "i18n"},  # "never render, edit, check, review, app or cli"
    "check": BASE | {"load", "engine", "fs", "i18n"},  # reads what load hands out
    "render": BASE | {"engine", "i18n"},  # "no files": never fs, load, edit, check, review
    "edit": BASE | {"load", "check", "engine", "fs", "i18n"},  # "never render, app or cli"
    "review": BASE | {"load", "check", "engine", "fs", "i18n"},  # reads, never writes: no edit
    "app": BASE | {"load", "check", "engine", "render", "edit", "review", "fs", "i18n"},
    # parses, calls one use case, prints: app, errors, model and the number formatter
    "cli": {"app", "errors", "model", "number_text", ""},
}
# What each foundation may import (the foundations are below every layer).
ALLOWED_FOUNDATION = {
    "model": {"errors", "records"},
    "errors": {"records"},
    "gcpause": set(),
    "number_text": set(),
    "records": set(),
}


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _imports() -> dict[str, set[str]]:
    """A fresh copy of ``_parsed_imports()``, for a test to add a probe to."""
    return {module: set(targets) for module, targets in _parsed_imports().items()}


@cache
def _parsed_imports() -> dict[str, set[str]]:
    """module -> the tourney modules it imports (at any depth: lazy and TYPE_CHECKING
    imports too). ``from tourney.x import y`` names ``tourney.x.y`` when y is a module."""
    modules = _modules()
    found: dict[str, set[str]] = defaultdict(set)
    for module, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                subs = {f"{node.module}.{a.name}" for a in node.names}
                named = subs & modules.keys()
                names = named | ({node.module} if len(named) < len(subs) else set())
            elif isinstance(node, ast.Import):
                names = {alias.name for alias in node.names}
            else:
                continue
            found[module] |= {n for n in names if n == "tourney" or n.startswith("tourney.")}
    return found


def _package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def crossings(imports: Mapping[str, Iterable[str]]) -> set[tuple[str, str]]:
    """(module, package) of every import a rule forbids."""
    found = set()
    for module, targets in imports.items():
        own = _package(module)
        if own in ALLOWED:
            allowed = ALLOWED[own] | {own}
        elif own in ALLOWED_FOUNDATION:
            allowed = ALLOWED_FOUNDATION[own] | {own}
        else:
            continue  # tourney/__init__, __main__
        for target in targets:
            if _package(target) not in allowed:
                found.add((module, _package(target)))
    return found


def test_every_package_has_a_rule() -> None:
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert packages - {"locale"} == set(ALLOWED)
    assert {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", "__main__"} == set(
        ALLOWED_FOUNDATION
    )


def test_no_package_imports_across_its_rule() -> None:
    assert crossings(_imports()) == set()


# Every import a rule forbids, one per (package, package it may not import).
PROBES = sorted(
    (own, other)
    for own in [*ALLOWED, *ALLOWED_FOUNDATION]
    for other in [*ALLOWED, *ALLOWED_FOUNDATION]
    if other != own
    and other not in ALLOWED.get(own, set())
    and other not in ALLOWED_FOUNDATION.get(own, set())
)


@pytest.mark.parametrize(("own", "other"), PROBES)
def test_the_rule_refuses_a_forbidden_import(own: str, other: str) -> None:
    """A probe module of ``own`` importing ``other`` fails the check: engine -> i18n,
    render -> fs, fs -> model, cli -> load, ..."""
    probe = f"tourney.{own}.probe" if own in ALLOWED else f"tourney.{own}"
    imports = {
        **_imports(),
        probe: {f"tourney.{other}.x" if other in ALLOWED else f"tourney.{other}"},
    }
    assert (probe, other) in crossings(imports)


def test_the_probes_include_what_the_issue_found() -> None:
    """Three imports the docstrings forbid passed the old test (issue 34.2)."""
    assert {("engine", "i18n"), ("render", "fs"), ("fs", "model"), ("fs", "i18n")} <= set(PROBES)
    assert {("cli", "load"), ("cli", "engine"), ("cli", "edit"), ("cli", "fs")} <= set(PROBES)


def test_nothing_imports_the_command_line() -> None:
    for module, targets in _imports().items():
        if _package(module) != "cli" and module != "tourney.__main__":
            assert not any(_package(t) == "cli" for t in targets), module


def test_no_import_cycle_between_packages() -> None:
    graph: dict[str, set[str]] = defaultdict(set)
    for module, targets in _imports().items():
        for target in targets:
            a, b = _package(module), _package(target)
            if a != b and a not in FOUNDATIONS and b not in FOUNDATIONS:
                graph[a].add(b)
    # depth-first search: an edge back to a package on the current path closes a cycle
    state: dict[str, int] = {}  # 1: on the path, 2: done
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert cycles == []


# No exception is left (issue 34.2): the cycles broken were fs atomic/journal/transaction
# (tourney.fs.undo), load fields/text_safety, render pdf/site (tourney.render.theme), app
# build/repository (tourney.app.site above both), the TRF record readers (the document they
# fill in tourney.load.trf_document) and the TRF writers (what both write in
# tourney.render.trf.cells).


def module_cycles(imports: Mapping[str, Iterable[str]]) -> set[frozenset[str]]:
    """The import cycles among the modules of each package (strongly connected sets of
    two or more modules; a package's ``__init__`` counts only where a module imports a
    name it defines, not for each submodule imported through it)."""
    graph = {
        m: sorted(t for t in targets if _package(t) == _package(m) and t != m)
        for m, targets in imports.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: set[frozenset[str]] = set()

    def connect(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.add(frozenset(part))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def test_no_import_cycle_inside_a_package() -> None:
    assert module_cycles(_imports()) == set()


def test_the_cycle_check_sees_a_lazy_import_back() -> None:
    """The fs cycle the issue found: the writer and the transaction importing each other
    (one of the imports inside a function) is a cycle."""
    imports = _imports()
    imports["tourney.fs.undo"] = {*imports["tourney.fs.undo"], "tourney.fs.transaction"}
    assert any(
        {"tourney.fs.undo", "tourney.fs.atomic", "tourney.fs.transaction"} <= cycle
        for cycle in module_cycles(imports)
    )


def test_only_foundations_sit_loose_at_the_top() -> None:
    loose = {p.stem for p in PACKAGE.glob("*.py")}
    assert loose <= FOUNDATIONS


def test_every_package_states_its_rule() -> None:
    for init in PACKAGE.rglob("__init__.py"):
        if init.parent == PACKAGE:
            continue
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and len(doc) > 40, f"{init.relative_to(PACKAGE)} has no docstring"


def test_replace_leaves_the_original_tournament_alone() -> None:
    """No mutable cache inside a frozen dataclass: a copy never changes the original."""
    import dataclasses

    from tourney.model import Format, Player, Settings, Tournament

    t = Tournament(
        Settings("t", Format.SWISS, 5), players=(Player("a", "Anna"), Player("b", "Bert"))
    )
    copy = dataclasses.replace(t, players=(Player("a", "Other"),))
    assert t.player("a").name == "Anna" and t.player("b").name == "Bert"
    assert copy.player("a").name == "Other"
    assert "b" not in {p.id for p in copy.players}


# The engine's compute entry points. A renderer reads what they compute from the
# ``Evaluation`` the app layer made once per build (tourney.engine.evaluation), so a
# page never computes standings again (issue 18: read -> check -> evaluate -> act).
COMPUTE = {
    "tourney.engine.scores": {"score_table", "round_views", "last_decided_round"},
    "tourney.engine.standings": {"standings", "stated_ranks"},
    "tourney.engine.tiebreaks": {"compute", "make_context", "prepared"},
    "tourney.engine.tiebreaks.registry": {"compute", "prepared"},
    "tourney.engine.teams.standings": {"team_standings"},
    "tourney.engine.teams.scores": {"team_tables", "team_rounds"},
    "tourney.engine.teams.rating": {"team_ratings", "team_rating"},
    "tourney.engine.teams.board_stats": {
        "board_statistics",
        "board_prizes",
        "individual_ranking",
        "sittings",
    },
    "tourney.engine.withdrawals": {"withdrawals", "standings_view", "status", "view_round"},
    "tourney.engine.crosstable": {"round_robin_grid"},
    "tourney.engine.ratings.fide": {"fide_k", "game_change"},
    "tourney.engine.pairing.keizer": {"tournament_standing", "keizer_rounds"},
    # A renderer is handed an evaluation; it never makes one.
    "tourney.engine.evaluation": {"evaluate", "evaluate_club"},
}


def _render_imports() -> set[tuple[str, str, str]]:
    """(render module, engine module, name) of every name imported from a module of COMPUTE."""
    found = set()
    for path in (PACKAGE / "render").rglob("*.py"):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module in COMPUTE:
                found |= {(module, node.module, alias.name) for alias in node.names}
            elif isinstance(node, ast.Import):  # ``import tourney.engine.scores``: any name
                found |= {(module, a.name, "*") for a in node.names if a.name in COMPUTE}
    return found


def test_render_reads_the_evaluation_not_the_engine() -> None:
    wrong = {
        (module, source, name)
        for module, source, name in _render_imports()
        if name == "*" or name in COMPUTE[source]
    }
    assert wrong == set()


def test_the_render_import_check_sees_a_compute_call() -> None:
    """The check above can fail: the engine modules of COMPUTE do define those names,
    and render does import other names from them (types, formatting)."""
    import importlib

    for source, names in COMPUTE.items():
        engine = importlib.import_module(source)
        assert all(callable(getattr(engine, name)) for name in names), source
    imported = {(source, name) for _, source, name in _render_imports()}
    assert ("tourney.engine.standings", "Standings") in imported
    assert ("tourney.engine.evaluation", "Evaluation") in imported
