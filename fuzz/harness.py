"""Fuzz targets shared by the short campaign (tests/test_fuzz_*.py) and ``fuzz/run.py``.

Each target takes a ``random.Random`` and a scratch folder, makes one input
(a mutated reference TRF, a mutated file of a bundled example, an edit
request on a mutated round file, a ``tourney pair`` on a mutated folder), runs
the reader or writer under a time limit and checks the contract of
docs/robustness.md:

- the outcome is a model, or ``InvalidInput`` whose diagnostics name a file
  and a line inside it (a ``Refused`` or a usage error for commands); any
  other exception, or a case running past the time limit, is a failure;
- a command that fails leaves every file of the folder as it was; one that
  succeeds changes only what it says (one line of one round file for
  ``tourney result``; never a round that holds a result for ``tourney pair``).

A case is fully determined by the state of the ``Random`` it is given, so
``fuzz/run.py --replay TARGET:SEED:INDEX`` repeats a failure exactly.
"""

from __future__ import annotations

import collections
import contextlib
import difflib
import functools
import random
import shutil
import signal
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from click.testing import CliRunner

from tourney.app.folder import validate
from tourney.cli import cli
from tourney.engine.evaluation import evaluate
from tourney.errors import Diagnostic, InvalidInput, TourneyError
from tourney.load.folder import load_tournament
from tourney.load.trf import parse_trf
from tourney.model import Tournament
from tourney.render.trf.individual import write_trf

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "tests" / "reference"  # tests/reference/README.md
EXAMPLES = ROOT / "examples"
CASE_SECONDS = 20.0  # a case running longer than this is a hang

# Pieces of YAML and TRF syntax spliced into files: structure, quoting, tags and
# aliases, odd numbers and text, line breaks of every kind, control characters.
YAML_TOKENS = ("", ":", ": ", "- ", "{", "}", "[", "]", ",", "#", "'", '"', "\t", "\n", "  ",
               "~", "!!str ", "!!python/object:os.system ", "&a ", "*a", "<<: *a", "---\n",
               "...\n", "½", "NO", "no", "-1", "0", "99999", "1e9", "0x1F", "1-0", "0-1", "=",
               "+/-", "x: y", "null", "\x00", "\x07", "\ufeff", "\u2028", "\r", "\r\n", "é",
               "? ", "|\n", ">-\n", "%YAML 1.1\n", "{{ x }}", "<b>", "../", "p1", "t1", "m01")  # fmt: skip
TRF_TOKENS = (" ", "  ", "0", "1", "9", "=", "+", "-", "w", "b", "U", "H", "F", "Z", "0000",
              "9999", "\t", "\r", "\n", "\x00", "é", "\u2028", "###", "001", "013", "240", "310",
              "XXR", "XXC", "XXS", "162", "192", "202", "1.5", "-3", "99999999", "260", "XXP",
              "XXO team-forbidden ", "XXO soft-pairs ", "@1-2", "@", "_BAKU", "250")  # fmt: skip
RESULT_WORDS = ("1-0", "0-1", "½-½", "1/2-1/2", "=", "+/-", "-/+", "-/-", "0-0", "1-0u", "none",
                "-", "", "2-0", "x", "1-1", "½", "white", "null", "~", "0.5-0.5", " 1-0 ")  # fmt: skip


