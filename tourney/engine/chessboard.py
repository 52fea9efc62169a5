"""A small chess position and SAN move applier, enough to replay a game's PGN moves.

PGN's movetext names moves in Standard Algebraic Notation (the PGN standard,
section 8.2.3; FIDE Laws of Chess, Appendix C): ``Nf3``, ``exd5``, ``O-O``,
``e8=Q+``, ``Nbd2``. To turn a SAN move into a position the applier needs the
pieces' moves (Laws, Article 3), castling (3.8.2), en passant (3.7.4.1),
promotion (3.7.5) and which moves leave the own king attacked (3.9), so that a
disambiguation such as ``Nbd2`` is resolved among legal moves only. That is all
this module does: no check-mate or draw detection, no move search. The site
(``tourney.render.site.games``) uses it to draw the position after every move.

A position is a frozen value; ``play`` returns a new one.

>>> p = Position.start()
>>> for san in ["e4", "e5", "Nf3", "Nc6", "Bb5"]:
...     p = p.play(san)
>>> p.fen()
'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3'
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tourney.records import dataclass

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# Squares are 0..63: a1 = 0, b1 = 1, ..., h8 = 63 (file + 8 * rank).
FILES = "abcdefgh"
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
KING = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
ROOK = ((1, 0), (-1, 0), (0, 1), (0, -1))
BISHOP = ((1, 1), (1, -1), (-1, 1), (-1, -1))

_SAN = re.compile(
    r"^(?:(?P<castle>O-O(?:-O)?|0-0(?:-0)?)"
    r"|(?P<piece>[NBRQK])?(?P<from_file>[a-h])?(?P<from_rank>[1-8])?(?P<capture>x)?"
    r"(?P<to>[a-h][1-8])(?:=?(?P<promotion>[NBRQ]))?)"
    r"[+#]?[!?]*$"
)


class IllegalMove(ValueError):
    """A SAN move that is not one legal move of the position (none, or more than one)."""


def square(name: str) -> int:
    """The square's number.

    >>> square("e4")
    28
    """
    return FILES.index(name[0]) + 8 * (int(name[1]) - 1)


def square_name(sq: int) -> str:
    return FILES[sq % 8] + str(sq // 8 + 1)


def _colour(piece: str) -> str:
    return "w" if piece.isupper() else "b"


@dataclass(frozen=True, slots=True)
class Move:
    """A move from one square to another; ``promotion`` is the new piece's letter (upper)."""

    start: int
    end: int
    promotion: str = ""

    def uci(self) -> str:
        return square_name(self.start) + square_name(self.end) + self.promotion.lower()


