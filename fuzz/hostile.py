"""Fuzz targets for a hostile pull request (issue 19, docs/security.md).

``hostile_case`` builds one attack on a fresh copy of a bundled example and
runs a command on it the way CI or a reviewer would (``check``, ``build``,
``standings``, ``pair``, ``result``, ``diff`` is covered by the tests). The
attack classes, one chosen per case:

- ``link``: a data file, a data folder or ``.tourney.lock`` replaced by a
  symbolic link (to a secret file outside the folder, to ``/dev/zero``, to a
  FIFO, dangling) or by a FIFO;
- ``output``: ``build -o``, ``export -o`` or ``pairing-engine -p`` aimed at a
  link, a FIFO or ``/dev/full``;
- ``template``: a folder template with a random Jinja escape attempt;
- ``markdown``: a page of random deeply nested brackets, lists and quotes;
- ``ident``: a long or odd id (reserved names, ``<>:"/\\|?*``, dots, spaces);
- ``number``: a huge or non-finite number in tournament.yaml or players.yaml;
- ``control``: control and direction characters in a name or a page;
- ``journal``: a forged ``.tourney-journal`` (a file, a link, entries naming
  ``.git/config``, ``../outside``, an absolute path, ``null``, or a data file),
  then ``check``, ``recover``, ``result``, ``pair`` or ``build``: a journal with any
  entry not tourney's restores nothing, and ``check`` always reports a journal;
- ``lookalike``: a player renamed to another's name in a second spelling (capitals,
  Cyrillic or Greek lookalike letters, full-width forms, a zero-width space): ``check``
  warns W270;
- ``heading``: a sign-up issue body with an HTML comment hiding a name, or a question
  asked twice: the hidden name is never added, a repeated question refused (E413);
- ``repo-link``: a league repository whose tournament (one or two levels down) is
  a link to a folder outside: ``build .`` refuses it (E261), nothing published.

The contract: the command ends with exit 0-3 within the time limit, never a
traceback; no secret's content reaches the output; no file outside the
folder is created, changed or replaced (the secret, the link targets, device
nodes); a refused command leaves the folder as it was; a build that succeeds
writes only inside its output folder and runs no template code.

``trf_columns_case`` shifts and overwrites the columns of TRF lines exported
from the bundled examples (no ``../shared`` needed).
"""

from __future__ import annotations

import os
import random
import shutil
import stat
from pathlib import Path

from fuzz.harness import (
    CASE_SECONDS,
    EXAMPLES,
    _run,
    check_diagnostics,
    line_counts,
    mutate_lines,
    time_limit,
)
from tourney.engine.evaluation import evaluate
from tourney.errors import InvalidInput
from tourney.load.folder import load_tournament
from tourney.load.trf import parse_trf
from tourney.render.trf.individual import write_trf

SECRET = "FUZZ-SECRET-7f3a"
MARKER = "PWNED-BY-TEMPLATE"
SMALL = ("club-championship", "swiss-open", "team-league")
DATA_FILES = ("tournament.yaml", "players.yaml", "rounds/01.yaml", "rounds/02.yaml",
              "pages/about.md", "teams.yaml", "rounds/01.why.txt", "final.yaml",
              "corrections.yaml", "locked.yaml", ".tourney.lock")  # fmt: skip
TEMPLATE_ATTACKS = (
    "{{ cycler.__init__.__globals__.os.popen('echo MARK > OUT').read() }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "{{ lipsum.__globals__['os'].system('touch OUT') }}",
    "{{ joiner.__init__.__globals__ }}",
    "{{ namespace.__init__.__globals__['os'].listdir('/') }}",
    "{{ self._TemplateReference__context }}",
    "{{ request|attr('application') }}",
    "{% for c in [].__class__.__base__.__subclasses__() %}{{ c }}{% endfor %}",
    "{{ config.items() }}",
    "{% include '/etc/passwd' %}",
    "{% include '../../secret.txt' %}",
    "{{ range(10**9)|list }}",
)
ID_PIECES = ("CON", "nul", "COM1", "lpt9.txt", "a/b", "a\\b", "a:b", "a*b", "a?b", '"', "<x>",
             "|", "..", ".", " lead", "trail ", "dot.", "é", "😀", "\u202e", "\x00", "\x1b[2J",
             "p1", "-", "=1+1", "@x", "+x")  # fmt: skip
