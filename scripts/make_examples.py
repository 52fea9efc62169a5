"""Write the bundled example folders under examples/ (deterministic).

    python scripts/make_examples.py

Every round is paired by tourney's own engines, exactly as `tourney pair`
does it (FIDE Dutch, Berger, C.04.6 team Swiss), and the results are drawn
from the ratings with a fixed seed. The folders are otherwise what a user
would keep in git. Running the script twice gives identical files.
"""

from __future__ import annotations

import datetime as dt
import random
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from click.testing import CliRunner

from tourney.cli import cli
from tourney.edit.rounds import freeze_numbers, write_round
from tourney.engine.pair import ID_SYSTEMS, missing_numbers, paired_round, with_numbers
from tourney.load.club_state import with_current_club_ratings
from tourney.load.folder import load_tournament
from tourney.model import Game, Result

ROOT = Path(__file__).resolve().parents[1] / "examples"

FIRST = [
    "Anna",
    "Pieter",
    "Kari",
    "Marc",
    "Petra",
    "Daan",
    "Jan",
    "Lotte",
    "Tobias",
    "Sofie",
    "Sem",
    "Giulia",
    "Bram",
    "Lars",
    "Emma",
    "Tim",
    "Mila",
    "Ruben",
    "Ingrid",
    "Jonas",
    "Eva",
    "Luca",
    "Nora",
    "Finn",
    "Iris",
    "Milan",
    "Julia",
    "Sven",
    "Noor",
    "Thijs",
    "Vera",
    "Hugo",
    "Lieke",
    "Olaf",
    "Fleur",
    "Koen",
    "Maud",
    "Stijn",
    "Roos",
    "Jesse",
    "Tara",
    "Niels",
    "Ilse",
    "Wout",
]
LAST = [
    "Berg",
    "Jansen",
    "Olsen",
    "Dubois",
    "Novak",
    "Smit",
    "Kowalski",
    "Visser",
    "Haas",
    "Mertens",
    "Bakker",
    "Rossi",
    "Meijer",
    "Ekström",
    "de_Vries",
    "Mulder",
    "Bos",
    "Vos",
    "Peters",
    "Hendriks",
    "Dekker",
    "Brouwer",
    "Dijkstra",
    "Kok",
    "Jacobs",
    "van_Dam",
    "Verhoeven",
    "Schouten",
    "Willems",
    "Hoekstra",
    "Koster",
    "Prins",
    "Huisman",
    "Post",
    "Kuipers",
    "Vermeulen",
    "Maas",
    "Jonker",
    "Sanders",
    "Evers",
    "Groen",
    "Lammers",
    "Wolters",
]
FEDS = ("NED", "NED", "NED", "BEL", "GER", "NOR", "FRA", "POL", "CZE", "ITA", "SWE", "ENG")
RESULTS = {"1-0": Result.WHITE_WINS, "0-1": Result.BLACK_WINS, "½-½": Result.DRAW}


@dataclass(frozen=True)
class Entrant:
    id: str
    name: str
    rating: int


