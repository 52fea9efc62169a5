"""Write the bundled example folders under examples/ (deterministic).

    python scripts/make_examples.py

The rounds played so far are made here with a plain score-group pairing and
results drawn from the ratings with a fixed seed. They stand in for hand-entered
rounds until `tourney pair` writes them; the folders are otherwise what a user
would keep in git. Running the script twice gives identical files.
"""

from __future__ import annotations

import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path

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
RESULT = {1: "1-0", 0: "0-1", 5: "½-½"}


@dataclass
class Entrant:
    id: str
    name: str
    rating: int
    score: float = 0.0
    opponents: set[str] = field(default_factory=set)
    colours: list[str] = field(default_factory=list)
    had_bye: bool = False


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


def points(result: str) -> tuple[float, float]:
    return {
        "1-0": (1, 0),
        "0-1": (0, 1),
        "½-½": (0.5, 0.5),
        "+/-": (1, 0),
        "-/+": (0, 1),
        "-/-": (0, 0),
    }[result]


def simple_swiss(
    entrants: list[Entrant], round_no: int
) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
    """Score groups from the top, each folded top half v bottom half, no rematch."""
    order = sorted(entrants, key=lambda e: (-e.score, -e.rating, e.id))
    bye = None
    if len(order) % 2:
        bye = next(e for e in reversed(order) if not e.had_bye)
        order.remove(bye)
    pairs: list[tuple[Entrant, Entrant]] = []
    pool = order[:]
    while pool:
        top = pool.pop(0)
        half = len(pool) // 2 if round_no == 1 else 0
        candidates = pool[half:] + pool[:half]
        partner = next((c for c in candidates if c.id not in top.opponents), candidates[0])
        pool.remove(partner)
        white, black = top, partner
        if round_no == 1:
            white, black = (top, partner) if len(pairs) % 2 == 0 else (partner, top)
        elif top.colours and top.colours[-1] == "w":
            white, black = partner, top
        pairs.append((white, black))
    return pairs, bye


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
    for round_no in range(1, 6):
        playing = [
            e
            for e in entrants
            if not (e is late and round_no < 3)
            and not (e is withdrawn and round_no > 4)
            and not (e is half_bye and round_no == 2)
        ]
        pairs, bye = simple_swiss(playing, round_no)
        out = [
            f"# Round {round_no}",
            f"date: 2026-10-0{2 + (round_no > 1) + (round_no > 4)}",
            "boards:",
        ]
        for board, (w, b) in enumerate(pairs, start=1):
            result = game_result(rng, w.rating, b.rating)
            if round_no == 3 and board == 7:
                result = "+/-"  # black did not show up
            sw, sb = points(result)
            w.score += sw
            b.score += sb
            w.opponents.add(b.id)
            b.opponents.add(w.id)
            w.colours.append("w")
            b.colours.append("b")
            out.append(
                f"  - {{white: {w.id}, black: {b.id}, result: {result}}}"
                f"   # {board}. {w.name} - {b.name}"
            )
        byes = []
        if bye:
            bye.score += 1
            bye.had_bye = True
            byes.append(f"  - {{player: {bye.id}, kind: pab}}   # {bye.name}")
        if round_no == 2:
            half_bye.score += 0.5
            byes.append(f"  - {{player: {half_bye.id}, kind: half}}   # {half_bye.name}")
        if byes:
            out.append("byes:")
            out.extend(byes)
        write(folder / "rounds" / f"{round_no:02d}.yaml", "\n".join(out) + "\n")
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
    # FIDE C.05 Annex 1, Berger table for 6 players, rounds 1-3.
    table = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)]]
    for round_no, pairs in enumerate(table, start=1):
        out = [f"# Round {round_no}", "boards:"]
        for board, (w, b) in enumerate(pairs, start=1):
            result = game_result(rng, ratings[w - 1], ratings[b - 1])
            out.append(
                f"  - {{white: c{w}, black: c{b}, result: {result}}}"
                f"   # {board}. {people[w - 1]} - {people[b - 1]}"
            )
        write(folder / "rounds" / f"{round_no:02d}.yaml", "\n".join(out) + "\n")


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
    lines = ["# 60 players, 5 per team (board 1-4 plus a reserve)."]
    for idx in range(60):
        team = order[idx]
        lines.append(
            f'- {{id: m{idx + 1:02d}, name: "{people[idx]}", rating: {ratings[idx]}, '
            f"federation: NED, club: {clubs[team]}}}"
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
    avg = {
        t: sum(sorted((ratings[i] for i in rosters[t]), reverse=True)[:4]) / 4 for t in range(12)
    }
    teams = [Entrant(f"t{t + 1}", f"{clubs[t]} 1", int(avg[t])) for t in range(12)]
    roster_of = {f"t{t + 1}": sorted(rosters[t], key=lambda i: -ratings[i]) for t in range(12)}
    for round_no in range(1, 4):
        pairs, _ = simple_swiss(teams, round_no)
        out = [f"# Round {round_no}", "matches:"]
        for number, (w, b) in enumerate(pairs, start=1):
            out.append(f"  - white: {w.id}   # {number}. {w.name} - {b.name}")
            out.append(f"    black: {b.id}")
            out.append("    boards:")
            gp_w = gp_b = 0.0
            wr, br = roster_of[w.id][:4], roster_of[b.id][:4]
            if round_no == 2 and number == 3:
                br = roster_of[b.id][1:5]  # board 1 absent: the reserve moves up
            for board in range(4):
                pw, pb = wr[board], br[board]
                if board % 2 == 0:
                    white_p, black_p = pw, pb
                else:
                    white_p, black_p = pb, pw
                result = game_result(rng, ratings[white_p], ratings[black_p])
                sw, sb = points(result)
                if board % 2 == 0:
                    gp_w, gp_b = gp_w + sw, gp_b + sb
                else:
                    gp_w, gp_b = gp_w + sb, gp_b + sw
                out.append(
                    f"      - {{white: m{white_p + 1:02d}, black: m{black_p + 1:02d}, "
                    f"result: {result}}}   # {board + 1}. {people[white_p]} - {people[black_p]}"
                )
            w.score += 2 if gp_w > gp_b else 1 if gp_w == gp_b else 0
            b.score += 2 if gp_b > gp_w else 1 if gp_w == gp_b else 0
            w.opponents.add(b.id)
            b.opponents.add(w.id)
            w.colours.append("w")
            b.colours.append("b")
        write(folder / "rounds" / f"{round_no:02d}.yaml", "\n".join(out) + "\n")


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
    tournaments: [rapid-01, rapid-02]
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
    for event in (1, 2):
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
        chosen = list(range(14)) if event == 1 else list(range(12))
        write(
            sub / "players.yaml",
            "# Members play under their club id; name and rating come from members.yaml.\n"
            + "\n".join(f"- {{member: m{i + 1}}}" for i in chosen)
            + "\n",
        )
        entrants = [Entrant(f"m{i + 1}", people[i], ratings[i]) for i in chosen]
        for round_no in range(1, 3 if event == 2 else 6):
            pairs, _bye = simple_swiss(entrants, round_no)
            out = [f"# Round {round_no}", "boards:"]
            for board, (w, b) in enumerate(pairs, start=1):
                result = game_result(rng, w.rating, b.rating)
                sw, sb = points(result)
                w.score, b.score = w.score + sw, b.score + sb
                w.opponents.add(b.id)
                b.opponents.add(w.id)
                w.colours.append("w")
                b.colours.append("b")
                out.append(
                    f"  - {{white: {w.id}, black: {b.id}, result: {result}}}"
                    f"   # {board}. {w.name} - {b.name}"
                )
            write(sub / "rounds" / f"{round_no:02d}.yaml", "\n".join(out) + "\n")


def main() -> None:
    for name in ("swiss-open", "club-championship", "team-league", "club-league"):
        shutil.rmtree(ROOT / name, ignore_errors=True)
    swiss_open()
    round_robin()
    team_swiss()
    club_league()
    print(f"wrote {ROOT}")


if __name__ == "__main__":
    main()
