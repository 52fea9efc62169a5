"""``tourney serve``'s use case: build, serve on 127.0.0.1, rebuild on every saved change.

The folder is watched with watchdog; a burst of events (an editor writes a
file in several steps) is debounced into one rebuild. When the folder has
errors, the last good build keeps being served and every page shows the
current errors at the top; when they are fixed, the next build replaces it.
Pages reload themselves after a rebuild (a small script polls
``/__tourney/state``); the built files themselves stay exactly what
``tourney build`` writes.

Every build runs in the thread that called :func:`serve` (the main thread of
``tourney serve``); the HTTP server and the watcher only ask for one. So a
rebuild after a change is held to the same rendering guard as ``tourney build``:
a folder's own templates are stopped after ``TEMPLATE_SECONDS``
(:func:`tourney.app.build.render_time_limit` needs the main thread's alarm).
"""

from __future__ import annotations

import html
import json
import threading
import time
from collections.abc import Callable
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tourney.app.build import Built
from tourney.app.site import build
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
                built = build(self.folder, self.output, previous=self.last)
            except InvalidInput as error:
                self.errors = tuple(d.format() for d in error.errors)
                self.warnings = tuple(
                    d.format() for d in error.diagnostics if d.severity != "error"
                )
                self.build += 1
                return False
            except Exception as error:  # a bug must not stop the preview
                self.errors = (f"internal error: {error!r}",)
                self.warnings = ()
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
            body = json.dumps(
                {
                    "build": self.preview.build,
                    "errors": self.preview.errors,
                    "warnings": self.preview.warnings,
                }
            )
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


def serve(
    preview: Preview,
    port: int,
    report: Callable[[str, bool], object],
    ready: Callable[[int], object] | None = None,
    stop: threading.Event | None = None,
) -> None:
    """Build, serve ``preview.output`` on 127.0.0.1:``port`` and rebuild after each change,
    until ``stop`` is set or Ctrl-C.

    ``report(line, is_error)`` gets each message; ``ready(port)`` is called once the
    server listens (``port`` 0 picks a free one). The builds run in this thread.
    """
    stop = stop or threading.Event()
    wanted = threading.Event()

    def rebuild() -> None:
        ok = preview.rebuild()
        stamp = time.strftime("%H:%M:%S")
        if ok:
            report(f"[{stamp}] rebuilt", False)
        else:
            report(f"[{stamp}] {len(preview.errors)} error(s); serving the last good build", False)
        for line in preview.errors + preview.warnings:
            report(line, True)

    rebuild()
    server = make_server(preview, port)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    debouncer = Debouncer(wanted.set)
    observer = watch(preview, debouncer.poke)
    try:
        if ready is not None:
            ready(server.server_address[1])
        while not stop.is_set():
            if wanted.wait(timeout=0.1):
                wanted.clear()
                rebuild()
    finally:
        debouncer.cancel()
        observer.stop()
        observer.join(timeout=2)
        server.shutdown()
        server.server_close()


__all__ = ["STATE_URL", "Debouncer", "Preview", "make_server", "relevant", "serve", "watch"]
