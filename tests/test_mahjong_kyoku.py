"""Hand-level rules of the table engine (:class:`taku.mahjong.kyoku.Kyoku`), one test per rule.

Every test builds a wall with :func:`wall_from_parts` whose hands and draws force the situation the
rule speaks of, drives the hand with explicit actions picked from ``legal_actions`` and checks the
concrete outcome: the events, the legal actions, who draws the last tile, the score changes.

Seats are absolute and the dealer is seat 0 unless a test says otherwise: E=0, S=1, W=2, N=3.
Hands not given are "quiet": thirteen different kinds, no two of a suit closer than three, so they
can never call, win or be tenpai. Draws not given are the rest of the set in kind order.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from taku.mahjong.actions import Action, IllegalActionError
from taku.mahjong.kyoku import Kyoku, Observation
from taku.mahjong.rules import ABORTIVE_DRAWS, Rules
from taku.mahjong.score import HandScore
from taku.mahjong.tiles import Tile, parse_tiles
from taku.mahjong.wall import Wall, tile_set, wall_from_parts

CLAIM_PHASES = ("claim", "chankan", "ankan")
E, S, W, N = range(4)

# --- building a table ---------------------------------------------------------------------------

_SUIT_PATTERNS = ((0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 3, 7), (0, 4, 7), (1, 4, 8), (0, 3, 8),
                  (0, 4, 8), (0, 5, 8), (1, 5, 8))
"""Three numbers of a suit with gaps of at least three: no chi and no pair can come of them."""


def _quiet_hand(spare: Counter[int]) -> list[Tile]:
    """Thirteen tiles of different kinds from ``spare`` that can never call, win or be tenpai:
    three numbers per suit three apart and four honours, or, short of honours, numbers two apart
    (a kanchan chi is then possible, but still no pair, group or tenpai)."""
    kinds: list[int] = []
    for suit in range(3):
        pattern = next((p for p in _SUIT_PATTERNS if all(spare[9 * suit + n] > 0 for n in p)), None)
        if pattern is None:
            raise AssertionError(f"no quiet pattern left in suit {'mps'[suit]}")
        kinds.extend(9 * suit + n for n in pattern)
    kinds.extend([k for k in range(27, 34) if spare[k] > 0][:4])
    for kind in range(27):  # short of honours: more numbers, none next to another
        if len(kinds) >= 13:
            break
        number = kind % 9
        if spare[kind] > 0 and kind not in kinds and \
                not (number > 0 and kind - 1 in kinds) and not (number < 8 and kind + 1 in kinds):
            kinds.append(kind)
    if len(kinds) < 13:
        raise AssertionError("no quiet hand left in the set")
    return [Tile(k) for k in sorted(kinds)]


def build_wall(hands: Sequence[str | None], draws: str = "", *,
               at: Mapping[int, str] | None = None, rinshan: str = "", dora: str = "",
               ura: str = "", kans: int = 0) -> Wall:
    """A wall whose seats (from the dealer) are dealt ``hands`` (None: a quiet hand), whose live
    wall gives ``draws`` in order (``at`` puts a tile at a draw number, 0 = the dealer's 14th
    tile), with the given replacement tiles and indicators."""
    given = [parse_tiles(h) if h else None for h in [*hands, None, None, None, None][:4]]
    for seat, hand in enumerate(given):
        assert hand is None or len(hand) == 13, f"hand {seat} has {len(hand)} tiles: {hands[seat]}"
    draw_list: list[Tile | None] = list(parse_tiles(draws))
    if at:
        draw_list += [None] * (max(at) + 1 - len(draw_list))
        for index, text in at.items():
            assert draw_list[index] is None, f"draw {index} given twice"
            draw_list[index] = Tile.from_str(text)
    extras = [*parse_tiles(rinshan), *parse_tiles(dora), *parse_tiles(ura)]
    spare = Counter(t.kind for t in tile_set())
    spare.subtract(t.kind for hand in given if hand for t in hand)
    spare.subtract(t.kind for t in draw_list if t is not None)
    spare.subtract(t.kind for t in extras)
    full = []
    for hand in given:
        if hand is None:
            quiet = _quiet_hand(spare)
            spare.subtract(t.kind for t in quiet)
            hand = tuple(quiet)
        full.append(hand)
    fill = iter(sorted(spare.elements()))
    draw_tiles = [t if t is not None else Tile(next(fill)) for t in draw_list]
    return wall_from_parts(full, draw_tiles, parse_tiles(rinshan), parse_tiles(dora),
                           parse_tiles(ura), kans=kans)


def table(hands: Sequence[str | None], draws: str = "", *, at: Mapping[int, str] | None = None,
          rinshan: str = "", dora: str = "", ura: str = "", rules: Rules | None = None,
          kans: int = 0, **options: Any) -> Kyoku:
    """A hand on :func:`build_wall`'s wall; ``options`` go to :class:`Kyoku`."""
    wall = build_wall(hands, draws, at=at, rinshan=rinshan, dora=dora, ura=ura, kans=kans)
    return Kyoku(wall, rules, **options)


# --- driving a hand -----------------------------------------------------------------------------

def find(k: Kyoku, seat: int, kind: str, tile: str | None = None,
         consumed: str | None = None) -> Action | None:
    """``seat``'s legal action of type ``kind`` (on ``tile``, with ``consumed``; tile ``-`` is the
    tsumogiri discard), or None."""
    for action in k.legal_actions(seat):
        if action.type != kind:
            continue
        if tile == "-":
            if not action.tsumogiri:
                continue
        elif tile is not None and action.pai != Tile.from_str(tile):
            continue
        if consumed is not None and action.consumed != tuple(sorted(parse_tiles(consumed))):
            continue
        return action
    return None


def pass_all(k: Kyoku) -> None:
    """Every seat still to answer a claim window passes (nothing if no window is open)."""
    if k.phase not in CLAIM_PHASES:
        return
    for seat in k.to_act:
        k.apply(Action("none", seat))


def act(k: Kyoku, seat: int, kind: str, tile: str | None = None, consumed: str | None = None,
        *, close: bool = True) -> Action:
    """Play ``seat``'s legal action (see :func:`find`); an open claim window ``seat`` has no part
    in is passed first, and after a claim answer the other seats pass (unless not ``close``)."""
    if k.phase in CLAIM_PHASES and seat not in k.to_act:
        pass_all(k)
    action = find(k, seat, kind, tile, consumed)
    assert action is not None, f"seat {seat} cannot {kind} {tile or ''}: {k.legal_actions(seat)}"
    k.apply(action)
    if close and action.type in ("chi", "pon", "daiminkan", "hora", "none") and \
            k.phase in CLAIM_PHASES:
        pass_all(k)
    return action


def step(k: Kyoku) -> None:
    """One automatic decision: pass claims, discard the drawn tile (or the first legal discard)."""
    if k.phase in CLAIM_PHASES:
        pass_all(k)
        return
    seat = k.actor
    legal = k.legal_actions(seat)
    action = next((a for a in legal if a.type == "dahai" and a.tsumogiri), None) or \
        next(a for a in legal if a.type == "dahai")
    k.apply(action)


def run(k: Kyoku, until: Callable[[Kyoku], bool] | None = None, limit: int = 2000) -> None:
    """Play automatically (see :func:`step`) until ``until`` holds or the hand is over."""
    for _ in range(limit):
        if k.is_over or (until is not None and until(k)):
            return
        step(k)
    raise AssertionError("the hand did not end")


def _can(seat: int, kind: str, tile: str | None, consumed: str | None) -> Callable[[Kyoku], bool]:
    """Whether ``seat`` may play that action now (see :func:`find`)."""
    return lambda k: find(k, seat, kind, tile, consumed) is not None


def play(k: Kyoku, *steps: str) -> None:
    """Play scripted steps ``"seat type [tile [consumed]] [...]"``, advancing automatically until
    each is legal; a trailing ``...`` leaves a claim window open after the answer."""
    for text in steps:
        parts = text.split()
        close = parts[-1] != "..."
        if not close:
            parts.pop()
        seat, kind = int(parts[0]), parts[1]
        tile = parts[2] if len(parts) > 2 else None
        consumed = parts[3] if len(parts) > 3 else None
        run(k, _can(seat, kind, tile, consumed))
        assert not k.is_over, f"the hand ended before step {text!r}"
        act(k, seat, kind, tile, consumed, close=close)


def types(k: Kyoku) -> list[str]:
    return [e["type"] for e in k.events]


def takes(k: Kyoku) -> tuple[int, int, int, int]:
    """Tiles each seat acquired (MJ-HAITEI-01): wall and replacement draws and claimed discards."""
    count = Counter(e["actor"] for e in k.events if e["type"] in ("tsumo", "chi", "pon", "daiminkan"))
    return (count[0], count[1], count[2], count[3])


def last_event(k: Kyoku, kind: str) -> dict[str, Any]:
    return next(e for e in reversed(k.events) if e["type"] == kind)


def yaku_of(score: HandScore) -> dict[str, int]:
    return dict(score.yaku)


def win(k: Kyoku, index: int = 0) -> HandScore:
    """The score sheet of the hand's ``index``-th win."""
    assert k.result is not None and k.result.outcome == "hora", k.result
    return k.result.scores[index]


def kinds(actions: Sequence[Action]) -> set[str]:
    return {a.type for a in actions}


def discards(actions: Sequence[Action]) -> set[str]:
    return {str(a.pai) for a in actions if a.type == "dahai"}


# --- MJ-HAITEI: who draws the last live tile ------------------------------------------------------

_DISCARD_5Z = "5z 2m5m8m 2p8p 2s5s8s 1z2z3z4z"
"""East's hand for the single-call vectors: he discards 5z first."""
_CALL_5Z = "55z 1m4m7m 1p4p7p 1s4s7s 6z 7z"
"""A hand that pons East's 5z and discards 6z."""
_KAN_5Z = "555z 1m4m7m 1p4p7p 1s4s7s 6z"
"""A hand that makes an open kan of East's 5z and discards 6z."""