@dataclass(frozen=True, slots=True)
class Position:
    """A position: 64 squares ('' or a FEN piece letter), side to move and the FEN counters."""

    board: tuple[str, ...]
    turn: str = "w"
    castling: str = "KQkq"  # FEN's field, '' for none
    en_passant: int | None = None  # the square a pawn passed over, as in FEN
    halfmove: int = 0
    fullmove: int = 1

    @classmethod
    def start(cls) -> Position:
        return cls.from_fen(START_FEN)

    @classmethod
    def from_fen(cls, fen: str) -> Position:
        """A position from FEN (raises ``ValueError`` on a malformed one).

        >>> Position.from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").board[0]
        'K'
        """
        fields = fen.split()
        if len(fields) < 4 or fields[0].count("/") != 7:
            raise ValueError(f"not a FEN position: {fen!r}")
        board = [""] * 64
        for row, text in enumerate(fields[0].split("/")):
            file = 0
            for char in text:
                if char.isdigit():
                    file += int(char)
                elif char in "pnbrqkPNBRQK" and file < 8:
                    board[8 * (7 - row) + file] = char
                    file += 1
                else:
                    raise ValueError(f"not a FEN position: {fen!r}")
            if file != 8:
                raise ValueError(f"not a FEN position: {fen!r}")
        turn = fields[1]
        if turn not in ("w", "b") or not re.fullmatch(r"-|K?Q?k?q?", fields[2]):
            raise ValueError(f"not a FEN position: {fen!r}")
        ep = None if fields[3] == "-" else square(fields[3])
        counters = [int(f) for f in fields[4:6] if f.isdigit()]
        half = counters[0] if counters else 0
        full = counters[1] if len(counters) > 1 else 1
        castling = "" if fields[2] == "-" else fields[2]
        return cls(tuple(board), turn, castling, ep, half, full)

    def placement(self) -> str:
        """FEN's first field: the pieces, rank 8 first."""
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for file in range(8):
                piece = self.board[8 * rank + file]
                if piece:
                    row += (str(empty) if empty else "") + piece
                    empty = 0
                else:
                    empty += 1
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows)

    def fen(self) -> str:
        ep = "-" if self.en_passant is None else square_name(self.en_passant)
        return (
            f"{self.placement()} {self.turn} {self.castling or '-'} {ep} "
            f"{self.halfmove} {self.fullmove}"
        )

    # -- attacks and legal moves --------------------------------------------------------

    def attacked(self, sq: int, by: str) -> bool:
        """Whether side ``by`` ('w' or 'b') attacks square ``sq``."""
        f, r = sq % 8, sq // 8
        pawn_rank = r - 1 if by == "w" else r + 1
        pawn = "P" if by == "w" else "p"
        for df in (-1, 1):
            if (
                0 <= f + df < 8
                and 0 <= pawn_rank < 8
                and self.board[f + df + 8 * pawn_rank] == pawn
            ):
                return True
        for steps, kinds, slide in (
            (KNIGHT, "N", False),
            (KING, "K", False),
            (ROOK, "RQ", True),
            (BISHOP, "BQ", True),
        ):
            wanted = kinds if by == "w" else kinds.lower()
            for df, dr in steps:
                nf, nr = f + df, r + dr
                while 0 <= nf < 8 and 0 <= nr < 8:
                    piece = self.board[nf + 8 * nr]
                    if piece:
                        if piece in wanted:
                            return True
                        break
                    if not slide:
                        break
                    nf, nr = nf + df, nr + dr
        return False

    def in_check(self) -> bool:
        king = "K" if self.turn == "w" else "k"
        other = "b" if self.turn == "w" else "w"
        return any(p == king and self.attacked(i, other) for i, p in enumerate(self.board))

    def _pseudo_moves(self) -> Iterator[Move]:
        own = self.turn
        for sq, piece in enumerate(self.board):
            if not piece or _colour(piece) != own:
                continue
            f, r = sq % 8, sq // 8
            kind = piece.upper()
            if kind == "P":
                yield from self._pawn_moves(sq, f, r)
                continue
            steps = {"N": KNIGHT, "K": KING, "R": ROOK, "B": BISHOP, "Q": ROOK + BISHOP}[kind]
            slide = kind in "RBQ"
            for df, dr in steps:
                nf, nr = f + df, r + dr
                while 0 <= nf < 8 and 0 <= nr < 8:
                    target = self.board[nf + 8 * nr]
                    if target and _colour(target) == own:
                        break
                    yield Move(sq, nf + 8 * nr)
                    if target or not slide:
                        break
                    nf, nr = nf + df, nr + dr
            if kind == "K":
                yield from self._castlings(sq)

    def _pawn_moves(self, sq: int, f: int, r: int) -> Iterator[Move]:
        forward, home, last = (1, 1, 7) if self.turn == "w" else (-1, 6, 0)
        ahead = sq + 8 * forward
        targets: list[int] = []
        if 0 <= ahead < 64 and not self.board[ahead]:
            targets.append(ahead)
            two = ahead + 8 * forward
            if r == home and not self.board[two]:
                targets.append(two)
        for df in (-1, 1):
            if 0 <= f + df < 8:
                to = ahead + df
                target = self.board[to]
                if (target and _colour(target) != self.turn) or to == self.en_passant:
                    targets.append(to)
        for to in targets:
            if to // 8 == last:
                for promoted in "QRBN":
                    yield Move(sq, to, promoted)
            else:
                yield Move(sq, to)

    def _castlings(self, sq: int) -> Iterator[Move]:
        """Castling (Laws 3.8.2): rights kept, squares between empty, king not passing
        through or starting from an attacked square (its end square is tested with
        every move)."""
        white = self.turn == "w"
        home = 4 if white else 60
        if sq != home:
            return
        other = "b" if white else "w"
        for right, rook, between, passes in (
            ("K" if white else "k", home + 3, (home + 1, home + 2), home + 1),
            ("Q" if white else "q", home - 4, (home - 1, home - 2, home - 3), home - 1),
        ):
            if right not in self.castling:
                continue
            if self.board[rook] != ("R" if white else "r"):
                continue
            if any(self.board[b] for b in between):
                continue
            if self.attacked(home, other) or self.attacked(passes, other):
                continue
            yield Move(home, home + 2 if rook > home else home - 2)

    def legal_moves(self) -> list[Move]:
        """Every move that does not leave the mover's own king attacked (Laws 3.9)."""
        return [move for move in self._pseudo_moves() if self._legal(move)]

    def _legal(self, move: Move) -> bool:
        """Whether ``move`` (a pseudo-legal one) leaves the mover's own king unattacked."""
        after = self._apply(move)
        king = "K" if self.turn == "w" else "k"
        other = "b" if self.turn == "w" else "w"
        return not any(after.attacked(i, other) for i, p in enumerate(after.board) if p == king)

    # -- making moves --------------------------------------------------------------------

    def _apply(self, move: Move) -> Position:
        board = list(self.board)
        piece = board[move.start]
        captured = board[move.end]
        board[move.end] = (
            (move.promotion if self.turn == "w" else move.promotion.lower())
            if move.promotion
            else piece
        )
        board[move.start] = ""
        kind = piece.upper()
        if kind == "P" and move.end == self.en_passant:  # the passed pawn is taken (3.7.4.1)
            board[move.end - 8 if self.turn == "w" else move.end + 8] = ""
        if kind == "K" and abs(move.end - move.start) == 2:  # the rook jumps over (3.8.2)
            rook_from, rook_to = (
                (move.start + 3, move.start + 1)
                if move.end > move.start
                else (move.start - 4, move.start - 1)
            )
            board[rook_to], board[rook_from] = board[rook_from], ""
        castling = self.castling
        for sq, rights in ((4, "KQ"), (60, "kq"), (0, "Q"), (7, "K"), (56, "q"), (63, "k")):
            if move.start == sq or move.end == sq:
                castling = "".join(c for c in castling if c not in rights)
        passed = None
        if kind == "P" and abs(move.end - move.start) == 16:
            passed = (move.start + move.end) // 2
        reset = kind == "P" or bool(captured)
        return Position(
            tuple(board),
            "b" if self.turn == "w" else "w",
            castling,
            passed,
            0 if reset else self.halfmove + 1,
            self.fullmove + (1 if self.turn == "b" else 0),
        )

    def resolve(self, san: str) -> Move:
        """The one legal move that ``san`` names; ``IllegalMove`` when there is none or more.

        >>> Position.start().resolve("Nf3").uci()
        'g1f3'
        """
        match = _SAN.match(san)
        if not match:
            raise IllegalMove(f"'{san}' is not a move in SAN")
        # The moves that fit the SAN first, then the legality test (Laws 3.9) for those
        # only: the same moves as filtering legal_moves(), at a fraction of the cost
        # (``tourney check`` replays every game of a folder; bench/startup.py).
        candidates = list(self._pseudo_moves())
        if match.group("castle"):
            long = match.group("castle").count("-") == 2 or match.group("castle").count("0") == 3
            home = 4 if self.turn == "w" else 60
            end = home - 2 if long else home + 2
            found = [
                m
                for m in candidates
                if m.start == home and m.end == end and self.board[home].upper() == "K"
            ]
        else:
            kind = match.group("piece") or "P"
            to = square(match.group("to"))
            from_file, from_rank = match.group("from_file"), match.group("from_rank")
            promotion = match.group("promotion") or ""
            found = [
                m
                for m in candidates
                if m.end == to
                and self.board[m.start].upper() == kind
                and m.promotion == promotion
                and (not from_file or FILES[m.start % 8] == from_file)
                and (not from_rank or str(m.start // 8 + 1) == from_rank)
            ]
        found = [m for m in found if self._legal(m)]
        if len(found) != 1:
            side = "White" if self.turn == "w" else "Black"
            why = "no legal move" if not found else "more than one legal move"
            raise IllegalMove(f"'{san}' names {why} of {side} here")
        return found[0]

    def play(self, san: str) -> Position:
        """The position after the SAN move ``san`` (``IllegalMove`` if it names none)."""
        return self._apply(self.resolve(san))


def replay(moves: tuple[str, ...], fen: str = START_FEN) -> tuple[list[Position], str]:
    """The positions before the first move and after each move that could be played,
    and why the replay stopped early ('' when every move was played).

    >>> positions, stopped = replay(("e4", "e5", "Ke3"))
    >>> len(positions), stopped
    (3, "move 2. Ke3: 'Ke3' names no legal move of White here")
    """
    position = Position.from_fen(fen)
    positions = [position]
    for san in moves:
        try:
            position = position.play(san)
        except IllegalMove as error:
            number = position.fullmove
            dots = "." if position.turn == "w" else "..."
            return positions, f"move {number}{dots} {san}: {error}"
        positions.append(position)
    return positions, ""
