"""The SAN applier (tourney.engine.chessboard): positions after known moves, as FEN.

Every expected FEN is written out by hand from the Laws of Chess (Article 3) and
the FEN rules (PGN standard 16.1): the 1.e4 / 1...c5 / 2.Nf3 positions are the
FEN standard's own worked example.
"""

from __future__ import annotations

import pytest

from tourney.engine.chessboard import IllegalMove, Position, replay


def after(*moves: str, fen: str | None = None) -> str:
    position = Position.from_fen(fen) if fen else Position.start()
    for san in moves:
        position = position.play(san)
    return position.fen()


def test_the_fen_standards_worked_example() -> None:
    assert after("e4") == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert after("e4", "c5") == "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"
    assert (
        after("e4", "c5", "Nf3") == "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    )


def test_en_passant_takes_the_passed_pawn() -> None:
    # Alekhine's Defence: 3.exd6 e.p. removes the pawn on d5 and resets the half-move clock.
    fen = after("e4", "Nf6", "e5", "d5", "exd6")
    assert fen == "rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"


def test_castling_moves_the_rook_and_drops_the_rights() -> None:
    fen = after("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O")
    assert fen == "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
    # the same with zeros, as some programs write it
    assert after("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "0-0") == fen


def test_queenside_castling_and_a_rook_move_losing_one_right() -> None:
    start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert after("O-O-O", fen=start) == "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    assert after("Rb1", "Rh7", fen=start) == "r3k3/7r/8/8/8/8/8/1R2K2R w Kq - 2 2"


def test_no_castling_through_an_attacked_square() -> None:
    # the rook on f2 attacks f1, which the king passes (Laws 3.8.2.2)
    with pytest.raises(IllegalMove, match="no legal move"):
        after("O-O", fen="4k3/8/8/8/8/8/5r2/4K2R w K - 0 1")
    assert after("Kxf2", fen="4k3/8/8/8/8/8/5r2/4K2R w K - 0 1") == (
        "4k3/8/8/8/8/8/5K2/7R b - - 0 1"
    )


def test_promotion_and_a_capture_that_promotes() -> None:
    assert after("a8=Q", fen="8/P6k/8/8/8/8/8/K7 w - - 0 1") == "Q7/7k/8/8/8/8/8/K7 b - - 0 1"
    assert after("a8N", fen="8/P6k/8/8/8/8/8/K7 w - - 0 1") == "N7/7k/8/8/8/8/8/K7 b - - 0 1"
    two = "1r5k/P1P5/8/8/8/8/8/K7 w - - 0 1"
    assert after("axb8=Q+", fen=two) == "1Q5k/2P5/8/8/8/8/8/K7 b - - 0 1"
    with pytest.raises(IllegalMove, match="more than one"):
        after("xb8=Q", fen=two)


def test_disambiguation_by_rank_and_by_file() -> None:
    rooks = "k7/8/8/R7/8/8/8/R3K3 w - - 0 1"
    with pytest.raises(IllegalMove, match="more than one"):
        after("Ra3", fen=rooks)
    assert after("R1a3", fen=rooks) == "k7/8/8/R7/8/R7/8/4K3 b - - 1 1"
    assert after("R5a3", fen=rooks) == "k7/8/8/8/8/R7/8/R3K3 b - - 1 1"
    # Queen's Gambit Declined: 6...Nbd7 (the f6 knight could go to d7 too); the clock
    # counts 5...O-O, 6.Nf3, 6...Nbd7 since the last pawn move 5.e3
    fen = after("d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7", "e3", "O-O", "Nf3", "Nbd7")
    assert fen == "r1bq1rk1/pppnbppp/4pn2/3p2B1/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 3 7"


def test_a_pinned_knight_needs_no_disambiguation() -> None:
    # the d2 knight is pinned by the bishop on b4: only the g1 knight can go to f3
    fen = "4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1"
    assert after("Nf3", fen=fen) == "4k3/8/8/8/1b6/5N2/3N4/4K3 b - - 1 1"


def test_illegal_moves_are_refused() -> None:
    with pytest.raises(IllegalMove):
        after("e5")  # a pawn moves one or two squares from its start, not three
    with pytest.raises(IllegalMove):
        after("Ke2")  # the e2 pawn stands there
    with pytest.raises(IllegalMove, match="not a move in SAN"):
        after("e9")
    with pytest.raises(IllegalMove):  # leaves the own king in check (Laws 3.9)
        after("Nf3", fen="4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1")


def test_replay_stops_at_the_first_illegal_move() -> None:
    positions, stopped = replay(("e4", "e5", "Nf3", "Nf6", "Bb5", "Bb5"))
    assert len(positions) == 6
    assert stopped == "move 3... Bb5: 'Bb5' names no legal move of Black here"
    assert replay(("d4", "d5"))[1] == ""
