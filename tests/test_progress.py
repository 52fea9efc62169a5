"""Long commands show a progress bar on a terminal, and nothing elsewhere (tourney.cli.progress)."""

from __future__ import annotations

import io

from rich.console import Console

from tourney.cli.progress import track


def test_a_bar_on_a_terminal_counts_the_items() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80)
    assert list(track([1, 2, 3], "re-pairing the rounds", console=console, transient=False)) == [
        1,
        2,
        3,
    ]
    text = out.getvalue()
    assert "re-pairing the rounds" in text and "3/3" in text


def test_nothing_when_not_a_terminal(capsys: object) -> None:
    assert list(track(["a", "b"], "working")) == ["a", "b"]  # pytest's stderr is no terminal
    assert capsys.readouterr().err == ""  # type: ignore[attr-defined]
