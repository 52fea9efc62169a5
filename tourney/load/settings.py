"""tournament.yaml -> model.Settings (docs/folder-format.md, "tournament.yaml")."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from yaml.nodes import Node, ScalarNode, SequenceNode

from tourney.engine.tiebreaks.checked import check_tiebreak
from tourney.engine.tiebreaks.descriptor import DescriptorError, parse_descriptor
from tourney.engine.tiebreaks.registry import PRESETS, defaults
from tourney.errors import Diagnostic, did_you_mean
from tourney.i18n import LANGUAGES
from tourney.load.fide_federations import ANY
from tourney.load.fields import Fields, Report, kind_of, scalar_ident, scalar_int
from tourney.load.prizes import read_prizes
from tourney.load.starts import read_start
from tourney.load.venues import read_round_venues
from tourney.load.yamlsource import scalar_value
from tourney.model import (
    BoardOrder,
    Categories,
    Colour,
    ForbiddenPairing,
    ForfeitedMatchScore,
    Format,
    KeizerOptions,
    LineupRule,
    PrimaryScore,
    RatingPeriod,
    RematchRule,
    RoundWindow,
    RuleStrength,
    Scoring,
    Settings,
    TeamOptions,
    TeamRatingMethod,
    TiebreakRules,
)

SETTINGS_KEYS = (
    "name",
    "format",
    "rounds",
    "start_date",
    "end_date",
    "round_dates",
    "round_venues",
    "updated",
    "place",
    "federation",
    "federations",
    "organiser",
    "chief_arbiter",
    "deputy_arbiters",
    "time_control",
    "rating_period",
    "fide_mode",
    "rematches",
    "fide_rated",
    "national_rated",
    "scoring",
    "tiebreaks",
    "tiebreak_rules",
    "initial_colour",
    "colour_seed",
    "teams",
    "forbidden",
    "website",
    "contact",
    "cycles",
    "keizer",
    "categories",
    "draw_seed",
    "acceleration",
    "pairing",
    "trf_options",
    "trf_records",
    "trf_clubs",
    "national_federation",
    "starting_rank_method",
    "paper",
    "language",
    "registration",
    "prizes",
)

CATEGORY_KEYS = ("women", "youth", "seniors", "ratings")

KEIZER_KEYS = (
    "top_value",
    "step",
    "values",
    "bye",
    "duty",
    "notice",
    "absent",
    "max_notice",
    "own_value_once",
    "rematch_rounds",
)

SCORING_KEYS = (
    "win",
    "draw",
    "loss",
    "forfeit_win",
    "forfeit_loss",
    "pab",
    "full_bye",
    "half_bye",
    "zero_bye",
    "match_win",
    "match_draw",
    "match_loss",
    "primary",
    "forfeited_match",
    "team_pab_match_points",
    "team_pab_game_points",
    "match_win_needs_majority",
)

TEAM_KEYS = (
    "boards",
    "lineups",
    "board_order",
    "rating_method",
    "unrated_rating",
    "numbers_correctable_until",
    "colour_preferences",
    "use_secondary_score",
    "board_colours",
)

FORBIDDEN_KEYS = ("players", "teams", "same_club", "strength", "rounds")


def read_settings(report: Report, file: str, root: Node) -> Settings | None:
    f = Fields(report, file, root, "tournament.yaml", SETTINGS_KEYS)
    if not isinstance(f.values, dict) or (not f.values and f.node is not root):
        return None
    f.require("name", "format")
    fmt = f.choice("format", Format, Format.SWISS)
    rounds = f.integer("rounds", None, 1, 99)
    if (
        rounds is None
        and fmt in (Format.SWISS, Format.TEAM_SWISS, Format.KEIZER)
        and f.has("format")
    ):
        f.require("rounds")
    federations = _federations(report, file, f)
    federation = f.federation(extra=federations)
    start, end = f.date("start_date"), f.date("end_date")
    if start and end and end < start:
        f.error(f.values["end_date"], "end_date is before start_date", code="E123")
    colour_text = f.text("initial_colour", "lot").strip().lower()
    initial: Colour | None = None
    if colour_text in ("white", "black"):
        initial = Colour(colour_text)
    elif colour_text != "lot":
        f.error(
            f.values["initial_colour"],
            f"initial_colour cannot be '{colour_text}'",
            "expected white, black or lot (drawn with colour_seed)",
            code="E122",
        )
    pairing = _pairing(f, fmt)
    scoring = _scoring(report, file, f, double=pairing == "double-swiss")
    tiebreaks = _tiebreaks(report, file, f, fmt, scoring.primary)
    starts = [read_start(report, file, n, "round_dates") for n in f.items("round_dates", "dates")]
    updated = _updated(report, file, f)
    categories = _categories(report, file, f)
    return Settings(
        name=f.name("name"),
        format=fmt,
        rounds=rounds or 0,
        start_date=start,
        end_date=end,
        round_dates=tuple(day for day, _ in starts if day is not None),
        round_times=tuple(time for day, time in starts if day is not None),
        updated=updated[0],
        updated_time=updated[1],
        round_venues=read_round_venues(f, fmt.is_team, rounds or 0),
        place=f.text("place"),
        federation=federation,
        federations=federations,
        organiser=f.text("organiser"),
        chief_arbiter=f.text("chief_arbiter"),
        deputy_arbiters=f.list_of(
            "deputy_arbiters", "names", lambda n: _text_item(report, file, n)
        ),
        time_control=f.text("time_control"),
        rating_period=f.choice("rating_period", RatingPeriod, RatingPeriod.STANDARD),
        fide_mode=f.boolean("fide_mode", True),
        fide_rated=f.boolean("fide_rated", False),
        national_rated=f.boolean("national_rated", False),
        scoring=scoring,
        tiebreaks=tiebreaks,
        tiebreak_rules=f.choice("tiebreak_rules", TiebreakRules, TiebreakRules.AUTO),
        initial_colour=initial,
        colour_seed=f.integer("colour_seed", 0, 0) or 0,
        team=_team_options(report, file, f),
        forbidden=f.list_of("forbidden", "rules", lambda n: _forbidden(report, file, n, fmt)),
        website=f.text("website"),
        contact=f.text("contact"),
        cycles=_cycles(f, fmt),
        keizer=_keizer(report, file, f, fmt),
        categories=categories,
        draw_seed=f.integer("draw_seed", None, 0),
        acceleration=_acceleration(f, fmt),
        pairing=pairing,
        paper=_paper(f),
        language=read_language(f, ""),
        registration=_registration(f),
        trf_options=f.list_of("trf_options", "XXC options", lambda n: _text_item(report, file, n)),
        trf_records=f.list_of("trf_records", "TRF records", lambda n: _text_item(report, file, n)),
        trf_clubs=f.boolean("trf_clubs", False),
        national_federation=_national_federation(f),
        starting_rank_method=_starting_rank_method(f),
        rematches=(
            f.choice("rematches", RematchRule, RematchRule.NEVER)
            if "rematches" in f.values
            else None
        ),
        prizes=read_prizes(report, file, f, categories, fmt.is_team),
    )


# TRF-2026 record 172: how starting ranks use national ratings.
RATING_METHODS = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER")


def _national_federation(f: Fields) -> str:
    text = f.text("national_federation").strip()
    if text and not re.fullmatch(r"[A-Z]{3}", text):
        f.error(
            f.values["national_federation"],
            f"national_federation cannot be '{text}'",
            "the three capital letters of a FIDE federation, like IRL (docs/ratings.md)",
            code="E254",
        )
        return ""
    return text


def _starting_rank_method(f: Fields) -> str:
    text = f.text("starting_rank_method").strip().upper()
    if text and text not in RATING_METHODS:
        f.error(
            f.values["starting_rank_method"],
            f"starting_rank_method cannot be '{text}'",
            "one of " + ", ".join(RATING_METHODS) + " (TRF-2026 record 172)",
            code="E254",
        )
        return ""
    return text


def _updated(report: Report, file: str, f: Fields) -> tuple[dt.date | None, dt.time | None]:
    """``updated:`` (docs/site.md "Last updated"): when the folder was last brought up to date."""
    node = f.get_node("updated")
    return read_start(report, file, node, "updated") if node is not None else (None, None)


def _federations(report: Report, file: str, f: Fields) -> tuple[str, ...]:
    """``federations: any`` or a list of codes allowed besides FIDE's (docs/folder-format.md)."""
    node = f.get_node("federations")
    if node is None:
        return ()
    hint = "write 'federations: any', or a list of codes such as [CAT, XKS]"
    if isinstance(node, ScalarNode):
        if str(node.value).strip().lower() == ANY:
            return (ANY,)
        report.error(file, node, f"'federations' cannot be {kind_of(node)}", hint, "E141")
        return ()
    codes: list[str] = []
    for item in f.items("federations", "federation codes"):
        text = str(item.value).strip() if isinstance(item, ScalarNode) else ""
        if text.lower() == ANY:
            codes.append(ANY)
        elif re.fullmatch(r"[A-Z]{2,3}", text):
            codes.append(text)
        else:
            report.error(
                file,
                item,
                f"a federation code is 2 or 3 capital letters, not {kind_of(item)}",
                hint,
                "E141",
            )
    return tuple(codes)


