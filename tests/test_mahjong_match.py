"""Match-level rules of the table engine (:class:`taku.mahjong.match.Match`), one test per rule.

Each hand of a match is dealt from a constructed wall: every seat holds either a tenpai hand
waiting on an honour (so no draw changes it) or a hand that is not tenpai; the hand is played by
discarding every drawn tile, and a designated seat wins (by tsumo on its second draw, or by ron on
the next seat's second draw) or declares riichi. Seats in the walls are counted from the dealer.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from taku.mahjong.actions import Action
from taku.mahjong.kyoku import KyokuResult
from taku.mahjong.match import Match, seeded_wall
from taku.mahjong.rules import Rules
from taku.mahjong.wall import Wall
from tests.test_mahjong_kyoku import NOTEN_HANDS, TENPAI_HANDS, build_wall

WAITS = ("2z", "4z", "6z", "7z")
"""The winning tile of each seat's tenpai hand (:data:`TENPAI_HANDS`)."""
DORA = "8s"
"""The dora indicator of every wall: 9s is dora, which the winners here never hold."""
SEEDS = Rules.preset("seeds-001-003")
"""The rules these tests change one field of: seed 001 scoring and seed 003 play (no target, no
extension, no uma; the library default is Tenhou's)."""


def draw_wall(tenpai: Iterable[int] = ()) -> Wall:
    """A hand that ends in an exhaustive draw with the seats ``tenpai`` (from the dealer)."""
    ready = set(tenpai)
    return build_wall([TENPAI_HANDS[s] if s in ready else NOTEN_HANDS[s] for s in range(4)],
                      dora=DORA)


def win_wall(winner: int, *, tsumo: bool) -> Wall:
    """A hand that ``winner`` (from the dealer) wins by tsumo on his second draw, or by ron on the
    next seat's second draw; nobody else is tenpai."""
    hands = [TENPAI_HANDS[s] if s == winner else NOTEN_HANDS[s] for s in range(4)]
    index = 4 + (winner if tsumo else (winner + 1) % 4)
    return build_wall(hands, at={index: WAITS[winner]}, dora=DORA)


def kyushu_wall() -> Wall:
    """A hand the dealer may abort by kyushu kyuhai on his first draw."""
    return build_wall(["1m9m1p9p1s9s1z2z3z 5m5p5s6s"], "6m", dora=DORA)


def play_hand(match: Match, winners: Iterable[int] = (), riichi: Iterable[int] = ()) -> KyokuResult:
    """Play the current hand to its end: seats ``winners`` (from the dealer) win when they can,
    seats ``riichi`` declare riichi when they can; everyone else passes and discards his draw."""
    winning, declaring = set(winners), set(riichi)
    count = len(match.results)
    dealer = match.dealer
    while not match.is_over and len(match.results) == count:
        seat = match.to_act[0]
        relative = (seat - dealer) % 4
        legal = match.legal_actions(seat)
        first: dict[str, Action] = {}
        for action in legal:
            first.setdefault(action.type, action)
        if relative in winning and "hora" in first:
            action = first["hora"]
        elif relative in declaring and "reach" in first:
            action = first["reach"]
        elif "none" in first:
            action = first["none"]
        else:
            action = next((a for a in legal if a.type == "dahai" and a.tsumogiri), first["dahai"])
        match.apply(action)
    return match.results[-1]


def position(match: Match) -> tuple[int, int, int]:
    """Round wind, dealer and counters of the hand being played."""
    assert match.kyoku.honba == match.honba and match.kyoku.dealer == match.dealer
    return (match.round_wind, match.dealer, match.honba)


def conserved(match: Match) -> bool:
    """No point is made or lost: scores plus the sticks on the table stay 4 x start points."""
    return sum(match.scores) + 1000 * match.deposits == 4 * match.rules.start_points


# --- MJ-END-08: counters ------------------------------------------------------------------------