def names(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        name = f"{rng.choice(LAST)}, {rng.choice(FIRST)}".replace("_", " ")
        if name not in out:
            out.append(name)
    return out


def game_result(rng: random.Random, white: int, black: int) -> str:
    expected = 1 / (1 + 10 ** ((black - white - 35) / 400))
    draw = 0.32
    roll = rng.random()
    if roll < expected - draw / 2:
        return "1-0"
    if roll < expected + draw / 2:
        return "½-½"
    return "0-1"


def play(
    folder: Path,
    rounds: int,
    rng: random.Random,
    tweak: Callable[[int, Game], Result | None] | None = None,
    dates: Callable[[int], dt.date | None] | None = None,
) -> None:
    """Pair ``rounds`` rounds with tourney's engines and enter simulated results."""
    for number in range(1, rounds + 1):
        t = with_current_club_ratings(folder, load_tournament(folder))
        frozen = missing_numbers(t)
        t = with_numbers(t, frozen)
        freeze_numbers(folder, t, frozen)
        paired = paired_round(t, number)
        rnd = paired.round
        why = paired.explanation if t.settings.format in ID_SYSTEMS else None
        rating = {p.id: p.rating or 1400 for p in t.players}

        def decide(game: Game, number: int = number, rating: dict[str, int] = rating) -> Game:
            if game.result is not None:  # an empty seat is already a forfeit
                return game
            result = tweak(number, game) if tweak else None
            if result is None:
                result = RESULTS[game_result(rng, rating[game.white], rating[game.black])]
            if game.double:  # a Double-Swiss match: game 2 with the colours reversed
                second = RESULTS[game_result(rng, rating[game.black], rating[game.white])]
                return replace(game, result=result, second=second)
            return replace(game, result=result)

        rnd = replace(
            rnd,
            games=tuple(decide(g) for g in rnd.games),
            matches=tuple(replace(m, games=tuple(decide(g) for g in m.games)) for m in rnd.matches),
            date=dates(number) if dates else None,
        )
        write_round(t, folder, rnd, why)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def swiss_open() -> None:
    folder = ROOT / "swiss-open"
    rng = random.Random(40)
    people = names(41, 7)
    ratings = sorted((rng.randint(1350, 2450) for _ in range(41)), reverse=True)
    entrants = [Entrant(f"p{i + 1:02d}", people[i], ratings[i]) for i in range(41)]
    late, withdrawn, half_bye = entrants[40], entrants[22], entrants[5]
    write(
        folder / "tournament.yaml",
        """\
# A weekend open: 41 players, 7 rounds, 5 played so far.
name: Amstel Autumn Open 2026
format: swiss
rounds: 7
start_date: 2026-10-02
end_date: 2026-10-04
round_dates: [2026-10-02, 2026-10-03, 2026-10-03, 2026-10-03, 2026-10-04, 2026-10-04, 2026-10-04]
place: Amsterdam
federation: NED
organiser: Schaakclub Amstel
chief_arbiter: IA Marieke de Wit
deputy_arbiters: [FA Joost Pronk]
time_control: "90 min/40 moves + 30 min, 30 s/move from move 1"
rating_period: standard
fide_rated: true
initial_colour: white
scoring:
  win: 1
  draw: ½
  loss: 0
  pab: 1
  half_bye: ½
tiebreaks: [BH/C1, BH, SB, DE, WIN]
""",
    )
    lines = [
        "# 41 players. p41 joins in round 3, p23 withdrew after round 4, p06 asked for a",
        "# half-point bye in round 2.",
    ]
    for i, e in enumerate(entrants):
        fed = FEDS[i % len(FEDS)]
        extra = ""
        if e is late:
            extra = ", joins: 3"
        if e is withdrawn:
            extra = ", withdrawn_after: 4"
        if e is half_bye:
            extra = ", byes: {2: half}"
        title = ", title: FM" if i == 0 else (", title: CM" if i in (1, 3) else "")
        lines.append(
            f'- {{id: {e.id}, name: "{e.name}", rating: {e.rating}, federation: {fed}, '
            f"fide_id: {1_000_100 + 37 * i}{title}{extra}}}"
        )
    write(folder / "players.yaml", "\n".join(lines) + "\n")
    round_day = {1: 2, 2: 3, 3: 3, 4: 3, 5: 4}

    def forfeit(number: int, game: Game) -> Result | None:
        # round 3, board 7: Black did not show up
        return Result.WHITE_FORFEIT_WIN if number == 3 and game.board == 7 else None

    play(folder, 5, rng, forfeit, lambda n: dt.date(2026, 10, round_day[n]))
    write(
        folder / "pages" / "regulations.md",
        """\
# Regulations

- Seven rounds, FIDE Dutch system; FIDE rated.
- Default time 30 minutes. A player who does not appear loses by forfeit.
- Half-point byes may be requested for rounds 1-5 before the previous round ends.
- Tie-breaks: Buchholz cut 1, Buchholz, Sonneborn-Berger, direct encounter, wins.
""",
    )


def double_swiss() -> None:
    folder = ROOT / "double-swiss"
    rng = random.Random(52)
    people = names(9, 23)
    ratings = sorted((rng.randint(1650, 2250) for _ in range(9)), reverse=True)
    write(
        folder / "tournament.yaml",
        """\
# A Double-Swiss (FIDE C.04.5): every round a two-game match, 9 players, 4 rounds,
# 3 played so far.
name: Rapid Double-Swiss 2026
format: swiss
pairing: double-swiss
rounds: 4
start_date: 2026-11-14
end_date: 2026-11-14
place: Haarlem
federation: NED
organiser: Schaakclub Spaarne
chief_arbiter: FA Ria Vos
time_control: "15 min + 10 s/move"
initial_colour: white
""",
    )
    lines = ["# Nine players: one has the pairing-allocated bye (1½ points) each round."]
    for i in range(9):
        lines.append(
            f'- {{id: d{i + 1}, name: "{people[i]}", rating: {ratings[i]}, '
            f"federation: {FEDS[i % len(FEDS)]}}}"
        )
    write(folder / "players.yaml", "\n".join(lines) + "\n")
    play(folder, 3, rng, dates=lambda n: dt.date(2026, 11, 14))


def round_robin() -> None:
    folder = ROOT / "club-championship"
    rng = random.Random(6)
    people = names(6, 11)
    ratings = [2105, 2040, 1988, 1932, 1875, 1810]
    write(
        folder / "tournament.yaml",
        """\
# A six-player round robin (Berger tables), three of five rounds played.
name: Club Championship 2026
format: round-robin
start_date: 2026-09-10
end_date: 2026-10-08
place: Utrecht
federation: NED
organiser: Schaakclub Domtoren
chief_arbiter: FA Henk Bosman
time_control: "90 min + 30 s/move"
initial_colour: white
tiebreaks: [DE, SB, WIN, KS]
""",
    )
    lines = ["# Six players; the order here gives the Berger numbers 1-6."]
    for i in range(6):
        lines.append(
            f'- {{id: c{i + 1}, name: "{people[i]}", rating: {ratings[i]}, '
            f"federation: NED, start: {i + 1}}}"
        )
    write(folder / "players.yaml", "\n".join(lines) + "\n")
    play(folder, 3, rng)  # rounds 4 and 5: `tourney pair examples/club-championship`


def team_swiss() -> None:
    folder = ROOT / "team-league"
    rng = random.Random(12)
    people = names(60, 13)
    clubs = (
        "Amstel",
        "Domtoren",
        "De Toren",
        "Caissa",
        "Utrecht",
        "Paard van Ree",
        "Kennemer",
        "Zukertort",
        "Philidor",
        "Groningen",
        "Rokade",
        "Het Spaarne",
    )
    write(
        folder / "tournament.yaml",
        """\
# A 12-team, 4-board team Swiss (FIDE C.04.6), 7 rounds, 3 played.
name: Holland Team Cup 2026
format: team-swiss
rounds: 7
start_date: 2026-09-19
end_date: 2027-03-20
place: various venues
federation: NED
organiser: Holland Team Cup Foundation
chief_arbiter: IA Marieke de Wit
time_control: "90 min + 30 s/move"
initial_colour: white
scoring:
  match_win: 2
  match_draw: 1
  match_loss: 0
  primary: mp
teams:
  boards: 4
  lineups: required
  board_order: fixed
  rating_method: olympiad
tiebreaks: [GP, EDE, EMGSB]
forbidden:
  - {teams: [t1, t2], strength: rule, rounds: 1-3}   # same club: not in the first rounds
""",
    )
    ratings = sorted((rng.randint(1500, 2350) for _ in range(60)), reverse=True)
    # spread strength: team k gets players k, 24-k, ... (snake) so teams are close
    order = []
    for r in range(5):
        row = list(range(12)) if r % 2 == 0 else list(reversed(range(12)))
        order.extend(row)
    rosters: dict[int, list[int]] = {t: [] for t in range(12)}
    for idx, team in enumerate(order):
        rosters[team].append(idx)
    lines = [
        "# 60 players, 5 per team (board 1-4 plus a reserve). m03, board 1 of its team,",
        "# misses round 2: the reserve moves up.",
    ]

    def absent(idx: int) -> str:
        return ", absent: [2]" if idx == 2 else ""

    for idx in range(60):
        team = order[idx]
        lines.append(
            f'- {{id: m{idx + 1:02d}, name: "{people[idx]}", rating: {ratings[idx]}, '
            f"federation: NED, club: {clubs[team]}{absent(idx)}}}"
        )
    write(folder / "players.yaml", "\n".join(lines) + "\n")
    tlines = ["# Roster order is board order; the fifth player is the reserve."]
    for t in range(12):
        roster = sorted(rosters[t], key=lambda i: -ratings[i])
        tlines.append(f"- id: t{t + 1}")
        tlines.append(f"  name: {clubs[t]} 1")
        tlines.append(f"  short_name: {clubs[t][:4].upper()}")
        tlines.append(f"  club: {clubs[t]}")
        tlines.append(
            f'  captain: "{people[roster[0]].split(", ")[1]} {people[roster[0]].split(", ")[0]}"'
        )
        tlines.append("  roster: [" + ", ".join(f"m{i + 1:02d}" for i in roster) + "]")
    write(folder / "teams.yaml", "\n".join(tlines) + "\n")
    play(folder, 3, rng)


def club_league() -> None:
    folder = ROOT / "club-league"
    rng = random.Random(99)
    people = names(14, 21)
    ratings = sorted((rng.randint(1300, 2100) for _ in range(14)), reverse=True)
    write(
        folder / "club.yaml",
        """\
# A club folder: its members with the club's own ratings, its series, and one
# folder per tournament. `tourney check examples/club-league` checks them all.
name: Schaakclub De Toren
series:
  - id: grand-prix
    name: Rapid Grand Prix 2026
    tournaments: [rapid-01, rapid-02, rapid-03]
    points: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]
    best: 5
""",
    )
    lines = ["# Club members. 'ratings' are the club's own ratings per time control (FIDE B.02)."]
    for i in range(14):
        lines.append(
            f'- {{id: m{i + 1}, name: "{people[i]}", '
            f"ratings: {{rapid: {ratings[i]}, blitz: {ratings[i] - 20}}}, "
            f"rated_games: {{rapid: {10 + 7 * i}}}}}"
        )
    write(folder / "members.yaml", "\n".join(lines) + "\n")
    for event in (1, 2, 3):
        sub = folder / f"rapid-0{event}"
        write(
            sub / "tournament.yaml",
            f"""\
name: Rapid Grand Prix {event}
format: swiss
rounds: 5
start_date: 2026-{event + 8:02d}-15
rating_period: rapid
time_control: "15 min + 10 s/move"
initial_colour: black
tiebreaks: [BH/C1, BH, SB]
""",
        )
        chosen = list(range(14)) if event != 2 else list(range(12))
        write(
            sub / "players.yaml",
            "# Members play under their club id; name and rating come from members.yaml.\n"
            + "\n".join(f"- {{member: m{i + 1}}}" for i in chosen)
            + "\n",
        )
    # An earlier club event outside the series, with its own random results (so the
    # series events stay as they are): three finalized rapids give a rating history.
    summer = folder / "rapid-00"
    write(
        summer / "tournament.yaml",
        """\
name: Summer Rapid 2026
format: swiss
rounds: 5
start_date: 2026-08-15
rating_period: rapid
time_control: "15 min + 10 s/move"
initial_colour: white
tiebreaks: [BH/C1, BH, SB]
""",
    )
    write(
        summer / "players.yaml",
        "# Members play under their club id; name and rating come from members.yaml.\n"
        + "\n".join(f"- {{member: m{i + 1}}}" for i in range(10))
        + "\n",
    )
    play(summer, 5, random.Random(815))
    result = CliRunner().invoke(cli, ["finalize", str(summer), "--yes", "--end-date", "2026-08-15"])
    assert result.exit_code == 0, (result.output, result.exception)
    for event, played in ((1, 5), (2, 5), (3, 2)):
        sub = folder / f"rapid-0{event}"
        play(sub, played, rng)
        if played == 5:  # finalized: the club ratings move (docs/results.md)
            end = f"2026-{event + 8:02d}-15"
            result = CliRunner().invoke(cli, ["finalize", str(sub), "--yes", "--end-date", end])
            assert result.exit_code == 0, (result.output, result.exception)


def main() -> None:
    global ROOT
    if len(sys.argv) > 1:  # another output folder, e.g. to preview a change
        ROOT = Path(sys.argv[1]).resolve()
    for name in ("swiss-open", "club-championship", "team-league", "club-league", "double-swiss"):
        shutil.rmtree(ROOT / name, ignore_errors=True)
    swiss_open()
    round_robin()
    double_swiss()
    team_swiss()
    club_league()
    print(f"wrote {ROOT}")


if __name__ == "__main__":
    main()
