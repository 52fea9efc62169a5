"""Time and peak memory of reading a full-size FIDE players list (tourney.load.ratinglist).

Usage (from the repository root):

    .venv/bin/python bench/ratinglist.py            # 1,100,000 players, XML and TXT
    .venv/bin/python bench/ratinglist.py 200000     # a smaller list

It writes a list of that many players in FIDE's XML layout (about 500 MB for 1.1
million, the size of the monthly ``players_list_xml_foa.xml``) and in the fixed-width
TXT layout into a temporary folder, then reads each in a fresh process, as
``tourney player update`` does, looking for 500 FIDE ids spread over the list, and
prints the seconds and the peak memory (the child's high-water resident set). The
goal of issue 30: under 60 s and 200 MB.
Peak memory is the child's VmHWM (Linux), which, unlike ru_maxrss, does not carry
the parent's peak over ``exec``.

Measured on the shared 2-core machine: see docs/ratings.md "Rating lists".
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FEDS = ("NED", "GER", "FRA", "IND", "USA", "RUS", "ESP", "ITA", "BEL", "NOR")
NAMES = ("Jansen", "Müller", "García", "Kumar", "Smith", "Ivanov", "Rossi", "Dubois", "Berg")
TITLES = ("", "", "", "", "", "", "", "", "CM", "FM", "IM", "GM")


def _players(count: int) -> Iterator[tuple[int, str, str, str, str, int, int, int, int, str]]:
    """The generated players, one at a time: this process stays small, as it starts the reader."""
    rng = random.Random(30)
    for n in range(count):
        name = f"{rng.choice(NAMES)}, {rng.choice(NAMES)}{n % 97}"
        sex = "F" if n % 5 == 0 else "M"
        title = rng.choice(TITLES)
        std, rapid, blitz = (rng.choice((0, rng.randint(1000, 2800))) for _ in range(3))
        yield (
            (100000 + n * 7, name, rng.choice(FEDS), sex, title, std, rapid, blitz,
             rng.randint(1940, 2018), "i" if n % 3 == 0 else "")
        )  # fmt: skip


def write_xml(path: Path, count: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n')
        for fid, name, fed, sex, title, std, rapid, blitz, born, flag in _players(count):
            out.write(
                f"<player><fideid>{fid}</fideid><name>{name}</name><country>{fed}</country>"
                f"<sex>{sex}</sex><title>{title}</title><w_title></w_title><o_title></o_title>"
                f"<foa_title></foa_title><rating>{std or ''}</rating><games>0</games>"
                f"<k>{40 if std else ''}</k><rapid_rating>{rapid or ''}</rapid_rating>"
                f"<rapid_games>0</rapid_games><rapid_k>20</rapid_k>"
                f"<blitz_rating>{blitz or ''}</blitz_rating><blitz_games>0</blitz_games>"
                f"<blitz_k>20</blitz_k><birthday>{born}</birthday><flag>{flag}</flag>"
                "</player>\n"
            )
        out.write("</playerslist>\n")


def write_txt(path: Path, count: int) -> None:
    header = (
        f"{'ID Number':<15}{'Name':<61}{'Fed':<4}{'Sex':<4}{'Tit':<5}{'WTit':<5}{'OTit':<15}"
        f"{'FOA':<4}{'SRtng':<6}{'SGm':<4}{'SK':<3}{'RRtng':<6}{'RGm':<4}{'Rk':<3}"
        f"{'BRtng':<6}{'BGm':<4}{'BK':<3}{'B-day':<6}Flag"
    )
    with path.open("w", encoding="utf-8") as out:
        out.write(header + "\n")
        for fid, name, fed, sex, title, std, rapid, blitz, born, flag in _players(count):
            out.write(
                f"{fid:<15}{name:<61}{fed:<4}{sex:<4}{title:<5}{'':<5}{'':<15}{'':<4}"
                f"{std or '':<6}{0:<4}{40:<3}{rapid or '':<6}{0:<4}{20:<3}"
                f"{blitz or '':<6}{0:<4}{20:<3}{born:<6}{flag}\n"
            )


CHILD = """
import sys, time
from pathlib import Path
from tourney.load.ratinglist import read_list
count = int(sys.argv[2])
wanted = {str(100000 + n * 7) for n in range(0, count, max(1, count // 500))}
start = time.perf_counter()
found = read_list(Path(sys.argv[1]), wanted)
seconds = time.perf_counter() - start
status = Path("/proc/self/status").read_text()  # VmHWM: this process's own peak
peak = int(status.split("VmHWM:")[1].split()[0]) / 1024
print(f"{found.kind}: {found.read} players, {len(found.entries)} of {len(wanted)} found, "
      f"{seconds:.1f} s, peak {peak:.0f} MB")
"""


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_100_000
    with tempfile.TemporaryDirectory() as tmp:
        for name, write in (
            ("players_list_xml_foa.xml", write_xml),
            ("players_list_foa.txt", write_txt),
        ):
            path = Path(tmp) / name
            began = time.perf_counter()
            write(path, count)
            size = path.stat().st_size / 1e6
            print(f"{name}: {size:.0f} MB written in {time.perf_counter() - began:.0f} s")
            subprocess.run(
                [sys.executable, "-c", CHILD, str(path), str(count)],
                check=True,
                env={"PYTHONPATH": str(ROOT)},
            )
            path.unlink()


if __name__ == "__main__":
    main()