HAITEI_VECTORS: dict[str, tuple[list[str | None], str, list[str], int, tuple[int, ...] | None]] = {
    # id: hands (from East), draws, script, haitei owner, takes per seat
    "TV-HAITEI-01 no call": ([], "", [], S, (18, 18, 17, 17)),
    "TV-HAITEI-02 one chi": (
        ["3m 5p8p 3s6s9s 1z2z3z4z 5z6z7z", "12m 5m8m 3p6p9p 1s4s7s 1z2z3z"], "",
        ["0 dahai 3m", "1 chi 3m", "1 dahai 1z"], W, (18, 18, 18, 17)),
    "TV-HAITEI-03 two chi": (
        ["3m 5p8p 3s6s9s 1z2z3z4z 5z6z7z", "12m6m 3p6p9p 1s4s7s 1z2z3z 9m",
         "78m3m 1p4p9p 2s5s8s 4z5z6z7z"], "",
        ["0 dahai 3m", "1 chi 3m", "1 dahai 6m", "2 chi 6m", "2 dahai 9p"], N, (18, 18, 18, 18)),
    "TV-HAITEI-04 pon from the left, two pons from across": (
        ["1z 2m5m8m 2p5p8p 2s5s8s 5z6z7z", "11z33z 1m4m7m 1p4p7p 1s4s 2z", None,
         "22z3z 3m6m9m 3p6p9p 3s6s9s 4z"], "",
        ["0 dahai 1z", "1 pon 1z", "1 dahai 2z", "3 pon 2z", "3 dahai 3z", "1 pon 3z",
         "1 dahai 7m"], W, None),
    "TV-HAITEI-05 pon from across": (
        [_DISCARD_5Z, None, _CALL_5Z], "", ["0 dahai 5z", "2 pon 5z", "2 dahai 6z"], N, None),
    "TV-HAITEI-06 pon from the right": (
        [_DISCARD_5Z, None, None, _CALL_5Z], "", ["0 dahai 5z", "3 pon 5z", "3 dahai 6z"], E, None),
    "TV-HAITEI-07 ankan": (
        ["1111z 2m5m8m 2p5p8p 2s5s 3z"], "", ["0 ankan 1z", "0 dahai 3z"], E, (19, 17, 17, 17)),
    "TV-HAITEI-08 daiminkan from the left": (
        [_DISCARD_5Z, _KAN_5Z], "", ["0 dahai 5z", "1 daiminkan 5z", "1 dahai 6z"], S, None),
    "TV-HAITEI-09 daiminkan from across": (
        [_DISCARD_5Z, None, _KAN_5Z], "", ["0 dahai 5z", "2 daiminkan 5z", "2 dahai 6z"], W, None),
    "TV-HAITEI-10 daiminkan from the right": (
        [_DISCARD_5Z, None, None, _KAN_5Z], "", ["0 dahai 5z", "3 daiminkan 5z", "3 dahai 6z"], N,
        None),
    "TV-HAITEI-11 pon from the right, then shouminkan": (
        ["6z 2m5m8m 2p5p8p 2s5s8s 1z2z3z", None, None, "66z 1m4m7m 1p4p7p 1s4s7s 5z 7z"],
        "3m3m3m3m6z", ["0 dahai 6z", "3 pon 6z", "3 dahai 5z", "3 kakan 6z", "3 dahai -"], N, None),
    "TV-HAITEI-12 two pons from across": (
        ["5z 77z 2m5m8m 2p8p 2s5s8s 1z2z", None, "55z 7z 1m4m7m 1p4p7p 1s4s7s 6z"], "",
        ["0 dahai 5z", "2 pon 5z", "2 dahai 7z", "0 pon 7z", "0 dahai 1z"], S, None),
}


@pytest.mark.parametrize("vector", list(HAITEI_VECTORS))
def test_mj_haitei_02_to_07_calls_and_kans_move_the_last_live_tile(vector: str) -> None:
    """MJ-HAITEI-02..07, TV-HAITEI-01..12: with everyone discarding what he draws after the calls,
    the last live tile goes to the seat the closed formula names (South +1 per chi or pon from the
    left, +2 per pon from across, +3 per pon from the right, an open kan as its pon minus one, an
    ankan or shouminkan -1), and that seat makes the final discard (MJ-HAITEI-01)."""
    hands, draws, script, owner, expected_takes = HAITEI_VECTORS[vector]
    k = table(hands, draws)
    play(k, *script)
    run(k)
    assert k.result is not None and k.result.outcome == "exhaustive_draw"
    assert k.tiles_left == 0
    assert last_event(k, "tsumo")["actor"] == owner
    assert last_event(k, "dahai")["actor"] == owner
    # 70 tiles are drawn in all (wall and replacement draws together, MJ-FLOW-20) ...
    assert types(k).count("tsumo") == 70
    # ... and every claimed discard is one more take (MJ-HAITEI-08).
    calls = sum(t in ("chi", "pon", "daiminkan") for t in types(k))
    assert sum(takes(k)) == 70 + calls
    if expected_takes is not None:
        assert takes(k) == expected_takes


# --- MJ-FLOW-20/21/30: dead wall, replacement draws, kan-dora ----------------------------------

def test_mj_flow_20_dead_wall_keeps_14_tiles_after_each_kan() -> None:
    """MJ-FLOW-20: each kan's replacement is taken from the dead wall and the last live tile takes
    its place, so the dead wall stays at 14 and the live wall is one tile shorter per kan."""
    k = table(["1111z 2222z 5m8m 2p5p8p"])
    assert k.tiles_left == 69
    for count, kind in enumerate(("1z", "2z"), 1):
        act(k, E, "ankan", kind)
        assert k.tiles_left == 69 - count
        assert 136 - k.live_end - k.rinshan_drawn == 14
        # MJ-FLOW-21: the replacement tiles come from the far end of the dead wall, in order.
        assert last_event(k, "tsumo") == {"type": "tsumo", "actor": E,
                                          "pai": k.wall.tiles[(134, 135)[count - 1]].mjai}
    run(k)
    wall_draws = [e for e in k.events if e["type"] == "tsumo"]
    assert len(wall_draws) == 70  # 68 from the live wall + 2 replacements
    assert k.draw_index == 120 == k.live_end


def test_mj_flow_21_rinshan_kaihou_on_the_replacement_tile() -> None:
    """MJ-FLOW-21: after a kan the declarer draws the replacement tile and may win on it (rinshan
    kaihou, never haitei here); an ankan keeps the hand closed (MJ-FLOW-24: menzen tsumo)."""
    k = table(["1111z 123m 456p 789s"], "9m", rinshan="9m")
    act(k, E, "ankan", "1z")
    assert k.drawn == Tile.from_str("9m") and k.rinshan
    act(k, E, "hora")
    yaku = yaku_of(win(k))
    assert yaku["rinshan kaihou"] == 1 and yaku["menzen tsumo"] == 1
    assert "haitei raoyue" not in yaku


def test_tv_last_03_replacement_after_the_second_to_last_tile_is_the_last_tile() -> None:
    """MJ-FLOW-29(c), TV-LAST-03, CFG-15: a kan right after the second-to-last draw moves the last
    live tile into the dead wall, so its replacement is the last tile of the hand; a tsumo on it is
    rinshan kaihou only (haitei_on_rinshan off), or also haitei where the rules allow."""
    for haitei_on_rinshan in (False, True):
        k = table(["111z 123m 456p 789s 5p"], at={68: "1z"}, rinshan="5p",
                  rules=Rules(haitei_on_rinshan=haitei_on_rinshan))
        run(k, lambda k: find(k, E, "ankan") is not None)
        assert k.tiles_left == 1
        act(k, E, "ankan", "1z")
        assert k.tiles_left == 0 and k.rinshan
        act(k, E, "hora")
        yaku = yaku_of(win(k))
        assert yaku["rinshan kaihou"] == 1
        assert ("haitei raoyue" in yaku) is haitei_on_rinshan


def test_mj_flow_32_haitei_tsumo_on_the_last_live_tile() -> None:
    """MJ-FLOW-32, MJ-HAITEI-10: a tsumo on the last live-wall tile scores haitei raoyue."""
    k = table([None, "123m456m789m111z5p"], at={69: "5p"})
    run(k, lambda k: k.tiles_left == 0)
    assert k.actor == S
    act(k, S, "hora")
    assert yaku_of(win(k))["haitei raoyue"] == 1


@pytest.mark.parametrize("timing", ["immediate", "late_open_kans"])
def test_cfg_09_kandora_timing(timing: str) -> None:
    """MJ-FLOW-30, CFG-09: under ``immediate`` every kan turns its indicator before the replacement
    draw; under ``late_open_kans`` an ankan still does, but a daiminkan's or kakan's indicator is
    turned when its player discards after the replacement draw."""
    rules = Rules().replace(kandora_timing=timing)
    # daiminkan: South makes an open kan of East's 5z.
    k = table([_DISCARD_5Z, _KAN_5Z], rules=rules)
    play(k, "0 dahai 5z", "1 daiminkan 5z")
    kan = types(k).index("daiminkan")
    if timing == "immediate":
        assert types(k)[kan:] == ["daiminkan", "dora", "tsumo"]
        assert len(k.dora_indicators) == 2
    else:
        assert types(k)[kan:] == ["daiminkan", "tsumo"]
        assert len(k.dora_indicators) == 1
        act(k, S, "dahai", "6z")
        assert types(k)[kan:kan + 4] == ["daiminkan", "tsumo", "dora", "dahai"]
    assert len(k.dora_indicators) == 2
    assert k.dora_indicators[1] == k.wall.tiles[128]
    # ankan: immediate in both timings.
    k = table(["1111z 2m5m8m 2p5p8p 2s5s 3z"], rules=rules)
    act(k, E, "ankan", "1z")
    assert types(k)[-3:] == ["ankan", "dora", "tsumo"]
    # kakan: like the daiminkan.
    k = table(["6z 2m5m8m 2p5p8p 2s5s8s 1z2z3z", None, None, "66z 1m4m7m 1p4p7p 1s4s7s 5z 7z"],
              "3m3m3m3m6z", rules=rules)
    play(k, "0 dahai 6z", "3 pon 6z", "3 dahai 5z", "3 kakan 6z")
    expected = ["kakan", "dora", "tsumo"] if timing == "immediate" else ["kakan", "tsumo"]
    assert types(k)[-len(expected):] == expected


def test_mj_montreal_11_rinshan_win_counts_the_late_kandora() -> None:
    """MJ-MONTREAL-11, MJ-FLOW-30: under late kan-dora a win on the replacement tile of a daiminkan
    counts the kan's new indicator (``late_kandora_on_rinshan``); Tenhou's rules do not."""
    # South makes a daiminkan of East's 5z and wins on the replacement 9p (yaku: haku, rinshan).
    hands = [_DISCARD_5Z, "555z 123m 456s 789s 9p"]
    for counts in (True, False):
        rules = Rules(kandora_timing="late_open_kans", late_kandora_on_rinshan=counts)
        k = table(hands, rinshan="9p", dora="1p 8p", rules=rules)  # kan-dora indicator 8p: 9p
        play(k, "0 dahai 5z", "1 daiminkan 5z", "1 hora")
        assert win(k).dora == (2 if counts else 0)
        assert len(k.dora_indicators) == (2 if counts else 1)


@pytest.mark.parametrize(("preset", "kandora"), [
    ("tenhou", False), ("mahjongsoul", False), ("montreal", True), ("ema", True),
    ("seeds-001-003", True)])
@pytest.mark.parametrize("kan", ["daiminkan", "kakan", "ankan"])
def test_mj_flow_30_rinshan_win_and_the_new_kandora_under_every_preset(
        preset: str, kandora: bool, kan: str) -> None:
    """MJ-FLOW-30, MJ-MONTREAL-11, CFG-09, issue 9 item 2: South wins on the replacement tile
    right after his kan (kan-dora indicator 8p, so 9p in his hand is dora). After a daiminkan or
    kakan, Tenhou and Mahjong Soul turn the indicator only after the kan player's discard, so the
    win does not count it; PMTL (late reveal, but the rinshan win counts it) and P003 (immediate)
    do. An ankan's indicator is turned at once everywhere."""
    rules = Rules.preset(preset)
    if kan == "daiminkan":
        k = table([_DISCARD_5Z, "555z 123m 456s 789s 9p"], rinshan="9p", dora="1p 8p", rules=rules)
        play(k, "0 dahai 5z", "1 daiminkan 5z", "1 hora")
    elif kan == "kakan":
        k = table([_DISCARD_5Z, "55z 123m 456s 789s 9p 1z"], at={4: "5z"}, rinshan="9p",
                  dora="1p 8p", rules=rules)
        play(k, "0 dahai 5z", "1 pon 5z", "1 dahai 1z", "1 kakan 5z", "1 hora")
    else:
        k = table([None, "555z 123m 456s 789s 9p"], "2m 5z", rinshan="9p", dora="1p 8p",
                  rules=rules)
        play(k, "1 ankan 5z", "1 hora")
    assert yaku_of(win(k))["rinshan kaihou"] == 1
    counted = kandora or kan == "ankan"
    assert win(k).dora == (2 if counted else 0)
    assert len(k.dora_indicators) == (2 if counted else 1)


