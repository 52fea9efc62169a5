"""players.yaml and teams.yaml -> model.Player / model.Team (docs/folder-format.md)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.errors import did_you_mean
from tourney.load import text_safety
from tourney.load.fide_federations import ANY, federation_problem
from tourney.load.fields import (
    Fields,
    Report,
    checked_label,
    kind_of,
    parse_points,
    scalar_ident,
    scalar_int,
)
from tourney.load.venues import read_venue
from tourney.load.yamlsource import scalar_value
from tourney.model import ByeKind, ClubPlayer, Player, RatingPeriod, Team

PLAYER_KEYS = (
    "id",
    "member",
    "name",
    "rating",
    "national_rating",
    "club_rating",
    "fide_id",
    "national_id",
    "federation",
    "title",
    "sex",
    "birth_year",
    "club",
    "team",
    "start",
    "absent",
    "byes",
    "joins",
    "withdrawn_after",
    "approved",
    "birth_date",
    "official_rank",
    "stated_points",
    "adjustments",
)

TEAM_KEYS = (
    "id",
    "name",
    "short_name",
    "captain",
    "series",
    "club",
    "roster",
    "rating",
    "start",
    "absent",
    "byes",
    "withdrawn_after",
    "venue",
)

MEMBER_KEYS = (
    "id",
    "name",
    "ratings",
    "rated_games",
    "rating",
    "fide_id",
    "federation",
    "title",
    "sex",
    "birth_year",
)

TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
_BYE_KINDS = {"half": ByeKind.HALF, "zero": ByeKind.ZERO, "full": ByeKind.FULL}

MAX_ROUND = 99


class Located:
    """Where each entry's id and fields were written, for cross-file checks."""

    def __init__(self) -> None:
        self.id_nodes: dict[str, Node] = {}
        self.team_nodes: dict[str, Node] = {}  # player id -> its 'team:' value
        self.roster_nodes: dict[tuple[str, str], Node] = {}  # (team, player) -> item
        self.entry_nodes: dict[str, Node] = {}


def _rounds(report: Report, file: str, f: Fields, key: str) -> tuple[int, ...]:
    return f.list_of(
        key, "round numbers", lambda n: scalar_int(report, file, n, "a round", 1, MAX_ROUND)
    )


def _byes(report: Report, file: str, f: Fields) -> tuple[tuple[int, ByeKind], ...]:
    node = f.get_node("byes")
    if node is None:
        return ()
    if not isinstance(node, MappingNode):
        f.error(
            node,
            f"'byes' must map rounds to kinds, like {{3: half}}, not {kind_of(node)}",
            code="E120",
        )
        return ()
    out: list[tuple[int, ByeKind]] = []
    for key, value in node.value:
        number = scalar_int(report, file, key, "a bye's round", 1, MAX_ROUND)
        text = str(scalar_value(value)).lower() if isinstance(value, ScalarNode) else ""
        kind = _BYE_KINDS.get(text)
        if kind is None:
            hint = did_you_mean(text, _BYE_KINDS) or "expected half, zero or full"
            report.error(
                file, value, f"a requested bye cannot be {kind_of(value)}", hint, code="E120"
            )
        elif number is not None:
            out.append((number, kind))
    return tuple(sorted(out))


def _adjustments(report: Report, file: str, f: Fields) -> tuple[tuple[int, Fraction], ...]:
    """``adjustments: {0: -1, 5: 0.5}``: penalties and bonuses by round (0: the event)."""
    node = f.get_node("adjustments")
    if node is None:
        return ()
    hint = "like {0: -1} (a penalty of a point) or {5: 0.5} (a bonus in round 5); docs/results.md"
    if not isinstance(node, MappingNode):
        f.error(node, f"'adjustments' cannot be {kind_of(node)}", hint, code="E253")
        return ()
    out: dict[int, Fraction] = {}
    for key, value in node.value:
        number = scalar_int(report, file, key, "an adjustment's round", 0, MAX_ROUND)
        raw = scalar_value(value) if isinstance(value, ScalarNode) else None
        text = str(raw).strip() if isinstance(raw, str) else ""
        negative = text.startswith("-")
        points = parse_points(text[1:] if negative else raw, value)
        if points is None or points == 0:
            report.error(
                file, value, f"an adjustment cannot be {kind_of(value)}", hint, code="E253"
            )
        elif number is not None:
            if number in out:
                report.error(file, key, f"round {number} is adjusted twice", hint, code="E253")
            out[number] = -points if negative else points
    return tuple(sorted(out.items()))


