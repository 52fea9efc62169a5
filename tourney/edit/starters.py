"""The commented starter folder that ``tourney new`` writes, one per format.

Each starter is a small, valid tournament (it passes ``tourney check``) whose
comments explain every key, so a new user learns the format by editing it.
"""

from __future__ import annotations

from tourney.model import Format

_TOURNAMENT = """\
# tournament.yaml: what the event is, and how it is scored and ranked.
# Every key is documented in docs/folder-format.md.
name: {name}
# format: swiss, round-robin, double-round-robin, keizer, team-swiss or team-round-robin
format: {format}
{rounds_line}
start_date: 2026-09-05
end_date: 2026-09-06
# One start per round, each a day and an optional time (shown on the site and the papers):
# round_dates: [2026-09-05 10:00, 2026-09-05 15:00, 2026-09-06 10:00]
place: Amsterdam
federation: NED              # the organising federation (3-letter FIDE code)
organiser: Example Chess Club
chief_arbiter: "IA Jane Example"
deputy_arbiters: []
time_control: "90 min + 30 s/move"
rating_period: standard      # standard, rapid or blitz: which ratings apply
# language: nl               # the site and the papers in Dutch (default en; docs/languages.md)
fide_mode: true              # keep to the FIDE rules; departures are refused
fide_rated: false
national_rated: false
initial_colour: lot          # white, black, or lot (drawn with colour_lot)
colour_lot: 2026

scoring:
{scoring}
# Tie-breaks after the points, in order (FIDE C.07 codes, see docs/tiebreaks.md).
# Leave the list empty for the FIDE default of the format.
tiebreaks: [{tiebreaks}]
{team_block}"""

_SCORING_INDIVIDUAL = """\
  win: 1
  draw: ½
  loss: 0
  pab: 1                     # pairing-allocated bye
  half_bye: ½                # requested half-point bye
  zero_bye: 0
  full_bye: 1"""

# A Double-Swiss scores per game and gives byes per match (C.04.5 Preface, docs/pairing.md).
_SCORING_DOUBLE_SWISS = """\
  win: 1                     # per game: a match is two games, 2-0 ... 0-2
  draw: ½
  loss: 0
  pab: 1½                    # pairing-allocated bye, per match (C.04.5 Art. 1.4)
  half_bye: 1                # requested bye worth a drawn match
  zero_bye: 0
  full_bye: 2"""

_SCORING_TEAM = """\
  win: 1                     # game points per board
  draw: ½
  loss: 0
  match_win: 2               # match points
  match_draw: 1
  match_loss: 0
  primary: mp                # mp (FIDE default) or gp: what ranks and pairs first
  forfeited_match: seated    # seated (one point per board seated) or full"""

_TEAM_BLOCK = """
teams:
  boards: 4                  # boards per match, fixed once round 1 is paired
  lineups: required          # required (FIDE): roster order, reserves move up
  board_order: fixed         # fixed (FIDE) or chosen each round
  rating_method: olympiad    # olympiad, first-boards, roster or typed
  unrated_rating: 1400
  numbers_correctable_until: 4
"""

# A Keizer competition (docs/keizer.md) is club practice, not a FIDE system: no FIDE mode,
# no initial colour (the higher-ranked player has White at first) and no bye points
# (a bye or an absence earns a share of one's own Keizer value instead).
_KEIZER = """\
# tournament.yaml: a Keizer competition, scored and ranked by Keizer values.
# Every key is documented in docs/folder-format.md and docs/keizer.md.
name: {name}
# format: swiss, round-robin, double-round-robin, keizer, team-swiss or team-round-robin
format: keizer
rounds: 10
start_date: 2026-09-05
end_date: 2027-05-28
place: Amsterdam
federation: NED              # the organising federation (3-letter FIDE code)
organiser: Example Chess Club
chief_arbiter: "Jane Example"
time_control: "90 min + 30 s/move"
rating_period: standard      # standard, rapid or blitz: which ratings apply
# language: nl               # the site and the papers in Dutch (default en; docs/languages.md)
fide_rated: false
national_rated: false

keizer:
  # Every place in the ranking has a value: top_value for place 1, 'step' less for each
  # place below (or a table: values: [50, 48, 46, ...], place 1 first).
  top_value: 16              # default: the number of players
  step: 1
  # A win earns the opponent's value, a draw half of it. A round without a game earns a
  # share of one's own value:
  bye: 2/3                   # the pairing's bye (odd number present); pab in a round file
  duty: 2/3                  # club duty (arbiter, a match for the club); full in a round file
  notice: 1/3                # absent with notice; half in a round file, or players.yaml absent
  absent: 0                  # absent without notice; zero in a round file
  # max_notice: 8            # credit absences with notice at most this many times
  own_value_once: true       # classic Keizer: one's own value counts once
  rematch_rounds: 3          # no rematch within this many rounds
# Players level on Keizer score are split by these tie-breaks (FIDE C.07 codes, worked from
# game points); empty: the default list (docs/tiebreaks.md); [PTS]: none.
tiebreaks: [{tiebreaks}]
"""

_PLAYERS_HEAD = """\
# players.yaml: one entry per player. 'id' is stable: rounds refer to it.
# Optional keys: national_rating, fide_id, title, sex, birth_year, club, team,
# absent: [3], byes: {4: half}, joins: 2, withdrawn_after: 5, approved: false.
"""