# --- MJ-FLOW-13/14: who may claim, and priority ------------------------------------------------

def test_mj_flow_13_chi_only_from_the_left() -> None:
    """MJ-FLOW-13: only the next player (the discarder is on his left) may chi; players across and
    on the right who hold the neighbouring tiles get no chi."""
    k = table(["3m 5p8p 3s6s9s 1z2z3z4z 5z6z7z", "24m 7m 1p4p7p 1s4s7s 1z2z3z 4z",
               "45m 8m 2p5p8p 2s5s8s 4z5z6z 7z", "12m 9m 3p6p9p 3s6s9s 5z6z7z 1z"])
    act(k, E, "dahai", "3m")
    assert k.to_act == (S,)
    assert kinds(k.legal_actions(S)) == {"chi", "none"}
    assert k.legal_actions(W) == () and k.legal_actions(N) == ()
    act(k, S, "chi", "3m")
    assert k.events[-1] == {"type": "chi", "actor": S, "target": E, "pai": "3m",
                            "consumed": ["2m", "4m"]}
    meld = k.seats[S].melds[0]
    assert meld.kind == "chi" and meld.called_from == 3  # from the left (MJ-FLOW-27)


_PRIORITY_HANDS: list[str | None] = [
    "3m 5p8p 3s6s9s 1z2z3z4z 5z6z7z", "24m 7m 1p4p7p 1s4s7s 1z2z3z 4z",
    "33m 8m 2p5p8p 2s5s8s 4z6z7z 1z", "12m 555z 456p 789p 11s"]
"""East discards 3m: South can chi it, West pon it, North (haku, penchan 3m) ron it."""


def test_tv_claim_01_ron_beats_pon_and_chi() -> None:
    """MJ-FLOW-14, TV-CLAIM-01: ron on the discard wins over a pon and a chi claimed at the same
    time, whatever order the answers come in; the pon and the chi never happen."""
    k = table(_PRIORITY_HANDS)
    act(k, E, "dahai", "3m")
    assert set(k.to_act) == {S, W, N}
    act(k, S, "chi", "3m", close=False)
    act(k, W, "pon", "3m", close=False)
    # MJ-FLOW-12/15: nothing happens (no call, no draw) until every claim is in.
    assert not k.is_over and k.to_act == (N,) and types(k)[-1] == "dahai"
    act(k, N, "hora")
    assert k.result is not None and k.result.winners == (N,)
    assert "chi" not in types(k) and "pon" not in types(k)
    assert k.result.deltas[E] < 0 < k.result.deltas[N]


@pytest.mark.parametrize("call", ["pon", "daiminkan"])
def test_tv_claim_02_pon_and_kan_beat_chi(call: str) -> None:
    """MJ-FLOW-14, TV-CLAIM-02: when South claims a chi and West a pon (or an open kan) of the same
    tile, the pon (kan) is made and the turn goes to West."""
    hands = list(_PRIORITY_HANDS)
    hands[3] = None
    if call == "daiminkan":
        hands[2] = "333m 2p5p8p 2s5s8s 4z6z7z 1z"
    k = table(hands)
    act(k, E, "dahai", "3m")
    act(k, S, "chi", "3m", close=False)
    act(k, W, call, "3m")
    assert call in types(k) and "chi" not in types(k)
    assert k.actor == W and not k.seats[S].melds
    assert [m.kind for m in k.seats[W].melds] == [call]


# --- MJ-FLOW-16: kuikae ---------------------------------------------------------------------------

@pytest.mark.parametrize(("called", "consumed", "forbidden"), [
    ("1p", "23p", {"1p", "4p"}),   # TV-KUIKAE-02
    ("2p", "13p", {"2p"}),         # TV-KUIKAE-03: 4p stays allowed
    ("4p", "23p", {"4p", "1p"}),
    ("6p", "45p", {"6p", "3p"}),
    ("3p", "45p", {"3p", "6p"}),
    ("7p", "89p", {"7p"}),
])
def test_tv_kuikae_02_03_chi_forbids_the_called_tile_and_the_other_end(
        called: str, consumed: str, forbidden: set[str]) -> None:
    """MJ-FLOW-16(b), TV-KUIKAE-02/03 and the derived cases: after a chi the player may not discard
    the called tile nor the tile at the other end of the same two hand tiles; trying it is an
    IllegalActionError that names kuikae."""
    used = {str(t) for t in parse_tiles(consumed)}
    others = [f"{n}p" for n in range(1, 10) if f"{n}p" not in used]
    south = consumed + "".join(others) + "1z2z3z4z"
    k = table([f"{called} 1m4m7m 1s4s7s 5z6z7z 9m2m5m", south])
    act(k, E, "dahai", called)
    act(k, S, "chi", called, consumed)
    legal = k.legal_actions(S)
    held = {str(t) for t in k.seats[S].closed}
    assert discards(legal) == held - forbidden
    for tile in forbidden:
        with pytest.raises(IllegalActionError, match="kuikae"):
            k.apply(Action("dahai", S, Tile.from_str(tile)))


def test_tv_kuikae_01_pon_forbids_the_called_tile() -> None:
    """MJ-FLOW-16(a), TV-KUIKAE-01: after a pon of 1p with 11p, the third 1p may not be discarded in
    that turn; it may be discarded later."""
    k = table(["1p 2m5m8m 3p6p9p 2s5s8s 1z2z3z", "111p 1m4m7m 4p7p 1s4s7s 5z6z"])
    act(k, E, "dahai", "1p")
    act(k, S, "pon", "1p")
    assert "1p" not in discards(k.legal_actions(S))
    with pytest.raises(IllegalActionError, match="kuikae"):
        k.apply(Action("dahai", S, Tile.from_str("1p")))
    act(k, S, "dahai", "5z")
    run(k, lambda k: k.actor == S and k.phase == "turn")
    assert "1p" in discards(k.legal_actions(S))


def test_mj_flow_16_call_refused_when_every_tile_would_be_forbidden() -> None:
    """MJ-FLOW-16 [GAP, standard]: a call after which every tile in the hand is forbidden is not
    offered. South holds 23p 111p 44p after two pons (of 9s and 9m: no yaku, so no ron either): a
    chi of 1p with 23p would leave only 1p and 4p (both forbidden), so only the pon is offered."""
    k = table(["9s 9m 1p 2m5m8m 3p6p 3s6s 1z2z3z", "99s 99m 23p 111p 44p 7z 6z"])
    play(k, "0 dahai 9s", "1 pon 9s", "1 dahai 7z", "0 dahai 9m", "1 pon 9m", "1 dahai 6z")
    assert sorted(str(t) for t in k.seats[S].closed) == ["1p", "1p", "1p", "2p", "3p", "4p", "4p"]
    play(k, "0 dahai 1p ...")
    assert kinds(k.legal_actions(S)) == {"pon", "daiminkan", "none"}
    assert find(k, S, "chi") is None


# --- MJ-FLOW-19/26/29: kans in call turns, the fourth kan, the last tile --------------------------

def test_mj_flow_19_no_kan_in_a_turn_that_began_with_a_call() -> None:
    """MJ-FLOW-19: after a pon South may only discard (no ankan of his four 1z, no kakan of the pon
    he just made with the 6z he holds); in his next drawn turn both kans are offered."""
    k = table(["6z 2m5m8m 2p5p8p 2s5s8s 2z3z4z", "1111z 666z 1m4m7m 1p4p7p"])
    act(k, E, "dahai", "6z")
    act(k, S, "pon", "6z")
    assert kinds(k.legal_actions(S)) == {"dahai"}
    act(k, S, "dahai", "1m")
    run(k, lambda k: k.actor == S and k.phase == "turn")
    legal = k.legal_actions(S)
    assert find(k, S, "ankan", "1z") is not None and find(k, S, "kakan", "6z") is not None
    assert "dahai" in kinds(legal)


def test_tv_last_01_no_kan_on_the_last_tile() -> None:
    """MJ-FLOW-29(a), TV-LAST-01: the drawer of the last live tile (South, no calls) holds 222p and
    draws the fourth 2p: no ankan is offered, only a discard."""
    k = table([None, "222p 1m4m7m 5p8p 3s6s9s 1z2z"], at={69: "2p"})
    run(k, lambda k: k.tiles_left == 0)
    assert k.actor == S and k.drawn == Tile.from_str("2p")
    assert kinds(k.legal_actions(S)) == {"dahai"}


def test_tv_last_01_no_shouminkan_on_the_last_tile() -> None:
    """MJ-FLOW-29(a) [INF]: nor a shouminkan: West pons South's 6z (from the left, so West draws
    the last tile) and draws the fourth 6z last."""
    k = table([None, "6z 2m5m8m 2p5p8p 2s5s8s 1z2z3z", "66z 1m4m7m 1p4p7p 1s4s7s 5z 7z"],
              at={69: "6z"})
    play(k, "1 dahai 6z", "2 pon 6z", "2 dahai 5z")
    run(k, lambda k: k.tiles_left == 0)
    assert k.actor == W and k.drawn == Tile.from_str("6z")
    assert kinds(k.legal_actions(W)) == {"dahai"}


def test_tv_last_02_final_discard_only_ron() -> None:
    """MJ-FLOW-29(b), TV-LAST-02: South's final discard is 5m; West holds 55m but may not pon it;
    North (waiting on 2m/5m) may ron it, which scores houtei."""
    k = table(["2m5m 8m 2p5p8p 2s5s8s 1z2z3z4z", "22m 9m 1p4p7p 1s4s7s 5z6z7z 1z",
               "55m 2m 3p6p9p 3s6s9s 5z6z7z 4z", "34m 456p 789s 123s 99p"], at={69: "5m"})
    run(k, lambda k: k.tiles_left == 0 and k.phase == "claim")
    assert last_event(k, "dahai") == {"type": "dahai", "actor": S, "pai": "5m", "tsumogiri": True}
    assert k.to_act == (N,)
    assert k.legal_actions(W) == ()
    assert kinds(k.legal_actions(N)) == {"hora", "none"}
    act(k, N, "hora")
    assert yaku_of(win(k))["houtei raoyui"] == 1


_FOUR_KAN_HANDS = ["1111z 555z 1m4m7m 2p5p8p", "222z 3m6m9m 1p4p7p 2s5s8s 6z",
                   "333z 2m5m8m 3p6p9p 1s4s7s 7z", "444z 2m5m8m 1p4p7p 3s6s9s 6z"]
"""Four kans by four players in the first go-around; East then draws the fourth 5z."""


@pytest.mark.parametrize("suukaikan", [False, True])
def test_tv_kan_01_fourth_kan_and_suukaikan(suukaikan: bool) -> None:
    """MJ-FLOW-26, TV-KAN-01, CFG-02: after four kans by different players no fifth kan is offered
    and play continues (P003); with the suukaikan abortive draw the hand ends as soon as the
    discard after the fourth kan is not ronned."""
    rules = Rules(abortive_draws=frozenset({"suukaikan"}) if suukaikan else frozenset())
    k = table(_FOUR_KAN_HANDS, "9s 2z 3z 4z 5z", rinshan="9m9m9m9p", kans=4, rules=rules)
    play(k, "0 ankan 1z", "0 dahai -", "1 ankan 2z", "1 dahai -", "2 ankan 3z", "2 dahai -",
         "3 ankan 4z")
    assert len(k.dora_indicators) == 5
    assert 136 - k.live_end - k.rinshan_drawn == 14
    act(k, N, "dahai", "-")
    if suukaikan:
        assert k.result is not None and k.result.outcome == "suukaikan"
        assert k.result.deltas == (0, 0, 0, 0) and k.result.dealer_keeps
        assert last_event(k, "ryukyoku")["reason"] == "suukaikan"
    else:
        pass_all(k)
        assert k.actor == E and k.drawn == Tile.from_str("5z")
        assert k.seats[E].counts[Tile.from_str("5z").kind] == 4
        assert "ankan" not in kinds(k.legal_actions(E))


