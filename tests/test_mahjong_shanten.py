"""Shanten, waits, tenpai and ukeire: the shared data sets (majiang-core xiangting, RiichiEnv
agari/negative hands), the furiten and tenpai vectors of RULES.md §11.3-11.4 (MJ-END-07,
MJ-FURITEN-02), copies held in the player's own melds (karaten), property tests, an independent
brute-force shanten and the ``mahjong`` package as a test-only oracle.

Shanten here is "the fewest tiles the hand is missing from some complete hand, minus one", where
the complete hand never needs a fifth copy of a tile, nor (given the meld tiles) a copy that sits
in one of the player's melds (MJ-END-07)."""

from __future__ import annotations

import importlib
import json
import random
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten as OracleShanten

from taku.cli.mahjong import shanten_report
from taku.mahjong.decompose import decompositions
from taku.mahjong.errors import InvalidHandError
from taku.mahjong.hand import ACROSS, LEFT, Hand, Meld
from taku.mahjong.shanten import (
    discard_ukeire,
    is_complete,
    is_tenpai,
    meld_counts,
    shanten,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_regular,
    tiles_shanten,
    ukeire,
    waits,
)
from taku.mahjong.tiles import TERMINALS_AND_HONORS, Tile, parse_kinds, parse_tiles

HANDS = Path("data", "mahjong", "hands")
shanten_module = importlib.import_module("taku.mahjong.shanten")  # (the package re-exports shanten)


def kinds(text: str) -> tuple[int, ...]:
    """The kinds of the tiles written in MPSZ, in order."""
    return tuple(tile.kind for tile in parse_tiles(text))


# --- an independent brute-force shanten ----------------------------------------------------------

def _blocks_through(kind: int) -> list[tuple[int, ...]]:
    """The groups that contain ``kind``: its triplet and the (up to three) sequences through it."""
    blocks: list[tuple[int, ...]] = [(kind, kind, kind)]
    if kind < 27:
        for start in (kind - 2, kind - 1, kind):
            if start >= 0 and start // 9 == kind // 9 and start % 9 <= 6:
                blocks.append((start, start + 1, start + 2))
    return blocks


BLOCKS_THROUGH = [_blocks_through(kind) for kind in range(34)]


def brute_regular(counts: Sequence[int], melds: int = 0, melded: Sequence[int] | None = None) -> int:
    """Regular-form shanten by search: the most held tiles that ``4 - melds`` groups and a pair can
    use, the groups and pair together never needing a fifth copy of a kind (nor, with ``melded``,
    a copy that sits in a meld).

    The search always takes the lowest kind still holding tiles and either leaves its copies
    unused or puts one of them in a group or pair that contains that kind. Groups and a pair that
    use no held tile can always be added on kinds the hand does not touch."""
    left = list(counts)
    target = [0] * 34
    limit = [4 - n for n in melded] if melded is not None else [4] * 34
    memo: dict[tuple[object, ...], int] = {}

    def most_used(groups: int, pairs: int) -> int:
        low = next((k for k in range(34) if left[k]), 34)
        if low == 34 or groups + pairs == 0:
            return 0
        key = (low, groups, pairs, tuple(left[low:]), tuple(target[max(0, low - 2):low + 3]))
        if key in memo:
            return memo[key]
        cap = min(3 * groups + 2 * pairs, sum(left[low:]))
        saved, left[low] = left[low], 0
        best = most_used(groups, pairs)  # the remaining copies of ``low`` stay unused
        left[low] = saved
        options = [(block, 1, 0) for block in BLOCKS_THROUGH[low]] if groups else []
        if pairs:
            options.append(((low, low), 0, 1))
        for block, dg, dp in options:
            if best >= cap:
                break
            if any(target[k] + block.count(k) > limit[k] for k in block):
                continue  # the fifth-copy rule, and copies in melds
            taken = []
            for k in block:
                target[k] += 1
                if left[k]:
                    left[k] -= 1
                    taken.append(k)
            best = max(best, len(taken) + most_used(groups - dg, pairs - dp))
            for k in taken:
                left[k] += 1
            for k in block:
                target[k] -= 1
        memo[key] = best
        return best

    groups = 4 - melds
    return 3 * groups + 1 - most_used(groups, 1)


def brute_chiitoitsu(counts: Sequence[int]) -> int:
    """Seven distinct pairs: at most two useful tiles of each of the best seven kinds."""
    used = sum(sorted((min(c, 2) for c in counts), reverse=True)[:7])
    return 13 - used


def brute_kokushi(counts: Sequence[int]) -> int:
    """One of each of the 13 terminal and honour kinds plus a second copy of one of them."""
    held = [counts[k] for k in TERMINALS_AND_HONORS]
    return 13 - sum(1 for c in held if c) - (1 if any(c >= 2 for c in held) else 0)


def brute_shanten(counts: Sequence[int], melds: int = 0,
                  melded: Sequence[int] | None = None) -> int:
    best = brute_regular(counts, melds, melded)
    if melds == 0:
        best = min(best, brute_chiitoitsu(counts), brute_kokushi(counts))
    return best


def plus(counts: Sequence[int], *added: int) -> list[int]:
    out = list(counts)
    for kind in added:
        out[kind] += 1
    return out


def minus(counts: Sequence[int], *removed: int) -> list[int]:
    out = list(counts)
    for kind in removed:
        out[kind] -= 1
    return out


# --- shared data: majiang-core xiangting (4 x 10,000 hands) --------------------------------------

MAJIANG_SUIT = {"m": 0, "p": 9, "s": 18, "z": 27}