def _paper(f: Fields) -> str:
    text = f.text("paper", "a4").strip().lower()
    if text not in ("a4", "letter"):
        f.error(
            f.values["paper"], f"paper cannot be '{text}'", "expected a4 or letter", code="E122"
        )
        return "a4"
    return text


def read_language(f: Fields, default: str) -> str:
    """``language:`` of tournament.yaml or club.yaml: one with a catalog (docs/languages.md)."""
    if not f.has("language"):
        return default
    text = f.text("language", default).strip().lower()
    if text not in LANGUAGES:
        f.error(
            f.values["language"],
            f"language cannot be '{text}'",
            "supported languages: " + ", ".join(LANGUAGES),
            code="E142",
        )
        return default
    return text


_UNTIL = re.compile(r"until\s+round\s+([0-9]{1,2})")


def _registration(f: Fields) -> int | None:
    """``registration:`` open, closed or ``until round N`` (docs/folder-format.md "Registration").

    The last round a new player may join: None while open (any round still to be
    played), 0 when closed.
    """
    text = " ".join(f.text("registration", "open").lower().split())
    if text == "open":
        return None
    if text == "closed":
        return 0
    until = _UNTIL.fullmatch(text)
    if until and 1 <= int(until.group(1)) <= 99:
        return int(until.group(1))
    f.error(
        f.values["registration"],
        f"registration cannot be '{text}'",
        "expected open, closed or 'until round N' (new players may join up to round N)",
        code="E122",
    )
    return None


