"""A club's tournament folder may not take a name the club site uses for its own pages
(docs/diagnostics.md E134): members/, ratings/ and static/ of the built site."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from builders import runner

ROOT = Path(__file__).resolve().parents[1]


def renamed(tmp_path: Path, old: str, new: str) -> Path:
    """examples/club-league with the tournament folder ``old`` called ``new`` (club.yaml too)."""
    club = Path(shutil.copytree(ROOT / "examples" / "club-league", tmp_path / "club"))
    (club / old).rename(club / new)
    text = (club / "club.yaml").read_text("utf-8")
    (club / "club.yaml").write_text(text.replace(old, new), "utf-8")
    return club


def documented() -> str:
    text = (ROOT / "docs" / "diagnostics.md").read_text("utf-8")
    block = text.split("### E134:", 1)[1]
    return block.split("```", 2)[1].strip().splitlines()[0]


@pytest.mark.parametrize("name", ["members", "ratings", "static"])
def test_a_site_folder_name_is_refused_by_check_and_build(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = renamed(tmp_path, "rapid-03", name)
    monkeypatch.chdir(club)
    run = runner()
    code, out, err = run("check", ".")
    assert code == 1
    errors = [line for line in (out + err).splitlines() if " error " in line]
    assert errors == [
        documented().replace("'members'", f"'{name}'").replace("members:", f"{name}:", 1)
    ]
    code, _, _ = run("build", ".", "-o", str(tmp_path / "site"))
    assert code == 1 and not (tmp_path / "site").exists()


def test_other_names_are_fine(tmp_path: Path) -> None:
    club = renamed(tmp_path, "rapid-03", "members-cup")
    code, out, err = runner()("check", str(club))
    assert code == 0, out + err
    assert not re.search(r"E134", out + err)