def majiang_counts(tiles: list[str]) -> list[int]:
    """Counts of majiang tiles such as ``m3``, ``z4``; ``0`` is a red five."""
    counts = [0] * 34
    for tile in tiles:
        number = int(tile[1]) or 5
        counts[MAJIANG_SUIT[tile[0]] + number - 1] += 1
    return counts


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_xiangting_data_regular_kokushi_chiitoitsu(shared: Path, number: int) -> None:
    """majiang-core's ``xiangting_N.json``: ``x = [regular, kokushi, chiitoitsu]`` must agree for
    every one of the 10,000 hands of the file."""
    hands = json.loads((shared / HANDS / f"xiangting_{number}.json").read_text())
    assert len(hands) == 10_000
    wrong = []
    for hand in hands:
        counts = majiang_counts(hand["q"])
        assert sum(counts) == 14
        got = [shanten_regular(counts), shanten_kokushi(counts), shanten_chiitoitsu(counts)]
        if got != hand["x"]:
            wrong.append((hand["q"], hand["x"], got))
    assert wrong == []


def test_xiangting_data_minimum_is_shanten(shared: Path) -> None:
    """``shanten`` is the minimum of the three forms (first 2,000 hands of file 1)."""
    hands = json.loads((shared / HANDS / "xiangting_1.json").read_text())[:2000]
    for hand in hands:
        counts = majiang_counts(hand["q"])
        assert shanten(counts) == min(hand["x"])
        assert is_complete(counts) == (min(hand["x"]) == -1)


# --- shared data: RiichiEnv non-winning hands (200 thirteen-tile count vectors) ------------------

def test_hands_negative_tenpai_flag(shared: Path) -> None:
    """``hands_negative.json``: 200 thirteen-tile hands (``counts_34``) with an ``is_tenpai`` flag.
    is_tenpai must agree; a tenpai hand has waits and each completes it; no other tile does."""
    cases = json.loads((shared / HANDS / "hands_negative.json").read_text())["cases"]
    assert len(cases) == 200
    tenpai_cases = 0
    for case in cases:
        counts = case["counts_34"]
        assert sum(counts) == 13
        assert is_tenpai(counts) == case["is_tenpai"], case
        found = waits(counts)
        assert bool(found) == case["is_tenpai"]
        assert (shanten(counts) == 0) == case["is_tenpai"]
        for kind in range(34):
            if counts[kind] < 4:
                assert is_complete(plus(counts, kind)) == (kind in found)
        tenpai_cases += case["is_tenpai"]
    assert tenpai_cases == 28


# --- shared data: RiichiEnv winning hands (816, closed and open) ---------------------------------

def agari_hand(case: dict[str, Any]) -> tuple[Hand, Tile]:
    """The complete hand of an ``agari_4p.json`` case, and its winning tile.

    ``tiles_136`` holds the concealed tiles without the winning tile (one case already includes
    it, making 14). Meld tiles are 136-ids; ``from_who`` is not relative to the winner, so the
    direction is taken as left for a chi and across otherwise (it does not change the shape); the
    first listed tile is taken as the called one."""
    raw_melds = case["melds"]
    win = Tile.from_id(case["win_tile_136"])
    closed = [Tile.from_id(i) for i in case["tiles_136"]]
    if len(closed) + 3 * len(raw_melds) == 13:
        closed.append(win)
    melds = []
    for raw in raw_melds:
        tiles = tuple(Tile.from_id(i) for i in raw["tiles"])
        kind = raw["meld_type"]
        if kind == "ankan":
            melds.append(Meld("ankan", tiles))
        elif kind == "kakan":
            melds.append(Meld("kakan", tiles, tiles[0], ACROSS, tiles[3]))
        else:
            melds.append(Meld(kind, tiles, tiles[0], LEFT if kind == "chi" else ACROSS))
    return Hand(tuple(closed), tuple(melds)), win


def test_agari_4p_every_hand_is_complete(shared: Path) -> None:
    """``agari_4p.json``: 816 winning hands (461 closed, 355 with 1-4 melds of every kind). Each
    is complete with its melds (shanten -1), and without its winning tile it is tenpai on it."""
    cases = json.loads((shared / HANDS / "agari_4p.json").read_text())["cases"]
    assert len(cases) == 816
    meld_kinds = set()
    for case in cases:
        assert case["expected"]["is_win"]
        hand, win = agari_hand(case)
        meld_kinds.update(m.kind for m in hand.melds)
        counts, melds = hand.counts, len(hand.melds)
        assert is_complete(counts, melds), hand
        assert shanten(counts, melds) == -1
        assert brute_shanten(counts, melds) == -1
        assert decompositions(counts) or shanten_chiitoitsu(counts) == -1 or \
            shanten_kokushi(counts) == -1
        before = minus(counts, win.kind)
        assert is_tenpai(before, melds)
        assert win.kind in waits(before, melds), hand
    assert meld_kinds == {"chi", "pon", "daiminkan", "kakan", "ankan"}


# --- RULES.md vectors ------------------------------------------------------------------------------

@pytest.mark.parametrize(("vector", "hand", "expected"), [
    ("TV-FURITEN-01", "33m111s12345678p", "3p6p9p"),
    ("TV-FURITEN-02", "33m123s123s456s23p", "1p4p"),
    ("TV-FURITEN-03", "77z44456p123m123m", "4p7p7z"),
])
def test_tv_furiten_waits(vector: str, hand: str, expected: str) -> None:
    """MJ-FURITEN-02 needs the exact waits: TV-FURITEN-01..03 (seed 003, Przykład 1-3)."""
    counts = parse_kinds(hand)
    assert waits(counts) == kinds(expected), vector
    assert is_tenpai(counts)
    assert ukeire(counts).tiles == kinds(expected)