def _acceleration(f: Fields, fmt: Format) -> str:
    text = f.text("acceleration", "none").strip().lower()
    if text not in ("none", "baku"):
        f.error(
            f.values["acceleration"],
            f"acceleration cannot be '{text}'",
            "expected none or baku",
            code="E122",
        )
        return "none"
    if text == "baku" and fmt is not Format.SWISS:
        f.error(
            f.values["acceleration"], "Baku acceleration is for an individual Swiss", code="E123"
        )
    return text


def _pairing(f: Fields, fmt: Format) -> str:
    """``pairing:``, the Swiss system of an individual Swiss (docs/pairing.md)."""
    from tourney.engine.pairing.systems import DEFAULT, SYSTEMS

    if not f.has("pairing"):
        return DEFAULT
    text = f.text("pairing", DEFAULT).strip().lower()
    if text not in SYSTEMS:
        f.error(
            f.values["pairing"],
            f"pairing cannot be '{text}'",
            "known pairing systems: " + ", ".join(SYSTEMS),
            code="E191",
        )
        return DEFAULT
    if fmt is not Format.SWISS:
        f.error(f.values["pairing"], "pairing: is for an individual Swiss", code="E192")
    return text


def _keizer(report: Report, file: str, parent: Fields, fmt: Format) -> KeizerOptions:
    node = parent.mapping("keizer")
    if node is None:
        return KeizerOptions()
    if fmt is not Format.KEIZER:
        parent.error(
            parent.key_nodes["keizer"], "'keizer' options are for format: keizer", code="E123"
        )
    f = Fields(report, file, node, "keizer", KEIZER_KEYS)
    d = KeizerOptions()
    values = f.list_of(
        "values", "place values", lambda n: scalar_int(report, file, n, "a value", 0, 100000)
    )
    return KeizerOptions(
        top_value=f.integer("top_value", None, 1, 100000),
        step=f.integer("step", d.step, 0, 1000) or 0,
        values=values,
        bye=f.points("bye", d.bye),
        duty=f.points("duty", d.duty),
        notice=f.points("notice", d.notice),
        absent=f.points("absent", d.absent),
        max_notice=f.integer("max_notice", None, 0, 99),
        own_value_once=f.boolean("own_value_once", d.own_value_once),
        rematch_rounds=f.integer("rematch_rounds", d.rematch_rounds, 0, 99) or 0,
    )


