"""Every diagnostic has a stable code, and docs/diagnostics.md "Commands" shows what is printed.

The codes of the folder reader, the checks and the TRF readers have their own tests
(test_load_codes.py, test_diagnostic_examples.py, test_trf_codes.py). This one holds the
rest of the code base to the same rule: no ``Diagnostic(...)`` without a code, and each
example of the "Commands (E4xx, W4xx)" section is the first line the command prints when
given the mistake the section describes.
"""

from __future__ import annotations

import ast
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import runner
from test_lineup_cli import cup
from test_teams_cli import BY_RATING, SHUFFLED, folder

from tourney.edit.lineups import set_lineup, warning_diagnostics
from tourney.edit.teams import numbers_warnings
from tourney.errors import Diagnostic
from tourney.load.folder import load_tournament

ROOT = Path(__file__).resolve().parents[1]


def calls_without_code(path: Path) -> list[int]:
    """Lines of ``Diagnostic(...)`` calls in ``path`` that give no code."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", None))
        coded = len(node.args) >= 7 or any(k.arg == "code" for k in node.keywords)
        if name == "Diagnostic" and not coded:
            lines.append(node.lineno)
    return lines


def test_every_diagnostic_has_a_code() -> None:
    missing = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in sorted((ROOT / "tourney").rglob("*.py"))
        for n in calls_without_code(p)
    ]
    assert missing == []


def test_the_rule_sees_a_call_without_code(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'Diagnostic("f", 1, 1, "m")\nDiagnostic("f", 1, 1, "m", code="E400")\n', "utf-8"
    )
    assert calls_without_code(sample) == [1]


def examples() -> dict[str, str]:
    """Code -> the first line of its example in the Commands section."""
    text = (ROOT / "docs" / "diagnostics.md").read_text("utf-8")
    section = text.split("## Commands (E4xx, W4xx)", 1)[1].split("\n## ", 1)[0]
    found = {}
    for block in re.split(r"^### ", section, flags=re.M)[1:]:
        found[block[:4]] = block.split("```", 2)[1].strip().splitlines()[0]
    return found


def copy_example(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copytree(ROOT / "examples" / name, target)
    return target


def printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> list[str]:
    monkeypatch.chdir(tmp_path)  # file names relative to where the user stands
    code, out, err = runner()(*args)
    assert code != 0 or "warning" in out + err
    return (out + err).splitlines()


def w135(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    copy_example(tmp_path, "swiss-open")
    return printed(tmp_path, mp, "player", "add", "swiss-open", "Lotte Laat")


def e250(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    copy_example(tmp_path, "club-league")  # rapid-01 is finalized
    return printed(tmp_path, mp, "player", "withdraw", "club-league/rapid-01", "m4")


def e251(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    event = copy_example(tmp_path, "swiss-open")  # 5 of 7 rounds paired: round 6 is next
    with (event / "tournament.yaml").open("a", encoding="utf-8") as settings:
        settings.write("registration: until round 5\n")
    return printed(tmp_path, mp, "player", "add", "swiss-open", "Laat, Lotte")


def e252(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    copy_example(tmp_path, "swiss-open")  # 7 rounds
    return printed(tmp_path, mp, "player", "add", "swiss-open", "Laat, Lotte", "--joins", "8")


def _small_folder(tmp_path: Path, settings: str, player: str) -> None:
    """A two-player Swiss in ``tmp_path`` (the folder ``tourney check`` reads there)."""
    (tmp_path / "tournament.yaml").write_text(
        '# a\nname: "a"\nformat: swiss\nrounds: 2\nstart_date: 2026-04-01\ntrf_clubs: true\n'
        + settings,
        "utf-8",
    )
    (tmp_path / "players.yaml").write_text(
        f'# 2 players\n{player}\n- {{id: 2, name: "C, D", rating: 1900, start: 2}}\n', "utf-8"
    )


def e253(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    player = '- {id: 1, name: "A, B", rating: 2000, club: "Bal", start: 1, adjustments: {0: none}}'
    _small_folder(tmp_path, "", player)
    return printed(tmp_path, mp, "check")


def e254(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    _small_folder(
        tmp_path, "starting_rank_method: fidox\n", '- {id: 1, name: "A, B", rating: 2000, start: 1}'
    )
    return printed(tmp_path, mp, "check")


def e400(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    copy_example(tmp_path, "swiss-open")
    return printed(tmp_path, mp, "result", "swiss-open", "1", "1", "2-0")


def results_file(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    copy_example(tmp_path, "swiss-open")  # round 5 has 20 boards
    (tmp_path / "r.txt").write_text("1 1-0\n3\n99 1-0\n", "utf-8")
    return printed(tmp_path, mp, "results", "swiss-open", "5", "r.txt")


def e403(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    copy_example(tmp_path, "club-league")
    return printed(tmp_path, mp, "pair", "club-league")


def signup(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    copy_example(tmp_path, "swiss-open")
    form = "### Tournament\n\nspring\n\n### Name\n\n_No response_\n\n### FIDE rating\n\n20x8\n"
    (tmp_path / "form.md").write_text(form, "utf-8")
    return printed(tmp_path, mp, "signup", "swiss-open", "--from", "form.md")


def e412(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    for name in ("open", "toren/autumn"):
        copy_example(tmp_path, "swiss-open").rename(tmp_path / "x")
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / "x").rename(tmp_path / name)
    for name in ("open", "toren/autumn"):
        shutil.rmtree(tmp_path / name / "rounds")  # nothing paired: both take sign-ups
    (tmp_path / "form.md").write_text("### Tournament\n\nwinter\n\n### Name\n\nKok, Jan\n", "utf-8")
    return printed(tmp_path, mp, "signup", "--from", "form.md")


def e413(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    copy_example(tmp_path, "swiss-open")
    form = "### Tournament\n\nswiss-open\n\n### Name\n\nKok, Jan\n\n### Name\n\nKok, Piet\n"
    (tmp_path / "form.md").write_text(form, "utf-8")
    return printed(tmp_path, mp, "signup", "swiss-open", "--from", "form.md")


def w420(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    path = cup(tmp_path)  # a3 and a4 could play board 3: required line-ups
    change = set_lineup(path, 1, 1, "t1", ["a1", "a2"])
    return relative(warning_diagnostics(change), path)


def w421(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    options = "  numbers_correctable_until: 6\n"
    path = folder(tmp_path, teams=BY_RATING, rounds=5, options=options)
    return relative(numbers_warnings(path, load_tournament(path)), path)


def w422(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    path = folder(tmp_path, teams=SHUFFLED, rounds=2)  # t2 (2100) holds number 3
    mp.chdir(tmp_path)
    return relative(numbers_warnings(Path("cup"), load_tournament(path)), path)


def relative(found: list[Diagnostic], path: Path) -> list[str]:
    return [line for d in found for line in d.format().replace(f"{path}/", "").splitlines()]


def e430(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    event = copy_example(tmp_path, "swiss-open")
    (event / "templates").mkdir()
    (event / "templates" / "base.html").write_text(
        "<p>hi</p>\n{{ cycler.__init__.__globals__ }}\n", "utf-8"
    )
    return printed(tmp_path, mp, "build", "swiss-open", "-o", "site")


def e431(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    copy_example(tmp_path, "swiss-open")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "notes.txt").write_text("mine\n", "utf-8")
    return printed(tmp_path, mp, "build", "swiss-open", "-o", "out")


def rating_list(tmp_path: Path, mp: pytest.MonkeyPatch, name: str, text: str) -> Path:
    folder = tmp_path / "open"
    folder.mkdir()
    (folder / "tournament.yaml").write_text("name: Open\nformat: swiss\nrounds: 5\n", "utf-8")
    players = "- {id: a, name: 'Berg, Anna', rating: 1800, fide_id: 111}\n"
    (folder / "players.yaml").write_text(players, "utf-8")
    (tmp_path / name).write_text(text, "utf-8")
    return folder


def w375(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    rating_list(tmp_path, mp, "knsb.csv", "fid,elo\n111,19x0\n")
    args = ("--column", "fide_id=fid", "--column", "rating=elo")
    return printed(tmp_path, mp, "player", "update", "open", "--list", "knsb.csv", *args)


def e440(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    rating_list(tmp_path, mp, "notes.txt", "not a list\n")
    return printed(tmp_path, mp, "player", "update", "open", "--list", "notes.txt")


def e441(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    rating_list(tmp_path, mp, "knsb.csv", "Id,Elo\n111,1812\n")
    args = ("--column", "fide_id=Id", "--column", "rating=Rating")
    return printed(tmp_path, mp, "player", "update", "open", "--list", "knsb.csv", *args)


def e443(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    folder = rating_list(tmp_path, mp, "l.csv", "fid,elo\n111,1812\n")
    (folder / "rounds").mkdir()
    (folder / "rounds" / "01.yaml").write_text(
        "round: 1\nbyes:\n  - {player: a, kind: pab}\n", "utf-8"
    )
    args = ("--column", "fide_id=fid", "--column", "rating=elo")
    return printed(tmp_path, mp, "player", "update", "open", "--list", "l.csv", *args)


def prizes(tmp_path: Path, mp: pytest.MonkeyPatch, old: str, new: str) -> list[str]:
    event = copy_example(tmp_path, "swiss-open")  # its prizes: start on line 25
    settings = event / "tournament.yaml"
    text = settings.read_text("utf-8")
    assert old in text
    settings.write_text(text.replace(old, new), "utf-8")
    return printed(tmp_path, mp, "check", "swiss-open")


def e445(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return prizes(tmp_path, mp, "[500, 300, 200, 100]", "[500, 300, -200, 100]")


def e446(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return prizes(tmp_path, mp, "category: below 1600", "category: U30")


def e447(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return prizes(tmp_path, mp, "places: [50]}\n", "places: [50]}\n  order: [places, women]\n")


def e448(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    return prizes(tmp_path, mp, "currency: EUR", "currency: euro")


def e449(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    event = copy_example(tmp_path, "team-league").rename(tmp_path / "league")
    with (event / "tournament.yaml").open("a", encoding="utf-8") as settings:
        settings.write("prizes:\n  currency: EUR\n  places: [100]\n")
    return printed(tmp_path, mp, "check", "league")


def e455(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    event = copy_example(tmp_path, "swiss-open")
    players = event / "players.yaml"
    text = players.read_text(encoding="utf-8")
    players.write_text(text.replace("title: FM, start: 1}", "title: FM, start: 12000}"), "utf-8")
    return printed(tmp_path, mp, "export", "swiss-open", "--format", "trf16")


def _league(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of examples/team-league named ``league``, ``old`` replaced by ``new`` in ``file``."""
    event = copy_example(tmp_path, "team-league").rename(tmp_path / "league")
    path = event / file
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    return event


