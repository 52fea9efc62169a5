"""The build cache: what a ``tourney build`` leaves beside its output for the next one.

``tourney build`` runs in a fresh process each time (CI, ``make site``, a user at the
prompt), so what one build may reuse from the last must be on disk. The cache is one
JSON file in the output folder, ``.tourney-cache.json`` (``tourney.fs.output.CACHE``), holding:

- ``fingerprint``: a digest of every input of the build: the bytes of every file in the
  folder (hidden files and folders, ``__pycache__`` and the output folder left out: the
  build reads none of them; a folder holding a symbolic link never has the same
  fingerprint twice, since what the link leads to may change), tourney's own code, templates and message catalogs (each
  file's path, size and time), the versions of the libraries that shape the pages
  (Jinja2, MarkupSafe, Markdown, Babel), Python's version and the build's options;
- ``files``: the size and modification time (ns) of every file the build left in the
  output, ``.tourney-manifest`` included;
- ``pages``: each page's view-model digest (``tourney.render.site.pages``) and the
  output file holding its bytes, with ``salt``, the digest of the code and templates
  those pages were rendered with;
- ``keys``: the *inputs key* of each page of a round (``tourney.render.site.reuse``): a
  digest of what the page shows, computed before the page is;
- ``ranks``: the ranks after each round, by the digest of that round's inputs;
- ``pages_count`` and ``warnings``: what the build reported.

Same fingerprint and every output file as the build left it: nothing changed, and the
next build reports the same and stops (``unchanged``). Otherwise it builds, and a page
whose view model has a digest in ``pages``, rendered with the same salt, is read back
from its output file instead of rendered again, if that file is still as the build
left it (``stored_pages``); a page of a round whose inputs key is the one in ``keys`` is
read back without its view model being built at all, and ranks with a known key are not
computed again. A stale cache therefore never gives a wrong page: a changed input
changes the fingerprint, a changed view model its digest, a changed round, player,
setting, code or template every key that depends on it, changed code or templates the
salt, and a file changed by hand its size or time.

The cache is data, never code (JSON, no pickle): a forged one (say, committed into a
pull request's ``_site/``) cannot run anything, and it cannot make a page either,
because a page is only taken from an output file with the very nanosecond time the
build recorded, which a file checked out by git does not keep. Publishing ignores
it: ``actions/upload-pages-artifact`` leaves hidden files out (docs/site.md).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tourney.fs.atomic import write_bytes
from tourney.fs.output import CACHE, MANIFEST

FORMAT = 2  # bumped when the file's shape changes: an older cache is ignored
# The libraries whose versions change the pages (their dist-info folders' names).
_LIBRARIES = ("jinja2-", "markupsafe-", "markdown-", "babel-")
_PACKAGE = Path(__file__).resolve().parents[1]  # tourney/
_TEMPLATES = _PACKAGE.parent / "site_templates"


@dataclass(frozen=True, slots=True)
class Record:
    """One build's cache (module docstring)."""

    fingerprint: str
    files: Mapping[str, tuple[int, int]]  # output path -> (size, mtime_ns)
    salt: str = ""
    pages: Mapping[str, str] = field(default_factory=dict)  # view digest -> output path
    pages_count: int = 0
    warnings: tuple[str, ...] = ()  # as printed
    keys: Mapping[str, str] = field(default_factory=dict)  # output path -> inputs key
    ranks: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # key -> ranks


def _tree(top: Path, skip: Path | None = None) -> Iterable[os.DirEntry[str]]:
    """Every file under ``top`` (links too, not followed), hidden entries, ``__pycache__``
    and ``skip`` left out, in a fixed order."""
    try:
        entries = sorted(os.scandir(top), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(".") or entry.name == "__pycache__":
            continue
        if entry.is_dir(follow_symlinks=False):
            if skip is not None and Path(entry.path).resolve() == skip:
                continue
            yield from _tree(Path(entry.path), skip)
        else:
            yield entry


def code_fingerprint(version: str) -> str:
    """tourney's ``version``, code, templates and catalogs (path, size, time of each
    file), the versions of the libraries that shape a page, and Python's version."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{FORMAT} {version} {sys.version}\n".encode())
    for top in (_PACKAGE, _TEMPLATES):
        for entry in _tree(top):
            info = entry.stat(follow_symlinks=False)
            digest.update(f"{entry.path} {info.st_size} {info.st_mtime_ns}\n".encode())
    for place in sys.path:
        try:
            names = os.listdir(place or ".")
        except OSError:
            continue
        for name in sorted(names):
            if name.lower().startswith(_LIBRARIES) and name.endswith(".dist-info"):
                digest.update(f"{name}\n".encode())
    return digest.hexdigest()


def fingerprint(folder: Path, output: Path, version: str, options: Iterable[object] = ()) -> str:
    """The digest of every input of a build of ``folder`` into ``output`` (module
    docstring): the folder's files by content, the code of tourney ``version``, and
    ``options``."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{code_fingerprint(version)} {list(map(repr, options))}\n".encode())
    top = folder.resolve()
    for entry in _tree(top, output.resolve()):
        relative = Path(entry.path).relative_to(top).as_posix()
        if entry.is_symlink():
            # what a link leads to may change without the folder changing: a folder
            # with one is never "nothing changed" (its pages are still reused)
            digest.update(f"link {relative} {os.urandom(16).hex()}\n".encode())
            continue
        try:
            data = Path(entry.path).read_bytes()
        except OSError:
            data = b"\0unreadable"
        digest.update(f"file {relative} {len(data)}\n".encode())
        digest.update(data)
    return digest.hexdigest()


