"""The files a change touches that ``tourney diff`` does not compare as tournament data.

A reviewer of a pull request reads ``tourney diff``; results, pairings and
players are compared by meaning (``tourney.review.changes``). Everything else
a pull request may carry must still be seen (docs/security.md): templates and
pages (they are published), any other file, and every symbolic link, submodule
or special file, whatever its name (the loader refuses those; a reviewer must
see them before CI does anything with the folder).

Each version is listed as path -> (mode, object id) with git's own modes;
the working tree is hashed as git would hash it, so an unchanged file is equal.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from tourney.fs.journal import DATA_FILES

# The data files, read by the loader and compared by meaning in tourney.review.changes,
# are the ones a journal may name: one list (tourney.fs.journal).
_ROUND_FILE = re.compile(r"(?:.*/)?rounds/\d{1,2}(?:\.ya?ml|\.why\.txt)")
REGULAR = ("100644", "100755")
LOCK_FILE = ".tourney.lock"
MODE_WORDS = {"120000": "symbolic link", "160000": "submodule", "040000": "folder"}

Listing = dict[str, tuple[str, str]]  # path -> (git mode, object id)


@dataclass(frozen=True, slots=True)
class FileChange:
    """One file outside the compared data: ``added``, ``removed`` or ``changed``, and what it is."""

    path: str
    change: str
    what: str  # "template", "page", "file", or "symbolic link" (refused), ...

    def text(self) -> str:
        refused = "" if self.what in ("template", "page", "file") else " (tourney refuses it)"
        return f"{self.path}: {self.what} {self.change}{refused}"


# The files that say which tourney is installed and how it runs (docs/security.md "The
# review"): CI reviews a pull request with the base commit's, never with these.
TOOLS = ("Makefile", "requirements.txt", ".tourney", ".tourney/", ".github/workflows/")


def is_tool(relative: str) -> bool:
    """A file of the repository's top that installs or runs tourney (``TOOLS``)."""
    return relative in TOOLS or relative.startswith(tuple(t for t in TOOLS if t.endswith("/")))


def is_data(relative: str) -> bool:
    name = PurePosixPath(relative).name
    return name in DATA_FILES or _ROUND_FILE.fullmatch(relative) is not None


def _what(relative: str, mode: str) -> str:
    if mode not in REGULAR:
        return MODE_WORDS.get(mode, "special file")
    parts = PurePosixPath(relative).parts
    if "templates" in parts:
        return "template"
    if "pages" in parts:
        return "page"
    return "file"


def ls_tree_records(listing: bytes) -> Iterator[tuple[str, str, str, str]]:
    """``git ls-tree -z`` output as (mode, kind, object id, path) per entry."""
    for record in listing.split(b"\0"):
        if not record:
            continue
        meta, _, raw = record.partition(b"\t")
        mode, kind, obj = meta.decode().split()
        yield mode, kind, obj, raw.decode("utf-8", "surrogateescape")


def parse_ls_tree(listing: bytes, prefix: str) -> Listing:
    """``git ls-tree -r -z`` output as path (relative to ``prefix``) -> (mode, object id)."""
    start = f"{prefix}/" if prefix else ""
    return {
        name[len(start) :]: (mode, obj)
        for mode, _kind, obj, name in ls_tree_records(listing)
        if name.startswith(start)
    }


def _blob_id(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def working_tree(folder: Path, names: list[str]) -> Listing:
    """The files ``names`` (relative to ``folder``) as git would list them, read without links."""
    found: Listing = {}
    for name in names:
        path = folder / name
        try:
            info = os.lstat(path)
        except OSError:
            continue
        if stat.S_ISLNK(info.st_mode):
            found[name] = ("120000", _blob_id(os.fsencode(os.readlink(path))))
        elif stat.S_ISREG(info.st_mode):
            try:
                data = path.read_bytes() if info.st_size <= 64 * 1024 * 1024 else b""
            except OSError:
                data = b""
            mode = "100755" if info.st_mode & 0o111 else "100644"
            found[name] = (mode, _blob_id(data))
        elif stat.S_ISDIR(info.st_mode):
            continue
        else:
            found[name] = ("special", "")
    return found


def special_in_tree(folder: Path) -> list[str]:
    """Links and special files in the working tree under ``folder`` (``.git`` not looked into)."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in [*files, *dirs]:
            path = Path(root) / name
            mode = os.lstat(path).st_mode
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                found.append(path.relative_to(folder).as_posix())
    return sorted(found)


def compare(old: Listing, new: Listing) -> list[FileChange]:
    """Every path whose version differs and that is not plain data of the loader.

    A regular ``.tourney.lock`` is a command at work, not a change; a link there is listed.
    """
    changes = []
    for path in sorted(set(old) | set(new)):
        if path == LOCK_FILE and new.get(path, REGULAR)[0] in REGULAR:
            continue
        before, after = old.get(path), new.get(path)
        if before == after:
            continue
        mode = (after or before or ("", ""))[0]
        if is_data(path) and mode in REGULAR and (before is None or before[0] in REGULAR):
            continue
        change = "added" if before is None else "removed" if after is None else "changed"
        changes.append(FileChange(path, change, _what(path, mode)))
    return changes