def _common_identity(f: Fields, federations: tuple[str, ...]) -> dict[str, object]:
    federation = f.federation(extra=federations)
    title = f.text("title").strip().upper()
    if title and title not in TITLES:
        f.error(
            f.values["title"],
            f"unknown title '{title}'",
            did_you_mean(title, TITLES) or "expected one of " + ", ".join(TITLES),
            code="E122",
        )
        title = ""
    sex = f.text("sex").strip().lower()
    if sex and sex not in ("m", "w"):
        f.error(
            f.values["sex"], f"sex cannot be '{sex}'", "expected m or w (as in TRF)", code="E122"
        )
        sex = ""
    fide_id = f.ident("fide_id") or ""
    if fide_id and not (fide_id.isascii() and fide_id.isdigit()):
        f.error(f.values["fide_id"], f"FIDE id '{fide_id}' must be digits 0-9 only", code="E122")
    return {
        "fide_id": fide_id,
        "federation": federation,
        "title": title,
        "sex": sex,
        "birth_year": f.integer("birth_year", None, 1900, 2100),
    }


def read_players(
    report: Report,
    file: str,
    root: Node,
    members: Mapping[str, ClubPlayer],
    period: RatingPeriod,
    located: Located,
    federations: tuple[str, ...] = (),
) -> list[tuple[Player, str | None]]:
    """Every player with the team named on its entry (checked against rosters later).

    ``federations`` are the codes tournament.yaml allows besides FIDE's.
    """
    if not isinstance(root, SequenceNode):
        report.error(
            file,
            root,
            f"players.yaml must be a list of players, not {kind_of(root)}",
            "start each player with '- id: ...'",
            code="E120",
        )
        report.unreadable(file)
        return []
    out: list[tuple[Player, str | None]] = []
    for item in root.value:
        f = Fields(report, file, item, "a player", PLAYER_KEYS)
        if not isinstance(item, MappingNode):
            continue
        member_id = f.ident("member")
        member = members.get(member_id) if member_id else None
        if member_id and member is None:
            report.unknown(
                file,
                f.values["member"],
                "club member",
                member_id,
                report.file_named("members.yaml"),
                did_you_mean(member_id, members) or "members are listed in members.yaml",
                f"unknown club member '{member_id}'",
            )
        player_id = f.ident("id") or member_id
        if player_id is None:
            f.require("id")
            continue
        if player_id in located.id_nodes:
            first, _ = located.id_nodes[player_id].start_mark.line + 1, 0
            report.error(
                file,
                f.values.get("id", item),
                f"duplicate player id '{player_id}'",
                f"it is already used on line {first}",
                code="E131",
            )
            continue
        located.id_nodes[player_id] = f.values.get("id", item)
        located.entry_nodes[player_id] = item
        _check_member_id(report, file, f, player_id, member_id, members)
        name = f.name("name") or (member.name if member else "")
        if not name:
            f.require("name")
        identity = _common_identity(f, federations)
        if member:
            _check_member_federation(report, file, f, member, federations)
            for key in ("fide_id", "federation", "title", "sex"):
                identity[key] = identity[key] or getattr(member, key)
            identity["birth_year"] = identity["birth_year"] or member.birth_year
        rating = f.integer("rating", member.rating if member else None, 0, 3500)
        club_rating = f.integer("club_rating", None, 0, 3500)
        if club_rating is None and member:
            club_rating = dict(member.ratings).get(period)
        team = f.ident("team")
        if team is not None:
            located.team_nodes[player_id] = f.values["team"]
        withdrawn = f.integer("withdrawn_after", None, 0, MAX_ROUND)
        player = Player(
            id=player_id,
            name=name,
            rating=rating or None,
            national_rating=f.integer("national_rating", None, 0, 3500),
            club_rating=club_rating,
            national_id=f.ident("national_id") or "",
            club=f.text("club"),
            start=f.integer("start", None, 1, text_safety.MAX_PLAYERS),
            absent=_rounds(report, file, f, "absent"),
            byes=_byes(report, file, f),
            joins=f.integer("joins", 1, 1, MAX_ROUND) or 1,
            withdrawn_after=withdrawn,
            approved=f.boolean("approved", True),
            member=member_id or "",
            fide_id=str(identity["fide_id"]),
            federation=str(identity["federation"]),
            title=str(identity["title"]),
            sex=str(identity["sex"]),
            birth_year=identity["birth_year"] if isinstance(identity["birth_year"], int) else None,
            # Kept from an imported TRF (docs/trf.md).
            birth_date=f.date("birth_date"),
            official_rank=f.integer("official_rank", None, 1, text_safety.MAX_PLAYERS),
            stated_points=f.points("stated_points", Fraction(0))
            if f.has("stated_points")
            else None,
            adjustments=_adjustments(report, file, f),
        )
        out.append((player, team))
    _check_unique_start(report, file, [p for p, _ in out], located)
    return out


