"""Are these the final standings? One place decides (``Evaluation.final``, issue 32.5):
the last planned round done. The site, the PDFs, the prizes, standings.json and
``tourney standings`` all ask it, so they never disagree."""

from __future__ import annotations

import json
from pathlib import Path

from builders import event, rnd
from click.testing import CliRunner

from tourney.cli import cli
from tourney.engine.evaluation import evaluate
from tourney.model import Format

ROOT = Path(__file__).resolve().parents[1]


def test_final_after_the_last_planned_round_is_done() -> None:
    # Two rounds planned. Round 2 done: final after round 2, not after round 1.
    done = event(rnd(1, "A-B 1", "C-D ="), rnd(2, "C-A 0", "B-D ="), planned=2)
    assert evaluate(done).final(2) is True
    assert evaluate(done).final(1) is False
    # Round 2 paired, one board still without a result: not final.
    running = event(rnd(1, "A-B 1", "C-D ="), rnd(2, "C-A 0", "B-D"), planned=2)
    assert evaluate(running).final(2) is False
    # Round 2 of 3 done: not final either.
    assert evaluate(event(*done.rounds, planned=3)).final(2) is False


def test_an_event_without_a_number_of_rounds_is_never_final_by_its_rounds() -> None:
    """A Keizer competition with no 'rounds:' (planned 0): the prizes page used to call
    any round the last (``after >= planned_rounds``), the standings page did not."""
    keizer = event(rnd(1, "A-B 1", "C-D ="), fmt=Format.KEIZER, planned=0)
    assert keizer.planned_rounds == 0
    assert evaluate(keizer).final(1) is False


def _standings(folder: str, *extra: str) -> str:
    result = CliRunner().invoke(cli, ["standings", str(ROOT / "examples" / folder), *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_command_line_says_final_as_the_site_does() -> None:
    # rapid-00: 5 rounds planned, 5 played with every result; swiss-open: 5 of 7 played.
    assert ": final standings after round 5" in _standings("club-league/rapid-00")
    assert ": standings after round 5" in _standings("swiss-open")
    assert json.loads(_standings("club-league/rapid-00", "--format", "json"))["final"] is True
    assert json.loads(_standings("swiss-open", "--format", "json"))["final"] is False


def test_one_json_shape_for_the_command_and_the_site(tmp_path: Path) -> None:
    """``tourney standings --format json`` prints the site's standings.json document, for
    an individual and a team event alike (docs/site.md)."""
    for name in ("swiss-open", "team-league"):
        out = tmp_path / name
        built = CliRunner().invoke(cli, ["build", str(ROOT / "examples" / name), "-o", str(out)])
        assert built.exit_code == 0, built.output
        site = json.loads((out / "standings.json").read_text(encoding="utf-8"))
        assert json.loads(_standings(name, "--format", "json")) == site
