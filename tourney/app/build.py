"""Build the static site of a folder: ``tourney build``'s use case.

Loads the folder (every error reported with file:line, nothing written),
reads the templates (the folder's own ``templates/`` first, then the ones
shipped in ``site_templates``), evaluates it once (``tourney.engine.evaluation``),
renders every page from the evaluation (``tourney.render.site``, pure) and
writes the output folder (``tourney.fs.output``: atomic, unchanged files
skipped, stale files removed).
"""

from __future__ import annotations

import contextlib
import hashlib
import signal
import threading
import time
import traceback
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import jinja2

import tourney
from tourney.app.folder import open_folder
from tourney.app.output_folder import check_output as check_output
from tourney.app.templates import template_dir, template_dirs
from tourney.engine.evaluation import ClubEvaluation, Evaluation, evaluate, evaluate_club
from tourney.errors import Diagnostic, InvalidInput
from tourney.fs import build_cache, regular
from tourney.fs.output import UnsafePath, WriteReport, write_tree
from tourney.load.club_state import club_ratings
from tourney.load.final import is_finalized, read_final
from tourney.model import Club, Tournament
from tourney.render.site.pages import Printed as Printed
from tourney.render.site.pages import Progress, Site, render_site
from tourney.render.site.reuse import Reuse
from tourney.render.theme import Theme


@dataclass(frozen=True, slots=True)
class Built:
    """A finished build: what was written, the warnings, and how long it took."""

    report: WriteReport
    warnings: tuple[Diagnostic, ...]
    pages: int
    seconds: float
    # What the next build of the same folder may start from (``tourney serve``): the
    # evaluation and the pages by view model.
    evaluation: Evaluation | ClubEvaluation | None = None
    site: Site | None = None
    salt: str = ""  # the code and templates the pages were rendered with (``page_salt``)
    # for the build cache: each page's view digest, and the pages and ranks by their inputs
    digests: Mapping[str, str] = field(default_factory=dict)
    reuse: Reuse | None = None


def read_theme(folder: Path) -> Theme:
    """Templates and static files: the folder's ``templates/`` over the shipped ones.

    A folder's own files are read like data files (never through a link, never
    a special file: ``tourney.fs.regular``), and a theme with any of them is
    rendered in Jinja's sandbox (docs/security.md).
    """
    templates: dict[str, str] = {}
    static: dict[str, bytes] = {}
    shipped = template_dir()
    trusted = True
    for directory in reversed(template_dirs(folder)):
        own = directory != shipped
        for path in sorted(directory.rglob("*")):
            if path.name.startswith(".") or "__pycache__" in path.parts:
                continue
            if own:
                if path.is_dir() and not path.is_symlink():
                    continue
                data = regular.read_regular(path, folder)  # a link or a FIFO: refused
                trusted = False
            elif path.is_file():
                data = path.read_bytes()
            else:
                continue
            relative = path.relative_to(directory).as_posix()
            if relative.startswith("static/"):
                static[relative.removeprefix("static/")] = data
            elif path.suffix == ".html":
                templates[relative] = data.decode("utf-8")
    return Theme(templates=templates, static=static, trusted=trusted)


def page_salt(theme: Theme) -> str:
    """The digest of what renders a page besides its view model: tourney's code and
    templates (``tourney.fs.build_cache.code_fingerprint``) and the folder's own."""
    code = build_cache.code_fingerprint(tourney.__version__)
    digest = hashlib.blake2b(code.encode(), digest_size=16)
    digest.update(b"trusted" if theme.trusted else b"sandboxed")
    for name, source in sorted(theme.templates.items()):
        digest.update(f"\0{name}\0{len(source)}\0".encode() + source.encode())
    for name, data in sorted(theme.static.items()):
        digest.update(f"\0{name}\0{len(data)}\0".encode() + data)
    return digest.hexdigest()


def template_error(error: Exception, folder: Path, theme: Theme) -> InvalidInput:
    """A template problem as a diagnostic pointing at the template file and line.

    Any exception a folder's own (sandboxed) template raises is one: the sandbox
    raises ``OverflowError`` for a huge ``range``, a macro calling itself raises
    ``RecursionError`` (docs/security.md).
    """
    name = getattr(error, "name", None) or getattr(error, "filename", None) or "template"
    line = getattr(error, "lineno", 0) or 0
    if not line:  # a runtime error: the innermost template frame of the traceback
        for frame, number in traceback.walk_tb(error.__traceback__):
            if frame.f_code.co_filename in theme.templates:
                name, line = frame.f_code.co_filename, number
    where = name
    for directory in template_dirs(folder):
        if (directory / name).is_file():
            where = str(directory / name)
            break
    hint = "check the template against the view models in docs/site.md"
    message = getattr(error, "message", None) or f"{type(error).__name__}: {error}"
    return InvalidInput(
        [Diagnostic(where, line, 0, f"template error: {message}", hint, code="E430")]
    )


TEMPLATE_SECONDS = 300.0  # a 400-player site renders in about 2 s


class TemplateTimeout(ValueError):
    """A folder's own templates rendered for longer than ``TEMPLATE_SECONDS``."""