def test_cfg_02_four_kans_by_one_player_do_not_abort() -> None:
    """MJ-FLOW-26, CFG-02: four kans by one player (suukantsu tenpai) never abort the hand, even
    with suukaikan played; a fifth kan is still impossible for anyone."""
    rules = Rules(abortive_draws=frozenset({"suukaikan"}))
    k = table(["1111z 2222z 3333z 4z"], "4z", rinshan="4z 4z 9m 9p", kans=4, rules=rules)
    for kind in ("1z", "2z", "3z", "4z"):
        act(k, E, "ankan", kind)
    act(k, E, "dahai", "9m")
    pass_all(k)
    assert not k.is_over and k.actor == S
    assert [m.kind for m in k.seats[E].melds] == ["ankan"] * 4


# --- MJ-RIICHI ------------------------------------------------------------------------------------

def test_mj_riichi_01_needs_a_closed_tenpai_hand() -> None:
    """MJ-RIICHI-01: riichi is offered to a closed tenpai hand (West) but not to an open tenpai
    hand (South after a pon) nor to a hand that is not tenpai (North)."""
    k = table([_DISCARD_5Z, "55z 123m 456p 789s 1p 9p", "123s456s789s11m57p"])
    play(k, "0 dahai 5z", "1 pon 5z", "1 dahai 9p")
    run(k, lambda k: k.actor == W and k.phase == "turn")
    assert find(k, W, "reach") is not None
    act(k, W, "dahai", "-")
    run(k, lambda k: k.actor == N and k.phase == "turn")
    assert find(k, N, "reach") is None
    run(k, lambda k: k.actor == S and k.phase == "turn")
    assert k.seats[S].melds and find(k, S, "reach") is None


@pytest.mark.parametrize(("points", "allowed"), [(999, False), (1000, True)])
def test_mj_riichi_01_needs_1000_points(points: int, allowed: bool) -> None:
    """MJ-RIICHI-01 [GAP, standard]: a player with fewer than ``riichi_min_points`` (1,000) may not
    declare riichi."""
    k = table(["123s456s789s11m57p"], scores=(points, 25000, 25000, 25000))
    assert (find(k, E, "reach") is not None) is allowed


def test_tv_riichi_04_four_tiles_must_remain() -> None:
    """MJ-RIICHI-02, TV-RIICHI-04: riichi needs at least four tiles left in the live wall after the
    declarer's draw: South (4 left) may declare, West one draw later (3 left) may not."""
    k = table([None, "123s456s789s11m57p", "123p456p789p11z58m"])
    run(k, lambda k: k.actor == S and k.phase == "turn" and k.tiles_left == 4)
    assert find(k, S, "reach") is not None
    run(k, lambda k: k.actor == W and k.phase == "turn")
    assert k.tiles_left == 3
    assert find(k, W, "reach") is None
    assert kinds(k.legal_actions(W)) == {"dahai"}


_RIICHI_EAST = "123m456m789m1112z"
"""East's riichi hand: ittsuu with 111z, waiting on 2z."""


def test_tv_riichi_05_deposit_paid_only_when_the_riichi_tile_survives() -> None:
    """MJ-RIICHI-03/05, TV-RIICHI-05: the 1,000 stick is placed only once the riichi discard has
    passed without a ron; if it is ronned, riichi never took effect (no stick, no event)."""
    south = "34p 555z 123s 456s 99s"  # haku, waiting on 2p/5p
    k = table([_RIICHI_EAST, south], "9p")
    act(k, E, "reach")
    assert k.scores[E] == 25000 and k.deposits == 0
    act(k, E, "dahai", "9p")
    pass_all(k)
    assert types(k)[-3:] == ["dahai", "reach_accepted", "tsumo"]
    assert k.scores[E] == 24000 and k.deposits == 1 and k.seats[E].riichi

    k = table([_RIICHI_EAST, south], "5p")
    act(k, E, "reach")
    act(k, E, "dahai", "5p")
    act(k, S, "hora")
    assert "reach_accepted" not in types(k)
    assert k.result is not None and k.result.winners == (S,)
    assert win(k).deposits == 0 and k.deposits == 0
    assert k.scores[E] == 25000 + k.result.deltas[E]
    assert sum(k.result.deltas) == 0


@pytest.mark.parametrize(("vector", "hand", "draw", "allowed"), [
    ("TV-RIICHI-01", "222333444s567p9m", "2s", False),
    ("TV-RIICHI-02", "111m456p789s23s55z", "1m", True),
    ("TV-RIICHI-03", "1113m456p789s555z", "1m", False),
])
def test_tv_riichi_01_02_03_ankan_after_riichi(vector: str, hand: str, draw: str,
                                               allowed: bool) -> None:
    """MJ-RIICHI-06, TV-RIICHI-01..03: after riichi an ankan of the drawn fourth tile is offered
    only if the three tiles are a triplet in every reading and the waits stay the same."""
    k = table([hand], f"7z 8m8m8m {draw}")
    act(k, E, "reach")
    act(k, E, "dahai", "7z")
    run(k, lambda k: k.actor == E and k.phase == "turn")
    assert k.drawn == Tile.from_str(draw)
    ankan = find(k, E, "ankan")
    assert (ankan is not None) is allowed, vector
    if ankan is None:
        assert kinds(k.legal_actions(E)) == {"dahai"}
        assert discards(k.legal_actions(E)) == {draw}  # the hand is frozen (MJ-RIICHI-06)
    else:
        k.apply(ankan)
        assert k.seats[E].riichi and k.seats[E].is_closed


_IPPATSU_SCRIPTS = {
    "ron in the go-around": ([None, "2z 1m4m7m 1p4p7p 1s4s7s 5z6z7z"], "9p",
                             ["1 dahai 2z", "0 hora"], True),
    "tsumo on the next own draw": ([], "9p 1m1m1m 2z", ["0 hora"], True),
    "ron after the next own discard": ([None, None, None, "2z 1m4m7m 1p4p7p 1s4s7s 5z6z7z"],
                                       "9p", ["0 dahai -", "3 dahai 2z", "0 hora"], False),
    "a pon in between": ([None, "8p 1m4m7m 2p5p 1s4s7s 5z6z7z 3z", "88p 2m5m8m 3p 2s5s8s 4z5z6z 3z",
                          "2z 3m6m9m 1p4p7p 3s6s9s 5z6z7z"], "9p",
                         ["1 dahai 8p", "2 pon 8p", "2 dahai 3z", "3 dahai 2z", "0 hora"], False),
    "an ankan in between": ([None, "111s 1m4m7m 1p4p7p 5s 5z6z7z",
                             None, "2z 3m6m9m 3p6p9p 3s6s9s 5z6z7z"], "9p 1s",
                            ["1 ankan 1s", "1 dahai -", "3 dahai 2z", "0 hora"], False),
}


@pytest.mark.parametrize("case", list(_IPPATSU_SCRIPTS))
def test_mj_riichi_10_ippatsu_and_what_breaks_it(case: str) -> None:
    """MJ-RIICHI-10: a win within one go-around after riichi, up to and including the declarer's
    next draw, scores ippatsu; the declarer's next discard, any call and any kan end the chance."""
    hands, draws, script, ippatsu = _IPPATSU_SCRIPTS[case]
    k = table([_RIICHI_EAST, *hands[1:]], draws)
    play(k, "0 reach", "0 dahai 9p", *script)
    assert ("ippatsu" in yaku_of(win(k))) is ippatsu


def test_mj_montreal_12_a_robbed_kan_does_not_break_ippatsu() -> None:
    """MJ-MONTREAL-12 [INF], MJ-FLOW-03: South pons West's 6p before East's riichi; when South adds
    the fourth 6p after the riichi, East robs it: chankan and ippatsu (the kan never existed)."""
    k = table(["123m456m789m11z45p", "66p 1m4m7m 1p 1s4s7s 5z6z7z 3z", "6p 2m5m8m 3p9p 2s5s8s 4z5z6z 7z"],
              "9m 9s 9s 9s 9s 8m 6p")
    play(k, "2 dahai 6p", "1 pon 6p", "1 dahai 3z", "0 reach", "0 dahai 8m", "1 kakan 6p", "0 hora")
    yaku = yaku_of(win(k))
    assert yaku["chankan"] == 1 and yaku["ippatsu"] == 1 and yaku["riichi"] == 1


@pytest.mark.parametrize("double_riichi", [True, False])
def test_mj_riichi_13_double_riichi_on_the_first_uninterrupted_discard(double_riichi: bool) -> None:
    """MJ-RIICHI-13: riichi on one's first discard with no call before is double riichi (2 han in
    place of riichi's 1) where the rules play it."""
    k = table([_RIICHI_EAST, "2z 1m4m7m 1p4p7p 1s4s7s 5z6z7z"], "9p",
              rules=Rules(double_riichi=double_riichi))
    play(k, "0 reach", "0 dahai 9p", "1 dahai 2z", "0 hora")
    yaku = yaku_of(win(k))
    if double_riichi:
        assert yaku["double riichi"] == 2 and "riichi" not in yaku
    else:
        assert yaku["riichi"] == 1 and "double riichi" not in yaku


def test_mj_riichi_13_no_double_riichi_after_a_call() -> None:
    """MJ-RIICHI-13: a call before the declarer's first discard makes it a plain riichi: West pons
    East's first discard, then South declares riichi on his first discard."""
    k = table([_DISCARD_5Z, "123p456p789p3334z", _CALL_5Z,
               "4z 1m4m7m 2p5p8p 3s6s9s 5z6z 2z"], "9m 9m 9m 9s")
    play(k, "0 dahai 5z", "2 pon 5z", "2 dahai 6z", "1 reach", "1 dahai -", "3 dahai 4z", "1 hora")
    yaku = yaku_of(win(k))
    assert yaku["riichi"] == 1 and "double riichi" not in yaku


# --- MJ-FURITEN -----------------------------------------------------------------------------------

_FURITEN_01 = "33m555z12345678p"
"""TV-FURITEN-01's hand (waits 3p, 6p, 9p) with 555z in place of 111s, so every wait has a yaku."""


@pytest.mark.parametrize(("discarded", "furiten"), [("9p", True), ("1z", False)])
def test_tv_furiten_01_own_discard_of_any_wait(discarded: str, furiten: bool) -> None:
    """MJ-FURITEN-01/02, TV-FURITEN-01: South waits on 3p/6p/9p; once he has discarded 9p he may
    not ron 3p, but he may still tsumo 6p (MJ-FURITEN-06)."""
    k = table(["3p 1m4m7m 2s5s8s 1z2z3z4z 6z 9s", _FURITEN_01], f"9m {discarded} 9m 9m 9m 6p")
    play(k, f"1 dahai {discarded}", "0 dahai 3p ...")
    assert (find(k, S, "hora") is None) is furiten
    act(k, S, "none")
    run(k, lambda k: k.actor == S and k.phase == "turn")
    assert k.drawn == Tile.from_str("6p")
    assert find(k, S, "hora") is not None