def test_tv_furiten_04_open_hand_waits() -> None:
    """TV-FURITEN-04: ``234m567p66s78s`` with a chi of 345p waits on 6s and 9s."""
    hand = Hand.from_str("234m567p66s78s 3-45p")
    assert waits(hand.counts, len(hand.melds)) == kinds("6s9s")


def test_tv_tenpai_01_mj_end_07_four_copies_not_tenpai() -> None:
    """TV-TENPAI-01 / MJ-END-07: ``4444m123p456p789p`` waits only on a fifth 4m: noten, 1-shanten."""
    counts = parse_kinds("4444m123p456p789p")
    assert not is_tenpai(counts)
    assert waits(counts) == ()
    assert shanten(counts) == 1
    assert shanten_regular(counts) == 1
    assert brute_shanten(counts) == 1
    improving = ukeire(counts)
    assert improving.shanten == 1
    # Any other tile makes it tenpai (a tanki beside 444m); there is no fifth 4m to draw.
    assert improving.tiles == tuple(k for k in range(34) if k != kinds("4m")[0])
    for kind in improving.tiles:
        assert brute_shanten(plus(counts, kind)) == 0


def test_mj_end_07_undeclared_honour_quad_is_not_tenpai() -> None:
    """MJ-END-07 with TV-GROUP-03: concealed ``1111z`` is not a quad, so the hand is noten;
    declared as an ankan, the same tiles wait on 5z."""
    concealed = Hand.from_str("1111z123m456p789s")
    assert shanten(concealed.counts) == 1 and not is_tenpai(concealed.counts)
    declared = Hand.from_str("123m456p789s5z 1111z")
    assert waits(declared.counts, 1) == kinds("5z")


def test_tv_tenpai_02_all_winning_tiles_visible_is_still_tenpai() -> None:
    """TV-TENPAI-02 / MJ-END-07: waiting on 7z with every 7z visible is still tenpai; ukeire
    shows that none is left."""
    counts = parse_kinds("123m456p789s111z7z")  # tanki on chun, holding one
    visible = [0] * 34
    visible[33] = 3  # the other three chun in discards
    assert is_tenpai(counts)
    assert waits(counts) == kinds("7z")
    result = ukeire(counts, visible=visible)
    assert (result.shanten, result.tiles, result.remaining, result.total) == (0, kinds("7z"), (0,), 0)
    shanpon = parse_kinds("123m456p789s11z77z")  # 1z / 7z, the two other chun visible
    visible[33] = 2
    result = ukeire(shanpon, visible=visible)
    assert result.tiles == kinds("1z7z") and result.remaining == (2, 0)
    assert is_tenpai(shanpon)


# --- copies in the player's own melds (MJ-END-07) -------------------------------------------------

def hand_parts(text: str) -> tuple[list[int], int, list[int]]:
    """Concealed counts, number of melds and melded counts of a hand written in notation."""
    hand = Hand.from_str(text)
    return hand.counts, len(hand.melds), meld_counts(hand.melds)


def test_mj_end_07_pon_of_the_tanki_tile_leaves_no_fifth_copy() -> None:
    """``5m123p456p789s`` with a pon of 5m: the tanki on 5m would need a fifth 5m. Given the meld's
    tiles the hand is noten and 1-shanten (draw any other tile, discard 5m: a tanki on it); the
    concealed counts alone (no ``melded``) still wait on 5m in shape."""
    counts, melds, melded = hand_parts("5m123p456p789s 555m+")
    assert melded[kinds("5m")[0]] == 3
    assert waits(counts, melds) == kinds("5m") and is_tenpai(counts, melds)
    assert waits(counts, melds, melded=melded) == ()
    assert not is_tenpai(counts, melds, melded=melded)
    assert shanten(counts, melds, melded=melded) == 1
    assert shanten_regular(counts, melds, melded=melded) == 1
    assert brute_shanten(counts, melds, melded) == 1
    result = ukeire(counts, melds, melded=melded)
    assert result.shanten == 1
    assert result.tiles == tuple(k for k in range(34) if k != kinds("5m")[0])
    left = dict(zip(result.tiles, result.remaining, strict=True))
    assert (left[kinds("4m")[0]], left[kinds("1p")[0]], left[kinds("7z")[0]]) == (4, 3, 4)


def test_mj_end_07_concealed_quad_waits_only_on_the_other_tile() -> None:
    """``1111m234m`` beside two melds is 111m + 1234m, waiting on 1m and 4m in shape; all four 1m
    are in the hand, so the only wait is 4m (with or without the meld tiles)."""
    counts, melds, melded = hand_parts("1111m234m 777z+ 5-67p")
    assert waits(counts, melds) == kinds("4m")
    assert waits(counts, melds, melded=melded) == kinds("4m")
    assert is_tenpai(counts, melds, melded=melded)
    assert ukeire(counts, melds, melded=melded).remaining == (3,)


@pytest.mark.parametrize("text", ["1111m234m 444m= 777z+", "46m11z123p456s 5555m="])
def test_mj_end_07_karaten_waits_all_held_by_the_player_is_noten(text: str) -> None:
    """Karaten: every wait is a tile whose four copies are the player's own, concealed or melded
    (1m held four times and 4m in a pon; 5m under a 4-6m kanchan, in a kan). Noten (MJ-END-07),
    though the concealed shape alone is tenpai; 1-shanten like TV-TENPAI-01."""
    counts, melds, melded = hand_parts(text)
    assert waits(counts, melds) != ()
    assert waits(counts, melds, melded=melded) == ()
    assert not is_tenpai(counts, melds, melded=melded)
    assert shanten(counts, melds, melded=melded) == brute_shanten(counts, melds, melded) == 1
    assert ukeire(counts, melds, melded=melded).shanten == 1


