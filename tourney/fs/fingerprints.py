"""Content fingerprints of generated files, kept in one JSON file beside them.

A build that turns a source (a document's HTML, a page's inputs) into an
output file (a PDF) asks ``Fingerprints.fresh`` whether the file on disk is
still the one made from that same source, and skips the costly step when it
is. What makes that safe between processes and never stale:

- the key is a hash of the source *and* a salt the caller gives (the tourney
  version, the renderer's version), so an upgrade redoes everything;
- the store also keeps a hash of the output bytes it recorded, and a file is
  fresh only when its bytes still hash to that (a file edited, restored from
  an older build or half-written by another program is made again);
- ``save`` writes the store atomically after the outputs; a build killed in
  between leaves the old store, whose source hashes no longer match, so the
  next build makes those files again.

Nothing here knows tournaments: ``tourney.app.print`` uses it for the PDFs of
``build --pdf`` (docs/printing.md), and any other build cache may.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tourney.fs.atomic import write_bytes

FORMAT = 2  # the store's own layout; version 1 kept the source hash alone


def digest(data: bytes | str) -> str:
    """The SHA-256 of ``data`` (text as UTF-8), in hex."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return hashlib.sha256(raw).hexdigest()


class Fingerprints:
    """The fingerprints in ``path`` (a JSON file), for outputs made under ``salt``.

    A store written under another salt or format is ignored as a whole.
    """

    def __init__(self, path: Path, salt: str) -> None:
        self.path = path
        self.salt = salt
        self._stored = self._read()
        self._entries = dict(self._stored)

    def _read(self) -> dict[str, tuple[str, str]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return {}
        if data.get("salt") != self.salt or not isinstance(data.get("files"), dict):
            return {}
        out = {}
        for name, entry in data["files"].items():
            if (
                isinstance(entry, list)
                and len(entry) == 2
                and all(isinstance(e, str) for e in entry)
            ):
                out[str(name)] = (entry[0], entry[1])
        return out

    def source_key(self, source: bytes | str) -> str:
        """The fingerprint of a source under this store's salt."""
        raw = source.encode("utf-8") if isinstance(source, str) else source
        return digest(self.salt.encode("utf-8") + b"\0" + raw)

    def fresh(self, name: str, key: str, target: Path) -> bool:
        """Whether ``target`` holds the bytes recorded for ``name`` made from source ``key``."""
        entry = self._entries.get(name)
        if entry is None or entry[0] != key:
            return False
        try:
            return digest(target.read_bytes()) == entry[1]
        except OSError:
            return False

    def record(self, name: str, key: str, output: bytes) -> None:
        """``name`` now holds ``output``, made from source ``key``."""
        self._entries[name] = (key, digest(output))

    def save(self) -> bool:
        """Write the store when it changed (atomically); whether it was written."""
        if self._entries == self._stored and self.path.is_file():
            return False
        files = {name: list(entry) for name, entry in sorted(self._entries.items())}
        payload = json.dumps(
            {"format": FORMAT, "salt": self.salt, "files": files}, indent=1, sort_keys=True
        )
        write_bytes(self.path, (payload + "\n").encode("utf-8"))
        self._stored = dict(self._entries)
        return True
