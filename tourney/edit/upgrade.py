"""``tourney upgrade-repo``: move the tourney a league repository carries to the running one.

The repository runs the wheel under ``.tourney/`` that requirements.txt names
(``edit.wheel``). Upgrading writes the running tourney's wheel there, removes
the old one, points requirements.txt at the new file, and says what changes:
the version, the modules added, removed or changed, and, in words, whether
the pairing or the standings code moved (a season paired by one version and
finished by another should know). The sign-up form's list of open tournaments
is rewritten (``tourney.edit.signup_form``); the other scaffold files (Makefile,
workflows, dependabot.yml) that differ from this version's are named, not
overwritten.
"""

from __future__ import annotations

import hashlib
import io
import re
import zipfile
from pathlib import Path

from tourney.edit.scaffold import RepoOptions, plan, repo_files, signup_form, write_wheel
from tourney.edit.signup_form import FORM, describe
from tourney.edit.wheel import CARRY_DIR, build_wheel, carried, module_changes, wheel_version
from tourney.errors import Refused
from tourney.fs.atomic import write_text

_WHEEL_LINE = re.compile(
    rf"^(\./)?{re.escape(CARRY_DIR)}/tourney(?:_chess)?-[^/\s]+\.whl[ \t]*$", re.M
)

# What a changed module means for a season, first match wins.
_MEANING = (
    ("tourney/engine/pairing/", "pairing: rounds paired from now on may differ"),
    ("tourney/engine/teams/", "team pairing or line-ups may differ"),
    ("tourney/engine/tiebreaks/", "standings and tie-breaks may change"),
    ("tourney/engine/ratings/", "club ratings may change"),
    ("tourney/engine/", "scores or standings may change"),
    ("site_templates/", "the site looks different"),
    ("tourney/render/", "the site, PDFs or TRF files may change"),
    ("tourney/load/", "folders are read more strictly or accept more"),
)


def _refuse_links(folder: Path) -> None:
    """Nothing is read, written or deleted through a link (a pull request can carry one):
    ``.tourney``, requirements.txt or a carried wheel that is a link is refused."""
    for path in (folder / CARRY_DIR, folder / "requirements.txt", *carried(folder)):
        if path.is_symlink():
            raise Refused(
                f"{path} is a symbolic link; tourney writes and removes no wheel through one "
                "(it may have come with a pull request), so nothing was done. Replace it by "
                "the real file or folder (git log shows who added it) and run again"
            )


def _wheel_bytes(path: Path) -> bytes:
    """The carried wheel's bytes, refused unless it is a zip archive with a readable list."""
    data = path.read_bytes()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            archive.namelist()
    except zipfile.BadZipFile:
        raise Refused(
            f"{path} is not a wheel (not a zip archive), so nothing was done. Restore it from "
            "git, or remove it and run again to carry the running tourney"
        ) from None
    return data


def upgrade_repo(folder: Path, write: bool = True) -> list[str]:
    """Carry the running tourney in ``folder``; the lines that say what changed."""
    _refuse_links(folder)
    requirements = folder / "requirements.txt"
    if not requirements.is_file():
        raise Refused(f"{requirements} does not exist: run 'tourney init-repo {folder}' first")
    text = requirements.read_text(encoding="utf-8")
    if not _WHEEL_LINE.search(text):
        raise Refused(
            f"{requirements} does not install a wheel carried in {CARRY_DIR}/ (it names "
            "another source); change the version there, or replace its line by "
            f"./{CARRY_DIR}/<wheel> and run again"
        )
    new = build_wheel()
    old = carried(folder)
    lines: list[str] = []
    old_data = _wheel_bytes(old[0]) if len(old) == 1 else b""
    if old_data == new.data:
        lines.append(f"{folder / CARRY_DIR / new.name} is already the running tourney")
    else:
        before = f"{wheel_version(old[0])} (sha256 {_sha(old_data)})" if old_data else "none"
        lines.append(f"tourney {before} -> {_version(new.name)} (sha256 {new.sha256[:12]})")
        lines += _what_changed(old_data, new.data)
    updated = _WHEEL_LINE.sub(f"./{CARRY_DIR}/{new.name}", text, count=1)
    files = repo_files(RepoOptions())
    form = signup_form(folder)
    skipped = {"requirements.txt", *((FORM,) if form is not None and form.text else ())}
    _, _, different = plan(folder, {k: v for k, v in files.items() if k not in skipped})
    if form is not None and form.text is not None and form.stale:
        if write:
            write_text(form.path, form.text)
        lines.append(f"{'updated' if write else 'would update'} {form.path}: {describe(form)}")
    if write and old_data != new.data:
        path, removed = write_wheel(folder, new)
        lines.append(f"wrote {path}" + "".join(f"; removed {p.name}" for p in removed))
    elif old_data != new.data:
        lines.append(f"would write {folder / CARRY_DIR / new.name}")
    if updated != text:
        if write:
            write_text(requirements, updated)
        lines.append(f"{'updated' if write else 'would update'} {requirements}")
    for name in different:
        lines.append(
            f"note: {name} differs from what this tourney writes; "
            "'tourney init-repo --force' replaces it (review the diff)"
        )
    return lines


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def _version(name: str) -> str:
    return name.split("-")[1]


def _what_changed(old: bytes, new: bytes) -> list[str]:
    if not old:
        return ["no carried wheel before: the repository now runs this tourney"]
    try:
        added, removed, changed = module_changes(old, new)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as error:
        raise Refused(f"the carried wheel cannot be read ({error}); nothing was done") from None
    lines = [f"{len(changed)} file(s) changed, {len(added)} added, {len(removed)} removed"]
    meanings: list[str] = []
    for path in [*changed, *added, *removed]:
        for prefix, meaning in _MEANING:
            if path.startswith(prefix):
                if meaning not in meanings:
                    meanings.append(meaning)
                break
    lines += [f"  {m}" for m in meanings]
    if any(path.startswith("tourney/engine/pairing/") for path in [*changed, *added, *removed]):
        lines.append("  'tourney verify FOLDER' re-pairs the played rounds with the new version")
    shown = changed[:15]
    lines += [f"  changed {p}" for p in shown]
    if len(changed) > len(shown):
        lines.append(f"  ... and {len(changed) - len(shown)} more")
    return lines