def test_tv_tenpai_02_with_melds_others_copies_do_not_matter() -> None:
    """TV-TENPAI-02 beside a meld: a shanpon on 1z and 7z with the last two 7z visible elsewhere
    is still tenpai on both; only the player's own meld tiles take copies away, and ``visible``
    and ``melded`` both reduce what is left."""
    counts, melds, melded = hand_parts("123m456p11z77z 7-89s")
    seen = [0] * 34
    seen[kinds("7z")[0]] = 2
    assert waits(counts, melds, melded=melded) == waits(counts, melds) == kinds("1z7z")
    assert is_tenpai(counts, melds, melded=melded)
    result = ukeire(counts, melds, seen, melded=melded)
    assert (result.tiles, result.remaining) == (kinds("1z7z"), (2, 0))
    assert ukeire(counts, melds, melded=melded).remaining == (2, 2)


def test_cli_shanten_report_counts_meld_tiles_as_held() -> None:
    """``taku mahjong shanten`` passes the meld tiles: no wait or improving tile in them, and they
    are not counted as unseen."""
    report = shanten_report("5m123p456p789s 555m+")
    assert (report["shanten"], report["regular"], report["waits"]) == (1, 1, [])
    assert "5m" not in report["ukeire"]["tiles"] and report["ukeire"]["remaining"]["1p"] == 3
    assert shanten_report("1111m234m 444m= 777z+")["waits"] == []
    assert shanten_report("1111m234m 777z+ 5-67p")["waits"] == ["4m"]
    discards = shanten_report("5m123p456p789s1z 555m+")["discards"]
    assert (discards[0]["discard"], discards[0]["shanten"], discards[0]["tiles"]) == ("5m", 0, ["1z"])
    assert next(d for d in discards if d["discard"] == "1z")["shanten"] == 1
    assert [d["discard"] for d in shanten_report("12345m4567p23s11z1s")["discards"]][:1] == ["4p"]


def test_melded_counts_and_meld_numbers_are_checked() -> None:
    counts = parse_kinds("5m123p456p789s")
    with pytest.raises(InvalidHandError, match="melded tiles: 34 tile counts expected, got 3"):
        shanten(counts, 1, melded=[0, 0, 0])
    with pytest.raises(InvalidHandError, match="5 copies of 5m between the concealed tiles and"):
        waits(counts, 1, melded=parse_kinds("5555m"))
    with pytest.raises(InvalidHandError, match="3 melded tiles do not make 2 melds"):
        shanten(counts, 2, melded=parse_kinds("555m"))
    with pytest.raises(InvalidHandError, match="4 melded tiles do not make 0 melds"):
        shanten(parse_kinds("5m123p456p789s11z"), melded=parse_kinds("7777z"))
    for melds in (-1, 5):
        with pytest.raises(InvalidHandError, match=f"0 to 4 melds expected, got {melds}"):
            shanten(counts, melds)
        with pytest.raises(InvalidHandError, match=f"0 to 4 melds expected, got {melds}"):
            shanten_regular(counts, melds)
    assert shanten(counts, 1, melded=parse_kinds("123s")) == 0
    assert shanten(parse_kinds("123m456p789s1122z"), melded=[0] * 34) == 0


@pytest.mark.parametrize("seed", range(4))
def test_mj_end_07_melded_copies_agree_with_brute_force(seed: int) -> None:
    """200 seeded hands per seed whose 1-4 melds (pon, chi, kan) are taken from the same tiles as
    the hand, mostly from a few kinds so that melds and hand share kinds: shanten
    equals the brute force with the melded copies removed (MJ-END-07); the waits are the shape's
    waits less the kinds whose four copies are the player's; tenpai means a wait exists; every
    improving tile lowers the shanten by one and counts 4 less the hand's and melds' copies."""
    rng = random.Random(20260 + seed)
    for _ in range(200):
        counts, melds, melded = seeded_melded_hand(rng)
        expected = brute_shanten(counts, melds, melded)
        assert shanten(counts, melds, melded=melded) == expected, (counts, melds, melded)
        assert shanten_regular(counts, melds, melded=melded) == expected
        assert expected >= shanten(counts, melds)
        if sum(counts) + 3 * melds != 13:
            continue
        found = waits(counts, melds, melded=melded)
        assert found == tuple(k for k in waits(counts, melds) if counts[k] + melded[k] < 4)
        assert is_tenpai(counts, melds, melded=melded) == bool(found) == (expected == 0)
        result = ukeire(counts, melds, melded=melded)
        assert result.shanten == expected
        for kind, left in zip(result.tiles, result.remaining, strict=True):
            assert counts[kind] + melded[kind] < 4
            assert shanten(plus(counts, kind), melds, melded=melded) == expected - 1
            assert left == 4 - counts[kind] - melded[kind]