def _categories(report: Report, file: str, parent: Fields) -> Categories:
    """``categories:`` (docs/folder-format.md): the site's category rankings."""
    node = parent.mapping("categories")
    if node is None:
        return Categories()
    f = Fields(report, file, node, "categories", CATEGORY_KEYS)
    d = Categories()

    def limits(key: str, default: tuple[int, ...], low: int, high: int) -> tuple[int, ...]:
        if not f.has(key):
            return default
        read = f.list_of(key, "limits", lambda n: scalar_int(report, file, n, key, low, high))
        return tuple(sorted({v for v in read if v is not None}))

    return Categories(
        women=f.boolean("women", d.women),
        youth=limits("youth", d.youth, 1, 99),
        seniors=limits("seniors", d.seniors, 1, 120),
        ratings=tuple(reversed(limits("ratings", d.ratings, 1, 3500))),
    )


def _cycles(f: Fields, fmt: Format) -> int:
    cycles = f.integer("cycles", None, 1, 2)
    if fmt is Format.DOUBLE_ROUND_ROBIN:
        if cycles == 1:
            f.error(f.values["cycles"], "a double round robin has 2 cycles", code="E123")
        return 2
    if cycles is not None and not fmt.is_round_robin:
        f.error(f.key_nodes["cycles"], "'cycles' is for round robins", code="E123")
    return cycles or 1


def _double_swiss_byes(scoring: Scoring, given: Callable[[str], bool]) -> Scoring:
    """A Double-Swiss gives byes per match (C.04.5 Preface): unless tournament.yaml says,
    the PAB is worth a won and a drawn game (1½, C.04.5 Art. 1.4 as docs/pairing.md
    reads it), a full-point bye a won match, a half-point bye a drawn one."""
    return replace(
        scoring,
        pab=scoring.pab if given("pab") else scoring.win + scoring.draw,
        full_bye=scoring.full_bye if given("full_bye") else 2 * scoring.win,
        half_bye=scoring.half_bye if given("half_bye") else 2 * scoring.draw,
        zero_bye=scoring.zero_bye if given("zero_bye") else 2 * scoring.loss,
    )


def _scoring(report: Report, file: str, parent: Fields, double: bool = False) -> Scoring:
    node = parent.mapping("scoring")
    if node is None:
        return _double_swiss_byes(Scoring(), lambda key: False) if double else Scoring()
    f = Fields(report, file, node, "scoring", SCORING_KEYS)
    d = Scoring()
    win = f.points("win", d.win)
    team_pab_match: Fraction | None = None
    team_pab_game: Fraction | None = None
    if f.has("team_pab_match_points"):
        team_pab_match = f.points("team_pab_match_points", Fraction(1))
    if f.has("team_pab_game_points"):
        team_pab_game = f.points("team_pab_game_points", Fraction(0))
    scoring = Scoring(
        win=win,
        draw=f.points("draw", d.draw),
        loss=f.points("loss", d.loss),
        forfeit_win=f.points("forfeit_win", win),
        forfeit_loss=f.points("forfeit_loss", d.forfeit_loss),
        pab=f.points("pab", win),
        full_bye=f.points("full_bye", win),
        half_bye=f.points("half_bye", d.half_bye),
        zero_bye=f.points("zero_bye", d.zero_bye),
        match_win=f.points("match_win", d.match_win),
        match_draw=f.points("match_draw", d.match_draw),
        match_loss=f.points("match_loss", d.match_loss),
        primary=f.choice("primary", PrimaryScore, d.primary),
        forfeited_match=f.choice("forfeited_match", ForfeitedMatchScore, d.forfeited_match),
        team_pab_match_points=team_pab_match,
        team_pab_game_points=team_pab_game,
        match_win_needs_majority=f.boolean("match_win_needs_majority", False),
    )
    if scoring.win < scoring.draw or scoring.draw < scoring.loss:
        f.error(
            node, "scoring must give a win at least a draw, and a draw at least a loss", code="E123"
        )
    if scoring.match_win < scoring.match_draw or scoring.match_draw < scoring.match_loss:
        f.error(
            node,
            "match points must give a won match at least a drawn one, and a draw at least a loss",
            code="E123",
        )
    return _double_swiss_byes(scoring, f.has) if double else scoring