def test_mj_end_08_counters_after_draws_and_wins() -> None:
    """MJ-END-08 [GAP, standard]: a counter is added after an exhaustive draw and after a dealer
    win, and cleared after a non-dealer win (which passes the deal); each counter is worth 300
    (100 from each payer on tsumo, MJ-SCORE-22)."""
    match = Match(SEEDS, walls=[draw_wall({0}), win_wall(0, tsumo=True), win_wall(1, tsumo=False),
                         draw_wall(), draw_wall()])
    assert position(match) == (0, 0, 0)
    play_hand(match)  # the dealer is tenpai: he keeps the deal
    assert position(match) == (0, 0, 1)
    result = play_hand(match, winners={0})  # dealer tsumo: baiman (honitsu, ittsuu, double East)
    assert result.deltas == (24300, -8100, -8100, -8100)
    assert position(match) == (0, 0, 2)
    result = play_hand(match, winners={1})  # South rons West: mangan + 2 counters
    assert result.deltas == (0, 8600, -8600, 0)
    assert position(match) == (0, 1, 0)
    play_hand(match)  # all noten: the deal passes, a counter is added
    assert position(match) == (0, 2, 1)
    assert conserved(match)


def test_tv_honba_01_counters_carry_to_the_next_dealer() -> None:
    """MJ-END-08, TV-HONBA-01: the dealer has two counters; his hand ends in an exhaustive draw
    with him noten, so the deal passes and the new dealer has three."""
    match = Match(SEEDS, walls=[draw_wall({0}), draw_wall({0}), draw_wall(), draw_wall()])
    play_hand(match)
    play_hand(match)
    assert position(match) == (0, 0, 2)
    play_hand(match)
    assert position(match) == (0, 1, 3)


def test_mj_end_10_abortive_draw_keeps_the_deal_and_adds_a_counter() -> None:
    """MJ-END-10 [GAP, standard]: after an abortive draw the dealer keeps the deal and a counter
    is added; nobody pays."""
    match = Match(SEEDS.replace(abortive_draws=frozenset({"kyushu_kyuhai"})),
                  walls=[kyushu_wall(), draw_wall()])
    abort = next(a for a in match.legal_actions(0) if a.type == "ryukyoku")
    match.apply(abort)
    assert match.results[-1].outcome == "kyushu_kyuhai"
    assert position(match) == (0, 0, 1)
    assert match.scores == [25000] * 4


def test_mj_end_09_sticks_wait_for_the_next_winner() -> None:
    """MJ-END-09, MJ-RIICHI-05: a riichi stick of a hand that ends in a draw stays on the table and
    goes to the winner of the next hand that has one."""
    match = Match(SEEDS, walls=[draw_wall({0}), win_wall(1, tsumo=False), draw_wall()])
    play_hand(match, riichi={0})
    assert match.deposits == 1 and match.kyoku.deposits == 1
    assert match.scores == [24000 + 3000, 24000, 24000, 24000]
    result = play_hand(match, winners={1})
    assert result.deltas == (0, 8300 + 1000, -8300, 0)  # mangan + 1 counter, and the stick
    assert match.deposits == 0 and conserved(match)


# --- MJ-END-11, CFG-16: keeping the deal --------------------------------------------------------

@pytest.mark.parametrize(("policy", "tenpai", "keeps"), [
    ("tenpai", True, True), ("tenpai", False, False),
    ("nanba", True, True), ("nanba", False, False),     # TV-MTL-02 (East round)
    ("dealer_win", True, False), ("dealer_win", False, False),
])
def test_cfg_16_renchan_after_a_draw_in_the_east_round(policy: str, tenpai: bool,
                                                       keeps: bool) -> None:
    """MJ-END-11, CFG-16, TV-MTL-02: after an exhaustive draw in the East round the dealer keeps the
    deal if tenpai (``tenpai``, and ``nanba`` in the East round) or never (``dealer_win``); either
    way a counter is added and carried."""
    match = Match(SEEDS.replace(renchan=policy), walls=[draw_wall({0} if tenpai else ()), draw_wall()])
    result = play_hand(match)
    assert result.dealer_keeps is keeps
    assert position(match) == (0, 0 if keeps else 1, 1)


@pytest.mark.parametrize(("policy", "keeps"), [("nanba", True), ("tenpai", False)])
def test_tv_mtl_01_nanba_renchan_in_the_south_round(policy: str, keeps: bool) -> None:
    """MJ-MONTREAL-13, TV-MTL-01: under nanba renchan the South-round dealer keeps the deal after
    an exhaustive draw even when noten (+1 counter); under ``tenpai`` he loses it."""
    match = Match(SEEDS.replace(renchan=policy), walls=[draw_wall() for _ in range(6)])
    for _ in range(4):
        play_hand(match)
    assert position(match) == (1, 0, 4)
    result = play_hand(match)
    assert result.tenpai == () and result.dealer_keeps is keeps
    assert position(match) == (1, 0 if keeps else 1, 5)


