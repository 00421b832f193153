"""Renju openings (RJ-14): the 26 canonical openings, the opening rules (RIF 1996, Yamaguchi,
Taraguchi-10, Soosorv-8, Swap2) as state machines, and the ban on symmetric fifth-move offers."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taku.renju import (
    BLACK,
    GOMOKU_FREESTYLE,
    SYMMETRIES,
    WHITE,
    Color,
    IllegalMoveError,
    InvalidNotationError,
    InvalidRulesError,
    Point,
    Position,
    RenjuRules,
    transform,
)
from taku.renju.openings import (
    DIRECT_OPENINGS,
    INDIRECT_OPENINGS,
    OPENING_RULES,
    OPENINGS,
    RIF,
    SOOSORV_8,
    SWAP2,
    TARAGUCHI_10,
    YAMAGUCHI,
    ChooseColor,
    Declare,
    IllegalOpeningActionError,
    Offer,
    Opening,
    OpeningMatch,
    OpeningResult,
    OpeningRule,
    Phase,
    Place,
    Player,
    Select,
    Step,
    Swap,
    canonical_opening,
    equivalent_fifth_moves,
    opening_code,
    opening_name,
    parse_action,
    position_symmetries,
)

P = Point.from_str
FIRST, SECOND = Player.FIRST, Player.SECOND
CENTRE = P("h8")


def points(text: str) -> tuple[Point, ...]:
    return tuple(P(name) for name in text.split())


def oriented(stones: tuple[Point, ...], symmetry: int, size: int = 15) -> tuple[Point, ...]:
    return tuple(transform(p, symmetry, size) for p in stones)


def stabiliser(black: set[Point], white: set[Point], size: int = 15) -> list[int]:
    """The symmetries fixing both stone sets, computed here independently of ``position_symmetries``."""
    return [
        s
        for s in range(SYMMETRIES)
        if {transform(p, s, size) for p in black} == black and {transform(p, s, size) for p in white} == white
    ]


def reject(state: Opening, action: str, message: str, by: Player | None = None) -> None:
    with pytest.raises(IllegalOpeningActionError) as info:
        state.apply(action, by)
    assert message in str(info.value), str(info.value)


# -- the 26 openings (RJ-14) ---------------------------------------------------------------------


def test_rj_14_table_has_13_direct_and_13_indirect_openings() -> None:
    assert len(OPENINGS) == 26 and len(DIRECT_OPENINGS) == len(INDIRECT_OPENINGS) == 13
    assert set(OPENINGS) == set(DIRECT_OPENINGS) | set(INDIRECT_OPENINGS)
    for name, (first, second, third) in OPENINGS.items():
        assert first == CENTRE
        assert second == (P("h9") if name in DIRECT_OPENINGS else P("i9"))
        assert max(abs(third.x - 7), abs(third.y - 7)) <= 2 and third not in (first, second)


@pytest.mark.parametrize(
    ("name", "third", "code"),
    [
        ("Kansei", "h10", "1D"),
        ("Keigetsu", "i10", "2D"),
        ("Sosei", "j10", "3D"),
        ("Kagetsu", "i9", "4D"),
        ("Zangetsu", "j9", "5D"),
        ("Ugetsu", "i8", "6D"),
        ("Kinsei", "j8", "7D"),
        ("Shogetsu", "h7", "8D"),
        ("Kyugetsu", "i7", "9D"),
        ("Shingetsu", "j7", "10D"),
        ("Zuisei", "h6", "11D"),
        ("Sangetsu", "i6", "12D"),
        ("Yusei", "j6", "13D"),
        ("Chosei", "j10", "1I"),
        ("Kyogetsu", "j9", "2I"),
        ("Kosei", "j8", "3I"),
        ("Suigetsu", "j7", "4I"),
        ("Ryusei", "j6", "5I"),
        ("Ungetsu", "i8", "6I"),
        ("Hogetsu", "i7", "7I"),
        ("Rangetsu", "i6", "8I"),
        ("Gingetsu", "h7", "9I"),
        ("Myojo", "h6", "10I"),
        ("Shagetsu", "g7", "11I"),
        ("Meigetsu", "g6", "12I"),
        ("Suisei", "f6", "13I"),
    ],
)
def test_rj_14_rif_table_third_stone_and_number(name: str, third: str, code: str) -> None:
    assert OPENINGS[name][2] == P(third)
    assert opening_code(name) == code


def test_rj_14_every_legal_three_stone_start_is_exactly_one_opening() -> None:
    # 8 second stones x 23 third stones: each is one of the 26, and each of the 26 occurs
    seen: dict[str, int] = {}
    for second in (p for p in itertools.product(range(6, 9), repeat=2) if p != (7, 7)):
        for third in itertools.product(range(5, 10), repeat=2):
            if third in ((7, 7), second):
                continue
            name = opening_name([CENTRE, Point(*second), Point(*third)])
            assert name is not None
            seen[name] = seen.get(name, 0) + 1
    assert set(seen) == set(OPENINGS)
    assert sum(seen.values()) == 8 * 23


def test_rj_14_the_26_table_entries_are_pairwise_not_symmetric() -> None:
    orbits = {
        name: {frozenset(enumerate(oriented(stones, s))) for s in range(SYMMETRIES)}
        for name, stones in OPENINGS.items()
    }
    for a, b in itertools.combinations(OPENINGS, 2):
        assert not orbits[a] & orbits[b], (a, b)


@pytest.mark.parametrize("name", list(OPENINGS))
def test_rj_14_each_opening_recognised_under_all_8_symmetries(name: str) -> None:
    for symmetry in range(SYMMETRIES):
        stones = oriented(OPENINGS[name], symmetry)
        assert opening_name(stones) == name
        assert opening_name(Position(stones)) == name
        assert opening_name("".join(str(p) for p in stones)) == name
        match = canonical_opening(stones)
        assert match is not None and match.name == name
        assert oriented(stones, match.symmetry) == OPENINGS[name]


def test_rj_14_opening_name_examples_and_non_openings() -> None:
    assert opening_name("h8 i8 j7") == "Keigetsu"  # White to the right: 2D turned a quarter
    assert opening_name("h8 g7 f6") == "Chosei"
    assert opening_name(Position("h8h9h10a1b2")) == "Kansei"  # later moves do not matter
    assert opening_name("h8 h9") is None  # too few stones
    assert opening_name("h8 h10 h11") is None  # second stone not adjacent
    assert opening_name("h8 h9 h11") is None  # third stone outside the 5x5 square
    assert opening_name("h8 h9 pass") is None
    assert opening_name(Position.from_stones("h8 h10", "h9")) is None  # set up, not played
    assert opening_name([P("h8"), P("h9"), "i10"]) == "Keigetsu"
    # on 19x19 the centre is j10
    assert opening_name(Position("j10j11l12", rules=RenjuRules(board_size=19))) == "Sosei"
    assert opening_name("j10 j11 l12", size=19) == "Sosei"
    assert opening_name("j10 j11 l12") is None


def test_canonical_opening_maps_a_game_to_table_orientation() -> None:
    game = Position("h8g8g10")  # White left of Black: a direct opening
    match = canonical_opening(game)
    assert match is not None and match == OpeningMatch("Zangetsu", 3)  # a quarter turn clockwise
    assert game.transform(match.symmetry).move_stack[:3] == OPENINGS["Zangetsu"]


def test_opening_code_rejects_unknown_names() -> None:
    with pytest.raises(ValueError, match="not one of the 26 openings"):
        opening_code("Kansai")


@given(
    second=st.sampled_from([p for p in itertools.product(range(6, 9), repeat=2) if p != (7, 7)]),
    third=st.sampled_from(list(itertools.product(range(5, 10), repeat=2))),
    symmetry=st.integers(0, SYMMETRIES - 1),
)
def test_rj_14_property_opening_name_is_invariant_under_symmetries(
    second: tuple[int, int], third: tuple[int, int], symmetry: int
) -> None:
    stones = (CENTRE, Point(*second), Point(*third))
    name = opening_name(stones)
    if third in ((7, 7), second):
        assert name is None
        return
    assert name is not None
    assert opening_name(oriented(stones, symmetry)) == name
    assert opening_name(Position(stones).transform(symmetry)) == name


# -- symmetric fifth moves -------------------------------------------------------------------------


def test_equivalent_fifth_moves_on_a_symmetric_position() -> None:
    position = Position("h8h9h10h11")  # Kansei with the 4th stone on its axis: mirror symmetric
    assert position_symmetries(position) == (0, 4)
    assert equivalent_fifth_moves(position, "g9", "i9")
    assert equivalent_fifth_moves(position, "g9", "g9")
    assert not equivalent_fifth_moves(position, "g9", "i10")
    assert not equivalent_fifth_moves(position, "h7", "h12")  # on the axis, but not mirror images
    lopsided = Position("h8h9h10i11")
    assert position_symmetries(lopsided) == (0,)
    assert not equivalent_fifth_moves(lopsided, "g9", "i9")


def test_position_symmetries_of_the_centre_stone_alone() -> None:
    assert position_symmetries(Position("h8")) == tuple(range(SYMMETRIES))


# -- RIF opening rule (1996) -------------------------------------------------------------------------


def test_rif_opening_rule_complete_run_with_swap() -> None:
    """RIF opening rule (1996; RJ-14): opening, swap, 4th stone, two fifth moves offered, one selected."""
    state = Opening(RIF)
    phase = state.phase
    assert phase == Phase(FIRST, BLACK, ("place",), (BLACK, WHITE, BLACK), (1, 3, 5), 1)
    state = state.apply("place h8 h9 i10", FIRST)  # Keigetsu
    assert state.phase is not None and state.phase.player is SECOND and state.phase.accepts == ("swap",)
    state = state.apply(Swap(True), SECOND)  # the second player takes Black
    assert state.black_player is SECOND and state.white_player is FIRST
    phase = state.phase
    assert phase is not None and phase.player is FIRST and phase.color is WHITE
    state = state.apply(Place(points("j8")), FIRST)
    phase = state.phase
    assert phase is not None and (phase.player, phase.accepts, phase.offers) == (SECOND, ("offer",), 2)
    state = state.apply(Offer(points("g9 k9")), SECOND)
    phase = state.phase
    assert phase is not None and phase.player is FIRST and phase.choices == points("g9 k9")
    state = state.apply(Select(P("k9")), FIRST)
    assert state.is_over and state.finished and state.phase is None  # finished: the former name
    position, black = state.result()
    assert not position.is_over and position.is_game_over() is False
    assert black is SECOND
    assert position.move_stack == points("h8 h9 i10 j8 k9")
    assert position.turn is WHITE and set(position.stones(BLACK)) == set(points("h8 i10 k9"))
    assert opening_name(position) == "Keigetsu"


def test_rif_opening_rule_run_without_swap_keeps_the_first_player_black() -> None:
    state = Opening("rif").apply_all(["place h8 i9 f6", "keep", "place h11", "offer g8 j10", "select g8"])
    result = state.result()
    assert isinstance(result, OpeningResult) and result.black is FIRST
    assert result.position.move_stack == points("h8 i9 f6 h11 g8")
    assert opening_name(state.position()) == "Suisei"
    assert [player for player, _ in state.history] == [FIRST, SECOND, SECOND, FIRST, SECOND]


def test_rif_opening_rule_second_stone_must_be_within_3x3() -> None:
    reject(Opening(RIF), "place h8 h10 i10", "cannot place h10: white stone 2 must be within the central 3x3")


def test_rif_opening_rule_third_stone_must_be_within_5x5() -> None:
    reject(Opening(RIF), "place h8 h9 h11", "cannot place h11: black stone 3 must be within the central 5x5")


def test_rj_14_rif_first_stone_must_be_on_the_centre() -> None:
    reject(Opening(RIF), "place g8 h9 h10", "cannot place g8: black stone 1 must be on the centre point h8")


def test_rif_opening_rule_needs_exactly_three_stones() -> None:
    reject(Opening(RIF), "place h8 h9", "expected 3 stones (black, white, black), got 2")


def test_rif_opening_rule_two_offers_not_one_or_three() -> None:
    state = Opening(RIF).apply_all(["place h8 h9 h10", "keep", "place a1"])
    reject(state, "offer g8", "expected 2 fifth moves, got 1")
    reject(state, "offer g8 j8 k8", "expected 2 fifth moves, got 3")


def test_rif_opening_rule_symmetric_offers_rejected() -> None:
    state = Opening(RIF).apply_all(["place h8 h9 h10", "keep", "place h12"])
    reject(state, "offer g9 i9", "cannot offer both g9 and i9: they are symmetric fifth moves")
    reject(state, "offer g7 g7", "cannot offer g7 twice")
    assert state.apply("offer g9 i10").offers == points("g9 i10")


def test_rif_opening_rule_offer_on_a_taken_point_rejected() -> None:
    state = Opening(RIF).apply_all(["place h8 h9 h10", "keep", "place a1"])
    reject(state, "offer a1 g8", "cannot offer a1: the point is taken")
    reject(state, "offer h9 g8", "cannot offer h9: the point is taken")


def test_rif_opening_rule_place_on_a_taken_or_off_board_point_rejected() -> None:
    state = Opening(RIF).apply_all(["place h8 h9 h10", "keep"])
    reject(state, "place h9", "cannot place h9: the point is taken")
    reject(state, "place p16", "cannot place p16: it is off a 15x15 board")


def test_rif_opening_rule_acting_out_of_turn_rejected() -> None:
    reject(Opening(RIF), "place h8 h9 h10", "it is the first player's turn, not the second player's", SECOND)
    state = Opening(RIF).apply("place h8 h9 h10")
    reject(state, "swap", "it is the second player's turn, not the first player's", FIRST)
    state = state.apply_all(["keep", "place a1"])
    reject(state, "offer g8 j10", "it is the first player's turn", SECOND)  # Black (first) offers


def test_rif_opening_rule_wrong_kind_of_action_rejected() -> None:
    state = Opening(RIF).apply("place h8 h9 h10")
    reject(state, "place a1", "cannot place a1 now: second player (white) must swap colours or keep them")
    reject(state, "declare 2", "cannot declare 2 now")
    reject(Opening(RIF), "swap", "cannot swap now: first player (black) must place black stone 1")


def test_rif_opening_rule_select_only_an_offered_move() -> None:
    state = Opening(RIF).apply_all(["place h8 h9 h10", "keep", "place a1", "offer g8 j10"])
    reject(state, "select j9", "cannot select j9: it was not offered (offered: g8 j10)")


def test_opening_actions_after_the_end_rejected() -> None:
    state = Opening(RIF).apply_all(["place h8 h9 h10", "keep", "place a1", "offer g8 j10", "select g8"])
    reject(state, "place k5", "cannot place k5: the opening is over")


def test_opening_result_before_the_end_rejected() -> None:
    with pytest.raises(IllegalOpeningActionError, match="the opening is not finished: first player"):
        Opening(RIF).result()


def test_opening_states_are_immutable() -> None:
    start = Opening(RIF)
    after = start.apply("place h8 h9 h10")
    assert start.stones == () and start.phase is not None and start.phase.player is FIRST
    assert after.stones == points("h8 h9 h10")
    assert start.position().stone_count == 0 and after.position().stone_count == 3


# -- Yamaguchi -----------------------------------------------------------------------------------------


def test_yamaguchi_complete_run_with_declared_three_offers() -> None:
    """Yamaguchi rule: the opening with a declared number of fifth moves, one swap, then that many offers."""
    state = Opening(YAMAGUCHI).apply_all(["place h8 i9 j8", "declare 3"])  # Kosei, three fifth moves
    assert state.declared == 3
    phase = state.phase
    assert phase is not None and phase.player is SECOND and phase.accepts == ("swap",)
    state = state.apply_all(["swap", "place i7"])  # second player takes Black; first places White 4
    phase = state.phase
    assert phase is not None and (phase.player, phase.color, phase.offers) == (SECOND, BLACK, 3)
    state = state.apply_all(["offer g9 k8 j6", "select j6"])
    position, black = state.result()
    assert black is SECOND and position.move_stack == points("h8 i9 j8 i7 j6")
    assert opening_name(position) == "Kosei"


def test_yamaguchi_the_number_of_offers_is_the_declared_one() -> None:
    state = Opening(YAMAGUCHI).apply_all(["place h8 i9 j8", "declare 3", "keep", "place i7"])
    reject(state, "offer g9 k8", "expected 3 fifth moves, got 2")


def test_yamaguchi_declaration_must_be_positive_and_limited() -> None:
    state = Opening(YAMAGUCHI).apply("place h8 i9 j8")
    reject(state, "declare 0", "cannot declare 0 fifth moves: expected 1 to 221")
    limited = Opening(OpeningRule.yamaguchi(4)).apply("place h8 i9 j8")
    reject(limited, "declare 5", "cannot declare 5 fifth moves: expected 1 to 4")


def test_yamaguchi_declaration_is_by_the_first_player() -> None:
    reject(Opening(YAMAGUCHI).apply("place h8 i9 j8"), "declare 2", "first player's turn", SECOND)


# -- Taraguchi-10 ----------------------------------------------------------------------------------------


def test_taraguchi_10_complete_run_with_one_fifth_move_and_swaps() -> None:
    """Taraguchi-10, choice 1: stones 1-5 in growing central squares, a swap option after each."""
    state = Opening(TARAGUCHI_10)
    expected = [
        (FIRST, ("place",), (1,)),
        (SECOND, ("swap",), ()),
        (SECOND, ("place",), (3,)),
    ]
    for (player, accepts, areas), action in zip(expected, ["place h8", "keep", "place i9"], strict=True):
        phase = state.phase
        assert phase is not None and (phase.player, phase.accepts, phase.areas) == (player, accepts, areas)
        state = state.apply(action)
    state = state.apply("swap")  # after stone 2 the first player (Black) gives Black away
    assert state.black_player is SECOND
    phase = state.phase
    assert phase is not None and (phase.player, phase.areas) == (SECOND, (5,))
    state = state.apply_all(["place j10", "keep", "place g7", "keep"])  # Chosei, White 4 within 7x7
    phase = state.phase
    assert phase is not None and phase.player is SECOND and phase.accepts == ("place", "offer")
    assert phase.areas == (9,) and phase.offers == 10
    state = state.apply("place k11")
    phase = state.phase
    assert phase is not None and phase.player is FIRST and phase.accepts == ("swap",)
    state = state.apply("swap")
    position, black = state.result()
    assert black is FIRST and position.move_stack == points("h8 i9 j10 g7 k11")
    assert opening_name(position) == "Chosei"


def test_taraguchi_10_complete_run_with_ten_offers() -> None:
    """Taraguchi-10, choice 2: after the 4th stone Black offers ten fifth moves and White selects one."""
    state = Opening("taraguchi_10").apply_all(
        ["place h8", "keep", "place h9", "keep", "place h10", "keep", "place e11", "keep"]
    )
    state = state.apply("offer a1 b1 c1 d1 e1 f1 g1 h1 i1 j1")
    phase = state.phase
    assert phase is not None and phase.player is SECOND and phase.accepts == ("select",)
    state = state.apply("select c1", SECOND)
    position, black = state.result()
    assert black is FIRST and position.move_stack == points("h8 h9 h10 e11 c1")


def test_taraguchi_10_areas_grow_with_each_stone() -> None:
    reject(Opening(TARAGUCHI_10), "place h9", "black stone 1 must be on the centre point h8")
    state = Opening(TARAGUCHI_10).apply_all(["place h8", "keep"])
    reject(state, "place j10", "white stone 2 must be within the central 3x3 square")
    state = state.apply_all(["place i9", "keep"])
    reject(state, "place k11", "black stone 3 must be within the central 5x5 square")
    state = state.apply_all(["place j10", "keep"])
    reject(state, "place l12", "white stone 4 must be within the central 7x7 square")
    state = state.apply_all(["place k11", "keep"])
    reject(state, "place m13", "black stone 5 must be within the central 9x9 square")
    assert state.apply("place l12").stones[-1] == P("l12")


def test_taraguchi_10_needs_exactly_ten_non_symmetric_offers() -> None:
    state = Opening(TARAGUCHI_10).apply_all(
        ["place h8", "keep", "place h9", "keep", "place h10", "keep", "place h11", "keep"]
    )
    reject(state, "offer a1 b1 c1", "expected 10 fifth moves, got 3")
    reject(
        state,
        "offer a1 b1 c1 d1 e1 f1 g1 h1 i1 o1",  # a1 and o1 mirror each other in column h
        "cannot offer both a1 and o1: they are symmetric fifth moves",
    )


# -- Soosorv-8 --------------------------------------------------------------------------------------------


def test_soosorv_8_complete_run_with_both_swaps() -> None:
    """Soosorv-8 (RIF World Championship rule since 2017): two swaps, 1 to 8 fifth moves declared by White."""
    state = Opening(SOOSORV_8).apply_all(["place h8 h9 j6", "swap"])  # Yusei; second player takes Black
    phase = state.phase
    assert phase is not None and phase.player is FIRST and phase.color is WHITE
    state = state.apply("place g10", FIRST)
    phase = state.phase
    assert phase is not None and (phase.player, phase.accepts, phase.max_declared) == (FIRST, ("declare",), 8)
    state = state.apply(Declare(4), FIRST)
    phase = state.phase
    assert phase is not None and (phase.player, phase.accepts) == (SECOND, ("swap",))  # Black may swap
    state = state.apply(Swap(True), SECOND)
    assert state.black_player is FIRST
    phase = state.phase
    assert phase is not None and (phase.player, phase.color, phase.offers) == (FIRST, BLACK, 4)
    state = state.apply("offer i10 g7 k7 f9", FIRST).apply("select k7", SECOND)
    position, black = state.result()
    assert black is FIRST and position.move_stack == points("h8 h9 j6 g10 k7")
    assert opening_name(position) == "Yusei"


@pytest.mark.parametrize("count", [0, 9])
def test_soosorv_8_declaration_must_be_1_to_8(count: int) -> None:
    state = Opening(SOOSORV_8).apply_all(["place h8 h9 j6", "keep", "place g10"])
    reject(state, f"declare {count}", f"cannot declare {count} fifth moves: expected 1 to 8")


def test_soosorv_8_declaration_is_by_white() -> None:
    state = Opening(SOOSORV_8).apply_all(["place h8 h9 j6", "keep", "place g10"])
    reject(state, "declare 3", "it is the second player's turn, not the first player's", FIRST)


# -- Swap2 -------------------------------------------------------------------------------------------------


def test_swap2_second_player_plays_black() -> None:
    """Swap2, option 1: the second player takes Black; White (the first player) moves next."""
    state = Opening(SWAP2).apply("place a1 b2 c3")
    phase = state.phase
    assert phase is not None and phase.player is SECOND and phase.accepts == ("color", "place")
    state = state.apply(ChooseColor(BLACK), SECOND)
    position, black = state.result()
    assert black is SECOND
    assert position.stones(BLACK) == points("a1 c3") and position.stones(WHITE) == points("b2")
    assert position.turn is WHITE and position.move_stack == ()


def test_swap2_second_player_plays_white() -> None:
    """Swap2, option 2: the second player takes White and plays the 4th stone as a normal move."""
    state = Opening(SWAP2, GOMOKU_FREESTYLE).apply_all(["place h8 j9 k3", "choose white"])
    position, black = state.result()
    assert black is FIRST and position.turn is WHITE and position.rules == GOMOKU_FREESTYLE
    position.push(P("h9"))  # White's 4th stone is the first normal move
    assert position.stone_count == 4


def test_swap2_second_player_places_two_more_and_first_player_chooses() -> None:
    """Swap2, option 3: one white and one black stone more, then the first player picks a colour."""
    state = Opening(SWAP2).apply_all(["place a1 b2 c3"]).apply(Place(points("d4 e5")), SECOND)
    phase = state.phase
    assert phase is not None and phase.player is FIRST and phase.accepts == ("color",)
    state = state.apply("choose white", FIRST)
    position, black = state.result()
    assert black is SECOND
    assert position.stones(BLACK) == points("a1 c3 e5") and position.stones(WHITE) == points("b2 d4")
    assert position.turn is WHITE


def test_swap2_stones_go_anywhere_but_not_twice() -> None:
    reject(Opening(SWAP2), "place a1 a1 c3", "cannot place a1 twice")
    state = Opening(SWAP2).apply("place a1 b2 c3")
    reject(state, "place b2 e5", "cannot place b2: the point is taken")
    reject(state, "place d4", "expected 2 stones (white, black), got 1")
    reject(state, "swap", "cannot swap now: second player")
    reject(state, "choose black", "it is the second player's turn, not the first player's", FIRST)


# -- actions, rules and reprs -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        Place(points("h8 h9 h10")),
        Swap(True),
        Swap(False),
        Declare(3),
        Offer(points("g9 i10")),
        Select(P("g9")),
        ChooseColor(BLACK),
        ChooseColor(WHITE),
    ],
)
def test_actions_round_trip_through_text_and_repr(action: object) -> None:
    assert parse_action(str(action)) == action
    assert eval(repr(action), {"Color": Color, "Point": Point, **globals()}) == action


@pytest.mark.parametrize("text", ["", "place", "declare two", "choose red", "offer h8 pass", "jump h8"])
def test_parse_action_rejects_bad_text(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_action(text)


def test_opening_repr_replays_the_state() -> None:
    state = Opening(RIF).apply_all(["place h8 h9 h10", "swap", "place a1"])
    assert repr(state) == (
        "Opening(OpeningRule.preset('rif')).apply_all(['place h8 h9 h10', 'swap', 'place a1'])"
    )
    again = eval(repr(state))
    assert again.stones == state.stones and again.black_player is state.black_player
    assert repr(Opening(SWAP2, GOMOKU_FREESTYLE)).startswith("Opening(OpeningRule.preset('swap2'), rules=")
    assert repr(OpeningRule.taraguchi(5)) == "OpeningRule.taraguchi(5)"
    assert repr(OpeningRule.soosorv(4)) == "OpeningRule.soosorv(4)"
    assert repr(OpeningRule.yamaguchi(12)) == "OpeningRule.yamaguchi(12)"
    assert eval(repr(Player.FIRST)) is Player.FIRST and str(Player.SECOND) == "second player"


def test_opening_rule_presets() -> None:
    assert set(OPENING_RULES) == {"rif", "yamaguchi", "taraguchi_10", "soosorv_8", "swap2"}
    assert OpeningRule.preset("soosorv_8") == OpeningRule.soosorv(8) == SOOSORV_8
    with pytest.raises(InvalidRulesError, match="unknown opening rule 'pro'"):
        OpeningRule.preset("pro")
    with pytest.raises(InvalidRulesError, match="unknown opening rule"):
        Opening("pro")


def test_opening_rule_validation() -> None:
    with pytest.raises(InvalidRulesError, match="must alternate"):
        OpeningRule("bad", (Step("first", ("place",), (WHITE,), (None,)),))
    with pytest.raises(InvalidRulesError, match="before any declaration"):
        OpeningRule("bad", (Step("black", ("offer",)),))
    with pytest.raises(InvalidRulesError, match="one area per stone"):
        Step("first", ("place",), (BLACK,), ())
    with pytest.raises(InvalidRulesError, match="at least one"):
        Step("first", ())
    with pytest.raises(InvalidRulesError):
        OpeningRule.taraguchi(0)


def test_illegal_opening_action_is_an_illegal_move_and_a_value_error() -> None:
    assert issubclass(IllegalOpeningActionError, IllegalMoveError)
    assert issubclass(IllegalOpeningActionError, ValueError)


def test_openings_on_a_19x19_board_use_its_centre() -> None:
    rules = RenjuRules(board_size=19)
    state = Opening(RIF, rules).apply_all(
        ["place j10 j11 k12", "keep", "place a1", "offer h9 l9", "select l9"]
    )
    position = state.result().position
    assert position.size == 19 and opening_name(position) == "Keigetsu"
    reject(Opening(RIF, rules), "place h8 h9 h10", "black stone 1 must be on the centre point j10")


@pytest.mark.parametrize("name", ["rif", "yamaguchi", "taraguchi_10", "soosorv_8"])
def test_centre_opening_rules_need_an_odd_board(name: str) -> None:
    # RJ-14: these rules place stones around the centre point, which an even (gomoku) board lacks.
    rules = GOMOKU_FREESTYLE.replace(board_size=20)
    with pytest.raises(InvalidRulesError, match="which a 20x20 board does not have: expected an odd"):
        Opening(name, rules)


def test_swap2_on_gomocups_20x20_freestyle_board() -> None:
    rules = GOMOKU_FREESTYLE.replace(board_size=20)
    state = Opening("swap2", rules).apply_all(["place a1 t20 k10", "place k11 l10", "choose white"])
    result = state.result()
    assert result.position.size == 20 and result.position.turn is WHITE
    assert result.position.color_at("t20") is WHITE and result.position.color_at("l10") is BLACK


# -- property tests: symmetric offers are always rejected --------------------------------------------------

SYMMETRIC_OPENINGS = [
    name for name, stones in OPENINGS.items() if len(stabiliser({stones[0], stones[2]}, {stones[1]})) > 1
]


def test_six_openings_are_mirror_symmetric() -> None:
    # the third stone on the line through the first two: a mirror in that line fixes all three
    assert set(SYMMETRIC_OPENINGS) == {"Kansei", "Shogetsu", "Zuisei", "Chosei", "Shagetsu", "Suisei"}


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_rif_property_symmetric_fifth_move_offers_always_rejected(data: st.DataObject) -> None:
    """RIF: "the proposals have to be unequal in all respects": mirror-image offers never pass."""
    name = data.draw(st.sampled_from(SYMMETRIC_OPENINGS), "opening")
    orientation = data.draw(st.integers(0, SYMMETRIES - 1), "orientation")
    black, white, third = oriented(OPENINGS[name], orientation)
    mirror = stabiliser({black, third}, {white})[1]
    axis = [
        p
        for p in (Point(x, y) for x in range(15) for y in range(15))
        if transform(p, mirror, 15) == p and p not in (black, white, third)
    ]
    fourth = data.draw(st.sampled_from(axis), "fourth")
    off_axis = [
        p
        for p in (Point(x, y) for x in range(15) for y in range(15))
        if transform(p, mirror, 15) != p and p not in (black, white, third, fourth)
    ]
    a = data.draw(st.sampled_from(off_axis), "fifth")
    b = transform(a, mirror, 15)
    state = Opening(RIF).apply_all([Place((black, white, third)), Swap(False), Place((fourth,))])
    assert equivalent_fifth_moves(state.position(), a, b)
    with pytest.raises(IllegalOpeningActionError, match="symmetric fifth moves"):
        state.apply(Offer((a, b)))


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(list(OPENINGS)),
    orientation=st.integers(0, SYMMETRIES - 1),
    fourth=st.tuples(st.integers(0, 14), st.integers(0, 14)),
    a=st.tuples(st.integers(0, 14), st.integers(0, 14)),
    b=st.tuples(st.integers(0, 14), st.integers(0, 14)),
)
def test_rif_property_offers_accepted_exactly_when_not_symmetric(
    name: str, orientation: int, fourth: tuple[int, int], a: tuple[int, int], b: tuple[int, int]
) -> None:
    black, white, third = oriented(OPENINGS[name], orientation)
    stones = {black, white, third}
    p4, p5a, p5b = Point(*fourth), Point(*a), Point(*b)
    if p4 in stones or len({p4, p5a, p5b} | stones) != 6:
        return  # a taken point: a different rejection, tested elsewhere
    state = Opening(RIF).apply_all([Place((black, white, third)), Swap(False), Place((p4,))])
    symmetric = any(transform(p5a, s, 15) == p5b for s in stabiliser({black, third}, {white, p4}))
    assert equivalent_fifth_moves(state.position(), p5a, p5b) == symmetric
    if symmetric:
        with pytest.raises(IllegalOpeningActionError, match="symmetric fifth moves"):
            state.apply(Offer((p5a, p5b)))
    else:
        assert state.apply(Offer((p5a, p5b))).offers == (p5a, p5b)
