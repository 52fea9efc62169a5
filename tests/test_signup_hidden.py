"""A sign-up is read as GitHub shows it (issue 31.4, docs/security.md "One spelling per name").

Before: an HTML comment in the issue body (GitHub shows nobody its text) repeating
`### Name` made the workflow add the hidden player, not the one the organiser approved.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from test_signup import BODY, league

from tourney.cli import cli
from tourney.edit.signup import read_form
from tourney.errors import InvalidInput

HIDDEN = "<!--\n### Name\n\nMallory, Eve\n-->\n"


def test_a_name_in_an_html_comment_is_not_read() -> None:
    body = BODY.replace("### FIDE rating", HIDDEN + "### FIDE rating")
    form = read_form(body, "issue")
    assert form.name == "Olsen, Kari"
    assert dict(form.fields)["rating"] == "2098"


def test_an_unclosed_comment_hides_the_rest_as_github_does() -> None:
    body = BODY.replace("### Club\n\nSK Bergen", "### Club\n\nSK Bergen <!-- ### Name Mallory")
    assert dict(read_form(body, "issue").fields)["club"] == "SK Bergen"


def test_an_inline_comment_is_left_out_of_the_answer() -> None:
    body = BODY.replace("Olsen, Kari", "Olsen, <!-- Eve -->Kari")
    assert read_form(body, "issue").name == "Olsen, Kari"


@pytest.mark.parametrize("extra", ["### Name\n\nMallory, Eve\n", "### Tournament\n\nother\n"])
def test_a_body_that_asks_a_question_twice_is_refused(extra: str) -> None:
    body = BODY + "\n" + extra
    with pytest.raises(InvalidInput) as caught:
        read_form(body, "issue")
    (problem,) = caught.value.diagnostics
    label = extra.split("\n")[0]
    first = BODY.split("\n").index(label) + 1
    assert problem.code == "E413"
    assert (problem.line, problem.message) == (
        len(BODY.split("\n")) + 1,
        f"'{label}' is asked twice (first on line {first}); "
        "which answer the organiser read cannot be known",
    )


def test_signup_adds_the_shown_player_not_the_hidden_one(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    folder = league(tmp_path)
    monkeypatch.chdir(tmp_path)
    body = BODY.replace("### FIDE rating", HIDDEN + "### FIDE rating")
    done = CliRunner().invoke(cli, ["signup", "--from", "-"], input=body)
    assert done.exit_code == 0, done.output
    players = (folder / "players.yaml").read_text("utf-8")
    assert "Olsen, Kari" in players and "Mallory" not in players