def read(output: Path) -> Record | None:
    """The cache of the last build into ``output``; None if there is none or it is not
    one this version wrote (it is then simply ignored)."""
    try:
        raw = json.loads((output / CACHE).read_bytes())
        if raw.get("format") != FORMAT:
            return None
        return Record(
            fingerprint=str(raw["fingerprint"]),
            files={str(k): (int(v[0]), int(v[1])) for k, v in raw["files"].items()},
            salt=str(raw.get("salt", "")),
            pages={str(k): str(v) for k, v in raw.get("pages", {}).items()},
            pages_count=int(raw.get("pages_count", 0)),
            warnings=tuple(str(w) for w in raw.get("warnings", ())),
            keys={str(k): str(v) for k, v in raw.get("keys", {}).items()},
            ranks={
                str(k): {str(pid): int(rank) for pid, rank in v.items()}
                for k, v in raw.get("ranks", {}).items()
            },
        )
    except (OSError, ValueError, TypeError, KeyError, AttributeError, IndexError):
        return None


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat(follow_symlinks=False)
    except OSError:
        return None
    return (info.st_size, info.st_mtime_ns)


def intact(output: Path, record: Record) -> bool:
    """Every file the build left in ``output`` is still there as it left it."""
    return bool(record.files) and all(
        _stat(output / relative) == tuple(seen) for relative, seen in record.files.items()
    )


def stored_pages(
    output: Path, record: Record | None, salt: str
) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """View digest -> page bytes, read from the output files the last build left as they
    were, for pages rendered with ``salt`` (empty without a usable cache); and the same
    bytes by the output path they were read from."""
    if record is None or record.salt != salt:
        return {}, {}
    found: dict[str, bytes] = {}
    read_at: dict[str, bytes] = {}
    for digest, relative in record.pages.items():
        if relative in read_at:
            found[digest] = read_at[relative]
            continue
        path = output / relative
        if _stat(path) != record.files.get(relative):
            continue
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if _stat(path) == record.files.get(relative):  # not changed while read
            found[digest] = read_at[relative] = data
    return found, read_at


def reader(
    output: Path, record: Record | None, salt: str, read_at: dict[str, bytes]
) -> Callable[[str], bytes | None]:
    """A function giving the bytes of an output file as the last build left it (None if it
    changed since, or the pages were rendered with another ``salt``), noting each file it
    read in ``read_at``."""

    def read(relative: str) -> bytes | None:
        if record is None or record.salt != salt:
            return None
        if relative in read_at:
            return read_at[relative]
        path = output / relative
        seen = record.files.get(relative)
        if seen is None or _stat(path) != seen:
            return None
        try:
            data = path.read_bytes()
        except OSError:
            return None
        if _stat(path) != seen:  # changed while read
            return None
        read_at[relative] = data
        return data

    return read


def write(
    output: Path,
    fingerprint: str,
    written: Iterable[str],
    salt: str = "",
    pages: Mapping[str, str] | None = None,
    pages_count: int = 0,
    warnings: Iterable[str] = (),
    keys: Mapping[str, str] | None = None,
    ranks: Mapping[str, Mapping[str, int]] | None = None,
) -> None:
    """Record a finished build of ``written`` (paths in ``output``) for the next one."""
    files = {}
    for relative in (*written, MANIFEST):
        seen = _stat(output / relative)
        if seen is not None:
            files[relative] = seen
    record = {
        "format": FORMAT,
        "fingerprint": fingerprint,
        "files": files,
        "salt": salt,
        "pages": dict(pages or {}),
        "pages_count": pages_count,
        "warnings": list(warnings),
        "keys": dict(keys or {}),
        "ranks": {k: dict(v) for k, v in (ranks or {}).items()},
    }
    write_bytes(output / CACHE, json.dumps(record, sort_keys=True).encode(), durable=False)


def forget(output: Path) -> None:
    """Remove the cache (a build that failed leaves none behind)."""
    with contextlib.suppress(OSError):
        (output / CACHE).unlink()