@pytest.mark.parametrize(("discarded", "furiten"), [("7p", False), ("4p", True)])
def test_tv_furiten_02_only_waits_count(discarded: str, furiten: bool) -> None:
    """MJ-FURITEN-02, TV-FURITEN-02: South waits on 1p/4p (iipeikou); a 7p among his discards does
    not make him furiten, a 4p does (he may then not ron 1p)."""
    k = table(["1p 1m4m7m 2s5s8s 1z2z3z4z 6z 9s", "33m123s123s456s23p"], f"9m {discarded}")
    play(k, f"1 dahai {discarded}", "0 dahai 1p ...")
    assert (find(k, S, "hora") is None) is furiten


def test_tv_furiten_03_three_waits() -> None:
    """MJ-FURITEN-02, TV-FURITEN-03: 77z44456p123m123m waits on 4p, 7p and 7z; having discarded a
    7z (drawn and let go), South may not ron 4p; without it he may."""
    for discarded, furiten in (("7z", True), ("9s", False)):
        k = table(["4p 1m4m7m 2s5s8s 1z2z3z 6z 9s 8p", "77z44456p123m123m"], f"9m {discarded}")
        play(k, f"1 dahai {discarded}", "0 dahai 4p ...")
        assert (find(k, S, "hora") is None) is furiten


def test_tv_furiten_04_a_wait_without_yaku_still_counts() -> None:
    """MJ-FURITEN-02, TV-FURITEN-04: South's open hand 234m567p66s78s + chi 345p waits on 6s
    (tanyao) and 9s (no yaku); having discarded 9s he may not ron 6s, but may tsumo it."""
    k = table(["5p 1m4m7m 2s5s8s 1z2z3z4z 9p 3p", "234m 567p 66s 78s 34p 9s",
               "6s 1m4m7m 1p 2s5s 1z2z3z 5z6z7z"], "9m 9m 9m 9m 6s")
    play(k, "0 dahai 5p", "1 chi 5p", "1 dahai 9s", "2 dahai 6s ...")
    assert find(k, S, "hora") is None
    pass_all(k)
    run(k, lambda k: k.actor == S and k.phase == "turn")
    assert k.drawn == Tile.from_str("6s")
    act(k, S, "hora")
    assert yaku_of(win(k)) == {"tanyao": 1}


def test_mj_furiten_04_passing_a_wait_without_yaku_is_temporary_furiten() -> None:
    """MJ-FURITEN-04: letting a winning tile pass makes the player temporarily furiten even when
    that tile would give no yaku (so no ron was offered): South (waits 6s tanyao / 9s no yaku) lets
    West's 9s pass and may not ron North's 6s; after his own next draw he may ron East's 6s."""
    k = table(["5p 6s 4m7m 2s5s8s 1z2z3z4z 9p 3p", "234m 567p 66s 78s 34p 1z",
               "9s 1m4m7m 1p8p 2s5s 2z3z 5z6z7z", "6s 1m4m 4p7p9p 3s 8s 4z5z6z7z 9m"],
              "9m 9m 9m 8m 8m")
    play(k, "0 dahai 5p", "1 chi 5p", "1 dahai 1z", "2 dahai 9s")
    assert "hora" not in kinds(k.legal_actions(S))
    play(k, "3 dahai 6s ...")
    assert find(k, S, "hora") is None  # temporary furiten
    pass_all(k)
    play(k, "1 dahai -", "0 dahai 6s ...")
    assert find(k, S, "hora") is not None  # cleared by South's draw


@pytest.mark.parametrize("clear", ["on_acquire", "on_discard"])
def test_tv_furiten_05_temporary_furiten_after_a_passed_ron(clear: str) -> None:
    """MJ-FURITEN-04, TV-FURITEN-05, CFG-13: North passes a ron on East's 6p; South's 3p and West's
    9p before North's next turn may not be ronned; after North's draw and discard, East's 9p may.
    Clearing at the draw or after the discard gives the same play (CFG-13)."""
    k = table(["6p 9p 1m4m7m 2s5s8s 1z2z3z 4z 5z", "3p 1m4m7m 2s5s8s 1z2z3z 4z 6z 7z",
               "9p 2m5m8m 1s4s7s 3z4z6z 7z 8p 1z", _FURITEN_01], "9m 9m 9m 8m 8m",
              rules=Rules().replace(temp_furiten_clear=clear))
    play(k, "0 dahai 6p ...")
    assert find(k, N, "hora") is not None
    act(k, N, "none")
    for seat, tile in ((S, "3p"), (W, "9p")):
        play(k, f"{seat} dahai {tile} ...")
        assert find(k, N, "hora") is None, tile
        pass_all(k)
    play(k, "3 dahai -", "0 dahai 9p ...")
    assert find(k, N, "hora") is not None


def test_tv_furiten_06_riichi_furiten_is_permanent() -> None:
    """MJ-FURITEN-05, MJ-RIICHI-08, TV-FURITEN-06: South in riichi (waits 1p/4p) passes West's 1p;
    for the rest of the hand he may not ron (West's later 4p), but he may still tsumo 4p."""
    k = table([None, "33m123s123s456s23p", "1p4p 2m5m8m 7p 2s5s8s 5z6z7z 4z"],
              "9m 9m 8m 8m 7m 7m 6m 6m 5m 4p")
    play(k, "1 reach", "1 dahai -", "2 dahai 1p ...")
    assert find(k, S, "hora") is not None
    act(k, S, "none")
    play(k, "1 dahai -", "2 dahai 4p ...")
    assert find(k, S, "hora") is None
    pass_all(k)
    run(k, lambda k: k.actor == S and k.phase == "turn")
    assert k.drawn == Tile.from_str("4p")
    act(k, S, "hora")
    assert yaku_of(win(k))["double riichi"] == 2  # his first, uninterrupted discard


def test_mj_flow_23_passing_a_chankan_is_temporary_furiten() -> None:
    """MJ-FLOW-23 [INF], MJ-FURITEN-04: North (haku, waits 3p/6p) lets South's added 3p pass (a
    robbable kan tile counts as a discard), so he may not ron West's 6p right after."""
    k = table(["3p 1m4m7m 2s5s8s 1z2z3z 6z 9s 8p", "33p 1m4m7m 9p 1s4s7s 6z7z 2z 3z",
               "6p 2m5m8m 8p 2s5s8s 4z 6z7z 3z 1z",
               "45p 555z 123m 456s 99s"], "9m 9m 9m 9m 3p")
    play(k, "0 dahai 3p", "1 pon 3p", "1 dahai 2z", "1 kakan 3p ...")
    assert k.phase == "chankan" and find(k, N, "hora") is not None
    act(k, N, "none")
    play(k, "1 dahai -", "2 dahai 6p ...")
    assert find(k, N, "hora") is None


# --- MJ-FLOW-23/24/25: robbing a kan -------------------------------------------------------------

_CHANKAN_HANDS = ["3p 1m4m7m 2s5s8s 1z2z3z 6z 9s 8p", "33p 1m4m7m 9p 1s4s7s 6z7z 2z 3z",
                  None, "45p 555z 123m 456s 99s"]
"""South pons East's 3p and later adds his own 3p; North (haku) waits on 3p/6p."""


def test_mj_flow_23_chankan_robs_a_shouminkan() -> None:
    """MJ-FLOW-23/25, MJ-MONTREAL-12: North rons South's added 3p: chankan; the kan never forms (no
    kan-dora, no replacement draw, no kan counted) and South pays as a discarder."""
    k = table(_CHANKAN_HANDS, "9m 9m 9m 9m 3p")
    play(k, "0 dahai 3p", "1 pon 3p", "1 dahai 2z", "1 kakan 3p ...")
    assert k.phase == "chankan" and k.to_act == (N,)
    act(k, N, "hora")
    assert types(k)[-4:] == ["tsumo", "kakan", "hora", "end_kyoku"]
    assert yaku_of(win(k)) == {"yakuhai (haku)": 1, "chankan": 1}
    assert k.kan_owners == [] and len(k.dora_indicators) == 1
    assert k.result is not None and k.result.deltas[S] == -k.result.deltas[N] < 0
    assert [m.kind for m in k.seats[S].melds] == ["pon"]


@pytest.mark.parametrize("rule", [True, False])
def test_tv_kan_02_03_kokushi_robs_an_ankan(rule: bool) -> None:
    """MJ-FLOW-24, MJ-MONTREAL-26, TV-KAN-02/03: South's kokushi (missing only 9s) may ron East's
    ankan of 9s when ``kokushi_chankan_ankan`` is on; West's regular hand waiting on 6s/9s may
    never rob an ankan; with the rule off East simply draws his replacement tile."""
    k = table(["9999s 2m5m8m 2p5p8p 3z4z6z", "1m9m1p9p1s 1z2z3z4z5z6z7z7z", "78s 555z 123m 456p 11p"],
              rules=Rules(kokushi_chankan_ankan=rule))
    act(k, E, "ankan", "9s")
    if rule:
        assert k.phase == "ankan" and k.to_act == (S,)
        assert k.legal_actions(W) == ()
        act(k, S, "hora")
        assert win(k).yakuman == 1 and "kokushi musou" in yaku_of(win(k))
        assert k.result is not None and k.result.deltas == (-32000, 32000, 0, 0)
    else:
        assert k.phase == "turn" and k.actor == E and k.rinshan
        assert types(k)[-3:] == ["ankan", "dora", "tsumo"]


@pytest.mark.parametrize(("preset", "robs"), [
    ("tenhou", False), ("mahjongsoul", True), ("ema", True), ("montreal", True),
    ("seeds-001-003", True)])
def test_mj_flow_24_kokushi_robs_an_ankan_per_preset(preset: str, robs: bool) -> None:
    """MJ-FLOW-24, MJ-MONTREAL-26: South's kokushi waiting on 9s faces East's ankan of 9s. Tenhou
    offers no ron on an ankan, not even to kokushi (riichi.wiki's Tenhou game
    2013121107gm-0019-0000-b01e54cd; riichienv and riichi-rs agree); Mahjong Soul, seed 003 and
    PMTL let kokushi rob it."""
    rules = Rules.preset(preset).replace(red_fives=(0, 0, 0))
    k = table(["9999s 2m5m8m 2p5p8p 3z4z6z", "1m9m1p9p1s 1z2z3z4z5z6z7z7z", "78s 555z 123m 456p 11p"],
              rules=rules)
    act(k, E, "ankan", "9s")
    if robs:
        assert k.to_act == (S,) and [a.type for a in k.legal_actions(S)] == ["hora", "none"]
    else:
        assert k.to_act == (E,) and k.rinshan and types(k)[-1] == "tsumo"


# --- MJ-END-03, CFG-03/04: several rons on one tile ------------------------------------------------

_TRIPLE_RON = ["3m 2m5m8m 2p5p8p 2s5s8s 1z2z4z", "12m 555z 456p 789p 11s", "45m 666z 123p 789s 99s",
               "3m 777z 123s 456s 789p"]
"""East discards 3m: South (penchan), West (ryanmen) and North (tanki) all win on it."""