# --- MJ-GAME: the end of the match --------------------------------------------------------------

def test_mj_game_01_hanchan_ends_after_the_south_round() -> None:
    """MJ-GAME-01/06: with no target, a hanchan ends when the deal passes after South 4; an
    East-only match after East 4."""
    match = Match(SEEDS, walls=[draw_wall() for _ in range(8)])
    for _ in range(8):
        assert not match.is_over
        play_hand(match)
    assert match.is_over and len(match.results) == 8
    match = Match(SEEDS.replace(length="east"), walls=[draw_wall() for _ in range(4)])
    for _ in range(4):
        play_hand(match)
    assert match.is_over and match.events[-1] == {"type": "end_game", "scores": [25000] * 4}


@pytest.mark.parametrize(("start", "over"), [(1000, False), (900, True)])
def test_tv_mtl_06_bust_below_zero_not_at_zero(start: int, over: bool) -> None:
    """MJ-GAME-07, TV-MTL-06: the match ends at once when a score is negative; a score of exactly
    0 does not end it. Here three players pay 1,000 of noten payments each."""
    match = Match(SEEDS.replace(start_points=start), walls=[draw_wall({0}), draw_wall()])
    play_hand(match)
    assert match.scores[1:] == [start - 1000] * 3
    assert match.is_over is over
    if over:
        assert match.result is not None and match.result.ranks == (1, 2, 2, 2)
    else:
        assert position(match) == (0, 0, 1)
    match = Match(SEEDS.replace(start_points=900, bust=False), walls=[draw_wall({0}), draw_wall()])
    play_hand(match)
    assert not match.is_over and min(match.scores) == -100


@pytest.mark.parametrize("extension", ["off", "until_target", "until_target_by_win"])
def test_tv_mtl_05_extension(extension: str) -> None:
    """MJ-GAME-05/08, MJ-MONTREAL-06, TV-MTL-05, CFG-23: nobody has the target after the last
    regular hand: without extension the match ends; with it, play goes on into the next round and
    ends once someone has the target (``until_target``, noten payments included) or only once a
    player reaches it by winning a hand (``until_target_by_win``, PMTL)."""
    rules = SEEDS.replace(length="east", target_points=28000, extension=extension)
    walls = [draw_wall() for _ in range(4)] + [draw_wall({1}), win_wall(0, tsumo=True), draw_wall()]
    match = Match(rules, walls=walls)
    for _ in range(4):
        play_hand(match)
    if extension == "off":
        assert match.is_over
        return
    assert not match.is_over and position(match) == (1, 0, 4)
    play_hand(match)  # South reaches 28,000 by noten payments only
    assert match.scores[1] == 28000
    if extension == "until_target":
        assert match.is_over
        return
    assert not match.is_over and position(match) == (1, 1, 5)
    play_hand(match, winners={0})  # South, now dealer, wins: the match ends
    assert match.is_over and match.scores[1] > 28000


@pytest.mark.parametrize("agari_yame", [True, False])
def test_mj_game_06_agari_yame(agari_yame: bool) -> None:
    """MJ-GAME-06 [AMB]: the last dealer who wins while first with at least the target may end
    the match (agari-yame, Tenhou); otherwise his win keeps the deal and the match goes on."""
    rules = SEEDS.replace(length="east", target_points=30000, agari_yame=agari_yame)
    match = Match(rules, walls=[*(draw_wall() for _ in range(3)), win_wall(0, tsumo=True),
                                draw_wall(), draw_wall()])
    for _ in range(3):
        play_hand(match)
    assert position(match) == (0, 3, 3)
    result = play_hand(match, winners={0})
    assert result.deltas == (-8300, -8300, -8300, 24900)  # baiman + 3 counters
    assert match.is_over is agari_yame
    if not agari_yame:
        assert position(match) == (0, 3, 4)
        play_hand(match)  # noten: the deal passes after the last hand
        assert match.is_over


