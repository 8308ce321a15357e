"""fc-solve's board and move formats: round trips and the errors bad text gets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.core.cards import Suit
from eightoff.core.deals import deal
from eightoff.core.errors import BoardFormatError, EmptySource, MoveFormatError
from eightoff.core.moves import Move
from eightoff.core.notation import format_board, format_move, move_lines, parse_board, parse_move
from eightoff.core.piles import Pile
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import EASY, FREECELL, PRESETS, STANDARD, variant
from eightoff.locale import install_language
from tests.core.test_deals import EXPECTED


def played(number: int, rules: Rules, moves: int) -> Position:
    """A mid-game position with cards on the foundations (auto-play after every move)."""
    position = deal(number, rules)
    for _ in range(moves):
        legal = sorted(position.legal_moves(rules), key=repr)
        position = position.apply(legal[len(legal) // 3]).autoplay(rules)[1]
    return position


class TestBoardFormat:
    @pytest.mark.parametrize("rules", [STANDARD, EASY, FREECELL], ids=lambda rules: rules.name)
    @pytest.mark.parametrize("moves", [0, 15, 40])
    def test_round_trip(self, rules: Rules, moves: int) -> None:
        position = played(617, rules, moves)
        assert parse_board(format_board(position), rules) == position

    @settings(max_examples=150)
    @given(key=st.sampled_from(sorted(PRESETS)), number=st.integers(1, 10**20), options=st.data(),
           picks=st.lists(st.integers(0, 10**6), max_size=80))
    def test_any_position_of_any_game_reads_back_equal(self, key: str, number: int, options: st.DataObject,
                                                        picks: list[int]) -> None:
        """Any game with any of its options, any deal, any line of legal moves (auto-play after
        some): the board printed reads back as the same position. Nothing a game can reach is
        refused (a card back off the foundations in Beleaguered Castle, a King moved into an
        empty column of Fan, Raglan's face-down cards turned)."""
        rules = variant(key).configure({option.key: options.draw(st.booleans(), label=option.key)
                                        for option in variant(key).options})
        position = deal(number, rules)
        for pick in picks:
            assert parse_board(format_board(position), rules) == position
            legal = sorted(position.legal_moves(rules), key=repr)
            if not legal:
                break
            position = position.apply(legal[pick % len(legal)])
            if pick % 3:
                position = position.autoplay(rules)[1]
        assert parse_board(format_board(position), rules) == position

    def test_foundations_line_in_fc_solve_order(self) -> None:
        position = Position(((),) * 8, (None,) * 8, (13, 13, 13, 13))
        assert format_board(position).splitlines()[0] == "Foundations: H-K C-K D-K S-K"

    def test_accepts_fc_solve_abbreviations_tens_and_comments(self) -> None:
        text = EXPECTED[1].replace("Freecells:", "FC:").replace("TD", "10D")
        text = "# deal 1\n" + text.replace("JD KD 2S", ": JD KD 2S")
        assert parse_board(text, STANDARD) == deal(1)

    def test_founds_line_counts_its_cards(self) -> None:
        text = "Founds: H-0 C-A D-0 S-0\n" + EXPECTED[1].replace("AC ", "")
        position = parse_board(text, STANDARD)
        assert position.foundations == (1, 0, 0, 0)

    @pytest.mark.parametrize(
        "change, message",
        [
            (lambda t: t.replace("JD KD", "JD XX"), "line 2: unknown card 'XX'"),
            (lambda t: t.replace("JD KD", "JD 6S"), "line 2: 6S appears twice (also on line 1)"),
            (lambda t: t.replace(" TC\n", "\n"), "missing cards: TC"),
            (lambda t: t.rsplit("\n", 2)[0] + "\n", "expected 8 columns, found 7"),
            (lambda t: t.replace("6H - - - -", "6H - - - - 2C"), "line 1: 9 free cells listed"),
            (lambda t: "Foundations: H-X\n" + t, "line 1: cannot read foundation 'H-X'"),
        ],
    )
    def test_errors_name_the_problem_and_line(self, change: object, message: str) -> None:
        text = change(EXPECTED[1])  # type: ignore[operator]
        with pytest.raises(BoardFormatError) as caught:
            parse_board(text, STANDARD)
        assert message in str(caught.value)

    def test_errors_are_in_the_players_language(self) -> None:
        install_language("it")
        try:
            with pytest.raises(BoardFormatError) as caught:
                parse_board(EXPECTED[1].replace("JD KD", "JD XX"), STANDARD)
            assert str(caught.value) == (
                "riga 2: carta sconosciuta 'XX' (attesi un valore tra A23456789TJQK e un seme tra CDHS)")
            refusal = "^non esiste stack 9: nelle regole standard vanno da 0 a 7$"
            with pytest.raises(MoveFormatError, match=refusal):
                parse_move("Move a card from stack 9 to freecell 0", deal(1), STANDARD)
        finally:
            install_language("en")

    def test_too_many_cells(self) -> None:
        text = EXPECTED[1].replace("Freecells: 6S 9C 2H 6H - - - -", "Freecells: - - - - - - - - 6S 9C 2H 6H")
        with pytest.raises(BoardFormatError, match="line 1: 12 free cells listed, but standard rules have 8"):
            parse_board(text, STANDARD)


class TestMoveFormat:
    def test_wording(self) -> None:
        assert format_move(Move(Pile.column(3), Pile.cell(0))) == "Move a card from stack 3 to freecell 0"
        assert format_move(Move(Pile.column(6), Pile.column(2), 3)) == "Move 3 cards from stack 6 to stack 2"
        assert (
            format_move(Move(Pile.cell(2), Pile.foundation(Suit.SPADES)))
            == "Move a card from freecell 2 to the foundations"
        )
        assert (
            format_move(Move(Pile.foundation(Suit.HEARTS), Pile.column(1)))
            == "Move a card from foundation 2 to stack 1"
        )

    @pytest.mark.parametrize("rules", [STANDARD.with_takeback(True), EASY, FREECELL.with_takeback(True)])
    def test_every_legal_move_round_trips(self, rules: Rules) -> None:
        for moves in (0, 25):
            position = played(1, rules, moves)
            for move in position.legal_moves(rules):
                assert parse_move(format_move(move), position, rules) == move

    @pytest.mark.parametrize(
        "line, error, message",
        [
            ("Move the card from stack 1 to stack 2", MoveFormatError, "not a move in fc-solve's wording"),
            ("Move a card from stack 9 to freecell 0", MoveFormatError, "there is no stack 9"),
            ("Move a card from stack 0 to freecell 8", MoveFormatError, "there is no freecell 8"),
            ("Move a card from freecell 5 to the foundations", EmptySource, "There is no card in cell 6"),
        ],
    )
    def test_parse_errors(self, line: str, error: type[Exception], message: str) -> None:
        with pytest.raises(error, match=message):
            parse_move(line, deal(1), STANDARD)

    def test_move_lines_skip_fc_solve_noise_and_keep_line_numbers(self) -> None:
        text = [
            "-=-=-=-=-=-=-=-=-=-=-=-",
            "",
            "Move a card from stack 7 to freecell 4",
            "",
            "====================",
            "# a comment",
            "Move 2 cards from stack 1 to stack 3",
            "This game is solveable.",
            "Total number of states checked is 174.",
            "This scan generated 201 states.",
        ]
        assert list(move_lines(text)) == [
            (3, "Move a card from stack 7 to freecell 4"),
            (7, "Move 2 cards from stack 1 to stack 3"),
        ]