def _team_options(report: Report, file: str, parent: Fields) -> TeamOptions:
    node = parent.mapping("teams")
    if node is None:
        return TeamOptions()
    f = Fields(report, file, node, "teams (team options)", TEAM_KEYS)
    d = TeamOptions()
    return TeamOptions(
        boards=f.integer("boards", d.boards, 1, 20) or d.boards,
        lineups=f.choice("lineups", LineupRule, d.lineups),
        board_order=f.choice("board_order", BoardOrder, d.board_order),
        rating_method=f.choice("rating_method", TeamRatingMethod, d.rating_method),
        unrated_rating=f.integer("unrated_rating", d.unrated_rating, 0, 3500) or 0,
        numbers_correctable_until=f.integer(
            "numbers_correctable_until", d.numbers_correctable_until, 1, 99
        )
        or d.numbers_correctable_until,
        colour_preferences=_colour_type(f),
        use_secondary_score=f.boolean("use_secondary_score", True),
        board_colours=_board_colours(f),
    )


def _board_colours(f: Fields) -> str:
    text = f.text("board_colours", "alternate").strip().lower()
    if text not in ("alternate", "as-played"):
        f.error(
            f.values["board_colours"],
            f"board_colours cannot be '{text}'",
            "expected alternate or as-played (docs/teams.md, Board colours)",
            code="E122",
        )
        return "alternate"
    return text


def _colour_type(f: Fields) -> str:
    text = f.text("colour_preferences", "A").strip()
    options = {"a": "A", "b": "B", "none": "none"}
    if text.lower() not in options:
        f.error(
            f.values["colour_preferences"],
            f"colour_preferences cannot be '{text}'",
            "expected A, B or none (C.04.6 Art. 1.7)",
            code="E122",
        )
        return "A"
    return options[text.lower()]


def _tiebreaks(
    report: Report, file: str, f: Fields, fmt: Format, primary: PrimaryScore
) -> tuple[str, ...]:
    """The list of codes, or a profile's (``tiebreaks: club``, docs/tiebreaks.md "Profiles")."""
    node = f.get_node("tiebreaks")
    if isinstance(node, ScalarNode) and isinstance(scalar_value(node), str):
        name = str(node.value).strip().lower()
        if name not in PRESETS:
            report.error(
                file,
                node,
                f"unknown tie-break profile '{node.value}'",
                f"profiles are {', '.join(PRESETS)}, or list codes: [BH/C1, BH, SB] "
                "(docs/tiebreaks.md)",
                code="E165",
            )
            return ()
        return tuple(str(d) for d in defaults(fmt, name, primary))
    codes = f.list_of("tiebreaks", "tie-break codes", lambda n: _tiebreak(report, file, n, fmt))
    if isinstance(node, SequenceNode):
        _bounded_tiebreaks(report, file, node)
    return codes


# The longest tie-break list. Regulations name a few tie-breaks applied in turn (FIDE
# C.07); a list of thousands only made a 123 MB site and slow standings (issue 31), and a
# code listed twice never separates anyone (docs/tiebreaks.md).
MAX_TIEBREAKS = 10


def _bounded_tiebreaks(report: Report, file: str, node: SequenceNode) -> None:
    """A list of at most ``MAX_TIEBREAKS`` codes, none of them twice (E190)."""
    seen: dict[str, int] = {}
    for item in node.value:
        if not isinstance(item, ScalarNode) or not isinstance(scalar_value(item), str):
            continue
        code = str(item.value).strip()
        try:
            key = str(parse_descriptor(code)).upper()
        except DescriptorError:
            continue  # reported by _tiebreak (E150)
        if key in seen:
            report.error(
                file,
                item,
                f"tie-break {code} is listed twice (first on line {seen[key]})",
                "a second use of the same tie-break never separates anyone; "
                "remove one (docs/tiebreaks.md)",
                code="E190",
            )
        else:
            seen[key] = item.start_mark.line + 1
    if len(node.value) > MAX_TIEBREAKS:
        report.error(
            file,
            node.value[MAX_TIEBREAKS],
            f"{len(node.value)} tie-breaks listed; at most {MAX_TIEBREAKS} are allowed",
            "keep the few your regulations name, in order (FIDE C.07, docs/tiebreaks.md)",
            code="E190",
        )