@pytest.mark.parametrize(("multiple_ron", "aborts", "winners", "outcome"), [
    ("all", frozenset(), (S, W, N), "hora"),
    ("double", frozenset(), (S, W), "hora"),
    ("head_bump", frozenset(), (S,), "hora"),
    ("double", frozenset({"sanchahou"}), (), "sanchahou"),
])
def test_tv_claim_04_three_rons(multiple_ron: str, aborts: frozenset[str],
                                winners: tuple[int, ...], outcome: str) -> None:
    """MJ-END-03, CFG-03, TV-CLAIM-04: three rons on one tile: all win (P003), the two nearest the
    discarder win (the third is refused), only the nearest wins (atamahane), or the hand is
    aborted (sanchahou, PMTL: no payment, the dealer keeps the deal)."""
    k = table(_TRIPLE_RON, rules=Rules().replace(multiple_ron=multiple_ron, abortive_draws=aborts))
    act(k, E, "dahai", "3m")
    for seat in (N, W, S):  # answer order does not matter
        act(k, seat, "hora", close=False)
    assert k.result is not None and k.result.outcome == outcome
    assert k.result.winners == winners
    assert [e["actor"] for e in k.events if e["type"] == "hora"] == list(winners)
    if outcome == "sanchahou":
        assert k.result.deltas == (0, 0, 0, 0) and k.result.dealer_keeps
        assert last_event(k, "ryukyoku")["reason"] == "sanchahou"
    else:
        paid = -k.result.deltas[E]
        assert paid == sum(k.result.deltas[s] for s in winners) > 0


@pytest.mark.parametrize("multiple_ron", ["all", "double"])
def test_tv_claim_03_double_ron_both_win(multiple_ron: str) -> None:
    """MJ-END-03, TV-CLAIM-03: two rons on one tile both win under P003 and PMTL."""
    k = table(_TRIPLE_RON[:3], rules=Rules().replace(multiple_ron=multiple_ron))
    act(k, E, "dahai", "3m")
    act(k, S, "hora", close=False)
    act(k, W, "hora")
    assert k.result is not None and k.result.winners == (S, W)
    assert len(k.result.scores) == 2


@pytest.mark.parametrize(("deposit_rule", "honba_rule"), [("nearest", "nearest"), ("split", "each")])
def test_tv_riichi_06_sticks_and_counters_to_the_nearest_winner(deposit_rule: str,
                                                               honba_rule: str) -> None:
    """MJ-RIICHI-05, CFG-04, MJ-END-03, TV-RIICHI-06: South deals into East and West; West is nearer
    to South in turn order, so (``nearest``) he takes both sticks on the table and the counter;
    ``split`` shares the sticks 1,000 at a time from the nearest, ``each`` pays the counter to
    every winner."""
    hands = ["123m456m789m11z45p", "6p 1m4m7m 2s5s8s 3z4z 5z6z7z 2p", "78p 555z 123s 456s 99s"]
    sheets = []
    for honba in (0, 1):
        rules = Rules().replace(deposit_multi_ron=deposit_rule, honba_multi_ron=honba_rule)
        k = table(hands, "9m", rules=rules, deposits=2, honba=honba)
        play(k, "0 dahai 9m", "1 dahai 6p ...")
        act(k, E, "hora", close=False)
        act(k, W, "hora")
        assert k.result is not None and k.result.winners == (W, E)
        sheets.append({s: score for s, score in zip(k.result.winners, k.result.scores, strict=True)})
        assert sum(k.result.deltas) == 2000 and k.deposits == 0
    without, with_counter = sheets
    if deposit_rule == "nearest":
        assert (with_counter[W].deposits, with_counter[E].deposits) == (2000, 0)
    else:
        assert (with_counter[W].deposits, with_counter[E].deposits) == (1000, 1000)
    assert with_counter[W].total - without[W].total == 300
    assert with_counter[E].total - without[E].total == (300 if honba_rule == "each" else 0)


# --- MJ-END: exhaustive draw, tenpai, noten payments, nagashi mangan ----------------------------

TENPAI_HANDS = ("123m456m789m1112z", "123p456p789p3334z", "123s456s789s5556z", "11m22m33m44p55p66s7z")
"""A tenpai hand per seat (waiting on 2z, 4z, 6z, 7z: honours only, so no draw can change them)."""
NOTEN_HANDS = ("123m456m789m1z2z3z4z", "123p456p789p5z6z7z1z", "123s456s789s2z4z6z7z",
               "11m22m33m44p55p6s8s7z")
"""A hand per seat that is not tenpai; any mix of these and :data:`TENPAI_HANDS` fits in one set."""


def hands_with(tenpai: set[int]) -> list[str | None]:
    return [TENPAI_HANDS[s] if s in tenpai else NOTEN_HANDS[s] for s in range(4)]


@pytest.mark.parametrize(("vector", "tenpai", "deltas"), [
    ("TV-NOTEN-01", {E}, (3000, -1000, -1000, -1000)),
    ("TV-NOTEN-02", {E, S}, (1500, 1500, -1500, -1500)),
    ("TV-NOTEN-03", {E, S, W}, (1000, 1000, 1000, -3000)),
    ("TV-NOTEN-04 none", set(), (0, 0, 0, 0)),
    ("TV-NOTEN-04 all", {E, S, W, N}, (0, 0, 0, 0)),
    ("TV-NOTEN-03 dealer noten", {S, W, N}, (-3000, 1000, 1000, 1000)),
])
def test_tv_noten_01_to_04_noten_payments(vector: str, tenpai: set[int],
                                          deltas: tuple[int, ...]) -> None:
    """MJ-END-04/06, TV-NOTEN-01..04: when the last discard passes, noten players pay 3,000 in all
    to the tenpai players; the dealer keeps the deal if tenpai (``renchan="tenpai"``)."""
    k = table(hands_with(tenpai), rules=Rules(nagashi_mangan=False))
    run(k)
    assert k.result is not None and k.result.outcome == "exhaustive_draw", vector
    assert k.result.tenpai == tuple(sorted(tenpai))
    assert k.result.deltas == deltas
    assert k.result.dealer_keeps is (E in tenpai)
    assert last_event(k, "ryukyoku") == {"type": "ryukyoku", "reason": "exhaustive_draw",
                                         "deltas": list(deltas),
                                         "tenpais": [s in tenpai for s in range(4)]}
    assert k.scores == [25000 + d for d in deltas]


def test_tv_tenpai_01_02_karaten_is_noten_but_dead_waits_count() -> None:
    """MJ-END-07, TV-TENPAI-01/02: South's 4444m123p456p789p waits only on a fifth 4m and is noten;
    North's chiitoitsu waiting on 7z is tenpai although the other three 7z are all discarded."""
    k = table([TENPAI_HANDS[2], "4444m123p456p789p", None, TENPAI_HANDS[3]], "7z 7z 7z",
              rules=Rules(nagashi_mangan=False))
    run(k)
    assert k.result is not None and k.result.outcome == "exhaustive_draw"
    assert k.result.tenpai == (E, N)
    assert k.result.deltas == (1500, -1500, -1500, 1500)


@pytest.mark.parametrize(("karaten", "tenpai"), [("concealed", (S,)), ("held", ()), ("visible", ())])
def test_mj_end_07_karaten_with_called_copies(karaten: str, tenpai: tuple[int, ...]) -> None:
    """MJ-END-07, issue 9 item 1: South pons East's 5z holding three and waits on 5z alone (the
    four 5z are his: three in the pon, one concealed). Tenhou and Mahjong Soul (``concealed``)
    count only concealed copies and call him tenpai; seed 003 (``held``: "he holds all four")
    and ``visible`` call the wait empty."""
    rules = Rules(nagashi_mangan=False, karaten=karaten)  # type: ignore[arg-type]
    k = table([_DISCARD_5Z, "555z 123m 456p 789s 7z"], rules=rules)
    play(k, "0 dahai 5z", "1 pon 5z 5z5z", "1 dahai 7z")
    assert k.seats[S].melds[0].kind == "pon" and k.tenpai_waits(S) == (
        (Tile.from_str("5z").kind,) if tenpai else ())
    run(k)
    assert k.result is not None and k.result.tenpai == tenpai
    assert k.result.deltas == ((-1000, 3000, -1000, -1000) if tenpai else (0, 0, 0, 0))


@pytest.mark.parametrize(("karaten", "tenpai"), [("concealed", (E, N)), ("held", (E, N)),
                                                 ("visible", (E,))])
def test_mj_end_07_karaten_visible_copies(karaten: str, tenpai: tuple[int, ...]) -> None:
    """MJ-END-07, TV-TENPAI-02: North's chiitoitsu waits on 7z and the other three 7z are
    discarded: tenpai for seed 003 and Tenhou; not under ``visible``, where no copy is left
    unseen. South's 4444m123p456p789p waits on a fifth 4m: noten under every reading."""
    k = table([TENPAI_HANDS[2], "4444m123p456p789p", None, TENPAI_HANDS[3]], "7z 7z 7z",
              rules=Rules(nagashi_mangan=False, karaten=karaten))  # type: ignore[arg-type]
    run(k)
    assert k.result is not None and k.result.tenpai == tenpai


@pytest.mark.parametrize(("requires_yaku", "tenpai"), [(False, (S,)), (True, ())])
def test_cfg_19_tenpai_without_a_yaku(requires_yaku: bool, tenpai: tuple[int, ...]) -> None:
    """MJ-END-07 [AMB], CFG-19: South's open hand (chi 345p, tanki on 1p) has no yaku on any wait:
    its shape counts as tenpai at the exhaustive draw by default, not with
    ``tenpai_requires_yaku``."""
    rules = Rules(nagashi_mangan=False, tenpai_requires_yaku=requires_yaku)
    k = table(["5p 1m4m7m 2s5s8s 1z2z3z4z 6z 9p", "123m456s789s1p34p7z"], rules=rules)
    play(k, "0 dahai 5p", "1 chi 5p", "1 dahai 7z")
    run(k)
    assert k.result is not None and k.result.tenpai == tenpai
    assert k.result.deltas == ((-1000, 3000, -1000, -1000) if tenpai else (0, 0, 0, 0))


def _nagashi_table(rules: Rules) -> Kyoku:
    """West draws only terminals and honours and lets each go; the others draw simples."""
    hands = ["1m4m7m 2p5p8p 3s6s9s 1z2z3z4z", "2m5m8m 3p6p9p 1s4s7s 5z6z7z1z",
             "3m6m9m 1p4p7p 2s5s8s 2z3z4z5z", "1m4m7m 2p5p8p 3s6s9s 6z7z2z3z"]
    spare = Counter(tile_set())
    spare.subtract(t for hand in hands for t in parse_tiles(hand))
    pool = sorted(spare.elements(), key=lambda t: t.kind)
    yaochuu = [t for t in pool if t.kind >= 27 or t.kind % 9 in (0, 8)]
    simples = [t for t in pool if t not in yaochuu]
    draws = [yaochuu.pop() if i % 4 == W else simples.pop() for i in range(70)]
    return table(hands, "".join(str(t) for t in draws), rules=rules)


@pytest.mark.parametrize("nagashi", [True, False])
def test_mj_montreal_21_nagashi_mangan(nagashi: bool) -> None:
    """MJ-MONTREAL-21, CFG-22: at an exhaustive draw, a player who discarded only terminals and
    honours, none of them claimed, made no call, is paid a mangan as by tsumo (in place of the
    noten payments): West (non-dealer) gets 4,000 from the dealer and 2,000 from each other."""
    k = _nagashi_table(Rules(nagashi_mangan=nagashi))
    run(k)
    assert k.result is not None
    if nagashi:
        assert k.result.outcome == "nagashi_mangan"
        assert k.result.deltas == (-4000, -2000, 8000, -2000)
    else:
        assert k.result.outcome == "exhaustive_draw" and k.result.deltas == (0, 0, 0, 0)