_NAMES = (
    ("Berg, Anna", 2212, "NED", "WFM", "w"),
    ("Jansen, Pieter", 2154, "NED", "", "m"),
    ("Olsen, Kari", 2098, "NOR", "", "w"),
    ("Dubois, Marc", 2043, "FRA", "", "m"),
    ("Novak, Petra", 1987, "CZE", "", "w"),
    ("Smit, Daan", 1930, "NED", "", "m"),
    ("Kowalski, Jan", 1876, "POL", "", "m"),
    ("Visser, Lotte", 1812, "NED", "", "w"),
    ("Haas, Tobias", 1765, "GER", "", "m"),
    ("Mertens, Sofie", 1702, "BEL", "", "w"),
    ("Bakker, Sem", 1650, "NED", "", "m"),
    ("Rossi, Giulia", 1598, "ITA", "", "w"),
    ("Meijer, Bram", 1541, "NED", "", "m"),
    ("Ekström, Lars", 1489, "SWE", "", "m"),
    ("Wouters, Emma", 1433, "BEL", "", "w"),
    ("de Vries, Tim", 0, "NED", "", "m"),
)

_DEFAULT_TIEBREAKS = {
    Format.SWISS: "BH/C1, BH, SB, DE, WIN",
    Format.ROUND_ROBIN: "DE, SB, WIN, KS",
    Format.DOUBLE_ROUND_ROBIN: "DE, SB, WIN, KS",
    Format.KEIZER: "",
    Format.TEAM_SWISS: "GP, EDE, EMGSB",
    Format.TEAM_ROUND_ROBIN: "GP, EDE, EMGSB",
}


def _players(count: int, teams: int = 0, per_team: int = 0) -> str:
    lines = [_PLAYERS_HEAD]
    for index in range(count):
        name, rating, fed, title, sex = _NAMES[index % len(_NAMES)]
        if index >= len(_NAMES):
            name = f"{name} {index // len(_NAMES) + 1}"
        entry = f'- {{id: p{index + 1}, name: "{name}"'
        if rating:
            entry += f", rating: {max(rating - 40 * (index // len(_NAMES)), 1000)}"
        entry += f", federation: {fed}, sex: {sex}"
        if title:
            entry += f", title: {title}"
        entry += "}"
        lines.append(entry)
    return "\n".join(lines) + "\n"


def _teams(count: int, per_team: int) -> str:
    lines = [
        "# teams.yaml: one entry per team. The roster order is the board order, board 1 first;",
        "# players beyond the match size are reserves.",
    ]
    names = ("Rooks", "Knights", "Bishops", "Queens", "Kings", "Pawns")
    for t in range(count):
        roster = ", ".join(f"p{t * per_team + b + 1}" for b in range(per_team))
        lines.append(f"- id: t{t + 1}")
        lines.append(f"  name: {names[t % len(names)]}")
        lines.append(f"  short_name: {names[t % len(names)][:3].upper()}")
        lines.append(f"  captain: {_NAMES[(t * per_team) % len(_NAMES)][0].split(',')[0]}")
        lines.append(f"  roster: [{roster}]")
    return "\n".join(lines) + "\n"


_ROUNDS_README = """\
# Round files live here: 01.yaml, 02.yaml, ... `tourney pair` writes them.
# One board per line, with a comment naming the players, e.g.
#   boards:
#     - {white: p1, black: p9, result: 1-0}     # 1. Berg - Haas
# Results: 1-0, ½-½ (or 1/2-1/2, =), 0-1, +/-, -/+, -/-, 0-0; empty = not played yet.
"""

_PAGE = """\
# Regulations

Write the tournament regulations here; this page appears on the site.
"""


def _pairing_line(pairing: str) -> str:
    """``pairing:`` with the systems of the registry in its comment (docs/pairing.md)."""
    from tourney.engine.pairing.systems import SYSTEMS

    names = ", ".join(f"{key} ({system.article})" for key, system in SYSTEMS.items())
    return f"# the FIDE Swiss system: {names} (docs/pairing.md)\npairing: {pairing}"


def starter_files(fmt: Format, name: str, pairing: str = "dutch") -> dict[str, str]:
    """Relative path -> text of the starter folder for ``fmt`` (an individual Swiss
    paired by the system ``pairing``)."""
    team = fmt.is_team
    rounds_line = {
        Format.SWISS: "rounds: 7\n" + _pairing_line(pairing),
        Format.KEIZER: "rounds: 10",
        Format.TEAM_SWISS: "rounds: 7",
    }.get(fmt, "# rounds: follows from the number of participants in a round robin")
    text = _TOURNAMENT.format(
        name=name,
        format=fmt.value,
        rounds_line=rounds_line,
        scoring=(
            _SCORING_TEAM
            if team
            else _SCORING_DOUBLE_SWISS
            if fmt is Format.SWISS and pairing == "double-swiss"
            else _SCORING_INDIVIDUAL
        ),
        tiebreaks=_DEFAULT_TIEBREAKS[fmt],
        team_block=_TEAM_BLOCK if team else "",
    )
    if fmt is Format.KEIZER:
        text = _KEIZER.format(name=name, tiebreaks=_DEFAULT_TIEBREAKS[fmt])
    files = {
        "tournament.yaml": text,
        "rounds/README.md": _ROUNDS_README,
        "pages/regulations.md": _PAGE,
    }
    if team:
        count = 4 if fmt is Format.TEAM_ROUND_ROBIN else 6
        files["players.yaml"] = _players(count * 5)
        files["teams.yaml"] = _teams(count, 5)
    else:
        files["players.yaml"] = _players(6 if fmt.is_round_robin else 16)
    return files