class Hang(BaseException):
    """A case ran past its time limit (a BaseException, so no ``except Exception`` eats it)."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``Hang`` in the body after ``seconds`` (main thread only; elsewhere no limit)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def alarm(_signum: int, _frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- mutations -----------------------------------------------------------------------------


def splice(rng: random.Random, text: str, tokens: tuple[str, ...]) -> str:
    """``text`` with 1-4 random spans replaced by tokens (or random characters)."""
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(text) + 1)
        length = rng.choice((0, 0, 1, 1, 2, 5, 20))
        if rng.random() < 0.15:
            token = "".join(chr(rng.choice((rng.randrange(32, 127), rng.randrange(0x10FFFF))))
                            for _ in range(rng.randint(1, 4)))  # fmt: skip
            token = token.encode("utf-8", "replace").decode("utf-8", "replace")
        else:
            token = rng.choice(tokens)
        text = text[:at] + token + text[at + length :]
    return text


def mutate_lines(
    rng: random.Random, lines: list[str], donors: list[str], tokens: tuple[str, ...]
) -> list[str]:
    """1-3 line-level changes: drop, repeat, swap, borrow, cut, splice, shift a column."""
    lines = list(lines) or [""]
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        op = rng.randrange(8)
        if op == 0 and len(lines) > 1:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[i])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3 and donors:
            lines.insert(i, rng.choice(donors))
        elif op == 4:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif op == 5:
            lines[i] = splice(rng, lines[i], tokens)
        elif op == 6:  # shift the rest of the line by one column, as a stray blank does
            at = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:at] + " " + lines[i][at:]
        else:  # overwrite a short column range with digits or blanks
            at = rng.randrange(len(lines[i]) + 1)
            width = rng.randint(1, 6)
            fill = "".join(rng.choice("0123456789 ") for _ in range(width))
            lines[i] = lines[i][:at] + fill + lines[i][at + width :]
    return lines


def mutate_text(rng: random.Random, text: str, tokens: tuple[str, ...]) -> str:
    if rng.random() < 0.5:
        return splice(rng, text, tokens)
    ends = "\n" if text.endswith("\n") else ""
    return "\n".join(mutate_lines(rng, text.split("\n"), [], tokens)) + ends


def encode(rng: random.Random, text: str) -> bytes:
    """UTF-8 mostly; now and then Latin-1 or a byte cut in half."""
    data = text.encode("utf-8", "surrogatepass")
    roll = rng.random()
    if roll < 0.05:
        data = text.encode("latin-1", "replace")
    elif roll < 0.08 and data:
        at = rng.randrange(len(data))
        data = data[:at] + bytes([rng.randrange(256)]) + data[at:]
    return data


# -- checks --------------------------------------------------------------------------------


def line_counts(files: Mapping[str, bytes]) -> dict[str, int]:
    return {name: data.count(b"\n") + data.count(b"\r") + 1 for name, data in files.items()}


def check_diagnostics(
    diagnostics: tuple[Diagnostic, ...], lines: Mapping[str, int], folder: str = ""
) -> None:
    """Every diagnostic names a file and, where it has a line, one inside that file."""
    assert diagnostics, "InvalidInput without diagnostics"
    for d in diagnostics:
        assert d.file and d.message and d.severity in ("error", "warning"), d
        assert d.line >= 0 and d.col >= 0, d
        name = d.file.removeprefix(folder).lstrip("/") if folder else d.file
        if d.line and name in lines:
            assert d.line <= lines[name] + 1, f"{d.format()} (the file has {lines[name]} lines)"
        assert d.format()


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (the lock file aside) by relative path."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".tourney.lock"
    }


def changed(before: Mapping[str, bytes], after: Mapping[str, bytes]) -> list[str]:
    return sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))


# -- the TRF reader (and the writer and folder writer behind `tourney import`) -------------


@functools.cache
def trf_sources() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(name, lines) of every reference TRF; without ``../shared``, the examples' exports."""
    out = []
    for path in sorted(REFERENCE.glob("*/*.trf")):
        text = path.read_bytes().decode("utf-8", "replace")
        out.append((f"{path.parent.name}/{path.name}", tuple(text.splitlines())))
    if not out:  # a checkout without the reference data still fuzzes the TRF reader
        from fuzz.hostile import example_trfs

        out = [(f"example-{i}.trf", tuple(lines)) for i, lines in enumerate(example_trfs())]
    return tuple(out)


def trf_case(rng: random.Random, scratch: Path) -> str:
    """A mutated reference TRF: read, and when it reads, export and import it."""
    sources = trf_sources()
    _, lines = rng.choice(sources)
    _, donor = rng.choice(sources)
    if rng.random() < 0.05:
        lines = tuple(lines[: rng.randint(0, 8)])  # a tiny file: header and a few players
    mutated = mutate_lines(rng, list(lines), list(donor), TRF_TOKENS)
    eol = rng.choice(("\n", "\r\n", "\r"))
    data = encode(rng, eol.join(mutated) + eol)
    name = "fuzz.trf"
    with time_limit(CASE_SECONDS):
        try:
            read = parse_trf(data, name)
        except InvalidInput as error:
            check_diagnostics(error.diagnostics, line_counts({name: data}))
            return "diagnostics"
        check_written_trf(read.tournament)
        return "model, " + check_import(data, scratch)


def check_written_trf(t: Tournament) -> None:
    """What the TRF reader accepts, the writer writes, and TRF-2026 reads back."""
    for version in ("trf26", "trf16"):
        text = write_trf(evaluate(t), version)
        assert all(line[:3].strip() for line in text.split("\r\n")[:-1]), "a record lost its code"
        if version == "trf16":
            text.encode("ascii")
    again = parse_trf(write_trf(evaluate(t), "trf26"), "written.trf").tournament
    assert len(again.players) == len([p for p in t.players if p.approved])