def _nagashi_after_pon_table(rules: Rules) -> Kyoku:
    """West pons East's first discard (9p) and discards 2z; from then on West draws only
    terminals and honours and lets each go, the others draw simples."""
    hands = ["9p 1m4m7m 2p5p8p 3s6s 1z2z3z4z", "2m5m8m 3p6p9p 1s4s7s 5z6z7z1z",
             "9p9p 3m6m9m 1p4p7p 2s5s 2z3z4z", "1m4m7m 2p5p8p 3s6s9s 6z7z2z3z"]
    spare = Counter(tile_set())
    spare.subtract(t for hand in hands for t in parse_tiles(hand))
    pool = sorted(spare.elements(), key=lambda t: t.kind)
    yaochuu = [t for t in pool if t.kind >= 27 or t.kind % 9 in (0, 8)]
    simples = [t for t in pool if t not in yaochuu]
    # After the pon the turn goes to North: West takes draws 4, 8, 12...
    draws = [yaochuu.pop() if i and i % 4 == 0 else simples.pop() for i in range(69)]
    return table(hands, "".join(str(t) for t in draws), rules=rules)


@pytest.mark.parametrize(("preset", "nagashi"), [("tenhou", True), ("mahjongsoul", True),
                                                 ("montreal", False)])
def test_mj_montreal_21_nagashi_mangan_after_own_calls(preset: str, nagashi: bool) -> None:
    """MJ-MONTREAL-21, issue 9 item 4: West called a pon himself but none of his discards (all
    terminals and honours) was called: Tenhou and Mahjong Soul pay him nagashi mangan
    (``nagashi_mangan_own_calls``); seed 004 B13 (Montreal) requires that he made no call."""
    rules = Rules.preset(preset)
    k = _nagashi_after_pon_table(rules)
    play(k, "0 dahai 9p", "2 pon 9p", "2 dahai 2z")
    run(k)
    assert k.result is not None
    assert all(t.kind >= 27 or t.kind % 9 in (0, 8) for t in k.seats[W].discards)
    if nagashi:
        assert k.result.outcome == "nagashi_mangan"
        assert k.result.deltas == (-4000, -2000, 8000, -2000)
    else:
        assert k.result.outcome == "exhaustive_draw" and k.result.deltas == (0, 0, 0, 0)


# --- MJ-END-10, CFG-01: abortive draws -------------------------------------------------------------

@pytest.mark.parametrize(("hand", "played", "offered"), [
    ("1m9m1p9p1s9s1z2z3z 5m5p5s6s", True, True),
    ("1m9m1p9p1s9s1z2z3z 5m5p5s6s", False, False),
    ("1m9m1p9p1s9s1z1z2z 5m5p5s6s", True, False),   # TV-MTL-04: nine tiles, eight kinds
])
def test_tv_mtl_04_kyushu_kyuhai(hand: str, played: bool, offered: bool) -> None:
    """MJ-END-10, MJ-MONTREAL-16, TV-MTL-04: nine distinct terminal and honour kinds on the first
    draw let the player abort the hand (the dealer keeps the deal, nobody pays); eight kinds, even
    with nine such tiles, do not; nor does a rule set without the abortive draw."""
    rules = Rules(abortive_draws=frozenset({"kyushu_kyuhai"}) if played else frozenset())
    k = table([hand], "6m", rules=rules)
    action = find(k, E, "ryukyoku")
    assert (action is not None) is offered
    if action is not None:
        k.apply(action)
        assert k.result is not None and k.result.outcome == "kyushu_kyuhai"
        assert k.result.deltas == (0, 0, 0, 0) and k.result.dealer_keeps
        assert last_event(k, "ryukyoku")["reason"] == "kyushu_kyuhai"


def test_mj_end_10_kyushu_kyuhai_only_before_any_call() -> None:
    """MJ-END-10: kyushu kyuhai is for a first draw before any call: after North pons East's first
    discard, South's nine kinds give no abort on his first draw."""
    rules = Rules(abortive_draws=ABORTIVE_DRAWS)
    south = "1m9m1p9p1s9s1z2z3z 5m5p5s6s"
    k = table(["4z 2m8m 2p5p8p 2s5s8s 6z7z 3m 3p", south], rules=rules)
    run(k, lambda k: k.actor == S and k.phase == "turn")
    assert find(k, S, "ryukyoku") is not None
    k = table(["4z 2m8m 2p5p8p 2s5s8s 6z7z 3m 3p", south, None, "44z 3m6m 3p6p9p 3s6s9s 5z7z 4m"],
              rules=rules)
    play(k, "0 dahai 4z", "3 pon 4z", "3 dahai 4m")
    run(k, lambda k: k.actor == S and k.phase == "turn")
    assert find(k, S, "ryukyoku") is None


@pytest.mark.parametrize("played", [True, False])
def test_mj_end_10_suufon_renda(played: bool) -> None:
    """MJ-END-10, CFG-01: the same wind discarded by all four players in the first go-around
    aborts the hand where the rules play suufon renda; otherwise play goes on."""
    rules = Rules(abortive_draws=frozenset({"suufon_renda"}) if played else frozenset())
    k = table(["1z 2m5m8m 2p5p8p 2s5s8s 5z6z7z", "1z 3m6m9m 3p6p9p 3s6s9s 5z6z7z",
               "1z 1m4m7m 1p4p7p 1s4s7s 2z3z4z", "1z 2m5m8m 1p4p7p 3s6s9s 2z3z4z"], rules=rules)
    play(k, "0 dahai 1z", "1 dahai 1z", "2 dahai 1z", "3 dahai 1z")
    if played:
        assert k.result is not None and k.result.outcome == "suufon_renda"
        assert k.result.deltas == (0, 0, 0, 0) and k.result.dealer_keeps
    else:
        assert not k.is_over and k.actor == E


@pytest.mark.parametrize("played", [True, False])
def test_mj_end_10_suucha_riichi(played: bool) -> None:
    """MJ-END-10, CFG-01: the fourth riichi, once its discard passes, aborts the hand; the four
    sticks stay on the table (MJ-END-09)."""
    rules = Rules(abortive_draws=frozenset({"suucha_riichi"}) if played else frozenset())
    k = table(list(TENPAI_HANDS), "5m 5p 5s 5m", rules=rules)
    for seat in range(4):
        play(k, f"{seat} reach", f"{seat} dahai -")
    pass_all(k)
    assert k.deposits == 4 and k.scores == [24000] * 4
    if played:
        assert k.result is not None and k.result.outcome == "suucha_riichi"
        assert k.result.deltas == (0, 0, 0, 0) and k.result.dealer_keeps
    else:
        assert not k.is_over and k.actor == E


# --- MJ-PAO ----------------------------------------------------------------------------------------

_PAO_HANDS = ["5z 2m5m8m 2p5p8p 2s5s8s 1z2z3z", "55z66z77z 123m 9m 9p 1s 2s",
              "6z 9m 3m6m 3p6p9p 3s6s9s 2z3z4z", "7z 1m4m7m 1p4p7p 1s4s7s 2z3z4z"]
"""South pons East's 5z, West's 6z and North's 7z (North completes the third dragon: liable) and
waits on 9m."""
_PAO_SCRIPT = ["0 dahai 5z", "1 pon 5z", "1 dahai 1s", "2 dahai 6z", "1 pon 6z", "1 dahai 2s",
               "3 dahai 7z", "1 pon 7z", "1 dahai 9p"]


def test_tv_pao_01_daisangen_tsumo_liable_pays_all() -> None:
    """MJ-PAO-01/05, TV-PAO-01: North fed South's third dragon pon; South wins daisangen by tsumo:
    North alone pays the 32,000."""
    k = table(_PAO_HANDS, "4m 4m 4m 6p 6p 6p 6s 9m")
    play(k, *_PAO_SCRIPT, "1 hora")
    assert "daisangen" in yaku_of(win(k))
    assert k.result is not None and k.result.deltas == (0, 32000, 0, -32000)
    assert last_event(k, "hora")["pao"] == N


def test_tv_pao_02_dealer_daisangen_tsumo() -> None:
    """MJ-PAO-05, TV-PAO-02: the dealer wins daisangen by tsumo; North (who fed the third dragon)
    pays all 48,000."""
    hands = ["55z66z77z 123m 9m 9p 1s 2s", "5z 3m6m 3p6p9p 3s6s9s 1z2z3z4z",
             "6z 1m4m7m 1p4p7p 1s4s7s 2z3z4z", "7z 2m5m8m 2p5p8p 2s5s8s 1z2z3z"]
    k = table(hands, "4m 4m 4m 6p 6p 6p 6s 6s 8s 8s 9m")
    play(k, "0 dahai -", "1 dahai 5z", "0 pon 5z", "0 dahai 1s", "2 dahai 6z", "0 pon 6z",
         "0 dahai 2s", "3 dahai 7z", "0 pon 7z", "0 dahai 9p", "0 hora")
    assert k.result is not None and k.result.deltas == (48000, 0, 0, -48000)


@pytest.mark.parametrize(("payer", "deltas"), [
    ("discarder", (0, 32300, -16300, -16000)),
    ("liable", (0, 32300, -16000, -16300)),
])
def test_tv_pao_03_daisangen_ron_shared(payer: str, deltas: tuple[int, ...]) -> None:
    """MJ-PAO-06/07, CFG-11, TV-PAO-03: South rons West's 9m with daisangen, North being liable:
    each pays half (16,000); the counter goes with the discarder (P003) or the liable (PMTL)."""
    k = table(_PAO_HANDS, "4m 4m 4m 6p 6p 6p 6s", honba=1, rules=Rules().replace(pao_honba_payer=payer))
    play(k, *_PAO_SCRIPT, "2 dahai 9m", "1 hora")
    assert k.result is not None and k.result.deltas == deltas


def test_mj_pao_02_daisuushii_tsumo_liable_pays_all() -> None:
    """MJ-PAO-02/05: South pons 1z, 2z, 3z and then East's 4z (his fourth wind group: East is
    liable); South wins daisuushii by tsumo and East alone pays the yakuman."""
    hands = ["1z 4z 2m5m8m 2p5p8p 2s5s8s 6z 7z", "11z22z33z44z 5m 9p 1s2s3s",
             "2z 3m6m9m 3p6p9p 3s6s9s 5z 7z 6z", "3z 1m4m7m 1p4p7p 1s4s7s 5z 6z 9m"]
    k = table(hands, "4m4m4m 6p6p6p 7s7s7s 8m 5m")
    play(k, "0 dahai 1z", "1 pon 1z", "1 dahai 9p", "2 dahai 2z", "1 pon 2z", "1 dahai 1s",
         "3 dahai 3z", "1 pon 3z", "1 dahai 2s", "0 dahai 4z", "1 pon 4z", "1 dahai 3s", "1 hora")
    assert "daisuushii" in yaku_of(win(k))
    assert k.result is not None and k.result.deltas == (-32000, 32000, 0, 0)
    assert last_event(k, "hora")["pao"] == E


# --- MJ-END-16, CFG-10: chombo ----------------------------------------------------------------------