def _check_member_id(
    report: Report,
    file: str,
    f: Fields,
    player_id: str,
    member_id: str | None,
    members: Mapping[str, ClubPlayer],
) -> None:
    """E135: one identity per person. A player id that is a club member's id is that
    member; the series and the club ratings follow ``member:``, and a guest under a
    member's id would make the two disagree (docs/series.md "Who is who")."""
    other = members.get(player_id)
    if other is None or member_id == player_id:
        return
    if not member_id:
        report.error(
            file,
            f.values.get("id"),
            f"player '{player_id}' is not a club member but has the id of member "
            f"'{player_id}' ({other.name}) in members.yaml",
            f"if this is {other.name}, write 'member: {player_id}' instead of 'id: "
            f"{player_id}'; otherwise give the guest an id of its own (g1, g2, ...: "
            "`tourney player add` does) here and in the round files",
            code="E135",
        )
        return
    report.error(
        file,
        f.values.get("id"),
        f"player '{player_id}' is member '{member_id}' but has the id of another member, "
        f"'{player_id}' ({other.name})",
        f"write 'id: {member_id}' (or leave 'id' out) here and in the round files",
        code="E135",
    )


def _check_member_federation(
    report: Report, file: str, f: Fields, member: ClubPlayer, federations: tuple[str, ...]
) -> None:
    """A federation taken from members.yaml must pass this tournament's rule too."""
    if f.has("federation") or not member.federation:
        return
    problem = federation_problem(member.federation, federations)
    if problem:
        message, hint = problem
        report.error(
            file,
            f.values["member"],
            f"member '{member.id}' (members.yaml): {message}",
            hint,
            "E140",
        )


def _check_unique_start(
    report: Report, file: str, entries: list[Player] | list[Team], located: Located
) -> None:
    seen: dict[int, str] = {}
    for entry in entries:
        if entry.start is None:
            continue
        if entry.start in seen:
            report.error(
                file,
                located.entry_nodes.get(entry.id),
                f"pairing number {entry.start} is given twice ('{seen[entry.start]}' "
                f"and '{entry.id}')",
                code="E131",
            )
        seen[entry.start] = entry.id


