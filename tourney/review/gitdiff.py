"""``tourney diff``: two versions of a folder read from git, compared by ``tourney.review.changes``.

Revisions are read with git's own plumbing (``git ls-tree`` and ``git
cat-file --batch``) into a temporary folder, then loaded with the ordinary
loader, so a revision is checked exactly as ``tourney check`` would check it.
The working tree, the index and the repository are never touched: nothing
is checked out, nothing is written inside the repository.

Which versions, as in ``git diff``:

| arguments   | old                          | new             |
|-------------|------------------------------|-----------------|
| (none)      | ``HEAD``                     | the working tree |
| ``A``       | ``A``                        | the working tree |
| ``A B``     | ``A``                        | ``B``           |
| ``A..B``    | ``A``                        | ``B``           |
| ``A...B``   | the merge base of A and B    | ``B`` (a pull request: what B adds) |

In a club folder, or for a tournament inside one, both versions of the club's
ratings are computed (``tourney.load.club_state``: the ratings log, the finalized
tournaments, the members' initial ratings) and the members whose club rating
moved are listed; so are both versions of each series of the club
(``tourney.load.club_state.series_table``), and the places and totals that move.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath

from tourney.check.validate import validate
from tourney.errors import ExitStatus, InvalidInput, Refused, TourneyError
from tourney.load.club_state import participant_names, rating_history, series_table
from tourney.load.final import CORRECTIONS_FILE, FINAL_FILE
from tourney.load.folder import is_club, is_tournament, load_club
from tourney.load.repository import holding
from tourney.model import Club, Tournament
from tourney.review import files
from tourney.review.changes import (
    EntryChange,
    RatingMove,
    TournamentDiff,
    compare_club_ratings,
    diff_clubs,
    diff_tournaments,
)
from tourney.review.files import FileChange
from tourney.review.series import SeriesChange, compare_series

WORKING_TREE = None  # a revision of None is the files as they are on disk


class GitError(TourneyError):
    """git is missing, the folder is not in a repository, or a revision is unknown (exit 2)."""

    status = ExitStatus.USAGE


@dataclass(frozen=True, slots=True)
class Revisions:
    old: str
    new: str | None  # None: the working tree
    old_label: str
    new_label: str


@dataclass(frozen=True, slots=True)
class FolderDiff:
    """The whole answer: club-level changes, one diff per tournament, club ratings and
    series standings moved."""

    old_label: str
    new_label: str
    entries: tuple[EntryChange, ...]
    tournaments: tuple[TournamentDiff, ...]
    ratings: tuple[RatingMove, ...] = ()
    notes: tuple[str, ...] = ()  # what could not be compared, and why
    files: tuple[FileChange, ...] = ()  # templates, pages, other files, links (docs/security.md)
    series: tuple[SeriesChange, ...] = ()  # only the series whose standings move

    @property
    def tools(self) -> tuple[str, ...]:
        """The changed files that install or run tourney (``files.is_tool``): named first."""
        return tuple(sorted({f.path for f in self.files if files.is_tool(f.path)}))

    @property
    def changed(self) -> bool:
        return (
            bool(self.entries)
            or bool(self.ratings)
            or bool(self.series)
            or bool(self.files)
            or any(t.changed for t in self.tournaments)
        )


@dataclass(slots=True)
class Compared:
    """What ``compare`` finds in a folder, gathered over its tournaments and clubs."""

    entries: list[EntryChange] = field(default_factory=list)
    tournaments: list[TournamentDiff] = field(default_factory=list)
    ratings: list[RatingMove] = field(default_factory=list)
    series: list[SeriesChange] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, other: Compared) -> None:
        self.entries += other.entries
        self.tournaments += other.tournaments
        self.ratings += other.ratings
        self.series += other.series
        self.notes += other.notes


def _git(cwd: Path, *args: str, stdin: bytes | None = None) -> bytes:
    env = dict(
        os.environ,
        LC_ALL="C",
        GIT_OPTIONAL_LOCKS="0",  # never write to the repository, not even its index
        GIT_TERMINAL_PROMPT="0",
        GIT_LITERAL_PATHSPECS="1",  # a folder named "a*b" is that folder, not a pattern
    )
    try:
        done = subprocess.run(
            ["git", "-C", str(cwd), *args],
            input=stdin,
            capture_output=True,
            env=env,
            check=False,
        )
    except FileNotFoundError:
        raise GitError("git is not installed; tourney diff reads revisions with git") from None
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError(f"git {args[0]}: {message[-1] if message else 'failed'}")
    return done.stdout


def _existing(path: Path) -> Path:
    """``path`` or its nearest ancestor that exists (a folder may exist in one revision only)."""
    path = path.absolute()
    while not path.exists() and path.parent != path:
        path = path.parent
    return path if path.is_dir() else path.parent


def repository(folder: Path) -> tuple[Path, str]:
    """The top of the git work tree holding ``folder``, and ``folder`` relative to it."""
    here = _existing(folder)
    try:
        top = Path(_git(here, "rev-parse", "--show-toplevel").decode("utf-8").strip())
    except GitError:
        raise GitError(f"{folder} is not inside a git repository") from None
    relative = os.path.relpath(folder.absolute().resolve(), top.resolve())
    if relative.startswith(".."):
        raise GitError(f"{folder} is not inside the git repository at {top}")
    return top, "" if relative == "." else PurePosixPath(Path(relative)).as_posix()


def _commit(top: Path, rev: str) -> str:
    if rev.startswith("-"):
        raise GitError(f"'{rev}' is not a revision")
    try:
        return _git(top, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}").decode().strip()
    except GitError:
        raise GitError(f"unknown revision '{rev}'") from None


def resolve(top: Path, revs: Sequence[str]) -> Revisions:
    """The two versions named on the command line (see the module's table)."""
    if len(revs) > 2:
        raise GitError("give at most two revisions, then the folder")
    if len(revs) == 1 and "..." in revs[0]:
        a, b = revs[0].split("...", 1)
        a, b = a or "HEAD", b or "HEAD"
        base = _git(top, "merge-base", _commit(top, a), _commit(top, b)).decode().strip()
        return Revisions(base, _commit(top, b), f"{a}...{b} (merge base {base[:10]})", b)
    if len(revs) == 1 and ".." in revs[0]:
        a, b = revs[0].split("..", 1)
        a, b = a or "HEAD", b or "HEAD"
        return Revisions(_commit(top, a), _commit(top, b), a, b)
    if len(revs) == 2:
        return Revisions(_commit(top, revs[0]), _commit(top, revs[1]), revs[0], revs[1])
    old = revs[0] if revs else "HEAD"
    return Revisions(_commit(top, old), WORKING_TREE, old, "working tree")


def _safe(name: str) -> bool:
    parts = PurePosixPath(name).parts
    return bool(parts) and not name.startswith("/") and ".." not in parts and "\\" not in name


def materialize(top: Path, commit: str, prefix: str, dest: Path) -> None:
    """Write the files of ``prefix`` (and its parent's club files) at ``commit`` under ``dest``.

    When the parent is a club (it has club.yaml), the whole club is written:
    the club ratings need its ratings log and every rated tournament.
    Only regular files are written (no symlinks, no submodules), each at its
    path relative to the repository; the repository itself is only read.
    """
    parent = str(PurePosixPath(prefix).parent) if prefix else ""
    parent = "" if parent == "." else parent
    wanted = [prefix] if prefix else ["."]
    if prefix:
        club_yaml = f"{parent}/club.yaml" if parent else "club.yaml"
        if _git(top, "ls-tree", "-z", "--full-tree", commit, "--", club_yaml):
            wanted = [parent or "."]
        else:  # no club: a members.yaml beside the tournament is still what it loads
            wanted += [f"{parent}/{n}" if parent else n for n in ("club.yaml", "members.yaml")]
    listing = _git(top, "ls-tree", "-r", "-z", "--full-tree", commit, "--", *wanted)
    blobs: list[tuple[str, str]] = []
    for mode, kind, obj, name in files.ls_tree_records(listing):
        if kind != "blob" or mode not in ("100644", "100755") or not _safe(name):
            continue
        blobs.append((obj, name))
    if not blobs:
        return
    batch = _git(top, "cat-file", "--batch", stdin=b"".join(f"{o}\n".encode() for o, _ in blobs))
    position = 0
    for obj, name in blobs:
        header_end = batch.index(b"\n", position)
        header = batch[position:header_end].decode().split()
        if len(header) != 3 or header[0] != obj:
            raise GitError(f"git cat-file: unexpected answer for {name}")
        size = int(header[2])
        start = header_end + 1
        target = dest.joinpath(*PurePosixPath(name).parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(batch[start : start + size])
        position = start + size + 1  # the contents end with a newline of git's


@contextmanager
def checkout_free(top: Path, commit: str, prefix: str) -> Iterator[tuple[Path, Path]]:
    """A temporary root holding ``prefix`` as it is at ``commit``, and the folder in it.

    The temporary root is removed afterwards.
    """
    tmp = Path(tempfile.mkdtemp(prefix="tourney-diff-")).resolve()
    try:
        materialize(top, commit, prefix, tmp)
        yield tmp, tmp.joinpath(*PurePosixPath(prefix).parts) if prefix else tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _relabel(error: InvalidInput, roots: dict[Path, str]) -> InvalidInput:
    """Diagnostics name the revision (``main:spring/rounds/03.yaml``), not the temporary copy."""
    fixed = []
    for d in error.diagnostics:
        file = d.file
        for root, label in roots.items():
            if os.path.isabs(file) and Path(file).resolve().is_relative_to(root):
                file = f"{label}:{Path(file).resolve().relative_to(root).as_posix()}"
                break
        fixed.append(replace(d, file=file))
    return InvalidInput(fixed)


def _load(folder: Path) -> Tournament | Club | None:
    if not (is_tournament(folder) or is_club(folder)):
        return None
    return validate(folder).folder()  # the checks of every command (docs/diagnostics.md)


def _targets(old_folder: Path, new_folder: Path) -> list[str]:
    """The clubs and tournaments in either version of a folder that is neither: found as the
    Makefile and ``build .`` find them (``tourney.load.repository.holding``: one or two
    levels down, ``season/open`` too; never through a link or into a hidden folder)."""
    names: set[str] = set()
    for root in (old_folder, new_folder):
        if root.is_dir() and not root.is_symlink():
            names.update(holding(root).folders)
    return sorted(names)


def compare(old_folder: Path, new_folder: Path, label: str) -> Compared:
    """Compare a folder in two versions: a tournament, a club, or a folder holding them."""
    if not any(is_tournament(f) or is_club(f) for f in (old_folder, new_folder)):
        found = Compared()
        for name in _targets(old_folder, new_folder):
            sub = f"{label}/{name}" if label not in ("", ".") else name
            found.add(compare(old_folder / name, new_folder / name, sub))
        return found
    old, new = _load(old_folder), _load(new_folder)
    if isinstance(old, Club) or isinstance(new, Club):
        old_club = old if isinstance(old, Club) else None
        new_club = new if isinstance(new, Club) else None
        entries, diffs, ratings = diff_clubs(
            label,
            old_club,
            new_club,
            rating_history(old_folder, old_club) if old_club else None,
            rating_history(new_folder, new_club) if new_club else None,
        )
        found = Compared(entries, diffs, ratings)
        if old_club is not None and new_club is not None:
            try:
                found.series = series_changes(old_folder, new_folder, old_club, new_club, label)
            except (InvalidInput, Refused) as error:
                found.notes.append(f"series of {label} not compared: {_why(error)}")
        return found
    assert not isinstance(old, Club) and not isinstance(new, Club)
    return Compared(tournaments=[diff_tournaments(label, old, new)])


def series_changes(
    old_folder: Path, new_folder: Path, old_club: Club, new_club: Club, label: str
) -> list[SeriesChange]:
    """Each series of the club (by id, in both versions) whose standings move.

    A series added or removed is a change of club.yaml, listed with the club.
    """
    names = participant_names(old_club) | participant_names(new_club)
    earlier = {s.id: s for s in old_club.series}
    out = []
    for definition in new_club.series:
        if definition.id not in earlier:
            continue
        before = series_table(old_folder, old_club, earlier[definition.id])
        after = series_table(new_folder, new_club, definition)
        change = compare_series(label, before, after, names)
        if change is not None:
            out.append(change)
    return out


def parent_club_changes(
    old_folder: Path, new_folder: Path, label: str
) -> tuple[list[RatingMove], list[SeriesChange]]:
    """For a tournament inside a club: the club ratings and series of both versions of that club.

    The club is loaded whole (``InvalidInput`` when a version does not load).
    """
    old_parent, new_parent = old_folder.parent, new_folder.absolute().parent
    if not (is_club(old_parent) and is_club(new_parent)):
        return [], []
    old_club, new_club = load_club(old_parent), load_club(new_parent)
    before = rating_history(old_parent, old_club)
    after = rating_history(new_parent, new_club)
    club = club_label(label)
    return (
        compare_club_ratings(club, old_club, new_club, before, after),
        series_changes(old_parent, new_parent, old_club, new_club, club),
    )


def _why(error: InvalidInput | Refused) -> str:
    if isinstance(error, Refused):
        return str(error)
    first = next((d for d in error.diagnostics if d.severity == "error"), None)
    return f"{first.file}: {first.message}" if first else "it does not load"


def club_label(label: str) -> str:
    """The folder above a tournament's, as the user named it: ``club/spring`` -> ``club``."""
    return os.path.normpath(os.path.join(label, ".."))


def _uncorrected(old: Path, new: Path, diffs: Sequence[TournamentDiff]) -> list[str]:
    """Finalized tournaments whose results change without a recorded correction.

    docs/results.md: a finalized tournament is only corrected (``tourney result --correct``
    records it in corrections.yaml and stores the final standings again); a result
    edited by hand leaves final.yaml and the club ratings' record behind.
    """
    notes = []
    for d in diffs:
        if not d.results:
            continue
        sub = "" if is_tournament(new) or is_tournament(old) else d.folder.rsplit("/", 1)[-1]
        before, after = (old / sub, new / sub) if sub else (old, new)
        if not (before / FINAL_FILE).is_file():
            continue
        if _bytes(before / CORRECTIONS_FILE) == _bytes(after / CORRECTIONS_FILE):
            notes.append(
                f"{d.folder} is finalized, but its results change without a recorded "
                "correction (corrections.yaml is unchanged): enter them with `tourney result "
                "... --correct`, which also stores the final standings again"
            )
    return notes


def _bytes(path: Path) -> bytes:
    return path.read_bytes() if path.is_file() else b""


def _listing(top: Path, commit: str | None, prefix: str, folder: Path) -> files.Listing:
    """Every file of ``prefix`` at ``commit`` (None: the working tree), with git's modes."""
    where = prefix or "."
    if commit is not None:
        raw = _git(top, "ls-tree", "-r", "-z", "--full-tree", commit, "--", where)
        return files.parse_ls_tree(raw, prefix)
    raw = _git(top, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", where)
    start = f"{prefix}/" if prefix else ""
    names = {
        n[len(start) :]
        for n in raw.decode("utf-8", "surrogateescape").split("\0")
        if n.startswith(start) and n != start
    }
    names.update(files.special_in_tree(folder))
    return files.working_tree(folder, sorted(names))


def diff_folder(folder: Path, revs: Sequence[str] = ()) -> FolderDiff:
    """``tourney diff [REV1 [REV2]] FOLDER``: everything that differs between the versions.

    Raises ``GitError`` for git problems and ``InvalidInput`` when a version
    does not load (its diagnostics name the revision: ``HEAD:open/rounds/03.yaml``).
    """
    top, prefix = repository(folder)
    which = resolve(top, revs)
    label = "." if str(folder) in ("", ".") else str(folder)
    # Listed first: a version that does not load still shows its links and templates.
    new_files = _listing(top, which.new, prefix, folder)
    with ExitStack() as stack:
        old_root, old_folder = stack.enter_context(checkout_free(top, which.old, prefix))
        roots = {old_root: which.old_label}
        if which.new is None:
            new_folder = folder
        else:
            new_root, new_folder = stack.enter_context(checkout_free(top, which.new, prefix))
            roots[new_root] = which.new_label
        try:
            found = compare(old_folder, new_folder, label)
        except InvalidInput as error:
            raise _relabel(error, roots) from None
        notes = found.notes + _uncorrected(old_folder, new_folder, found.tournaments)
        if (
            prefix
            and not found.ratings
            and not found.series
            and (is_tournament(old_folder) or is_tournament(new_folder))
        ):
            try:
                found.ratings, found.series = parent_club_changes(old_folder, new_folder, label)
            except InvalidInput as error:  # a broken other tournament must not stop this review
                why = _why(_relabel(error, roots))
                notes.append(f"club ratings and series of {club_label(label)} not compared: {why}")
            except Refused as error:
                notes.append(
                    f"club ratings and series of {club_label(label)} not compared: {error}"
                )
    return FolderDiff(
        which.old_label,
        which.new_label,
        tuple(found.entries),
        tuple(found.tournaments),
        tuple(found.ratings),
        tuple(notes),
        tuple(files.compare(_listing(top, which.old, prefix, folder), new_files)),
        tuple(found.series),
    )


__all__ = [
    "FolderDiff",
    "GitError",
    "Revisions",
    "checkout_free",
    "compare",
    "diff_folder",
    "materialize",
    "repository",
    "resolve",
]