def _tiebreak(report: Report, file: str, node: Node, fmt: Format) -> str | None:
    if not isinstance(node, ScalarNode) or not isinstance(scalar_value(node), str):
        report.error(
            file, node, f"a tie-break must be a code like BH/C1, not {kind_of(node)}", code="E120"
        )
        return None
    code = str(node.value).strip()
    try:
        check_tiebreak(code, team=fmt.is_team)
    except DescriptorError as error:
        # point at the bad part: past the opening quote and any blanks before the code
        offset = (node.style in ("'", '"')) + len(node.value) - len(node.value.lstrip())
        line, col = node.start_mark.line + 1, node.start_mark.column + 1
        report.diagnostics.append(
            Diagnostic(
                file, line, col + offset + error.position, error.message, error.hint, code="E150"
            )
        )
        return None
    return code


def _text_item(report: Report, file: str, node: Node) -> str | None:
    if not isinstance(node, ScalarNode) or scalar_value(node) is None:
        report.error(file, node, f"expected a name, not {kind_of(node)}", code="E120")
        return None
    return str(node.value)


def parse_window(text: str) -> RoundWindow | None:
    """'3', '1-4', '5-' or '-2' as a window of rounds."""
    match = re.fullmatch(r"\s*([0-9]+)?\s*(-)?\s*([0-9]+)?\s*", text)
    if not match or not (match.group(1) or match.group(3)):
        return None
    first = int(match.group(1)) if match.group(1) else None
    last = int(match.group(3)) if match.group(3) else None
    if not match.group(2):
        last = first
    if first is not None and last is not None and last < first:
        return None
    return RoundWindow(first, last)


def _forbidden(report: Report, file: str, node: Node, fmt: Format) -> ForbiddenPairing | None:
    f = Fields(report, file, node, "a forbidden pairing", FORBIDDEN_KEYS)
    teams = f.has("teams")
    group_key = "teams" if teams else "players"
    members = f.list_of(group_key, "ids", lambda n: scalar_ident(report, file, n, "an id"))
    same_club = f.text("same_club").strip().lower()
    if same_club and same_club not in ("players", "teams"):
        f.error(
            f.values["same_club"],
            f"same_club cannot be '{same_club}'",
            "write 'same_club: players' or 'same_club: teams'",
            code="E122",
        )
    if same_club == "teams":
        teams = True
    if not members and not same_club:
        f.error(
            node,
            "a forbidden pairing needs 'players: [...]', 'teams: [...]' or 'same_club'",
            code="E111",
        )
        return None
    if members and len(members) < 2:
        f.error(f.values[group_key], "a forbidden group needs at least two members", code="E123")
    if teams and not fmt.is_team:
        f.error(
            node,
            "team rules need a team event",
            "use 'players:' in an individual event",
            code="E123",
        )
    window = RoundWindow()
    if f.has("rounds"):
        raw = f.values["rounds"]
        value = scalar_value(raw) if isinstance(raw, ScalarNode) else None
        parsed = parse_window(str(value)) if value is not None else None
        if parsed is None:
            f.error(
                raw,
                f"rounds cannot be {kind_of(raw)}",
                "write a round like 3 or a window like 1-4",
                code="E122",
            )
        else:
            window = parsed
    strength = f.text("strength", "rule").strip().lower()
    if strength not in ("rule", "wish"):
        f.error(
            f.values["strength"],
            f"strength cannot be '{strength}'",
            did_you_mean(strength, ("rule", "wish")) or "expected rule or wish",
            code="E122",
        )
        strength = "rule"
    return ForbiddenPairing(
        teams=teams,
        members=members,
        same_club=bool(same_club),
        strength=RuleStrength(strength),
        rounds=window,
    )
