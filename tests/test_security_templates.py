"""docs/security.md, templates: a folder's own templates run in Jinja's sandbox, and
``tourney diff`` shows a reviewer every template, page, link or other file a change adds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from builders import commit, git_repo
from click.testing import CliRunner

from tourney.cli import cli
from tourney.errors import ExitStatus

ROOT = Path(__file__).resolve().parents[1]
ATTACKS = [
    '{{ cycler.__init__.__globals__.os.popen("touch PWNED").read() }}',
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ lipsum.__globals__['os'].system('touch PWNED') }}",
    "{{ namespace.__init__.__globals__ }}",
]


@pytest.fixture()
def event(tmp_path: Path) -> Path:
    folder = tmp_path / "event"
    shutil.copytree(ROOT / "examples" / "swiss-open", folder)
    (folder / "templates").mkdir()
    return folder


@pytest.mark.parametrize("attack", ATTACKS)
def test_a_hostile_site_template_fails_with_file_and_line(
    event: Path, tmp_path: Path, attack: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (event / "templates" / "base.html").write_text(f"<p>hello</p>\n{attack}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", str(event), "-o", str(tmp_path / "site")])
    assert result.exit_code == ExitStatus.INVALID_INPUT
    assert "templates/base.html:2: error E430: template error:" in result.output
    assert "unsafe" in result.output
    assert not (tmp_path / "PWNED").exists() and not (event / "PWNED").exists()
    assert not (tmp_path / "site").exists()


def test_a_hostile_print_template_fails_too(event: Path, tmp_path: Path) -> None:
    (event / "templates" / "pdf").mkdir()
    (event / "templates" / "pdf" / "standings.html").write_text(ATTACKS[0] + "\n", "utf-8")
    result = CliRunner().invoke(
        cli, ["print", str(event), "standings", "-o", str(tmp_path / "s.pdf")]
    )
    assert result.exit_code == ExitStatus.INVALID_INPUT
    assert "templates/pdf/standings.html:1: error E430: template error:" in result.output
    assert not (tmp_path / "s.pdf").exists()


def test_an_ordinary_override_still_renders(event: Path, tmp_path: Path) -> None:
    """The sandbox keeps what templates may do: the view models, filters, loops."""
    base = (ROOT / "site_templates" / "base.html").read_text(encoding="utf-8")
    (event / "templates" / "base.html").write_text(
        base.replace("</body>", "<footer>Club footer {{ 1 + 2 }}</footer></body>"), "utf-8"
    )
    site = tmp_path / "site"
    result = CliRunner().invoke(cli, ["build", str(event), "-o", str(site)])
    assert result.exit_code == 0, result.output
    assert "Club footer 3" in (site / "index.html").read_text(encoding="utf-8")


def test_diff_lists_templates_pages_links_and_other_files(event: Path) -> None:
    git_repo(event)
    commit(event, "base")
    (event / "templates" / "base.html").write_text("{{ x }}\n", "utf-8")
    (event / "pages" / "news.md").write_text("# News\n", "utf-8")
    (event / "notes.txt").symlink_to("/etc/passwd")
    (event / ".tourney.lock").symlink_to("/tmp/victim")
    (event / "Makefile").write_text("all:\n", "utf-8")
    commit(event, "a pull request")
    result = CliRunner().invoke(cli, ["diff", "HEAD~1", "HEAD", str(event)])
    assert result.exit_code == 0, result.output
    listed = result.output.split("files that are not tournament data\n", 1)[1].splitlines()
    assert listed == [
        "  .tourney.lock: symbolic link added (tourney refuses it)",
        "  Makefile: file added",
        "  notes.txt: symbolic link added (tourney refuses it)",
        "  pages/news.md: page added",
        "  templates/base.html: template added",
    ]
    # The working tree holds the links: the diff names them and compares nothing.
    result = CliRunner().invoke(cli, ["diff", str(event)])
    assert result.exit_code == ExitStatus.INVALID_INPUT
    assert ".tourney.lock: error E107: refused unread" in result.output
    assert "notes.txt: error E107: refused unread" in result.output


def test_a_template_that_loops_for_ever_is_stopped(
    event: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tourney.app.build as build

    monkeypatch.setattr(build, "TEMPLATE_SECONDS", 1.0)
    loop = "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}"
    (event / "templates" / "base.html").write_text(f"x\n{loop}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", str(event), "-o", str(tmp_path / "site")])
    assert result.exit_code == ExitStatus.INVALID_INPUT
    assert "templates/base.html:2: error E430: template error:" in result.output
    assert "rendered for more than 1 s" in result.output
    assert not (tmp_path / "site").exists()
