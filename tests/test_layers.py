"""The house rules of ``tourney/``: which package may import which (each package's
``__init__`` docstring states its rule), no import cycles between packages, and
no module loose at the top but the shared foundations."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "tourney"

# The modules every layer may use: the data, the errors, a GC helper, the number formatter.
FOUNDATIONS = {"model", "errors", "gcpause", "number_text", "__init__", "__main__"}

# package -> the packages it must never import
FORBIDDEN = {
    "engine": {"load", "check", "edit", "review", "render", "app", "fs", "cli"},
    "fs": {"load", "check", "edit", "review", "render", "app", "engine", "cli"},
    "load": {"check", "edit", "review", "render", "app", "cli"},
    "check": {"edit", "review", "render", "app", "cli"},
    "render": {"load", "check", "edit", "review", "app", "cli"},
    "edit": {"review", "render", "app", "cli"},
    "review": {"edit", "render", "app", "cli"},
    "app": {"cli"},
}

# Known crossings still to be moved: each entry is (module, package it imports).
PENDING: set[tuple[str, str]] = set()


def _imports() -> dict[str, set[str]]:
    """module -> the tourney modules it imports (at any depth, lazy imports too)."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in PACKAGE.rglob("*.py"):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            found[module] |= {n for n in names if n == "tourney" or n.startswith("tourney.")}
    return found


def _package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_no_package_imports_across_its_rule() -> None:
    crossings = set()
    for module, targets in _imports().items():
        forbidden = FORBIDDEN.get(_package(module), set())
        for target in targets:
            if _package(target) in forbidden:
                crossings.add((module, _package(target)))
    assert crossings - PENDING == set()
    assert crossings >= PENDING, f"moved already, drop from PENDING: {PENDING - crossings}"


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
    for module, package in PENDING:
        graph[_package(module)].discard(package)
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