@pytest.mark.parametrize(("preset", "tenpai_yame"), [("tenhou", False), ("mahjongsoul", True)])
def test_mj_game_06_tenpai_yame_is_not_agari_yame(preset: str, tenpai_yame: bool) -> None:
    """MJ-GAME-06 [AMB], issue 9 item 3: the last dealer who is first with the target and only
    tenpai at the exhaustive draw ends the match under tenpai-yame (Mahjong Soul); Tenhou plays on
    (a real Phoenix game goes on from South 4 to South 4, 2 counters), with a counter more."""
    rules = Rules.preset(preset).replace(length="east", target_points=26000)
    assert (rules.agari_yame, rules.tenpai_yame) == (True, tenpai_yame)
    match = Match(rules, walls=[*(draw_wall() for _ in range(3)), draw_wall({0}), draw_wall(),
                                draw_wall()])
    for _ in range(3):
        play_hand(match)
    assert position(match) == (0, 3, 3)
    result = play_hand(match)  # the dealer (seat 3) alone is tenpai: +3,000, first with 28,000
    assert result.tenpai == (3,) and match.scores[3] == max(match.scores) >= 26000
    assert match.is_over is tenpai_yame
    if not tenpai_yame:
        assert position(match) == (0, 3, 4)


# --- MJ-GAME-04/09, CFG-05, CFG-23: leftover sticks, ties, uma and oka --------------------------

def _bust_with_stick(rules: Rules, tenpai: set[int]) -> Match:
    """Start 1,000 each: the dealer declares riichi (his stick stays on the table), ``tenpai``
    seats are tenpai, and the noten payments bust someone: the match ends after one hand."""
    match = Match(rules.replace(start_points=1000), walls=[draw_wall(tenpai), draw_wall()])
    play_hand(match, riichi={0})
    assert match.is_over
    return match


@pytest.mark.parametrize(("leftover", "scores", "left"), [
    ("lost", (1500, 2500, -500, -500), 1),
    ("to_first_place", (1500, 3500, -500, -500), 0),
])
def test_cfg_05_leftover_sticks(leftover: str, scores: tuple[int, ...], left: int) -> None:
    """MJ-GAME-09, CFG-05: sticks still on the table when the match ends are nobody's (P003) or go
    to first place (PMTL)."""
    match = _bust_with_stick(SEEDS.replace(leftover_deposits=leftover), {0, 1})
    assert match.result is not None
    assert match.result.scores == scores and match.result.leftover_deposits == left
    assert match.events[-1] == {"type": "end_game", "scores": list(scores)}


@pytest.mark.parametrize(("ties", "scores", "ranks"), [
    ("shared", (1000, 2500, 2500, -2000), (3, 1, 1, 4)),
    ("seat_order", (1000, 3000, 2000, -2000), (3, 1, 2, 4)),
])
def test_mj_game_09_tied_first_places_share_the_sticks(ties: str, scores: tuple[int, ...],
                                                       ranks: tuple[int, ...]) -> None:
    """MJ-GAME-04/09, MJ-MONTREAL-07, CFG-23: South and West tie for first: with shared ranks they
    share the leftover stick (500 each) and both rank first; ranked by seat order, South (nearer
    the first dealer) is first alone and takes it."""
    rules = SEEDS.replace(leftover_deposits="to_first_place", ties=ties)
    match = _bust_with_stick(rules, {0, 1, 2})
    assert match.result is not None
    assert match.result.scores == scores and match.result.ranks == ranks


@pytest.mark.parametrize(("ties", "points"), [
    ("shared", (9.5, 25.5, -17.5, -17.5)),
    ("seat_order", (9.5, 25.5, -12.5, -22.5)),
])
def test_cfg_23_uma_and_oka(ties: str, points: tuple[float, ...]) -> None:
    """MJ-GAME-04, CFG-23: the result is (score - return) / 1,000 plus the uma of the rank; first
    place also takes the oka (4 x (return - start)); tied players share their uma. Scores 1,500,
    3,500, -500, -500 with start 1,000, return 2,000 and uma 20/10/-10/-20."""
    rules = SEEDS.replace(leftover_deposits="to_first_place", ties=ties, uma=(20, 10, -10, -20),
                  oka_return=2000)
    match = _bust_with_stick(rules, {0, 1})
    assert match.result is not None
    assert match.result.points == points
    assert sum(match.result.points) == 0