def seeded_melded_hand(rng: random.Random) -> tuple[list[int], int, list[int]]:
    """Concealed counts, meld count and melded counts of a random hand with real melds."""
    shape = rng.random()
    if shape < 0.4:  # five neighbouring kinds of a suit and an honour: melds and hand collide
        start = 9 * rng.randrange(3) + rng.randrange(5)
        pool = [*range(start, start + 5), rng.randrange(27, 34)]
    elif shape < 0.8:
        pool = [9 * rng.randrange(3) + i for i in range(9)] + rng.sample(range(27, 34), 2)
    else:
        pool = list(range(34))
    supply = [4] * 34
    melds = rng.randint(1, 4)
    melded = [0] * 34
    for _ in range(melds):
        while True:
            kind = rng.choice(pool)
            call = rng.choice(("pon", "chi", "kan"))
            if call == "chi" and (kind >= 27 or kind % 9 > 6):
                continue
            tiles = [kind, kind + 1, kind + 2] if call == "chi" else [kind] * (3 if call == "pon" else 4)
            if all(supply[k] >= tiles.count(k) for k in tiles):
                break
        for k in tiles:
            supply[k] -= 1
            melded[k] += 1
    size = rng.choice((13, 14)) - 3 * melds
    wall = [k for k in pool for _ in range(supply[k])]
    counts = [0] * 34
    for kind in rng.sample(wall, size):
        counts[kind] += 1
    return counts, melds, melded


# --- differential: the mahjong package (test-only oracle) ----------------------------------------

@pytest.mark.parametrize("seed", range(3))
def test_shanten_agrees_with_the_mahjong_package(seed: int) -> None:
    """``mahjong.shanten.Shanten`` (PyPI ``mahjong`` 2.1.0) on 1,000 seeded hands per seed: closed
    13 and 14 tiles (all three forms; half from one suit and three honours, where quads are
    common) and hands of 1-4 melds (the regular form of the concealed tiles)."""
    oracle = OracleShanten()
    rng = random.Random(20261 + seed)
    for _ in range(1000):
        melds = rng.choice((0, 0, 1, 2, 3, 4))
        dense = rng.random() < 0.5
        wall = [k for k in range(34) for _ in range(4) if not dense or k < 9 or k >= 31]
        counts = [0] * 34
        for kind in rng.sample(wall, rng.choice((13, 14)) - 3 * melds):
            counts[kind] += 1
        if melds:
            assert shanten(counts, melds) == oracle.calculate_shanten_for_regular_hand(counts)
        else:
            assert shanten(counts) == oracle.calculate_shanten(counts), counts