@contextlib.contextmanager
def rendering(folder: Path, theme: Theme) -> Iterator[None]:
    """Render with ``theme``: a folder's own templates within the time limit, and any
    error of theirs as a diagnostic at the template's file and line (docs/security.md)."""
    try:
        with render_time_limit(theme):
            yield
    except jinja2.TemplateError as error:
        raise template_error(error, folder, theme) from error
    except (ArithmeticError, RecursionError, LookupError, TypeError, ValueError) as error:
        if theme.trusted:  # our own templates: a bug, not the folder's fault
            raise
        raise template_error(error, folder, theme) from error


@contextlib.contextmanager
def render_time_limit(theme: Theme) -> Iterator[None]:
    """Stop rendering a folder's own (sandboxed) templates after ``TEMPLATE_SECONDS``.

    The sandbox bounds one ``range`` to 100,000 items, not two nested loops; a
    template from a pull request must not hold CI forever (docs/security.md).
    Only in the main thread (``signal``) and when the caller set no alarm of its
    own; the shipped templates are not limited.
    """
    if (
        theme.trusted
        or threading.current_thread() is not threading.main_thread()
        or signal.getitimer(signal.ITIMER_REAL)[0] > 0  # an alarm of the caller's is set
    ):
        yield
        return
    limit = TEMPLATE_SECONDS

    def stop(_signum: int, _frame: object) -> None:
        raise TemplateTimeout(f"the templates rendered for more than {limit:g} s; stopped")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def evaluated(
    folder: Path, obj: Tournament | Club, previous: Evaluation | ClubEvaluation | None = None
) -> Evaluation | ClubEvaluation:
    """The evaluate stage of a build: the tournament (or every tournament of a club,
    with the club's rating history from its ratings log) evaluated once. ``previous``
    (the last build's) lends it what did not change."""
    if isinstance(obj, Club):
        before = previous if isinstance(previous, ClubEvaluation) else None
        return evaluate_club(
            obj,
            club_ratings(folder).history,
            before,
            _ad_hoc(folder, obj),
            _finalized(folder, obj),
        )
    return evaluate(obj, previous if isinstance(previous, Evaluation) else None)


def _ad_hoc(folder: Path, club: Club) -> frozenset[str]:
    """The club's tournaments finalized unrated (``finalize --unrated``, final.yaml)."""
    found = set()
    for name, _ in club.tournaments:
        record = read_final(folder / name)
        if record is not None and not record.rated:
            found.add(name)
    return frozenset(found)


def _finalized(folder: Path, club: Club) -> frozenset[str]:
    """The club's tournaments with a final.yaml (``tourney series`` marks the rest live)."""
    return frozenset(name for name, _ in club.tournaments if is_finalized(folder / name))


def build_site(
    folder: Path,
    output: Path,
    printed: Printed | None = None,
    previous: Built | None = None,
    progress: Progress | None = None,
    cached: bool = False,
) -> Built:
    """Load, evaluate, render and write; raises ``InvalidInput`` (nothing written) on any
    error.

    ``printed``: ``build --pdf`` also writes the PDFs, and the downloads pages list them.
    ``previous``: the last build of the same folder (``tourney serve``), whose evaluation
    and pages this one starts from. ``progress(done, total, what)`` is told of each kind of
    page rendered (``tourney.render.site.pages.Progress``). A repository's top, holding
    clubs and tournaments, is ``tourney.app.site.build``'s (``tourney.app.repository``).
    ``cached``: a page whose view model the last build into ``output`` rendered (in any
    process) is read back from its file (``tourney.fs.build_cache``)."""
    started = time.perf_counter()
    obj, warnings = open_folder(folder, publishing=True)
    theme = read_theme(folder)
    evaluation = evaluated(folder, obj, previous.evaluation if previous else None)
    salt, stored, read_at = "", None, dict[str, bytes]()
    reuse, before = None, dict[str, str]()
    if cached:
        salt = page_salt(theme)
        record = build_cache.read(output)
        stored, read_at = build_cache.stored_pages(output, record, salt)
        if record is not None:
            before = {path: digest for digest, path in record.pages.items()}
        reuse = Reuse(
            salt,
            record.keys if record is not None else {},
            record.ranks if record is not None else {},
            build_cache.reader(output, record, salt, read_at),
        )
    with rendering(folder, theme):
        site = render_site(
            evaluation,
            theme,
            printed,
            previous.site if previous else None,
            progress,
            stored=stored,
            salt=salt,
            reuse=reuse,
        )
    files = site.files
    digests = dict(site.digests)
    for path in reuse.new_keys if reuse is not None else ():
        if path not in digests and path in before:  # taken whole: its last digest holds
            digests[path] = before[path]
    current = {path for path, data in files.items() if read_at.get(path) is data}
    try:
        report = write_tree(output, files, current)
    except UnsafePath as error:
        raise InvalidInput([Diagnostic(str(output), 0, 0, str(error), code="E431")]) from error
    pages = sum(1 for name in files if name.endswith(".html"))
    seconds = time.perf_counter() - started
    return Built(report, tuple(warnings), pages, seconds, evaluation, site, salt, digests, reuse)