@pytest.mark.parametrize(("vector", "rules", "seat", "deltas", "keeps"), [
    ("TV-CHOMBO-01", Rules.preset("montreal"), S, (4000, -8000, 2000, 2000), True),
    ("TV-CHOMBO-02", Rules.preset("montreal"), E, (-12000, 4000, 4000, 4000), False),
    ("TV-CHOMBO-03", Rules(), S, (0, 0, 0, 0), True),
    ("TV-CHOMBO-03 dealer", Rules(), E, (0, 0, 0, 0), True),
])
def test_tv_chombo_01_to_03(vector: str, rules: Rules, seat: int, deltas: tuple[int, ...],
                            keeps: bool) -> None:
    """MJ-END-16, MJ-MONTREAL-33/35, CFG-10, TV-CHOMBO-01..03: a chombo ends the hand: under PMTL
    the offender pays a reverse mangan and a dealer offender loses the deal; under P003 nobody pays
    and the hand is replayed with the same dealer."""
    k = table([])
    k = Kyoku(k.wall, rules)
    k.chombo(seat)
    assert k.result is not None and k.result.outcome == "chombo" and k.result.chombo == seat
    assert k.result.deltas == deltas and k.result.dealer_keeps is keeps
    assert last_event(k, "ryukyoku") == {"type": "ryukyoku", "reason": "chombo", "actor": seat,
                                         "deltas": list(deltas)}
    with pytest.raises(IllegalActionError, match="over"):
        k.chombo(seat)


# --- errors and views --------------------------------------------------------------------------------

def _state(k: Kyoku) -> Any:
    """Everything a caller can see of the hand."""
    return (copy.deepcopy(k.events), k.to_act, [k.legal_actions(s) for s in range(4)],
            [k.observe(s) for s in range(4)], list(k.scores), k.deposits, k.tiles_left, k.result)


@pytest.mark.parametrize(("action", "reason"), [
    (Action("dahai", E, Tile.from_str("9s")), "9s is not in seat 0's hand"),
    (Action("dahai", S, Tile.from_str("1m")), "not seat 1's decision (waiting for seat 0)"),
    (Action("pon", E, Tile.from_str("5z"), parse_tiles("5z5z"), S), "pon is not possible now"),
    (Action("reach", E), "reach is not possible now"),
    (Action("dahai", E, Tile.from_str("2m"), tsumogiri=True), "tsumogiri flag"),
    (Action("hora", E, Tile.from_str("2m"), target=E), "hora is not possible now"),
    (Action("dahai", 7, Tile.from_str("2m")), "actor must be a seat 0..3"),
])
def test_illegal_action_names_action_and_reason_and_changes_nothing(action: Action,
                                                                    reason: str) -> None:
    """STYLE (errors), MJ-FLOW-10: an illegal action raises IllegalActionError whose message names
    the action and why it is refused, and the hand is exactly as before."""
    k = table([_DISCARD_5Z], "9m")
    before = _state(k)
    with pytest.raises(IllegalActionError) as error:
        k.apply(action)
    message = str(error.value)
    assert message.startswith(f"illegal action {action}: ")
    assert reason in message
    assert _state(k) == before
    act(k, E, "dahai", "5z")  # and the hand goes on normally


def test_illegal_claim_and_actions_after_the_end() -> None:
    """An answer from a seat that already answered, or any action once the hand is over, is
    refused with the reason; nothing changes."""
    k = table(_PRIORITY_HANDS)
    act(k, E, "dahai", "3m")
    act(k, S, "none", close=False)
    before = _state(k)
    with pytest.raises(IllegalActionError, match="seat 1 has already answered"):
        k.apply(Action("none", S))
    with pytest.raises(IllegalActionError, match="chi is not possible now"):
        k.apply(Action("chi", W, Tile.from_str("3m"), parse_tiles("24m"), E))
    assert _state(k) == before
    act(k, N, "hora")
    before = _state(k)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        k.apply(Action("none", W))
    assert _state(k) == before


def test_observation_never_shows_other_concealed_tiles() -> None:
    """STYLE (a player's view), MJ-END-12: a seat's observation holds its own concealed tiles and
    drawn tile, everything public (discards, melds, riichi, indicators), its own legal actions, and
    the events with every other seat's starting hand and draws hidden."""
    k = table(_PRIORITY_HANDS[:3], "9m 9m 9m")
    play(k, "0 dahai 3m", "2 pon 3m", "2 dahai 8m")
    run(k, lambda k: k.actor == E and k.phase == "turn")
    assert set(Observation.__dataclass_fields__) == {
        "seat", "round_wind", "hand_number", "honba", "deposits", "dealer", "scores", "hand", "drawn",
        "melds", "discards", "riichi", "dora_indicators", "tiles_left", "last_discard",
        "legal_actions", "events", "open_hands"}
    for seat in range(4):
        obs = k.observe(seat)
        assert obs.open_hands == (None, None, None, None)  # nobody is in open riichi
        assert obs.hand == tuple(sorted(k.seats[seat].closed))
        assert obs.drawn == (k.drawn if seat == E else None)
        assert obs.legal_actions == k.legal_actions(seat)
        assert obs.melds[W] == tuple(k.seats[W].melds)
        assert obs.discards == tuple(tuple(s.discards) for s in k.seats)
        start = obs.events[0]
        for other in range(4):
            if other != seat:
                assert start["tehais"][other] == ["?"] * 13
        assert start["tehais"][seat] == [t.mjai for t in k.wall.hand(seat)]
        for event in obs.events:
            if event["type"] == "tsumo" and event["actor"] != seat:
                assert event["pai"] == "?"
        assert len(obs.events) == len(k.events)
    assert k.observe(E).events[-1] == k.events[-1]  # his own draw, in full


# --- a few more rules of play ------------------------------------------------------------------------

def test_mj_flow_27_called_tile_direction() -> None:
    """MJ-FLOW-27, TV-MELD-02/03: a meld records where its tile came from, seen from its owner
    (1 right, 2 across, 3 left)."""
    for caller, call, direction in ((W, "pon", 2), (N, "daiminkan", 1), (S, "pon", 3)):
        hands: list[str | None] = [_DISCARD_5Z, None, None, None]
        hands[caller] = _CALL_5Z if call == "pon" else _KAN_5Z
        k = table(hands)
        play(k, "0 dahai 5z", f"{caller} {call} 5z")
        meld = k.seats[caller].melds[0]
        assert (meld.kind, meld.called, meld.called_from) == (call, Tile.from_str("5z"), direction)


def test_mj_riichi_04_riichi_tile_claimed() -> None:
    """MJ-RIICHI-04: East's riichi discard is ponned by West: the riichi stands (stick placed) but
    the call ends ippatsu; later East wins with riichi and no ippatsu."""
    k = table([_RIICHI_EAST, None, "99p 2m5m8m 3p 2s5s8s 4z5z6z 3z", "2z 3m6m9m 1p4p7p 3s6s9s 5z6z7z"],
              "9p")
    play(k, "0 reach", "0 dahai 9p", "2 pon 9p")
    assert k.seats[E].riichi and k.deposits == 1 and not k.seats[E].ippatsu
    assert types(k).index("reach_accepted") < types(k).index("pon")
    play(k, "2 dahai 3z", "3 dahai 2z", "0 hora")
    yaku = yaku_of(win(k))
    assert "ippatsu" not in yaku and yaku["double riichi"] == 2


def test_mj_riichi_07_furiten_riichi_allowed_tsumo_only() -> None:
    """MJ-RIICHI-07: South, furiten on his own 4p, may still declare riichi; he may then win only
    by tsumo (West's 1p is no ron for him, his own 1p draw is a tsumo)."""
    k = table([None, "33m123s123s456s23p", "1p 2m5m8m 7p 2s5s8s 5z6z7z 4z 9m"],
              "9m 4p 8m 8m 7m 7m 6m 6m 5m 1p")
    play(k, "1 dahai 4p")
    run(k, lambda k: k.actor == S and k.phase == "turn")
    assert find(k, S, "reach") is not None
    play(k, "1 reach", "1 dahai -", "2 dahai 1p ...")
    assert find(k, S, "hora") is None
    pass_all(k)
    run(k, lambda k: k.actor == S and k.phase == "turn")
    act(k, S, "hora")
    assert yaku_of(win(k))["riichi"] == 1


@pytest.mark.parametrize("preset", ["ema", "montreal"])
def test_mj_pao_04_daiminkan_rinshan(preset: str) -> None:
    """MJ-PAO-04, CFG-12, TV-PAO-04: under PMTL the discarder whose tile was called for a
    daiminkan pays the whole rinshan tsumo alone (the sum of the tsumo shares); under P003 everyone
    pays his share as usual."""
    k = table([_DISCARD_5Z, "555z 123m 456s 789s 9p"], rinshan="9p", rules=Rules.preset(preset))
    play(k, "0 dahai 5z", "1 daiminkan 5z", "1 hora")
    assert k.result is not None
    deltas = k.result.deltas
    assert "rinshan kaihou" in yaku_of(win(k))
    if preset == "montreal":
        assert deltas[W] == deltas[N] == 0 and deltas[E] == -deltas[S]
    else:
        assert deltas[W] < 0 and deltas[N] < 0 and deltas[E] < deltas[W]


def test_mj_riichi_13_open_riichi_shows_the_hand_and_adds_a_han() -> None:
    """MJ-RIICHI-13, MJ-MONTREAL-20: where open riichi is played, a tenpai closed hand may declare
    it; the hand is shown to every seat, and a win counts riichi plus open riichi (1 extra han)."""
    from taku.mahjong.match import Match
    from taku.mahjong.rules import Rules

    rules = Rules.preset("montreal")
    assert not any(a.type == "open_reach" for a in _open_riichi_legal(Rules.preset("tenhou")))
    legal = _open_riichi_legal(rules)
    assert Action("open_reach", legal[0].actor) in legal
    assert Action("open_reach", 0).to_mjai() == {"type": "reach", "actor": 0, "open": True}
    assert Action.from_mjai({"type": "reach", "actor": 2, "open": True}) == Action("open_reach", 2)
    # Whole matches: whoever declares open riichi has his hand in every observation.
    from taku.bots import SimplePlayer
    player = SimplePlayer()
    for seed in range(40):
        match = Match(rules, seed=f"open-{seed}")
        while not match.is_over:
            seat = match.to_act[0]
            actions = match.legal_actions(seat)
            chosen = next((a for a in actions if a.type == "open_reach"), None)
            match.apply(chosen or player.choose(match.observe(seat)))
            kyoku = match.kyoku
            shown = [s for s in range(4) if kyoku.seats[s].open_riichi and kyoku.seats[s].riichi]
            if shown and not kyoku.is_over:
                other = (shown[0] + 1) % 4
                view = kyoku.observe(other).open_hands[shown[0]]
                assert view == tuple(sorted(kyoku.seats[shown[0]].closed))
            horas = [e for e in match.events if e["type"] == "hora" and
                     ["open riichi", 1] in e["yaku"]]
            if horas:
                assert ["riichi", 1] in horas[0]["yaku"] or ["double riichi", 2] in horas[0]["yaku"]
                return
    raise AssertionError("no open riichi win in 40 matches")


def _open_riichi_legal(rules: Rules) -> tuple[Action, ...]:
    """The legal actions of the first seat that may declare riichi in seeded matches."""
    from taku.mahjong.match import Match

    for seed in range(200):
        match = Match(rules, seed=f"reach-{seed}")
        for _ in range(60):
            seat = match.to_act[0]
            actions = match.legal_actions(seat)
            if any(a.type == "reach" for a in actions):
                return actions
            match.apply(next((a for a in actions if a.type == "dahai" and a.tsumogiri),
                             actions[-1]))
            if match.is_over:
                break
    raise AssertionError("no riichi chance found")