def read_teams(report: Report, file: str, root: Node, located: Located) -> list[Team]:
    if not isinstance(root, SequenceNode):
        report.error(
            file,
            root,
            f"teams.yaml must be a list of teams, not {kind_of(root)}",
            "start each team with '- id: ...'",
            code="E120",
        )
        report.unreadable(file)
        return []
    teams: list[Team] = []
    seen: dict[str, Node] = {}
    series_spellings: dict[str, tuple[str, Node]] = {}
    team_located = Located()
    for item in root.value:
        f = Fields(report, file, item, "a team", TEAM_KEYS)
        if not isinstance(item, MappingNode):
            continue
        if not f.require("id", "name"):
            continue
        team_id = f.ident("id")
        if team_id is None:
            continue
        if team_id in seen:
            report.error(
                file,
                f.values["id"],
                f"duplicate team id '{team_id}'",
                f"it is already used on line {seen[team_id].start_mark.line + 1}",
                code="E131",
            )
            continue
        seen[team_id] = f.values["id"]
        team_located.entry_nodes[team_id] = item
        roster: list[str] = []
        for node in f.items("roster", "player ids"):
            pid = scalar_ident(report, file, node, "a roster entry")
            if pid is None:
                continue
            if pid in roster:
                report.error(
                    file, node, f"player '{pid}' is twice in the roster of '{team_id}'", code="E133"
                )
                continue
            roster.append(pid)
            located.roster_nodes[(team_id, pid)] = node
        teams.append(
            Team(
                id=team_id,
                name=f.name("name"),
                short_name=f.name("short_name", optional=True),
                captain=f.text("captain"),
                series=one_spelling(
                    report,
                    file,
                    f,
                    "series",
                    checked_label(f, "series"),  # names page files
                    series_spellings,
                ),
                club=f.text("club"),
                roster=tuple(roster),
                rating=f.integer("rating", None, 0, 3500),
                start=f.integer("start", None, 1, 999),
                absent=_rounds(report, file, f, "absent"),
                byes=_byes(report, file, f),
                withdrawn_after=f.integer("withdrawn_after", None, 0, MAX_ROUND),
                venue=read_venue(f, True, "a team"),
            )
        )
    _check_unique_start(report, file, teams, team_located)
    located.team_nodes.update({f"team:{k}": v for k, v in seen.items()})
    return teams


def one_spelling(
    report: Report,
    file: str,
    f: Fields,
    key: str,
    value: str,
    spellings: dict[str, tuple[str, Node]],
) -> str:
    """``value``, refused (E187) when an earlier line spells it with other capitals.

    A series names a page file (individual-premier.html); "Premier" and "premier"
    would write one page, the second over the first, on every file system.
    """
    node = f.values.get(key)
    if not value or node is None:
        return value
    folded = value.casefold()
    first = spellings.setdefault(folded, (value, node))
    if first[0] != value:
        report.error(
            file,
            node,
            f"{key} '{value}' differs from '{first[0]}' (line {first[1].start_mark.line + 1}) "
            "only in capitals",
            f"spell it '{first[0]}' everywhere: both would name one page (docs/security.md)",
            code="E187",
        )
        return first[0]
    return value


def read_members(report: Report, file: str, root: Node) -> list[ClubPlayer]:
    if not isinstance(root, SequenceNode):
        report.error(
            file, root, f"members.yaml must be a list of members, not {kind_of(root)}", code="E120"
        )
        report.unreadable(file)
        return []
    members: list[ClubPlayer] = []
    seen: set[str] = set()
    for item in root.value:
        f = Fields(report, file, item, "a member", MEMBER_KEYS)
        if not isinstance(item, MappingNode) or not f.require("id", "name"):
            continue
        member_id = f.ident("id")
        if member_id is None:
            continue
        if member_id in seen:
            report.error(file, f.values["id"], f"duplicate member id '{member_id}'", code="E131")
            continue
        seen.add(member_id)
        # A club may hold members of any federation; each tournament checks the codes
        # its players take from members.yaml against its own rule (read_players).
        identity = _common_identity(f, (ANY,))
        members.append(
            ClubPlayer(
                id=member_id,
                name=f.name("name"),
                ratings=_per_period(report, file, f, "ratings", 0, 3500),
                rated_games=_per_period(report, file, f, "rated_games", 0, 100000),
                rating=f.integer("rating", None, 0, 3500),
                fide_id=str(identity["fide_id"]),
                federation=str(identity["federation"]),
                title=str(identity["title"]),
                sex=str(identity["sex"]),
                birth_year=identity["birth_year"]
                if isinstance(identity["birth_year"], int)
                else None,
            )
        )
    return members


def _per_period(
    report: Report, file: str, parent: Fields, key: str, low: int, high: int
) -> tuple[tuple[RatingPeriod, int], ...]:
    node = parent.mapping(key)
    if node is None:
        return ()
    f = Fields(report, file, node, key, tuple(p.value for p in RatingPeriod))
    out: list[tuple[RatingPeriod, int]] = []
    for period in RatingPeriod:
        value = f.integer(period.value, None, low, high)
        if value is not None:
            out.append((period, value))
    return tuple(out)
