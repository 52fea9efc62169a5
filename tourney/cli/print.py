"""``tourney print DIR DOCUMENT``: one printed document as a PDF (docs/printing.md).

Loads the folder (errors with file:line, nothing written), builds the
document's view model for the selection (``--round``, ``--team``, ``--match``,
``--series``), renders its HTML with the templates in ``site_templates/pdf/``
(a folder's own ``templates/pdf/`` first) and turns it into a PDF with
WeasyPrint (imported only here, it takes about a second).

``build_pdfs`` writes the whole set of documents of the latest round for
``tourney build --pdf``; a PDF is rendered again only when its HTML changed
(a content hash kept in the output folder), which keeps rebuilds fast.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import click
import jinja2

from tourney.atomic import write_bytes
from tourney.cli.build import read_theme, template_error
from tourney.cli.common import fail, print_diagnostics
from tourney.errors import Diagnostic, ExitStatus, InvalidInput, TourneyError, did_you_mean
from tourney.load.folder import read_path
from tourney.model import Tournament
from tourney.render import text
from tourney.render.event import visible
from tourney.render.pdf import (
    CSS_FILE,
    DOCUMENTS,
    PAPERS,
    PdfWriter,
    Planned,
    document_html,
    planned,
)
from tourney.render.pdf_common import PrintError, Selection
from tourney.render.site import Theme
from tourney.templates import template_dirs

CACHE = ".tourney-pdf-cache.json"
CACHE_VERSION = "1"  # bump when the HTML-to-PDF step changes in a way the HTML does not show


class PdfUnavailable(TourneyError):
    """WeasyPrint (or a system library it loads) is missing."""

    status = ExitStatus.INVALID_INPUT


def read_print_theme(folder: Path) -> tuple[Theme, str]:
    """The templates (``pdf/*.html`` among them) and the print stylesheet.

    A tournament's own ``templates/pdf/print.css`` wins over the shipped one.
    """
    theme = read_theme(folder)
    for directory in template_dirs(folder):
        css = directory / CSS_FILE
        if css.is_file():
            return theme, css.read_text(encoding="utf-8")
    return theme, ""


def pdf_writer() -> PdfWriter:
    try:
        return PdfWriter()
    except (ImportError, OSError) as error:
        raise PdfUnavailable(
            f"printing needs WeasyPrint ({error}); install it with "
            "`pip install 'tourney[pdf]'` (and on Debian: "
            "`apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0`)"
        ) from error


def _html(
    folder: Path, t: Tournament, plan: Planned | tuple[str, Selection], theme: Theme, css: str,
    paper: str,
) -> str:  # fmt: skip
    document, selection = (plan.document, plan.selection) if isinstance(plan, Planned) else plan
    try:
        return document_html(t, document, selection, theme, css, paper)
    except jinja2.TemplateError as error:
        raise template_error(error, folder, theme) from error


def _read_cache(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION:
        return {}
    files = data.get("files", {})
    return {str(k): str(v) for k, v in files.items()} if isinstance(files, dict) else {}


def build_pdfs(
    folder: Path,
    tournament: Tournament,
    output_dir: Path,
    paper: str = "a4",
    *,
    round_no: int | None = None,
    progress: Callable[[int, int, str], None] | None = None,
) -> list[Path]:
    """Write every document of the latest round (or ``round_no``) into ``output_dir``.

    Returns the PDFs of the set (written now or unchanged). A PDF is rendered
    only when its HTML (stylesheet and paper size included) changed since the
    last build, which ``output_dir/.tourney-pdf-cache.json`` remembers; files
    are written atomically and only when their bytes changed. ``progress`` is
    called before each PDF rendered, with (done, total, file name).
    """
    theme, css = read_print_theme(folder)
    cache_path = output_dir / CACHE
    cache = _read_cache(cache_path)
    plans = planned(tournament, round_no)
    jobs = []
    fresh: dict[str, str] = {}
    for plan in plans:
        html = _html(folder, tournament, plan, theme, css, paper)
        digest = hashlib.sha256(html.encode("utf-8")).hexdigest()
        fresh[plan.file] = digest
        if cache.get(plan.file) != digest or not (output_dir / plan.file).is_file():
            jobs.append((plan, html))
    writer = pdf_writer() if jobs else None
    for done, (plan, html) in enumerate(jobs):
        if progress is not None:
            progress(done, len(jobs), plan.file)
        assert writer is not None
        data = writer(html)
        target = output_dir / plan.file
        if not target.is_file() or target.read_bytes() != data:
            write_bytes(target, data)
    if progress is not None and jobs:
        progress(len(jobs), len(jobs), "")
    merged = {**cache, **fresh}
    payload = json.dumps({"version": CACHE_VERSION, "files": merged}, indent=1, sort_keys=True)
    if cache != merged or not cache_path.is_file():
        write_bytes(cache_path, (payload + "\n").encode("utf-8"))
    return [output_dir / plan.file for plan in plans]


def _progress_line(done: int, total: int, name: str) -> None:
    """One line on the terminal that counts the PDFs being rendered."""
    bar = "#" * (20 * done // total) if total else ""
    line = f"\rpdf [{bar:<20}] {done}/{total} {name}"
    click.echo(f"{line:<79}" if name else f"{line:<79}\r", nl=not name, err=True)


def write_pdfs(
    folder: Path,
    site: Path,
    paper: str | None = None,
    round_no: int | None = None,
    quiet: bool = False,
) -> list[Path]:
    """``tourney build --pdf``: the PDFs of a tournament (or of each tournament of a club).

    They go into ``site/pdf/`` (a club's tournament: ``site/FOLDER/pdf/``, beside
    its pages) and, being public, leave out unpublished rounds as the site does. Raises ``InvalidInput`` for a broken folder or template and
    ``PdfUnavailable`` without WeasyPrint.
    """
    obj, _ = read_path(folder)
    if isinstance(obj, Tournament):
        events = [(folder, visible(obj), site / "pdf")]
    else:
        events = [
            (folder / name, visible(t), site / text.slug(name) / "pdf")
            for name, t in obj.tournaments
        ]
    show = None if quiet or not sys.stderr.isatty() else _progress_line
    written: list[Path] = []
    for source, tournament, target in events:
        size = paper or tournament.settings.paper
        written += build_pdfs(source, tournament, target, size, round_no=round_no, progress=show)
    return written


def _load(folder: Path) -> Tournament:
    obj, warnings = read_path(folder)
    print_diagnostics(warnings)
    if not isinstance(obj, Tournament):
        raise InvalidInput(
            [
                Diagnostic(
                    str(folder),
                    0,
                    0,
                    "tourney print takes a tournament folder, not a club folder",
                    "name one of the club's tournament folders",
                )
            ]
        )
    return obj


@click.command("print")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.argument("document", metavar="DOCUMENT")
@click.option("--round", "round_no", type=click.IntRange(min=1), help="The round (see DOCUMENT).")
@click.option("--team", help="One team only: id, name, short name or number.")
@click.option("--match", "match_no", type=click.IntRange(min=1), help="One match (match sheets).")
@click.option("--series", help="One series (individual ranking).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The file to write [default: DOCUMENT.pdf].",
)
@click.option(
    "--paper",
    type=click.Choice(sorted(PAPERS)),
    default=None,
    help="Paper size [default: tournament.yaml's 'paper', else a4].",
)
@click.option("--html", "as_html", is_flag=True, help="Write the HTML instead (template work).")
def command(
    folder: Path,
    document: str,
    round_no: int | None,
    team: str | None,
    match_no: int | None,
    series: str | None,
    output: Path | None,
    paper: str | None,
    as_html: bool,
) -> None:
    """Print one DOCUMENT of a tournament as a PDF.

    DOCUMENT is one of: pairings, pairings-alpha, standings, crosstable,
    players, team-pairings, team-standings, team-crosstable, match-sheets,
    lineup-forms, rosters, board-prizes, individual-ranking, pairing-cards,
    wall-chart.
    """
    if document not in DOCUMENTS:
        hint = did_you_mean(document, DOCUMENTS)
        raise click.BadParameter(
            f"unknown document '{document}'. {hint or 'Known: ' + ', '.join(DOCUMENTS)}",
            param_hint="DOCUMENT",
        )
    started = time.perf_counter()
    selection = Selection(round_no, team, match_no, series)
    target = output or Path(f"{document}.{'html' if as_html else 'pdf'}")
    try:
        t = _load(folder)
        theme, css = read_print_theme(folder)
        html = _html(folder, t, (document, selection), theme, css, paper or t.settings.paper)
        data, pages = (html.encode("utf-8"), 0) if as_html else pdf_writer().render(html)
    except PrintError as error:
        message = str(error) + (f" ({error.hint})" if error.hint else "")
        raise click.UsageError(message) from error
    except TourneyError as error:
        fail(error)
    write_bytes(target, data)
    what = f"{pages} page{'s' if pages != 1 else ''}" if pages else f"{len(data)} bytes"
    click.echo(f"{target}: {document}, {what} ({time.perf_counter() - started:.2f} s)")