def check_import(data: bytes, scratch: Path) -> str:
    """``tourney import``: a folder that loads back as the model, or nothing at all."""
    source = scratch / "input.trf"
    source.write_bytes(data)
    target = scratch / "imported"
    shutil.rmtree(target, ignore_errors=True)
    code, output = _run(["import", str(source), str(target)])
    leftovers = [p.name for p in scratch.iterdir() if p.name.startswith(".imported")]
    assert not leftovers, f"tourney import left {leftovers}"
    if code != 0:
        assert not target.exists(), f"a failed import (exit {code}) left a folder: {output}"
        if ".imported." in output:
            # The reader took the file, the folder loader refused the folder written from it:
            # nothing was written, but the message names the hidden staging folder. Counted
            # apart (docs/robustness.md lists these reader/loader disagreements).
            return "import refused by the folder rules"
        return "import refused"
    load_tournament(target)
    shutil.rmtree(target)
    return "imported"


# -- the folder loader ---------------------------------------------------------------------


@functools.cache
def example_files() -> tuple[tuple[str, str], ...]:
    """(example, relative file) for every YAML and page file of every bundled example."""
    out = []
    for example in sorted(p for p in EXAMPLES.iterdir() if p.is_dir()):
        for path in sorted(example.rglob("*")):
            if path.is_file() and path.suffix in (".yaml", ".yml", ".md"):
                out.append((example.name, path.relative_to(example).as_posix()))
    return tuple(out)


class Workspace:
    """Pristine copies of the examples in a scratch folder, restored after each case."""

    def __init__(self, scratch: Path) -> None:
        self.scratch = scratch
        self.pristine: dict[str, dict[str, bytes]] = {}

    def folder(self, example: str) -> Path:
        path = self.scratch / example
        if example not in self.pristine:
            shutil.rmtree(path, ignore_errors=True)
            shutil.copytree(EXAMPLES / example, path)
            self.pristine[example] = snapshot(path)
        return path

    def restore(self, example: str) -> None:
        path = self.scratch / example
        now = snapshot(path)
        for relative in changed(self.pristine[example], now):
            target = path / relative
            if relative in self.pristine[example]:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(self.pristine[example][relative])
            else:
                target.unlink()


def _workspace(scratch: Path) -> Workspace:
    key = str(scratch)
    if key not in _WORKSPACES:
        _WORKSPACES[key] = Workspace(scratch)
    return _WORKSPACES[key]


_WORKSPACES: dict[str, Workspace] = {}


def folder_case(rng: random.Random, scratch: Path) -> str:
    """One file of one example mutated; the folder (a club folder too) validates or diagnoses."""
    work = _workspace(scratch)
    example, relative = rng.choice(example_files())
    folder = work.folder(example)
    path = folder / relative
    text = path.read_bytes().decode("utf-8")
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        text = mutate_text(rng, text, YAML_TOKENS)
    path.write_bytes(encode(rng, text))
    try:
        with time_limit(CASE_SECONDS):
            validated = validate(folder)  # the loader and every check, as each command runs it
            if validated.errors:
                lines = line_counts(snapshot(folder))
                check_diagnostics(validated.diagnostics, lines, str(folder))
                return "diagnostics"
        return "model"
    finally:
        work.restore(example)


# -- commands that write: `tourney result` and `tourney pair` ------------------------------

EDITABLE = ("swiss-open", "club-championship", "team-league", "club-league/rapid-01")


def _run(args: list[str]) -> tuple[int, str]:
    """Run the command in-process; any exception but a clean exit is a failure."""
    result = CliRunner().invoke(cli, args, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"tourney {' '.join(args)} crashed") from result.exception
    assert result.exit_code in (0, 1, 2, 3), (result.exit_code, result.output)
    return result.exit_code, result.output


def _mutate_round_file(rng: random.Random, folder: Path) -> None:
    rounds = sorted((folder / "rounds").glob("*.yaml"))
    if not rounds:
        return
    path = rng.choice(rounds)
    text = path.read_text(encoding="utf-8")
    path.write_bytes(encode(rng, mutate_text(rng, text, YAML_TOKENS)))


def _board_ref(rng: random.Random) -> str:
    return rng.choice(
        (
            str(rng.randint(1, 9)),
            f"{rng.randint(1, 8)}.{rng.randint(1, 6)}",
            "0",
            "1.0",
            "x",
            "-1",
            "3.",
            "99",
            " 2 ",
            "1.1.1",
        )
    )


def result_request(rng: random.Random, folder: Path) -> list[str]:
    """A random `tourney result` command line for ``folder``.

    Most name a round and board that exist, so that the request gets as far as
    the round file; the rest are anything.
    """
    rounds = len(list((folder / "rounds").glob("*.yaml"))) or 1
    options: list[str] = []
    if rng.random() < 0.4:
        options += ["--expect", rng.choice(RESULT_WORDS[:12])]
    if rng.random() < 0.1:
        options += ["--correct", "--date", "2026-10-20"]
    if rng.random() < 0.15:
        decision = rng.choice(("white", "black", "neither", "none", "draw"))
        where = [str(rng.randint(1, rounds)), str(rng.randint(1, 8))]
        return ["result", str(folder), *where, "--match-decision", decision, *options]
    if rng.random() < 0.6:
        team = (folder / "teams.yaml").is_file()
        board = f"{rng.randint(1, 4)}.{rng.randint(1, 4)}" if team else str(rng.randint(1, 8))
        where = [str(rng.randint(1, rounds)), board]
    else:
        where = [str(rng.choice((1, 1, 2, 3, 4, 5, 6, 7))), _board_ref(rng)]
    return ["result", str(folder), *where, *options, "--", rng.choice(RESULT_WORDS)]