def e414(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    _league(tmp_path, "teams.yaml", '"Clubhuis Amstel, Amsterdam"', "[Amstel, Amsterdam]")
    return printed(tmp_path, mp, "check", "league")


def e415(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    _league(tmp_path, "tournament.yaml", "{4: ", "{9: ")
    return printed(tmp_path, mp, "check", "league")


def e416(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    _league(tmp_path, "rounds/03.yaml", "black: t5\n", "black: t5\n    time: 14:30\n")
    return printed(tmp_path, mp, "check", "league")


def e417(tmp_path: Path, mp: pytest.MonkeyPatch) -> list[str]:
    event = copy_example(tmp_path, "swiss-open").rename(tmp_path / "open")
    path = event / "rounds" / "01.yaml"
    lines = path.read_text("utf-8").splitlines(keepends=True)
    path.write_text("".join([lines[0], "venue: Sporthal De Toren\n", *lines[1:]]), "utf-8")
    return printed(tmp_path, mp, "check", "open")


MISTAKES: dict[str, Callable[[Path, pytest.MonkeyPatch], list[str]]] = {
    "W135": w135,
    "E250": e250,
    "E251": e251,
    "E252": e252,
    "E253": e253,
    "E254": e254,
    "E400": e400,
    "E401": results_file,
    "E402": results_file,
    "E403": e403,
    "E410": signup,
    "E411": signup,
    "E412": e412,
    "E413": e413,
    "E414": e414,
    "E415": e415,
    "E416": e416,
    "E417": e417,
    "W420": w420,
    "W421": w421,
    "W422": w422,
    "E430": e430,
    "E431": e431,
    "W375": w375,
    "E440": e440,
    "E441": e441,
    "E443": e443,
    "E445": e445,
    "E446": e446,
    "E447": e447,
    "E448": e448,
    "E449": e449,
    "E455": e455,
}


def test_every_command_code_has_a_mistake_here() -> None:
    assert set(examples()) == set(MISTAKES)


@pytest.mark.parametrize("code", sorted(MISTAKES))
def test_the_example_is_what_the_command_prints(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert examples()[code] in MISTAKES[code](tmp_path, monkeypatch)