def test_shipped_suit_table_matches_the_dynamic_programme() -> None:
    """The generated table (tools/gen_shanten_table.py) gives the exact programme's entry for 1,500
    seeded suits of at most 14 tiles, and a suit beyond the table (15+ tiles) is computed."""
    rng = random.Random(7)
    entries = shanten_module._entries
    for _ in range(1500):
        suit = bytes(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        if sum(suit) > 14:
            continue
        value = shanten_module._suit_value(suit)
        assert entries[value & 0xFFFF] == shanten_module._suit_entry_dp(suit), suit
    assert shanten_module._suit_rank(bytes([4, 4, 4, 3, 0, 0, 0, 0, 0])) == -1
    assert shanten_regular(parse_kinds("1112223334445m")) == brute_regular(parse_kinds("1112223334445m"))


def test_first_and_later_calls_agree() -> None:
    """A hand's first call checks it and fills the tables (in the pure build: the compiled one's
    tables are complete); later calls are the table look-ups alone. Both give the least of the
    three forms, on 2,000 seeded closed hands (many unseen)."""
    rng = random.Random(11)
    unseen = 0
    for _ in range(2000):
        wall = [k for k in range(34) for _ in range(4) if rng.random() < 0.5 or k >= 27 or k < 9]
        counts = [0] * 34
        for kind in rng.sample(wall, rng.choice((13, 14))):
            counts[kind] += 1
        unseen += bytes(counts[:9]) not in shanten_module._suits
        first, later = shanten(counts), shanten(counts)
        expected = min(shanten_regular(counts), shanten_chiitoitsu(counts), shanten_kokushi(counts))
        assert first == later == expected, counts
    # How many were new depends on what earlier tests in the same process looked up (the replays
    # fill the tables with thousands of parts); some always are.
    assert unseen > 0


def _dense_tables() -> Any:
    """The shanten module with the compiled build's tables loaded (the pure build loads them only
    here: its own hot path keeps the dictionaries)."""
    if not shanten_module._ENTRY_VALUES:
        shanten_module._load_dense_tables()
    return shanten_module


def test_compiled_build_heads_and_tails_rank_every_suit() -> None:
    """The heads and tails of the compiled build's tables add up to each suit's rank in the
    shipped table and to its counts for the special forms, on 3,000 seeded suits; a suit of more
    than 14 tiles has no head or no tail."""
    module = _dense_tables()
    rng = random.Random(17)
    heads, tails = module._HEADS[0], module._TAILS[0]
    for _ in range(3000):
        suit = bytes(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        head_code = sum(count * 5 ** (4 - i) for i, count in enumerate(suit[:5]))
        tail_code = sum(count * 5 ** (3 - i) for i, count in enumerate(suit[5:]))
        head = int.from_bytes(heads[4 * head_code:4 * head_code + 4], "little")
        assert head == module._suit_part(0, 5, head_code, 14)
        if sum(suit[:5]) > 14:
            assert head == module._NO_PART
            continue
        assert head >> 19 & 15 == sum(suit[:5])
        at = 4 * (sum(suit[:5]) * 625 + tail_code)
        tail = int.from_bytes(tails[at:at + 4], "little")
        if sum(suit) > 14:
            assert tail == module._NO_PART, suit
            continue
        assert (head & 0x7FFFF) + (tail & 0x3FF) == module._suit_rank(suit)
        counted = module._spread(head >> 23) + module._spread(tail >> 10)
        assert counted == module._suit_value(suit) >> 16, suit


def test_compiled_build_lookups_agree_with_the_dictionaries() -> None:
    """The compiled build's look-ups (run here in whichever build is installed) give the least of
    the three forms (the regular form alone with melds), as the dictionaries do, for 3,000 seeded
    hands of 0 to 18 tiles and 0 to 4 melds, from a list and from bytes; a suit of more than 14
    tiles or a bad count is left to the slow path."""
    module = _dense_tables()
    rng = random.Random(19)
    kinds = [kind for kind in range(34) for _ in range(4)]
    for number in range(3000):
        melds = rng.randint(0, 4)
        pool = kinds if number % 3 else kinds[:36] + kinds[108:]  # man-heavy: suits of 15+ tiles
        counts = [0] * 34
        for kind in rng.sample(pool, rng.randint(0, 18)):
            counts[kind] += 1
        if any(sum(counts[start:start + 9]) > 14 for start in (0, 9, 18)):
            expected = module._MISS
        elif melds:
            expected = shanten_regular(counts, melds)
        else:
            expected = min(shanten_regular(counts), shanten_chiitoitsu(counts),
                           shanten_kokushi(counts))
        assert module._dense_shanten_of_list(counts, melds) == expected, (counts, melds)
        blob = bytes(3) + bytes(counts)
        assert module._dense_shanten_of_bytes(blob, 3, melds) == expected, (counts, melds)
    for bad in (5, -1):
        counts = parse_kinds("123m456p789s1122z")
        counts[30] = bad
        assert module._dense_shanten_of_list(counts, 0) == module._MISS
    assert module._dense_shanten_of_bytes(bytes([7] + [0] * 33), 0, 0) == module._MISS


def test_counts_in_a_wider_buffer_are_read_as_numbers() -> None:
    """An ``array`` of 64-bit counts (whose raw bytes are not the counts) gives the same answers."""
    counts = parse_kinds("123m456p789s1122z")
    assert shanten(array("q", counts)) == shanten(counts) == 0
    assert shanten_regular(array("q", counts)) == 0
    assert waits(array("q", counts)) == waits(counts)


@pytest.mark.parametrize(("hand", "expected"), [
    ("123m456p789s1122z", 0),
    ("19m19p19s1234567z", 0),        # kokushi 13-sided
    ("19m19p19s1234566z", 0),        # kokushi waiting on 7z
    ("1122334455667m", 0),           # chiitoitsu tanki (and regular)
    ("1133557799m1133p", -1),        # chiitoitsu complete (14)
    ("11112233445566m", -1),         # 11 123 123 456 456 (as chiitoitsu it would be 1-shanten)
    ("1112345678999m", 0),           # chuuren: nine waits
    ("147m258p369s1234z", 6),        # regular 8, kokushi 7, chiitoitsu 6
])
def test_known_shanten(hand: str, expected: int) -> None:
    counts = parse_kinds(hand)
    assert shanten(counts) == expected
    assert brute_shanten(counts) == expected
    assert tiles_shanten(parse_tiles(hand)) == expected


def test_chuuren_waits_on_all_nine() -> None:
    assert waits(parse_kinds("1112345678999m")) == tuple(range(9))


def test_chiitoitsu_with_four_of_a_kind() -> None:
    """Seven distinct pairs are needed: four 1m count as one pair."""
    counts = parse_kinds("11112233445566m")
    assert shanten_chiitoitsu(counts) == 1
    assert shanten_chiitoitsu(parse_kinds("1122334455667m")) == 0


def test_helper_errors_name_the_problem() -> None:
    thirteen = parse_kinds("123m456p789s1122z")
    fourteen = plus(thirteen, 27)
    with pytest.raises(InvalidHandError, match="13 tiles expected, got 14"):
        waits(fourteen)
    with pytest.raises(InvalidHandError, match="13 tiles expected, got 14"):
        is_tenpai(fourteen)
    with pytest.raises(InvalidHandError, match="14 tiles expected, got 13"):
        is_complete(thirteen)
    with pytest.raises(InvalidHandError, match="13 tiles expected, got 16"):
        ukeire(thirteen, melds=1)
    with pytest.raises(InvalidHandError, match="5 copies of 1z; there are only 4"):
        is_complete(plus(thirteen, 27, 27, 27))  # the copies are checked before the size
    with pytest.raises(InvalidHandError, match="5 copies of 1z; there are only 4"):
        shanten(plus(thirteen, 27, 27, 27))
    with pytest.raises(InvalidHandError, match="34 tile counts expected, got 33"):
        waits(thirteen[:33])
    with pytest.raises(InvalidHandError, match="visible tiles: 34 tile counts expected, got 3"):
        ukeire(thirteen, visible=[0, 0, 0])


# --- property tests --------------------------------------------------------------------------------

SEQUENCES = [(s, s + 1, s + 2) for suit in range(3) for s in range(9 * suit, 9 * suit + 7)]
TRIPLETS = [(k, k, k) for k in range(34)]
GROUPS = SEQUENCES + TRIPLETS


@st.composite
def complete_hands(draw: st.DrawFn) -> tuple[list[int], int, list[tuple[int, ...]], int]:
    """A random complete regular hand: 4 groups and a pair (at most 4 copies of a kind), the
    first ``melds`` groups called. Returns concealed counts, melds, concealed groups, pair."""
    groups = draw(st.lists(st.sampled_from(GROUPS), min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    total = [0] * 34
    for group in groups:
        for kind in group:
            total[kind] += 1
    total[pair] += 2
    assume(max(total) <= 4)
    melds = draw(st.integers(0, 4))
    counts = [0] * 34
    for group in groups[melds:]:
        for kind in group:
            counts[kind] += 1
    counts[pair] += 2
    return counts, melds, groups[melds:], pair


@settings(max_examples=400, deadline=None)
@given(complete_hands())
def test_property_complete_hand_has_shanten_minus_one(
        hand: tuple[list[int], int, list[tuple[int, ...]], int]) -> None:
    """MJ-FLOW-06: four groups and a pair are complete, with any number of melds; every
    decomposition of the concealed part gives back its counts, and the one we built is found."""
    counts, melds, groups, pair = hand
    assert shanten(counts, melds) == -1
    assert is_complete(counts, melds)
    found = decompositions(counts)
    assert found
    for decomposition in found:
        rebuilt = [0] * 34
        for group in decomposition.groups:
            for offset in ((0, 0, 0) if group.kind == "triplet" else (0, 1, 2)):
                rebuilt[group.base + offset] += 1
        rebuilt[decomposition.pair] += 2
        assert rebuilt == counts
    built = sorted((("triplet", g[0]) if g[0] == g[1] else ("sequence", g[0])) for g in groups)
    assert any(sorted((g.kind, g.base) for g in d.groups) == built and d.pair == pair
               for d in found)


@settings(max_examples=300, deadline=None)
@given(complete_hands())
def test_property_removing_a_tile_leaves_tenpai_on_it(
        hand: tuple[list[int], int, list[tuple[int, ...]], int]) -> None:
    """Removing any tile of a complete hand leaves a tenpai hand whose waits include that kind."""
    counts, melds, _, _ = hand
    for kind in range(34):
        if counts[kind]:
            tenpai = minus(counts, kind)
            assert is_tenpai(tenpai, melds)
            assert kind in waits(tenpai, melds)


@settings(max_examples=300, deadline=None)
@given(complete_hands(), st.integers(0, 33))
def test_property_waits_are_exactly_the_completing_tiles(
        hand: tuple[list[int], int, list[tuple[int, ...]], int], removed: int) -> None:
    """Adding any wait to a tenpai hand completes it (shanten -1); adding any other tile does not."""
    counts, melds, _, _ = hand
    held = [k for k in range(34) if counts[k]]
    tenpai = minus(counts, held[removed % len(held)])
    found = waits(tenpai, melds)
    assert found
    for kind in range(34):
        if tenpai[kind] < 4:
            assert (shanten(plus(tenpai, kind), melds) == -1) == (kind in found)
        else:
            assert kind not in found  # never a fifth copy (MJ-END-07)


@st.composite
def random_hands(draw: st.DrawFn, size: int = 13) -> tuple[list[int], int]:
    """Concealed counts of ``size - 3 * melds`` tiles drawn from the 136 tiles, and the melds."""
    melds = draw(st.integers(0, 4))
    dense = draw(st.booleans())  # one suit and the honours give harder shapes
    wall = [k for k in range(34) for _ in range(4) if not dense or k < 9 or k >= 27]
    chosen = draw(st.lists(st.integers(0, len(wall) - 1), min_size=size - 3 * melds,
                           max_size=size - 3 * melds, unique=True))
    counts = [0] * 34
    for index in chosen:
        counts[wall[index]] += 1
    return counts, melds


@settings(max_examples=300, deadline=None)
@given(random_hands(), st.integers(0, 33), st.integers(0, 33))
def test_property_one_swap_changes_shanten_by_at_most_one(
        hand: tuple[list[int], int], out: int, into: int) -> None:
    """Swapping one tile of a 13-tile hand changes its shanten by at most 1."""
    counts, melds = hand
    held = [k for k in range(34) if counts[k]]
    out = held[out % len(held)]
    if counts[into] == 4 or into == out:
        into = next(k for k in range(34) if counts[k] < 4 and k != out)
    before = shanten(counts, melds)
    after = shanten(plus(minus(counts, out), into), melds)
    assert abs(after - before) <= 1
    assert 0 <= before <= 8 - 2 * melds


@settings(max_examples=200, deadline=None)
@given(random_hands(), st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_property_ukeire_tiles_lower_shanten_and_remaining_subtracts_seen(
        hand: tuple[list[int], int], seen: list[int]) -> None:
    """Ukeire lists exactly the kinds that lower shanten (by one), and counts 4 minus the hand's
    copies minus the visible copies of each."""
    counts, melds = hand
    visible = [min(v, 4 - c) for v, c in zip(seen, counts, strict=True)]
    result = ukeire(counts, melds, visible)
    current = shanten(counts, melds)
    expected = [k for k in range(34)
                if counts[k] < 4 and shanten(plus(counts, k), melds) < current]
    assert result.shanten == current
    assert list(result.tiles) == expected
    for kind in expected:
        assert shanten(plus(counts, kind), melds) == current - 1
    assert list(result.remaining) == [4 - counts[k] - visible[k] for k in expected]
    assert result.total == sum(result.remaining)
    if current == 0:
        assert result.tiles == waits(counts, melds)
    assert ukeire(counts, melds).remaining == tuple(4 - counts[k] for k in expected)


@settings(max_examples=100, deadline=None)
@given(random_hands(14))
def test_property_discard_ukeire_is_ukeire_after_each_discard(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    table = discard_ukeire(counts, melds)
    assert sorted(table) == [k for k in range(34) if counts[k]]
    for kind, result in table.items():
        assert result == ukeire(minus(counts, kind), melds)
        assert result.shanten >= shanten(counts, melds)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True), st.integers(0, 12))
def test_property_seven_pairs_and_thirteen_orphans_are_complete(pairs: list[int], extra: int) -> None:
    """MJ-FLOW-06: chiitoitsu (seven distinct pairs) and kokushi are complete closed hands."""
    counts = [0] * 34
    for kind in pairs:
        counts[kind] = 2
    assert shanten_chiitoitsu(counts) == -1 and shanten(counts) == -1 and is_complete(counts)
    kokushi = [0] * 34
    for kind in TERMINALS_AND_HONORS:
        kokushi[kind] = 1
    kokushi[TERMINALS_AND_HONORS[extra]] += 1
    assert shanten_kokushi(kokushi) == -1 and is_complete(kokushi)
    assert waits(minus(kokushi, TERMINALS_AND_HONORS[extra])) == TERMINALS_AND_HONORS


# --- differential: brute force on seeded random hands ----------------------------------------------

def seeded_hand(rng: random.Random) -> tuple[list[int], int]:
    """A random hand of 13 or 14 tiles (a kan or any meld counting as 3) from one of four shapes:
    the full wall, one suit plus honours, a few kinds in many copies, or a complete hand with one
    or two tiles swapped."""
    melds = rng.choice((0, 0, 0, 1, 2, 3, 4))
    size = rng.choice((13, 14)) - 3 * melds
    shape = rng.randrange(4)
    if shape == 0:
        wall = [k for k in range(34) for _ in range(4)]
    elif shape == 1:
        suit = 9 * rng.randrange(3)
        wall = [k for k in [*range(suit, suit + 9), 27, 28, 31] for _ in range(4)]
    elif shape == 2:
        wall = [k for k in rng.sample(range(34), 6) for _ in range(4)]
    else:
        while True:
            counts = [0] * 34
            for group in rng.choices(GROUPS, k=4 - melds):
                for kind in group:
                    counts[kind] += 1
            counts[rng.randrange(34)] += 2
            if max(counts) <= 4:
                break
        tiles = [k for k in range(34) for _ in range(counts[k])]
        for _ in range(rng.randrange(3)):
            tiles.remove(rng.choice(tiles))
            tiles.append(rng.choice([k for k in range(34) if tiles.count(k) < 4]))
        tiles = tiles[:size] if len(tiles) >= size else tiles
        while len(tiles) < size:
            tiles.append(rng.choice([k for k in range(34) if tiles.count(k) < 4]))
        wall = tiles
    counts = [0] * 34
    for kind in rng.sample(wall, size):
        counts[kind] += 1
    return counts, melds


@pytest.mark.parametrize("seed", range(6))
def test_shanten_agrees_with_brute_force(seed: int) -> None:
    """``shanten`` (table driven) equals the brute-force search on 400 seeded hands per seed,
    with 0-4 melds, 13 and 14 tiles, and the fifth-copy rule (MJ-END-07)."""
    rng = random.Random(20240 + seed)
    disagreements = []
    for _ in range(400):
        counts, melds = seeded_hand(rng)
        expected = brute_shanten(counts, melds)
        if shanten(counts, melds) != expected or shanten_regular(counts, melds) != \
                brute_regular(counts, melds):
            disagreements.append((counts, melds, shanten(counts, melds), expected))
        if melds == 0:
            assert shanten_chiitoitsu(counts) == brute_chiitoitsu(counts)
            assert shanten_kokushi(counts) == brute_kokushi(counts)
    assert disagreements == []


@pytest.mark.parametrize("hand", [
    "4444m123p456p789p", "4444m4444p4444s1z", "1111m2222m3333m4z", "1111222233334m",
    "11112222333344m", "4444m5555m6666m77m", "1111z2222z3333z4z", "5555m0p",
])
def test_fifth_copy_rule_agrees_with_brute_force(hand: str) -> None:
    """Hands full of quads, where a fifth copy would otherwise complete or improve them."""
    counts = parse_kinds(hand)
    melds = (14 - sum(counts)) // 3 if sum(counts) % 3 == 2 else (13 - sum(counts)) // 3
    assert shanten(counts, melds) == brute_shanten(counts, melds)
    if sum(counts) + 3 * melds == 13:
        for kind in waits(counts, melds):
            assert counts[kind] < 4
            assert brute_shanten(plus(counts, kind), melds) == -1


def test_brute_force_sanity() -> None:
    """The brute force itself on known hands (so that agreement means something)."""
    assert brute_shanten(parse_kinds("123m456p789s11z222z")) == -1
    assert brute_shanten(parse_kinds("123m456p789s1122z")) == 0
    assert brute_regular(parse_kinds("4444m123p456p789p")) == 1
    assert brute_regular(parse_kinds("123m456p789s5z"), 1) == 0
    assert brute_regular(parse_kinds("5z"), 4) == 0
    assert brute_regular(parse_kinds("55z"), 4) == -1
    assert brute_regular(parse_kinds("147m258p369s1234z")) == 8
    assert brute_chiitoitsu(parse_kinds("147m258p369s1234z")) == 6
    assert brute_kokushi(parse_kinds("19m19p19s1234567z")) == 0


@pytest.mark.parametrize(("visible", "message"), [
    ([-5] * 34, "visible tiles: -5 copies of 1m; there are only 4"),
    ([0.5] * 34, "visible tiles: tile counts must be integers"),
    (["a"] * 34, "visible tiles: tile counts must be integers"),
    ([0] * 30, "visible tiles: 34 tile counts expected, got 30"),
])
def test_ukeire_refuses_impossible_visible_counts(visible: list[Any], message: str) -> None:
    """Visible counts are tile counts too: 34 integers 0..4 (else the tiles left would be wrong)."""
    from taku.mahjong.tiles import parse_kinds

    with pytest.raises(InvalidHandError, match=message):
        ukeire(parse_kinds("123m456p789s1122z"), 0, visible)
