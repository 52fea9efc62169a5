"""Printed documents of a folder as PDFs: ``tourney print`` and ``build --pdf``'s use case.

``build_pdfs`` writes the whole set of documents of the latest round; a PDF
is rendered again only when its HTML changed (``tourney.fs.fingerprints``: a
hash of the HTML, the tourney and WeasyPrint versions, kept in the output
folder with a hash of the PDF written), which keeps rebuilds fast and never
leaves a stale PDF. WeasyPrint is imported only when a PDF is rendered (it
takes about a second).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata
from pathlib import Path

from tourney import __version__
from tourney.app.build import read_theme, rendering
from tourney.app.folder import open_folder, open_tournament
from tourney.app.templates import template_dirs
from tourney.engine.evaluation import ClubEvaluation, Evaluation, evaluate, evaluate_club
from tourney.errors import Diagnostic, ExitStatus, TourneyError
from tourney.fs import regular
from tourney.fs.atomic import write_bytes
from tourney.fs.fingerprints import Fingerprints
from tourney.model import Tournament
from tourney.render import text
from tourney.render.pdf.common import PrintError, Selection
from tourney.render.pdf.documents import (
    CSS_FILE,
    DOCUMENTS,
    PAPERS,
    PdfWriter,
    Planned,
    document_html,
    planned,
)
from tourney.render.theme import Theme

CACHE = ".tourney-pdf-cache.json"
CACHE_VERSION = "2"  # bump when the HTML-to-PDF step changes in a way the HTML does not show


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
            return theme, regular.read_text(css, folder)
    return theme, ""


def pdf_writer() -> PdfWriter:
    try:
        return PdfWriter()
    except (ImportError, OSError) as error:
        raise PdfUnavailable(
            f"printing needs WeasyPrint ({error}); install it with "
            "`pip install 'tourney-chess[pdf]'` (and on Debian: "
            "`apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0`)"
        ) from error


def document_html_for(
    folder: Path, event: Tournament | Evaluation, plan: Planned | tuple[str, Selection],
    theme: Theme, css: str, paper: str,
) -> str:  # fmt: skip
    """One document's HTML from the folder's templates (a folder's own ones sandboxed and
    timed); the tournament is evaluated here unless the caller has its evaluation."""
    evaluation = event if isinstance(event, Evaluation) else evaluate(event)
    document, selection = (plan.document, plan.selection) if isinstance(plan, Planned) else plan
    with rendering(folder, theme):
        return document_html(evaluation, document, selection, theme, css, paper)


def fingerprint_salt() -> str:
    """What a PDF depends on besides its HTML: tourney's and WeasyPrint's versions."""
    try:
        weasyprint = metadata.version("weasyprint")
    except metadata.PackageNotFoundError:
        weasyprint = "none"
    return f"tourney {__version__}; weasyprint {weasyprint}; pdf {CACHE_VERSION}"


def build_pdfs(
    folder: Path,
    event: Tournament | Evaluation,
    output_dir: Path,
    paper: str = "a4",
    *,
    round_no: int | None = None,
    progress: Callable[[int, int, str], None] | None = None,
    changed: list[Path] | None = None,
) -> list[Path]:
    """Write every document of the latest round (or ``round_no``) into ``output_dir``.

    Returns the PDFs of the set (written now or unchanged). A PDF is rendered
    only when its HTML (stylesheet and paper size included), tourney's or
    WeasyPrint's version changed since the last build or the file is not the one
    that build wrote, which ``output_dir/.tourney-pdf-cache.json`` remembers
    (``tourney.fs.fingerprints``); files are written atomically and only when
    their bytes changed. ``progress`` is
    called before each PDF rendered, with (done, total, file name). ``event`` is evaluated
    once for the whole set (``build --pdf`` passes the published part's evaluation).
    ``changed``, when given, receives the PDFs whose bytes were written now.
    """
    evaluation = event if isinstance(event, Evaluation) else evaluate(event)
    theme, css = read_print_theme(folder)
    store = Fingerprints(output_dir / CACHE, fingerprint_salt())
    plans = planned(evaluation, round_no)
    jobs = []
    for plan in plans:
        html = document_html_for(folder, evaluation, plan, theme, css, paper)
        key = store.source_key(html)
        if not store.fresh(plan.file, key, output_dir / plan.file):
            jobs.append((plan, html, key))
    writer = pdf_writer() if jobs else None
    for done, (plan, html, key) in enumerate(jobs):
        if progress is not None:
            progress(done, len(jobs), plan.file)
        assert writer is not None
        data = writer(html, css)
        target = output_dir / plan.file
        if not target.is_file() or target.read_bytes() != data:
            write_bytes(target, data)
            if changed is not None:
                changed.append(target)
        store.record(plan.file, key, data)
    if progress is not None and jobs:
        progress(len(jobs), len(jobs), "")
    store.save()  # after the PDFs: a build killed before this makes them again
    return [output_dir / plan.file for plan in plans]


def write_pdfs(
    folder: Path,
    site: Path,
    paper: str | None = None,
    round_no: int | None = None,
    progress: Callable[[int, int, str], None] | None = None,
    evaluated: Evaluation | ClubEvaluation | None = None,
    changed: list[Path] | None = None,
) -> list[Path]:
    """``tourney build --pdf``: the PDFs of a tournament (or of each tournament of a club).

    They go into ``site/pdf/`` (a club's tournament: ``site/FOLDER/pdf/``, beside
    its pages) and, being public, leave out unpublished rounds as the site does.
    ``evaluated`` is the site build's evaluation of the folder (``Built.evaluation``),
    so the PDFs read the same one; without it the folder is read and evaluated here.
    Returns every PDF of the set; ``changed`` receives those written now (``build_pdfs``).
    Raises ``InvalidInput`` for a broken folder or template and ``PdfUnavailable``
    without WeasyPrint.
    """
    if evaluated is None:
        obj, _ = open_folder(folder)
        evaluated = evaluate(obj) if isinstance(obj, Tournament) else evaluate_club(obj)
    if isinstance(evaluated, Evaluation):
        events = [(folder, evaluated.published, site / "pdf")]
    else:
        events = [
            (folder / name, own.published, site / text.slug(name) / "pdf")
            for name, own in evaluated.events
        ]
    written: list[Path] = []
    for source, evaluation, target in events:
        size = paper or evaluation.tournament.settings.paper
        written += build_pdfs(
            source,
            evaluation,
            target,
            size,
            round_no=round_no,
            progress=progress,
            changed=changed,
        )
    return written


def write_build_pdfs(
    folder: Path,
    site: Path,
    paper: str | None,
    round_no: int | None,
    progress: Callable[[int, int, str], None] | None,
    evaluated: Evaluation | ClubEvaluation | None,
    changed: list[Path],
) -> list[Path]:
    """``tourney build --pdf``'s PDFs: a folder's (``write_pdfs``), or in a league
    repository each folder's beside its pages (``tourney.app.repository``)."""
    from tourney.app.repository import site_path
    from tourney.load.repository import holding, is_repository

    if not is_repository(folder):
        return write_pdfs(folder, site, paper, round_no, progress, evaluated, changed)
    written: list[Path] = []
    for name in holding(folder).folders:
        written += write_pdfs(
            folder / name, site / site_path(name), paper, round_no, progress, changed=changed
        )
    return written


def print_document(
    folder: Path,
    document: str,
    selection: Selection,
    target: Path,
    paper: str | None = None,
    as_html: bool = False,
    unpublished: bool = False,
    warn: Callable[[tuple[Diagnostic, ...]], object] = lambda warnings: None,
) -> tuple[int, int]:
    """``tourney print``: one document of the folder written to ``target`` (its HTML with
    ``as_html``); returns (pages, bytes), pages 0 for HTML. ``warn`` sees the folder's
    warnings as soon as it is read. Like the site, a round with 'published: false' and
    those after it are left out unless ``unpublished`` (docs/printing.md); ``PrintError``
    when the selection cannot be printed, ``InvalidInput`` for a broken folder."""
    t, warnings = open_tournament(folder)
    warn(warnings)
    theme, css = read_print_theme(folder)
    # what the site publishes, so the titles say what the site says
    evaluation = evaluate(t) if unpublished else evaluate(t).published
    shown = evaluation.tournament
    round_no = selection.round
    if round_no is not None and t.round(round_no) and not shown.round(round_no):
        raise PrintError(
            f"round {round_no} is not published yet ('published: false' in "
            f"rounds/{round_no:02d}.yaml or an earlier round file); add --unpublished "
            "to print it anyway"
        )
    html = document_html_for(
        folder, evaluation, (document, selection), theme, css, paper or t.settings.paper
    )
    data, pages = (html.encode("utf-8"), 0) if as_html else pdf_writer().render(html, css)
    write_bytes(target, data)
    return pages, len(data)


__all__ = [
    "DOCUMENTS",
    "PAPERS",
    "PdfUnavailable",
    "PrintError",
    "Selection",
    "build_pdfs",
    "print_document",
    "write_build_pdfs",
    "write_pdfs",
]
