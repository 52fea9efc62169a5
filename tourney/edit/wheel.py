"""The exact tourney a league repository runs: a wheel of the running tourney, carried in it.

A season must not change because a newer tourney was released (pairings,
tie-breaks, the site), so ``tourney init-repo`` puts a wheel of the tourney
that runs it under ``.tourney/`` and ``requirements.txt`` installs that file
(docs/git-workflow.md "Which tourney the repository runs"). ``tourney
upgrade-repo`` replaces it with the running one, on purpose, in a pull
request.

The wheel is assembled here from the modules the running tourney imports
(``tourney`` and ``site_templates``, the packages pyproject.toml lists) and
the installed distribution's metadata (or, run from a checkout that is not
installed under that name, its pyproject.toml), so it is the code that runs,
whether installed from a wheel or from a checkout. Zip entries carry a fixed
date: the same code gives a byte-identical wheel.

The distribution is ``tourney-chess`` (the name ``tourney`` on PyPI is another
project); the import package and the command stay ``tourney``. Repositories
made before the rename carry ``tourney-VERSION-py3-none-any.whl``:
``carried`` still finds it, so ``upgrade-repo`` replaces it.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import importlib.util
import io
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

from tourney import __version__

PACKAGES = ("tourney", "site_templates")  # pyproject.toml [tool.setuptools.packages.find]
DISTRIBUTION = "tourney-chess"  # pyproject.toml [project] name
_FILE_NAME = DISTRIBUTION.replace("-", "_")  # wheel and dist-info names (the wheel spec)
_OLD_FILE_NAME = "tourney"  # wheels carried before the rename to tourney-chess
CARRY_DIR = ".tourney"
_DATE = (2020, 1, 1, 0, 0, 0)  # a fixed zip date: the same code, the same bytes


@dataclass(frozen=True, slots=True)
class Wheel:
    """A built wheel: its file name and bytes."""

    name: str
    data: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def wheel_name(version: str = __version__) -> str:
    return f"{_FILE_NAME}-{version}-py3-none-any.whl"


def _package_files(package: str) -> list[tuple[str, Path]]:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return []
    root = Path(next(iter(spec.submodule_search_locations)))
    found = []
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        if not path.is_file() or path.suffix in (".pyc", ".pyo"):
            continue
        if any(part == "__pycache__" or part.startswith(".") for part in parts):
            continue
        found.append((f"{package}/{path.relative_to(root).as_posix()}", path))
    return found


def _source_metadata() -> tuple[list[str], str, str]:
    """Requirements, summary and Requires-Python from the checkout's pyproject.toml."""
    spec = importlib.util.find_spec("tourney")
    if spec is None or not spec.submodule_search_locations:
        return [], "", ""
    pyproject = Path(next(iter(spec.submodule_search_locations))).parent / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return [], "", ""
    if project.get("name") != DISTRIBUTION:
        return [], "", ""
    requires = list(project.get("dependencies", []))
    for extra, items in sorted(project.get("optional-dependencies", {}).items()):
        requires += [f'{item}; extra == "{extra}"' for item in items]
    return requires, project.get("description", ""), project.get("requires-python", "")


def _metadata() -> str:
    try:
        dist = importlib.metadata.distribution(DISTRIBUTION)
        meta = dist.metadata
        requires = dist.requires or []
        summary = (meta.get_all("Summary") or [""])[0]
        python = (meta.get_all("Requires-Python") or [""])[0]
    except importlib.metadata.PackageNotFoundError:  # a checkout, not installed by this name
        requires, summary, python = _source_metadata()
    lines = ["Metadata-Version: 2.1", f"Name: {DISTRIBUTION}", f"Version: {__version__}"]
    if summary:
        lines.append(f"Summary: {summary}")
    if python:
        lines.append(f"Requires-Python: {python}")
    extras = sorted({r.split('extra == "', 1)[1].rstrip('"') for r in requires if "extra ==" in r})
    lines += [f"Provides-Extra: {extra}" for extra in extras]
    lines += [f"Requires-Dist: {r}" for r in requires]
    return "\n".join(lines) + "\n"


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def build_wheel() -> Wheel:
    """A wheel of the running tourney (py3-none-any), byte-identical for the same code."""
    info = f"{_FILE_NAME}-{__version__}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for package in PACKAGES:
        entries += [(name, path.read_bytes()) for name, path in _package_files(package)]
    if not any(name.startswith("tourney/") for name, _ in entries):
        raise RuntimeError("the running tourney's modules were not found")
    entries.append((f"{info}/METADATA", _metadata().encode("utf-8")))
    wheel = "Wheel-Version: 1.0\nGenerator: tourney\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries.append((f"{info}/WHEEL", wheel.encode("utf-8")))
    scripts = "[console_scripts]\ntourney = tourney.cli:main\n"
    entries.append((f"{info}/entry_points.txt", scripts.encode("utf-8")))
    top = "\n".join(PACKAGES) + "\n"
    entries.append((f"{info}/top_level.txt", top.encode("utf-8")))
    record = [f"{name},{_record_hash(data)},{len(data)}" for name, data in entries]
    record.append(f"{info}/RECORD,,")
    entries.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode("utf-8")))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            item = zipfile.ZipInfo(name, _DATE)
            item.compress_type = zipfile.ZIP_DEFLATED
            item.external_attr = 0o644 << 16
            archive.writestr(item, data)
    return Wheel(wheel_name(), buffer.getvalue())


def carried(repo: Path) -> list[Path]:
    """The tourney wheels a repository carries under ``.tourney/`` (either name)."""
    folder = repo / CARRY_DIR
    if not folder.is_dir():
        return []
    return sorted({*folder.glob(f"{_FILE_NAME}-*.whl"), *folder.glob(f"{_OLD_FILE_NAME}-*.whl")})


def wheel_version(path: Path) -> str:
    """``0.1.0`` from ``tourney_chess-0.1.0-py3-none-any.whl``."""
    return path.name.split("-")[1] if path.name.count("-") >= 2 else "?"


def module_changes(old: bytes, new: bytes) -> tuple[list[str], list[str], list[str]]:
    """Files added, removed and changed between two wheels, from their RECORDs."""

    def record(data: bytes) -> dict[str, str]:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            name = next((n for n in archive.namelist() if n.endswith(".dist-info/RECORD")), "")
            if not name:
                return {n: hashlib.sha256(archive.read(n)).hexdigest() for n in archive.namelist()}
            rows = archive.read(name).decode("utf-8").splitlines()
        found = {}
        for row in rows:
            path, _, rest = row.partition(",")
            if ".dist-info/" not in path:
                found[path] = rest
        return found

    a, b = record(old), record(new)
    added = sorted(set(b) - set(a))
    removed = sorted(set(a) - set(b))
    changed = sorted(p for p in set(a) & set(b) if a[p] != b[p])
    return added, removed, changed
