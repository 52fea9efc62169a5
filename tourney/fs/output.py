"""The one writer of the output folder (the built site).

``write_tree(folder, files)`` makes the folder hold exactly ``files``
(relative path -> bytes) as far as tourney is concerned:

- each file is written atomically (``tourney.fs.atomic.write_bytes``: a temp file
  renamed over the target), and only when its bytes changed, so a rebuild after
  one result rewrites a few files and ``rsync`` or git see only what changed;
- the files are not synced to disk one by one (data files are): the site is a
  build artefact, a reader still sees the old file or the new one, and after a
  power loss the next build rewrites whatever did not reach the disk (it
  compares bytes, not times); stale temp files are tidied once per folder;
- files tourney wrote before and no longer produces are removed; tourney
  knows them from ``.tourney-manifest``, so a file someone else put in the
  folder (a CNAME for GitHub Pages, say) is never touched;
- nothing is ever written or removed outside the folder: a path that is
  absolute, has ``..``, or leads through a symlink out of the folder is
  refused before anything is written.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Set
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from tourney import gcpause
from tourney.fs.atomic import remove_stale_temps_in, write_bytes

MANIFEST = ".tourney-manifest"
CACHE = ".tourney-cache.json"  # tourney.fs.build_cache's: never a file of the site


class UnsafePath(ValueError):
    """A relative path that would leave the output folder."""


@dataclass(frozen=True, slots=True)
class WriteReport:
    """What a write changed: files written, files left as they were, files removed."""

    written: tuple[str, ...]
    unchanged: int
    removed: tuple[str, ...]


def check_path(folder: Path, relative: str) -> Path:
    """The target of ``relative`` inside ``folder``; ``UnsafePath`` if it would leave it."""
    pure = PurePosixPath(relative)
    if (
        not relative
        or "\\" in relative
        or "\0" in relative
        or pure.is_absolute()
        or any(part in ("", ".", "..") for part in relative.split("/"))
        or relative in (MANIFEST, CACHE)
    ):
        raise UnsafePath(f"refusing to write '{relative}': not a plain relative path")
    target = folder / Path(*pure.parts)
    base = folder.resolve()
    try:
        target.resolve().relative_to(base)
    except ValueError:
        raise UnsafePath(f"refusing to write '{relative}': it leads out of {folder}") from None
    return target


def read_manifest(folder: Path) -> list[str]:
    try:
        text = (folder / MANIFEST).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [line for line in text.splitlines() if line]


def write_tree(
    folder: Path, files: Mapping[str, bytes], current: Set[str] = frozenset()
) -> WriteReport:
    """Write ``files`` into ``folder`` (created if needed), skipping unchanged files.
    ``current``: paths whose file is known to hold its bytes already (the build read
    them from it, ``tourney.fs.build_cache``), so they are not read again to compare."""
    # The rendering just made hundreds of thousands of objects: a cyclic collection
    # started here would walk them all while the user waits (tourney.gcpause).
    with gcpause.paused():
        return _write_tree(folder, files, current)


def _write_tree(folder: Path, files: Mapping[str, bytes], current: Set[str]) -> WriteReport:
    targets = {relative: check_path(folder, relative) for relative in sorted(files)}
    folder.mkdir(parents=True, exist_ok=True)
    manifest_path = folder / MANIFEST
    if not manifest_path.is_file():  # first: a build cut short still marks the folder as ours
        write_bytes(manifest_path, b"")
    written = []
    unchanged = 0
    tidied: set[Path] = set()
    for relative, target in targets.items():
        data = files[relative]
        if relative in current:
            unchanged += 1
            continue
        try:
            if target.is_file() and not target.is_symlink() and target.read_bytes() == data:
                unchanged += 1
                continue
        except OSError:
            pass
        if target.is_symlink():
            target.unlink()
        if target.parent not in tidied:
            tidied.add(target.parent)
            names = {t.name for t in targets.values() if t.parent == target.parent}
            remove_stale_temps_in(target.parent, names | {MANIFEST})
        write_bytes(target, data, durable=False, tidy=False)
        written.append(relative)
    removed = []
    for relative in read_manifest(folder):
        if relative in files:
            continue
        try:
            target = check_path(folder, relative)
        except UnsafePath:
            continue  # a tampered manifest never makes us delete outside the folder
        if target.is_file() or target.is_symlink():
            target.unlink()
            removed.append(relative)
            _prune(folder, target.parent)
    manifest = "".join(f"{relative}\n" for relative in sorted(files)).encode("utf-8")
    if manifest_path.read_bytes() != manifest:
        write_bytes(manifest_path, manifest)
    return WriteReport(tuple(written), unchanged, tuple(removed))


def _prune(folder: Path, directory: Path) -> None:
    """Remove folders left empty by removed files, up to (not including) ``folder``."""
    base = folder.resolve()
    current = directory
    while current.resolve() != base and current.resolve().is_relative_to(base):
        try:
            os.rmdir(current)
        except OSError:
            return
        current = current.parent