NUMBERS = ("1" + "0" * 5000, "1.0e400", "-1.0e400", "9" * 19, "1" * 4301, "1e999", ".inf",
           "-.inf", ".nan", "0x" + "f" * 40, "1_000_000_000_000_000_000", "2.5e15", "1e15",
           "123456789012345678")  # fmt: skip
CONTROL = ("\x00", "\x07", "\x1b[31m", "\x1b]0;title\x07", "\r", "\u202e", "\u2066", "\u200f",
           "\x85", "\u2028", "\ufeff", "\x7f", "\x9b")  # fmt: skip


# -- scaffolding -----------------------------------------------------------------------------


def _fresh(rng: random.Random, scratch: Path, examples: tuple[str, ...] = SMALL) -> Path:
    """A new copy of an example under ``scratch`` (whatever the last case left is removed)."""
    for child in list(scratch.iterdir()):
        _remove(child)
    folder = scratch / "event"
    shutil.copytree(EXAMPLES / rng.choice(examples), folder)
    return folder


def _remove(path: Path) -> None:
    if path.is_symlink() or not path.is_dir():
        path.unlink(missing_ok=True)
    else:
        for child in list(path.iterdir()):
            _remove(child)
        path.rmdir()


def _state(path: Path) -> tuple[object, ...]:
    """What ``path`` is, without following a link: kind, size, bytes (for a small file)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return ("missing",)
    if stat.S_ISREG(info.st_mode):
        return ("file", path.read_bytes())
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    return ("other", stat.S_IFMT(info.st_mode), info.st_rdev)


def _tree(folder: Path) -> dict[str, tuple[object, ...]]:
    """Every entry under ``folder`` by relative path, links and FIFOs as themselves."""
    found = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            if name == ".tourney.lock" and path.is_file() and not path.is_symlink():
                continue  # a regular lock file comes and goes with each command
            found[path.relative_to(folder).as_posix()] = _state(path)
    return found


def _command(rng: random.Random, folder: Path, scratch: Path) -> list[str]:
    site = scratch / "site"
    choices = [
        ["check", str(folder)],
        ["check", str(folder)],
        ["standings", str(folder)],
        ["build", str(folder), "-o", str(site)],
        ["pair", str(folder)],
        ["result", str(folder), "1", "1", "1-0"],
        ["export", str(folder), "-o", str(scratch / "out.trf")],
    ]
    return rng.choice(choices)


def _run_checked(
    args: list[str], folder: Path, scratch: Path, outside: list[Path]
) -> tuple[int, str]:
    """Run; the common contract of every attack (see the module docstring)."""
    before_tree = _tree(folder)
    before_outside = {p: _state(p) for p in outside}
    with time_limit(CASE_SECONDS):
        code, output = _run(args)
    assert SECRET not in output, f"{args} printed the secret"
    for path, state in before_outside.items():
        assert _state(path) == state, f"{args} changed {path} outside the folder"
    assert not (scratch / "M").exists() and not Path("M").exists(), "a template ran code"
    if code != 0:
        after = _tree(folder)
        diff = sorted(
            k for k in set(before_tree) | set(after) if before_tree.get(k) != after.get(k)
        )
        assert diff == [], f"{args} failed (exit {code}) but changed {diff}"
    site = scratch / "site"
    if site.exists():
        for path in site.rglob("*"):
            assert path.resolve().is_relative_to(site.resolve()), path
            if path.is_file():
                data = path.read_bytes()
                assert SECRET.encode() not in data, f"the site published the secret: {path}"
                assert MARKER.encode() not in data and b"uid=" not in data, path
    return code, output


def _secret(scratch: Path) -> Path:
    path = scratch / "secret.txt"
    path.write_text(SECRET + "\n", encoding="utf-8")
    return path


# -- the attack classes ----------------------------------------------------------------------


def _link_attack(rng: random.Random, scratch: Path) -> str:
    folder = _fresh(rng, scratch)
    secret = _secret(scratch)
    victim = scratch / "victim.txt"
    fifo = scratch / "pipe"
    os.mkfifo(fifo)
    name = rng.choice((*DATA_FILES, "rounds", "pages", "templates", "templates/base.html"))
    target = folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_dir():
        shutil.rmtree(target)
    else:
        target.unlink(missing_ok=True)
    kind = rng.choice(("secret", "dev-zero", "fifo-link", "dangling", "fifo", "dir-link"))
    if kind == "secret":
        target.symlink_to(secret)
    elif kind == "dev-zero":
        target.symlink_to("/dev/zero")
    elif kind == "fifo-link":
        target.symlink_to(fifo)
    elif kind == "dangling":
        target.symlink_to(victim)
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to(scratch)
    args = _command(rng, folder, scratch)
    code, _ = _run_checked(args, folder, scratch, [secret, victim, fifo, Path("/dev/zero")])
    if args[0] in ("check", "standings", "build", "export"):
        assert code != 0, f"{args}: {kind} at {name} was accepted"
    return f"link {args[0]}: exit {code}"


def _output_attack(rng: random.Random, scratch: Path) -> str:
    folder = _fresh(rng, scratch, ("swiss-open", "club-championship"))
    victim = scratch / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    fifo = scratch / "pipe"
    os.mkfifo(fifo)
    link = scratch / "link"
    kind = rng.choice(("link", "fifo", "dev-full", "dangling", "foreign-dir"))
    if kind == "link":
        link.symlink_to(victim)
        out = link
    elif kind == "dangling":
        link.symlink_to(scratch / "created-through-link")
        out = link
    elif kind == "fifo":
        out = fifo
    elif kind == "dev-full":
        out = Path("/dev/full")
    else:
        out = scratch / "home"
        out.mkdir()
        (out / "index.html").write_text("mine\n", encoding="utf-8")
    trf = scratch / "in.trf"
    trf.write_text(write_trf(evaluate(load_tournament(folder)), "trf26"), encoding="utf-8")
    command = rng.choice(("build", "export", "pairing-engine"))
    if command == "build":
        args = ["build", str(folder), "-o", str(out)]
    elif command == "export":
        args = ["export", str(folder), "-o", str(out)]
    else:
        args = ["pairing-engine", "--dutch", str(trf), "-p", str(out)]
    watched = [victim, fifo, link, Path("/dev/full"), scratch / "created-through-link"]
    if kind == "foreign-dir":
        watched.append(out / "index.html")
    code, _ = _run_checked(args, folder, scratch, watched)
    assert code != 0, f"{args} wrote onto a {kind}"
    return f"output {kind}: exit {code}"


def _template_attack(rng: random.Random, scratch: Path) -> str:
    folder = _fresh(rng, scratch, ("club-championship",))
    _secret(scratch)
    attack = rng.choice(TEMPLATE_ATTACKS).replace("MARK", MARKER).replace("OUT", str(scratch / "M"))
    templates = folder / "templates"
    templates.mkdir(exist_ok=True)
    name = rng.choice(("base.html", "standings.html", "pdf/standings.html", "evil.html"))
    (templates / name).parent.mkdir(parents=True, exist_ok=True)
    base = (EXAMPLES.parent / "site_templates" / "base.html").read_text(encoding="utf-8")
    text = rng.choice((attack, base + attack, attack + base))
    (templates / name).write_text(text, encoding="utf-8")
    code, _ = _run_checked(["build", str(folder), "-o", str(scratch / "site")], folder, scratch, [])
    return f"template: exit {code}"


def _nested(rng: random.Random) -> str:
    pieces = []
    for _ in range(rng.randint(1, 6)):
        depth = rng.choice((3, 15, 16, 17, 40, 700, 5000))
        style = rng.randrange(6)
        if style == 0:
            pieces.append("[" * depth + "x" + "]" * depth)
        elif style == 1:
            pieces.append("\n".join("  " * i + "- x" for i in range(min(depth, 3000))))
        elif style == 2:
            pieces.append("- " * depth + "x")
        elif style == 3:
            pieces.append(">" * depth + " x")
        elif style == 4:
            pieces.append("[a](" * depth + "b" + ")" * depth)
        else:
            pieces.append("".join(rng.choice("[]()<>{}*_`!\\") for _ in range(depth)))
    return "\n\n".join(pieces)


def _markdown_attack(rng: random.Random, scratch: Path) -> str:
    folder = _fresh(rng, scratch, ("swiss-open",))
    (folder / "pages" / "news.md").write_text("# News\n\n" + _nested(rng), encoding="utf-8")
    args = rng.choice((["check", str(folder)], ["build", str(folder), "-o", str(scratch / "site")]))
    code, _ = _run_checked(args, folder, scratch, [])
    return f"markdown {args[0]}: exit {code}"


def _yaml_quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'


def _ident_attack(rng: random.Random, scratch: Path) -> str:
    folder = _fresh(rng, scratch, ("swiss-open",))
    ident = "".join(rng.choice(ID_PIECES) for _ in range(rng.randint(1, 4)))
    ident += "x" * rng.choice((0, 0, 50, 60, 64, 65, 117, 300))
    players = folder / "players.yaml"
    text = players.read_text(encoding="utf-8").replace("id: p01,", f"id: {_yaml_quoted(ident)},", 1)
    players.write_text(text, encoding="utf-8")
    for path in (folder / "rounds").glob("*.yaml"):
        rounds = path.read_text(encoding="utf-8").replace(": p01,", f": {_yaml_quoted(ident)},")
        path.write_text(rounds, encoding="utf-8")
    args = rng.choice((["check", str(folder)], ["build", str(folder), "-o", str(scratch / "site")]))
    code, output = _run_checked(args, folder, scratch, [])
    if code == 1 and args[0] == "check":
        assert "players.yaml:" in output, output[-400:]
    return f"ident {args[0]}: exit {code}"


def _number_attack(rng: random.Random, scratch: Path) -> str:
    folder = _fresh(rng, scratch, ("swiss-open",))
    number = rng.choice(NUMBERS)
    edits = (
        ("tournament.yaml", "rounds: 7", f"rounds: {number}"),
        ("tournament.yaml", "win: 1", f"win: {number}"),
        ("tournament.yaml", "draw: 0.5", f"draw: {number}"),
        ("players.yaml", "rating: 2430", f"rating: {number}"),
        ("players.yaml", "start: 1}", f"start: {number}}}"),
        ("players.yaml", "fide_id: 1000100", f"fide_id: {number}"),
        ("rounds/01.yaml", "round: 1", f"round: {number}"),
    )
    name, old, new = rng.choice(edits)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    args = rng.choice((["check", str(folder)], ["standings", str(folder)]))
    code, _ = _run_checked(args, folder, scratch, [])
    return f"number {args[0]}: exit {code}"


def _control_attack(rng: random.Random, scratch: Path) -> str:
    folder = _fresh(rng, scratch, ("swiss-open",))
    char = rng.choice(CONTROL)
    where = rng.randrange(3)
    if where == 0:
        players = folder / "players.yaml"
        name = f"Dek{char}ker, Sofie"
        text = players.read_text(encoding="utf-8")
        players.write_text(text.replace('"Dekker, Sofie"', _yaml_quoted(name), 1), "utf-8")
    elif where == 1:
        (folder / "pages" / "news.md").write_text(f"# News{char}\n\nText {char} here\n", "utf-8")
    else:
        settings = folder / "tournament.yaml"
        text = settings.read_text(encoding="utf-8")
        settings.write_text(text.replace("name: ", f"name: {_yaml_quoted(char)} #", 1), "utf-8")
    args = rng.choice((["check", str(folder)], ["standings", str(folder)]))
    code, output = _run_checked(args, folder, scratch, [])
    assert "\x1b" not in output and "\u202e" not in output and "\x00" not in output, repr(output)
    return f"control {args[0]}: exit {code}"


# -- issue 31: journals, lookalike names, repeated headings, links in a repository ---------

JOURNAL_PATHS = ('".git/config"', '"../outside.txt"', '"/tmp/abs.txt"', "null", "7",
                 '"Makefile"', '"rounds/../../outside.txt"', '"players.yaml"',
                 '"rounds/09.yaml"')  # fmt: skip
LOOKALIKES = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "i": "\u0456", "c": "\u0441",
              "p": "\u0440", "k": "\u03ba", "v": "\u03bd"}  # fmt: skip


def _journal_attack(rng: random.Random, scratch: Path) -> str:
    folder = _fresh(rng, scratch, ("swiss-open", "club-championship"))
    outside = scratch / "outside.txt"
    outside.write_text("outside\n", encoding="utf-8")
    git = folder / ".git"
    git.mkdir()
    (git / "config").write_text("[core]\n", encoding="utf-8")
    (git / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    journal = folder / ".tourney-journal"
    kind = rng.choice(("file", "link", "entries", "entries", "entries"))
    ours = True
    if kind == "file":
        journal.write_text(rng.choice(("", "x", '{"path": "players.yaml"}\n')), "utf-8")
        ours = False
    elif kind == "link":
        journal.symlink_to(scratch)
        ours = False
    else:
        journal.mkdir()
        for index in range(rng.randint(1, 3)):
            path = rng.choice(JOURNAL_PATHS)
            existed = rng.choice(("true", "false", '"yes"'))
            head = rng.choice((f'{{"path": {path}, "existed": {existed}}}', "{}", "[1]", "x"))
            name = rng.choice((f"{index:05d}", f"{index:05d}", "notes"))
            ours = ours and name != "notes" and head.startswith('{"path": "')
            ours = ours and existed != '"yes"' and path in ('"players.yaml"', '"rounds/09.yaml"')
            (journal / name).write_bytes(head.encode() + b"\nplayers: []\n")
    commands = (["check", str(folder)], ["recover", str(folder)],
                ["result", str(folder), "1", "1", "1-0"], ["pair", str(folder)],
                ["build", str(folder), "-o", str(scratch / "site")])  # fmt: skip
    args = rng.choice(commands)
    guarded = [outside, git / "config", git / "HEAD", Path("/tmp/abs.txt")]
    code, output = _run_checked(args, folder, scratch, guarded)
    if args[0] == "check":
        assert code == 1 and ("E207" in output or "E260" in output), output[-400:]
    if args[0] in ("result", "pair", "build"):
        assert code == 3, f"{args}: a journal was ignored"
    if args[0] == "recover" and not ours:
        assert code == 3 and "nothing was restored" in output, output[-400:]
    return f"journal {args[0]}: exit {code}"


def _lookalike_attack(rng: random.Random, scratch: Path) -> str:
    folder = _fresh(rng, scratch, ("club-championship",))
    players = folder / "players.yaml"
    text = players.read_text(encoding="utf-8")
    original = "Willems, Koen"
    spelling = rng.choice(("same", "case", "script", "wide", "invisible"))
    if spelling == "same":
        twin = original
    elif spelling == "case":
        twin = original.upper()
    elif spelling == "script":
        letters = [i for i, c in enumerate(original) if c.lower() in LOOKALIKES]
        at = rng.choice(letters)
        twin = original[:at] + LOOKALIKES[original[at].lower()] + original[at + 1 :]
    elif spelling == "wide":
        twin = "".join(chr(ord(c) + 0xFEE0) if c.isalpha() and rng.random() < 0.5 else c
                       for c in original)  # fmt: skip
    else:
        twin = original.replace(", ", ",\u200b ")
    players.write_text(text.replace('"Meijer, Giulia"', _yaml_quoted(twin), 1), "utf-8")
    code, output = _run_checked(["check", str(folder)], folder, scratch, [])
    assert "W270" in output and "c1, 'Willems, Koen'" in output, (spelling, output[-400:])
    return f"lookalike check: exit {code}"


SIGNUP = ("### Tournament\n\nevent\n\n### Name\n\nOlsen, Kari\n\n"
          "### FIDE rating\n\n2098\n\n### Club\n\nSK Bergen\n")  # fmt: skip


def _heading_attack(rng: random.Random, scratch: Path) -> str:
    folder = _fresh(rng, scratch, ("club-championship",))
    shutil.rmtree(folder / "rounds", ignore_errors=True)  # nothing paired: it takes sign-ups
    hidden = "\n### Name\n\nMallory, Eve\n"
    where = rng.choice(("### FIDE rating", "### Club", "### Name"))
    how = rng.choice(("comment", "unclosed", "repeated", "inline"))
    if how == "comment":
        body = SIGNUP.replace(where, f"<!--{hidden}-->\n{where}")
    elif how == "unclosed":
        body = SIGNUP + f"<!--{hidden}"
    elif how == "repeated":
        body = SIGNUP.replace(where, f"{hidden}\n{where}")
    else:
        body = SIGNUP.replace("Olsen, Kari", "Olsen, <!-- Mallory, Eve -->Kari")
    form = scratch / "form.md"
    form.write_text(body, encoding="utf-8")
    args = ["signup", str(folder), "--from", str(form)]
    code, output = _run_checked(args, folder, scratch, [form])
    added = (folder / "players.yaml").read_text(encoding="utf-8")
    assert "Mallory" not in added, f"{how}: the hidden name was added"
    if how == "repeated":
        assert code != 0 and "E413" in output, output[-400:]
    else:
        assert code == 0 and "Olsen, Kari" in added, (how, output[-400:])
    return f"heading signup: exit {code}"


def _repo_link_attack(rng: random.Random, scratch: Path) -> str:
    for child in list(scratch.iterdir()):
        _remove(child)
    outside = scratch / "outside"
    shutil.copytree(EXAMPLES / "club-championship", outside)
    settings = outside / "tournament.yaml"
    settings.write_text(
        settings.read_text("utf-8").replace("name: ", f"name: {SECRET} ", 1), "utf-8"
    )
    repo = scratch / "league"
    shutil.copytree(EXAMPLES / "swiss-open", repo / "open")
    link = rng.choice(("linked", "season/linked"))
    (repo / link).parent.mkdir(parents=True, exist_ok=True)
    (repo / link).symlink_to(outside)
    args = ["build", str(repo), "-o", str(scratch / "site")]
    code, output = _run_checked(args, repo, scratch, [settings])
    assert code == 1 and "E261" in output, output[-400:]
    assert not (scratch / "site").exists()
    return f"repo-link build: exit {code}"


ATTACKS = {
    "journal": _journal_attack,
    "lookalike": _lookalike_attack,
    "heading": _heading_attack,
    "repo-link": _repo_link_attack,
    "link": _link_attack,
    "output": _output_attack,
    "template": _template_attack,
    "markdown": _markdown_attack,
    "ident": _ident_attack,
    "number": _number_attack,
    "control": _control_attack,
}


def hostile_case(rng: random.Random, scratch: Path) -> str:
    """One attack of a random class (see the module docstring)."""
    return ATTACKS[rng.choice(sorted(ATTACKS))](rng, scratch)


# -- TRF columns, from the bundled examples --------------------------------------------------


def example_trfs() -> list[list[str]]:
    """TRF-2026 and TRF16 lines of every bundled tournament (no reference data needed)."""
    out = []
    for name in ("swiss-open", "club-championship", "team-league"):
        t = load_tournament(EXAMPLES / name)
        for version in ("trf26", "trf16"):
            out.append(write_trf(evaluate(t), version).split("\r\n"))  # type: ignore[arg-type]
    return out


_TRFS: list[list[str]] = []


def trf_columns_case(rng: random.Random, scratch: Path) -> str:
    """Lines of an exported TRF with columns shifted, overwritten or cut: model or diagnostics."""
    if not _TRFS:
        _TRFS.extend(example_trfs())
    lines = list(rng.choice(_TRFS))
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        line = lines[i]
        at = rng.randrange(len(line) + 1)
        op = rng.randrange(4)
        if op == 0:  # a stray blank or a missing one: every later column moves
            lines[i] = line[:at] + " " * rng.randint(1, 3) + line[at:]
        elif op == 1:
            lines[i] = line[:at] + line[at + rng.randint(1, 3) :]
        elif op == 2:
            width = rng.randint(1, 8)
            fill = "".join(rng.choice("0123456789 -+=.wbWBHUFZ") for _ in range(width))
            lines[i] = line[:at] + fill + line[at + width :]
        else:
            lines = mutate_lines(rng, lines, [], ("\t", "  ", "0000", "9999", "\u202e", "\x00"))
    data = "\r\n".join(lines).encode("utf-8")
    with time_limit(CASE_SECONDS):
        try:
            parse_trf(data, "columns.trf")
        except InvalidInput as error:
            check_diagnostics(error.diagnostics, line_counts({"columns.trf": data}))
            return "diagnostics"
    return "model"
