"""``tourney serve [DIR]``: build, serve on 127.0.0.1, rebuild on every saved change.

The folder is watched with watchdog; a burst of events (an editor writes a
file in several steps) is debounced into one rebuild. When the folder has
errors, the last good build keeps being served and every page shows the
current errors at the top; when they are fixed, the next build replaces it.
Pages reload themselves after a rebuild (a small script polls
``/__tourney/state``); the built files themselves stay exactly what
``tourney build`` writes.
"""

from __future__ import annotations

import html
import json
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import click

from tourney.app.build import Built, build_site, check_output
from tourney.errors import InvalidInput

STATE_URL = "/__tourney/state"
IGNORED_SUFFIXES = (".swp", ".swx", ".tmp", "~", ".pyc")

_RELOAD = """<script>(function(){var v=%d;setInterval(function(){fetch("%s").then(function(r){
return r.json()}).then(function(s){if(s.build!==v){location.reload()}}).catch(function(){})},1000)})();
</script>"""


class Preview:
    """The state of a preview: the folder, the output, the build count and current errors."""

    def __init__(self, folder: Path, output: Path) -> None:
        self.folder = folder
        self.output = output
        self.build = 0
        self.errors: tuple[str, ...] = ()
        self.warnings: tuple[str, ...] = ()
        self.good = False
        self.lock = threading.Lock()
        self.last: Built | None = None  # the last good build, which the next one starts from

    def rebuild(self) -> bool:
        """Build once; on errors keep the last good output and remember the errors."""
        with self.lock:
            try:
                built = build_site(self.folder, self.output, previous=self.last)
            except InvalidInput as error:
                self.errors = tuple(d.format() for d in error.diagnostics)
                self.build += 1
                return False
            except Exception as error:  # a bug must not stop the preview
                self.errors = (f"internal error: {error!r}",)
                self.build += 1
                return False
            self.errors = ()
            self.last = built
            self.warnings = tuple(d.format() for d in built.warnings)
            self.good = True
            self.build += 1
            return True

    def banner(self) -> str:
        """The box of current errors every page shows (empty when there are none)."""
        if not self.errors:
            return ""
        items = "".join(f"<li><pre>{html.escape(e)}</pre></li>" for e in self.errors)
        note = "showing the last good build" if self.good else "nothing could be built yet"
        return (
            '<aside role="alert" style="background:#fde8e8;color:#611;border:2px solid #b33;'
            'padding:.5rem 1rem;margin:0;font-family:monospace">'
            f"<strong>tourney: {len(self.errors)} error(s); {note}</strong><ul>{items}</ul></aside>"
        )

    def decorate(self, page: bytes) -> bytes:
        """A built page with the error box after ``<body>`` and the reload script before ``</body>``."""
        text = page.decode("utf-8", errors="replace")
        box = self.banner()
        if box:
            text = text.replace("<body>", "<body>" + box, 1)
        script = _RELOAD % (self.build, STATE_URL)
        text = text.replace("</body>", script + "</body>", 1)
        return text.encode("utf-8")


class _Handler(SimpleHTTPRequestHandler):
    preview: Preview

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path == STATE_URL:
            body = json.dumps({"build": self.preview.build, "errors": self.preview.errors})
            self._send(200, "application/json", body.encode("utf-8"))
            return
        target = Path(self.translate_path(path))
        if target.is_dir():
            target = target / "index.html"
        if target.suffix == ".html" and target.is_file():
            self._send(200, "text/html; charset=utf-8", self.preview.decorate(target.read_bytes()))
            return
        if not self.preview.good and path in ("/", "/index.html"):
            page = b"<!doctype html><html><head><meta charset='utf-8'><title>tourney</title>"
            page += b"</head><body></body></html>"
            self._send(200, "text/html; charset=utf-8", self.preview.decorate(page))
            return
        super().do_GET()

    def _send(self, status: int, kind: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)


def make_server(preview: Preview, port: int) -> ThreadingHTTPServer:
    handler = type("Handler", (_Handler,), {"preview": preview})
    return ThreadingHTTPServer(("127.0.0.1", port), partial(handler, directory=str(preview.output)))


class Debouncer:
    """Calls ``action`` once, ``delay`` seconds after the last of a burst of ``poke`` calls."""

    def __init__(self, action: Callable[[], object], delay: float = 0.3) -> None:
        self.action = action
        self.delay = delay
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()

    def poke(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = threading.Timer(self.delay, self.action)
            self._timer.daemon = True
            self._timer.start()

    def cancel(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()


def relevant(path: str, folder: Path, output: Path) -> bool:
    """Whether a changed path should trigger a rebuild (not the output, not editor debris)."""
    if not path:
        return False
    changed = Path(path).resolve()
    try:
        changed.relative_to(output.resolve())
        return False
    except ValueError:
        pass
    try:
        parts = changed.relative_to(folder.resolve()).parts
    except ValueError:
        return False
    if any(part.startswith(".") or part == "__pycache__" for part in parts):
        return False
    return not changed.name.endswith(IGNORED_SUFFIXES)


def watch(preview: Preview, on_change: Callable[[], None]) -> Any:
    """Start a watchdog observer on the folder; returns it (call ``stop()`` and ``join()``)."""
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer

    class _Events(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            if event.event_type in ("opened", "closed_no_write"):
                return
            paths = [str(event.src_path), str(getattr(event, "dest_path", "") or "")]
            if any(relevant(p, preview.folder, preview.output) for p in paths):
                on_change()

    observer = Observer()
    observer.schedule(_Events(), str(preview.folder), recursive=True)
    observer.daemon = True
    observer.start()
    return observer


@click.command("serve")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
@click.option("-p", "--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="Build into this folder (default: a temporary folder, removed on exit).",
)
def command(folder: Path, port: int, output: Path | None) -> None:
    """Preview the site on 127.0.0.1, rebuilding on every saved change."""
    temporary = output is None
    out = Path(tempfile.mkdtemp(prefix="tourney-site-")) if output is None else output
    problem = check_output(folder, out)
    if problem is not None:
        raise click.UsageError(problem)
    preview = Preview(folder, out)

    def rebuild() -> None:
        ok = preview.rebuild()
        stamp = time.strftime("%H:%M:%S")
        if ok:
            click.echo(f"[{stamp}] rebuilt")
        else:
            click.echo(f"[{stamp}] {len(preview.errors)} error(s); serving the last good build")
            for line in preview.errors:
                click.echo(line, err=True)

    rebuild()
    server = make_server(preview, port)
    debouncer = Debouncer(rebuild)
    observer = watch(preview, debouncer.poke)
    bound = server.server_address[1]
    click.echo(f"Serving {folder} on http://127.0.0.1:{bound}/ (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        debouncer.cancel()
        observer.stop()
        observer.join(timeout=2)
        server.server_close()
        if temporary:
            shutil.rmtree(out, ignore_errors=True)


__all__ = ["Debouncer", "Preview", "command", "make_server", "relevant", "watch"]