def edit_case(rng: random.Random, scratch: Path) -> str:
    """`tourney result` on a (maybe mutated) round file: one line changes, or nothing."""
    work = _workspace(scratch)
    example = rng.choice(EDITABLE)
    top = example.split("/")[0]
    folder = work.folder(top) / example.removeprefix(top).lstrip("/")
    try:
        if rng.random() < 0.5:
            _mutate_round_file(rng, folder)
        before = snapshot(folder)
        args = result_request(rng, folder)
        with time_limit(CASE_SECONDS):
            code, output = _run(args)
        after = snapshot(folder)
        diff = changed(before, after)
        if code != 0:
            assert diff == [], f"{args} failed (exit {code}) but changed {diff}: {output}"
            return f"exit {code}"
        if "--correct" in args:
            return "corrected"
        assert len(diff) <= 1 and all(d.startswith("rounds/") for d in diff), diff
        if diff:
            old, new = before[diff[0]].split(b"\n"), after[diff[0]].split(b"\n")
            marks = collections.Counter(line[:1] for line in difflib.ndiff(
                [x.decode("utf-8", "replace") for x in old],
                [x.decode("utf-8", "replace") for x in new]))  # fmt: skip
            one_line = (marks["-"], marks["+"]) in ((1, 1), (0, 1), (1, 0))
            assert one_line, f"{args} changed more than one line of {diff[0]}: {marks}"
            load_tournament(folder)  # what was written loads
        return "changed" if diff else "unchanged"
    finally:
        work.restore(top)


PAIRABLE = ("swiss-open", "club-championship", "team-league", "club-league/rapid-02")


def pair_case(rng: random.Random, scratch: Path) -> str:
    """`tourney pair` on a (maybe mutated) folder never touches a round that has a result."""
    work = _workspace(scratch)
    example = rng.choice(PAIRABLE)
    top = example.split("/")[0]
    folder = work.folder(top) / example.removeprefix(top).lstrip("/")
    try:
        roll = rng.random()
        if roll < 0.4:
            _mutate_round_file(rng, folder)
        elif roll < 0.7:  # drop the last round files, so that there is something to pair
            rounds = sorted((folder / "rounds").glob("*.yaml"))
            for path in rounds[len(rounds) - rng.randint(1, max(len(rounds), 1)) :]:
                path.unlink()
        with_results = _rounds_with_results(folder)
        before = snapshot(folder)
        args = ["pair", str(folder)]
        if rng.random() < 0.4:
            args += ["--round", str(rng.randint(0, 8))]
        if rng.random() < 0.4:
            args.append("--replace")
        with time_limit(CASE_SECONDS):
            code, output = _run(args)
        after = snapshot(folder)
        diff = changed(before, after)
        if code != 0:
            assert diff == [], f"{args} failed (exit {code}) but changed {diff}: {output}"
            return f"exit {code}"
        touched = set(diff) & with_results
        assert not touched, f"{args} rewrote rounds with results: {sorted(touched)}"
        load_tournament(folder)
        return "paired"
    finally:
        work.restore(top)


def _rounds_with_results(folder: Path) -> set[str]:
    try:
        t = load_tournament(folder)
    except TourneyError:
        return set()
    return {f"rounds/{r.number:02d}.yaml" for r in t.rounds if r.started}


Target = Callable[[random.Random, Path], str]
TARGETS: dict[str, Target] = {
    "trf": trf_case,
    "folder": folder_case,
    "result-edit": edit_case,
    "pair": pair_case,
}


def hostile(rng: random.Random, scratch: Path) -> str:
    """``fuzz.hostile.hostile_case`` (imported late: that module uses this one)."""
    from fuzz.hostile import hostile_case

    return hostile_case(rng, scratch)


def trf_columns(rng: random.Random, scratch: Path) -> str:
    """``fuzz.hostile.trf_columns_case``."""
    from fuzz.hostile import trf_columns_case

    return trf_columns_case(rng, scratch)


TARGETS.update({"hostile": hostile, "trf-columns": trf_columns})


def case_random(target: str, seed: int, index: int) -> random.Random:
    """The generator of case ``index`` of a campaign with ``seed`` (for replays)."""
    return random.Random(f"{target}:{seed}:{index}")