def test_mj_game_04_equal_scores_share_ranks() -> None:
    """MJ-GAME-04, CFG-23: four equal final scores share first place (PMTL: ties stand) and the
    uma cancels out; ranked by seat order they are first to fourth."""
    for ties, ranks, points in (("shared", (1, 1, 1, 1), (0.0, 0.0, 0.0, 0.0)),
                                ("seat_order", (1, 2, 3, 4), (20.0, 10.0, -10.0, -20.0))):
        rules = SEEDS.replace(length="east", ties=ties, uma=(20, 10, -10, -20), oka_return=25000)
        match = Match(rules, walls=[draw_wall() for _ in range(4)])
        for _ in range(4):
            play_hand(match)
        assert match.result is not None
        assert match.result.ranks == ranks and match.result.points == points


# --- CFG-10: chombo in a match ------------------------------------------------------------------

def test_tv_chombo_01_02_pmtl_chombo_in_a_match() -> None:
    """MJ-MONTREAL-33/35, MJ-END-08 (B7), TV-CHOMBO-01/02: a non-dealer's chombo costs him 8,000
    and the hand is replayed; a dealer's chombo costs him 12,000 and the deal passes; counters are
    carried with +0 either way."""
    match = Match(Rules.preset("montreal"), walls=[draw_wall(), *(draw_wall() for _ in range(3))])
    play_hand(match)  # East round, dealer noten: the deal passes (nanba), one counter
    assert position(match) == (0, 1, 1)
    match.chombo(2)
    assert match.results[-1].deltas == (2000, 4000, -8000, 2000)
    assert position(match) == (0, 1, 1)
    match.chombo(1)
    assert match.results[-1].deltas == (4000, -12000, 4000, 4000)
    assert position(match) == (0, 2, 1)
    assert match.scores == [31000, 17000, 21000, 31000]


def test_tv_chombo_03_p003_chombo_replays_the_hand() -> None:
    """MJ-FLOW-05, TV-CHOMBO-03, CFG-10: under P003 a chombo voids the hand: nobody pays, the
    riichi stick placed in it goes back, and the same hand (dealer, counters) is replayed."""
    match = Match(SEEDS, walls=[draw_wall({0}), draw_wall()])
    reach = next(a for a in match.legal_actions(0) if a.type == "reach")
    match.apply(reach)
    match.apply(next(a for a in match.legal_actions(0) if a.tsumogiri))
    for seat in match.to_act:
        match.apply(Action("none", seat))
    assert match.kyoku.deposits == 1 and match.kyoku.scores[0] == 24000
    match.chombo(0)
    assert match.results[-1].outcome == "chombo"
    assert match.scores == [25000] * 4 and match.deposits == 0
    assert position(match) == (0, 0, 0) and match.hand_count == 2


@pytest.mark.parametrize("leading", [True, False])
def test_mj_montreal_35_dealer_chombo_extreme_case(leading: bool) -> None:
    """MJ-MONTREAL-35 (reading adopted in RULES.md): a dealer's chombo passes the deal, except
    when passing it would end the match with the offender still first; that hand is replayed.
    East 4 of an East-only PMTL match: the dealer (North) first wins a baiman (or not), then
    commits a chombo."""
    rules = Rules.preset("montreal").replace(length="east", target_points=0)
    walls = [*(draw_wall() for _ in range(3)), win_wall(0, tsumo=True), draw_wall(), draw_wall()]
    match = Match(rules, walls=walls)
    for _ in range(3):
        play_hand(match)
    assert position(match) == (0, 3, 3)
    if leading:
        play_hand(match, winners={0})
        assert match.scores == [16700, 16700, 16700, 49900]
    match.chombo(3)
    assert match.results[-1].deltas == (4000, 4000, 4000, -12000)
    if leading:
        assert not match.is_over and position(match) == (0, 3, 4)
        assert match.scores == [20700, 20700, 20700, 37900]
    else:
        assert match.is_over and match.result is not None
        assert match.result.scores == (29000, 29000, 29000, 13000)


def test_a_matchs_walls_are_the_seeded_walls_of_its_hands() -> None:
    rules = Rules.preset("tenhou")
    match = Match(rules, seed="walls-7")
    assert match.kyoku.wall == seeded_wall("walls-7", 0, rules.red_fives)
    while match.hand_count == 1:  # (the hands dealt so far)
        match.apply(match.legal_actions(match.to_act[0])[0])
    assert match.kyoku.wall == seeded_wall("walls-7", 1, rules.red_fives)
    assert seeded_wall("walls-7", 1, rules.red_fives) != seeded_wall("walls-7", 0, rules.red_fives)
