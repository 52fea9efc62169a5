"""The documentation is tested: every YAML key and every command is documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tourney.cli import COMMANDS
from tourney.load import folder, people, prizes, rounds, settings

ROOT = Path(__file__).resolve().parents[1]
FORMAT_DOC = (ROOT / "docs" / "folder-format.md").read_text(encoding="utf-8")
CLI_DOC = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")

KEY_LISTS = {
    "tournament.yaml": settings.SETTINGS_KEYS,
    "scoring": settings.SCORING_KEYS,
    "teams (options)": settings.TEAM_KEYS,
    "forbidden": settings.FORBIDDEN_KEYS,
    "keizer": settings.KEIZER_KEYS,
    "categories": settings.CATEGORY_KEYS,
    "prizes": prizes.PRIZE_KEYS,
    "category prize": prizes.PRIZE_GROUP_KEYS,
    "players.yaml": people.PLAYER_KEYS,
    "teams.yaml": people.TEAM_KEYS,
    "members.yaml": people.MEMBER_KEYS,
    "round": rounds.ROUND_KEYS,
    "board": rounds.BOARD_KEYS,
    "match": rounds.MATCH_KEYS,
    "bye": rounds.BYE_KEYS,
    "club.yaml": folder.CLUB_KEYS,
    "series": folder.SERIES_KEYS,
}


@pytest.mark.parametrize("where", sorted(KEY_LISTS))
def test_every_key_is_documented(where: str) -> None:
    missing = [k for k in KEY_LISTS[where] if f"`{k}`" not in FORMAT_DOC]
    assert missing == [], f"undocumented keys of {where}: {missing}"


def test_every_command_is_documented() -> None:
    documented = set(re.findall(r"^### `tourney ([a-z-]+)", CLI_DOC, re.M))
    assert set(COMMANDS) <= documented, set(COMMANDS) - documented


def test_readme_first_screen_commands_are_make_targets() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_screen = "\n".join(readme.splitlines()[:20])
    commands = re.findall(r"^make ([a-z-]+)", first_screen, re.M)
    assert commands[:2] == ["site", "test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in commands:
        assert re.search(rf"^{target}:", makefile, re.M), target
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "make check" in ci
    assert re.search(r"^check: .*\btest\b", makefile, re.M)
