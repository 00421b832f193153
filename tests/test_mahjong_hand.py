"""Melds and hands: notation round trips, the seed-003 meld readings (TV-MELD-01..04), groups
(MJ-FLOW-06..08, TV-GROUP-01..03) and the errors for impossible melds and hands."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taku.mahjong.errors import InvalidHandError, InvalidMeldError, InvalidNotationError
from taku.mahjong.hand import ACROSS, LEFT, MELD_KINDS, RIGHT, Hand, Meld, MeldKind
from taku.mahjong.tiles import Tile, parse_tiles, tile_counts

MARKS = {LEFT: "-", ACROSS: "=", RIGHT: "+"}
FIVES = (4, 13, 22)


def tiles(text: str) -> tuple[Tile, ...]:
    return parse_tiles(text)


# --- meld notation: each kind and each direction ----------------------------------------------

@pytest.mark.parametrize(("text", "kind", "called", "called_from", "added", "all_tiles"), [
    ("3-45m", "chi", "3m", LEFT, None, "345m"),
    ("34-5m", "chi", "4m", LEFT, None, "345m"),
    ("345-m", "chi", "5m", LEFT, None, "345m"),
    ("340-m", "chi", "0m", LEFT, None, "340m"),
    ("0-67s", "chi", "0s", LEFT, None, "067s"),
    ("777z+", "pon", "7z", RIGHT, None, "777z"),
    ("777z=", "pon", "7z", ACROSS, None, "777z"),
    ("777z-", "pon", "7z", LEFT, None, "777z"),
    ("550p=", "pon", "0p", ACROSS, None, "055p"),
    ("055p+", "pon", "5p", RIGHT, None, "055p"),
    ("5555p=", "daiminkan", "5p", ACROSS, None, "5555p"),
    ("5555p+", "daiminkan", "5p", RIGHT, None, "5555p"),
    ("5555p-", "daiminkan", "5p", LEFT, None, "5555p"),
    ("5550p-", "daiminkan", "0p", LEFT, None, "0555p"),
    ("555=5s", "kakan", "5s", ACROSS, "5s", "5555s"),
    ("555+0s", "kakan", "5s", RIGHT, "0s", "0555s"),
    ("550-5s", "kakan", "0s", LEFT, "5s", "0555s"),
    ("1111z", "ankan", None, None, None, "1111z"),
    ("0555m", "ankan", None, None, None, "0555m"),
])
def test_meld_notation_reads_and_prints(text: str, kind: MeldKind, called: str | None,
                                        called_from: int | None, added: str | None,
                                        all_tiles: str) -> None:
    """The five meld kinds of hand.py's table, every direction mark, red fives in each place."""
    meld = Meld.from_str(text)
    assert meld.kind == kind
    assert meld.tiles == tiles(all_tiles)
    assert meld.called == (Tile.from_str(called) if called else None)
    assert meld.called_from == called_from
    assert meld.added == (Tile.from_str(added) if added else None)
    assert str(meld) == text
    assert eval(repr(meld)) == meld
    assert meld.is_open == (kind != "ankan")
    assert meld.is_kan == (kind in ("daiminkan", "kakan", "ankan"))
    assert meld.is_sequence == (kind == "chi")


@pytest.mark.parametrize(("variant", "canonical"), [
    ("7-77z", "777z-"), ("77-7z", "777z-"), ("777-z", "777z-"),  # a pon's mark may sit anywhere
    ("345m-", "345-m"),                                           # after the suit: the last digit
    ("0-34m", "340-m"),                                           # chi tiles are sorted
    ("5=555p", "555=5p"), ("55=55p", "555=5p"),                   # kakan: the 4th tile is added
    (" 777z+ ", "777z+"),
])
def test_meld_notation_variants_read_to_one_value(variant: str, canonical: str) -> None:
    assert Meld.from_str(variant) == Meld.from_str(canonical)
    assert str(Meld.from_str(variant)) == canonical


@st.composite
def melds(draw: st.DrawFn, kinds: tuple[MeldKind, ...] = MELD_KINDS) -> Meld:
    """Any valid meld, red fives included (at most one red per meld)."""
    kind = draw(st.sampled_from(kinds))
    if kind == "chi":
        suit = draw(st.integers(0, 2))
        start = 9 * suit + draw(st.integers(0, 6))
        meld_tiles = [Tile(k, k in FIVES and draw(st.booleans())) for k in range(start, start + 3)]
    else:
        base = draw(st.integers(0, 33))
        size = 3 if kind == "pon" else 4
        red = base in FIVES and draw(st.booleans())
        meld_tiles = [Tile(base, red and i == 0) for i in range(size)]
        meld_tiles = draw(st.permutations(meld_tiles))
    if kind == "ankan":
        return Meld("ankan", tuple(meld_tiles))
    called_index = draw(st.integers(0, len(meld_tiles) - 1))
    called_from = LEFT if kind == "chi" else draw(st.sampled_from((LEFT, ACROSS, RIGHT)))
    added = None
    if kind == "kakan":
        added = meld_tiles[draw(st.sampled_from([i for i in range(4) if i != called_index]))]
    return Meld(kind, tuple(meld_tiles), meld_tiles[called_index], called_from, added)


@settings(max_examples=500)
@given(melds())
def test_property_meld_round_trip(meld: Meld) -> None:
    """Every meld prints to notation that reads back to the same value; exactly one direction
    mark (the right one) unless it is an ankan."""
    text = str(meld)
    assert Meld.from_str(text) == meld
    assert str(Meld.from_str(text)) == text
    assert eval(repr(meld)) == meld
    marks = re.findall(r"[-=+]", text)
    if meld.kind == "ankan":
        assert marks == []
    else:
        assert marks == [MARKS[meld.called_from or 0]]
    assert tile_counts(parse_tiles(re.sub(r"[-=+]", "", text))) == tile_counts(meld.tiles)


@settings(max_examples=100)
@given(melds(("pon",)), st.booleans())
def test_property_kakan_extends_its_pon(pon: Meld, red: bool) -> None:
    """A kakan keeps the pon's called tile and direction (TV-MELD-04)."""
    added = Tile(pon.base, red and pon.base in FIVES and not any(t.red for t in pon.tiles))
    kakan = pon.with_added(added)
    assert kakan.kind == "kakan"
    assert (kakan.called, kakan.called_from, kakan.added) == (pon.called, pon.called_from, added)
    assert Meld.from_str(str(kakan)) == kakan


# --- seed 003 readings (TV-MELD) and groups (TV-GROUP) ------------------------------------------

def test_tv_meld_01_chi_8p_from_the_left() -> None:
    """TV-MELD-01: ``p8*79`` = chi 789p, 8p called from the left (our ``8-79p``)."""
    meld = Meld.from_str("8-79p")
    assert (meld.kind, meld.called, meld.called_from) == ("chi", Tile.from_str("8p"), LEFT)
    assert meld.tiles == tiles("789p")
    assert str(meld) == "78-9p"


def test_tv_meld_02_pon_north_from_across() -> None:
    """TV-MELD-02: ``z44*4`` = pon of North, the called tile from across (our ``444z=``)."""
    meld = Meld.from_str("44=4z")
    assert (meld.kind, meld.called, meld.called_from) == ("pon", Tile.from_str("4z"), ACROSS)
    assert meld == Meld.from_str("444z=")


def test_tv_meld_03_daiminkan_6m_from_the_right() -> None:
    """TV-MELD-03: ``m6666*`` = open kan of 6m called from the right (our ``6666m+``)."""
    meld = Meld.from_str("6666m+")
    assert (meld.kind, meld.called, meld.called_from) == ("daiminkan", Tile.from_str("6m"), RIGHT)
    assert meld.is_kan and meld.is_open


def test_tv_meld_04_shouminkan_on_tv_meld_02() -> None:
    """TV-MELD-04: the 4th North added to the pon of TV-MELD-02: still called from across."""
    kakan = Meld.from_str("444z=").with_added(Tile.from_str("4z"))
    assert kakan == Meld.from_str("444=4z")
    assert (kakan.kind, kakan.called_from, kakan.added) == ("kakan", ACROSS, Tile.from_str("4z"))
    assert kakan.is_kan and kakan.is_open


def test_tv_group_01_sequence_triplet_declared_quad() -> None:
    """TV-GROUP-01 / MJ-FLOW-06: ``456m`` sequence, ``444p`` triplet, declared ``1111z`` quad."""
    chi, pon, ankan = Meld.from_str("4-56m"), Meld.from_str("444p="), Meld.from_str("1111z")
    assert chi.is_sequence and not chi.is_kan
    assert pon.kind == "pon" and not pon.is_sequence and not pon.is_kan
    assert ankan.kind == "ankan" and ankan.is_kan and not ankan.is_open


@pytest.mark.parametrize("text", ["8-91m", "9-12m", "1-89p", "9-12s"])
def test_tv_group_02_numbers_do_not_wrap(text: str) -> None:
    """TV-GROUP-02 / MJ-FLOW-07: ``891m`` and ``912m`` are not sequences."""
    with pytest.raises(InvalidMeldError, match="three consecutive tiles of one suit"):
        Meld.from_str(text)


def test_tv_group_03_concealed_four_is_not_a_quad() -> None:
    """TV-GROUP-03 / MJ-FLOW-08: four concealed 1z never declared stay four loose tiles."""
    concealed = Hand.from_str("1111z123m456p789s")
    declared = Hand.from_str("123m456p789s5z 1111z")
    assert concealed.melds == () and concealed.counts[27] == 4
    assert declared.melds[0].kind == "ankan" and declared.counts[27] == 0
    assert declared.is_closed  # an ankan keeps the hand closed


@pytest.mark.parametrize("text", ["1-23z", "5-67z", "1-24m", "1-35m", "2-46p", "8-90m"])
def test_mj_flow_07_honours_and_gaps_make_no_chi(text: str) -> None:
    with pytest.raises(InvalidMeldError, match="a chi needs three consecutive tiles of one suit"):
        Meld.from_str(text)


# --- invalid melds -------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "error", "message"), [
    ("1-35m", InvalidMeldError, "a chi needs three consecutive tiles of one suit, got 135m"),
    ("3=45m", InvalidMeldError, "a chi can only be called from the left (345m)"),
    ("34+5m", InvalidMeldError, "a chi can only be called from the left (345m)"),
    ("11-2m", InvalidMeldError, "a pon needs 3 identical tiles, got 112m"),
    ("12-1m", InvalidMeldError, "a pon needs 3 identical tiles, got 112m"),
    ("1112m+", InvalidMeldError, "a daiminkan needs 4 identical tiles, got 1112m"),
    ("111=2m", InvalidMeldError, "a kakan needs 4 identical tiles, got 1112m"),
    ("3-4-5m", InvalidNotationError, "a meld has one called tile, 2 are marked in '3-4-5m'"),
    ("777+z=", InvalidNotationError, "two direction marks on one tile in '777+z='"),
    ("7+=77z", InvalidNotationError, "not a meld: '7+=77z'"),
    ("335m", InvalidNotationError, "'335m' has no direction mark; only an ankan"),
    ("55555m", InvalidNotationError, "'55555m' has no direction mark"),
    ("5-5m", InvalidNotationError, "a meld has 3 or 4 tiles, got 2 in '5-5m'"),
    ("5555-5m", InvalidNotationError, "a meld has 3 or 4 tiles, got 5 in '5555-5m'"),
    ("p8*79", InvalidNotationError, "not a meld: 'p8*79'"),
    ("777z +", InvalidNotationError, "not a meld: '777z +'"),
    ("", InvalidNotationError, "not a meld: ''"),
    ("88-8z", InvalidNotationError, "honour tiles are 1z..7z, got 8z"),
])
def test_invalid_meld_notation(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        Meld.from_str(text)


def test_invalid_meld_values() -> None:
    north = Tile.from_str("4z")
    with pytest.raises(InvalidMeldError, match=re.escape("an ankan has no called tile (4444z)")):
        Meld("ankan", (north,) * 4, north, ACROSS)  # an ankan with a direction
    with pytest.raises(InvalidMeldError, match=re.escape("an ankan has no called tile")):
        Meld("ankan", (north,) * 4, called_from=LEFT)
    with pytest.raises(InvalidMeldError, match="the called tile 1z is not in the pon 444z"):
        Meld("pon", (north,) * 3, Tile.from_str("1z"), ACROSS)
    with pytest.raises(InvalidMeldError, match="the called tile None is not in the pon"):
        Meld("pon", (north,) * 3)
    with pytest.raises(InvalidMeldError, match=re.escape("called_from must be 1 (right), 2 (across) or "
                                                         "3 (left), got 0")):
        Meld("pon", (north,) * 3, north, 0)
    with pytest.raises(InvalidMeldError, match="a pon has 3 tiles, got 4"):
        Meld("pon", (north,) * 4, north, ACROSS)
    with pytest.raises(InvalidMeldError, match="a daiminkan has 4 tiles, got 3"):
        Meld("daiminkan", (north,) * 3, north, ACROSS)
    with pytest.raises(InvalidMeldError, match="the added tile None is not in the kakan"):
        Meld("kakan", (north,) * 4, north, ACROSS)
    with pytest.raises(InvalidMeldError, match="only a kakan has an added tile"):
        Meld("daiminkan", (north,) * 4, north, ACROSS, north)
    with pytest.raises(InvalidMeldError, match=r"meld kind must be one of .*got 'kan'"):
        Meld("kan", (north,) * 4, north, ACROSS)  # type: ignore[arg-type]
    with pytest.raises(InvalidMeldError, match="must be a tuple of Tile"):
        Meld("pon", [north] * 3, north, ACROSS)  # type: ignore[arg-type]
    with pytest.raises(InvalidMeldError, match="a kakan needs 4 identical tiles, got 4445z"):
        Meld.from_str("444z=").with_added(Tile.from_str("5z"))
    with pytest.raises(InvalidMeldError, match=re.escape("only a pon can become a kakan, not a chi "
                                                         "(4-56m)")):
        Meld.from_str("4-56m").with_added(Tile.from_str("4m"))
    for meld_kind in MELD_KINDS:  # every error is also a ValueError
        with pytest.raises(ValueError, match=meld_kind):
            Meld(meld_kind, (Tile(0), Tile(1), Tile(3), Tile(9))[:3 if meld_kind in ("chi", "pon")
                                                                  else 4], Tile(0), LEFT)


# --- hands ----------------------------------------------------------------------------------------

def test_hand_from_str_reads_closed_tiles_then_melds() -> None:
    hand = Hand.from_str("11123m456p55z 777z+")
    assert hand.closed == tiles("11123m456p55z")
    assert hand.melds == (Meld.from_str("777z+"),)
    assert len(hand.all_tiles) == 13
    assert not hand.is_closed
    assert hand.counts == tile_counts(tiles("11123m456p55z"))
    assert str(hand) == "11123m456p55z 777z+"
    assert eval(repr(hand)) == hand


@pytest.mark.parametrize("text", [
    "123m456p789s1122z",
    "123m456p789s1123z",
    "0m123456p789s1122z",
    "11123m456p55z 777z+",
    "123m456p789s5z 1111z",
    "11m 1-23m 444p= 5555s+ 999=9s",
    "1m 1-23m 444p= 5555s+ 0555m",
    "1m5z 3-45m 340-m 550p= 0555s",
])
def test_hand_str_repr_round_trip(text: str) -> None:
    hand = Hand.from_str(text)
    assert str(hand) == text
    assert Hand.from_str(str(hand)) == hand
    assert eval(repr(hand)) == hand


@pytest.mark.parametrize(("text", "message"), [
    ("1112m456p55z", "13 or 14 tiles expected, got 9 (9 concealed)"),
    ("123m456p789s112z", "13 or 14 tiles expected, got 12 (12 concealed)"),
    ("123m456p789s112233z", "13 or 14 tiles expected, got 15 (15 concealed)"),
    ("11123m456p55z 777z+ 888s-", "13 or 14 tiles expected, got 16 (10 concealed + 2 melds)"),
    ("123m456p78s 777z+", "13 or 14 tiles expected, got 11 (8 concealed + 1 meld)"),
])
def test_hand_tile_count(text: str, message: str) -> None:
    """A hand has 13 or 14 tiles, a kan counting as three."""
    with pytest.raises(InvalidHandError, match=re.escape(message)):
        Hand.from_str(text)


def test_hand_four_copies_across_closed_and_meld_are_fine() -> None:
    assert tile_counts(Hand.from_str("4z123m456p789s 444z=").all_tiles)[30] == 4
    assert len(Hand.from_str("123m456p789s55z 777z+").all_tiles) == 14
    assert Hand.from_str("00m123p456p789s11z5m").closed[:2] == tiles("00m")  # two reds may exist


def test_hand_kans_count_as_three() -> None:
    hand = Hand.from_str("1m 1111p 2222p+ 333=3p 4444s-")
    assert len(hand.all_tiles) == 17
    assert len(hand.closed) + 3 * len(hand.melds) == 13


def test_hand_at_most_four_melds() -> None:
    melds = tuple(Meld.from_str(m) for m in ("111m+", "222m+", "333m+", "444m+", "555m+"))
    with pytest.raises(InvalidHandError, match="at most 4 melds, got 5"):
        Hand((), melds)


@pytest.mark.parametrize(("text", "message"), [
    ("11111m23m456p789s", "5 copies of 1m; there are only 4"),
    ("1111m456p789s1z 1-23m", "5 copies of 1m; there are only 4"),  # the fifth is in a meld
    ("44z123m456p78s 444z=", "5 copies of 4z; there are only 4"),
    ("5m123p456p789s 5555m+", "5 copies of 5m; there are only 4"),
    ("5z 111z+ 2222z 5555z- 333z=", "5 copies of 5z; there are only 4"),
    ("000m123p456p789s1z", "3 red fives of m; at most 2 exist"),
    ("0s123m456p789s 500s=", "3 red fives of s; at most 2 exist"),
])
def test_hand_fifth_copy(text: str, message: str) -> None:
    """There are four copies of each kind (and never three red fives of a suit)."""
    with pytest.raises(InvalidHandError, match=re.escape(message)):
        Hand.from_str(text)


def test_hand_bad_input_types_and_empty_text() -> None:
    with pytest.raises(InvalidNotationError, match="empty hand notation: ''"):
        Hand.from_str("")
    with pytest.raises(InvalidNotationError, match="empty hand notation"):
        Hand.from_str("   ")
    with pytest.raises(InvalidHandError, match="closed tiles must be a tuple of Tile"):
        Hand(list(tiles("123m456p789s1122z")))  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="melds must be a tuple of Meld"):
        Hand(tiles("123m456p789s1z"), ("777z+",))  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError, match="8z"):
        Hand.from_str("123m456p789s1128z")
    with pytest.raises(InvalidMeldError, match="a chi can only be called from the left"):
        Hand.from_str("1z 1-23m 456p+ 777z= 1111s")


def test_hand_is_closed_with_ankan_only() -> None:
    assert Hand.from_str("123m456p789s5z 1111z").is_closed
    assert Hand.from_str("123m456p789s1122z").is_closed
    assert not Hand.from_str("123m456p789s5z 1111z+").is_closed
    assert not Hand.from_str("123m456p5z 1111z 7-89s").is_closed


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """A valid hand: 0-4 melds, the concealed tiles drawn from the copies left (reds included)."""
    meld_list = draw(st.lists(melds(), max_size=4))
    used = tile_counts(t for m in meld_list for t in m.tiles)
    reds = {t.kind for m in meld_list for t in m.tiles if t.red}
    if max(used) > 4 or sum(t.red for m in meld_list for t in m.tiles) != len(reds):
        meld_list, used, reds = [], [0] * 34, set()
    supply = [kind for kind in range(34) for _ in range(4 - used[kind])]
    size = draw(st.sampled_from((13, 14))) - 3 * len(meld_list)
    chosen = draw(st.permutations(supply))[:size]
    closed = []
    for kind in chosen:
        red = kind in FIVES and kind not in reds and draw(st.booleans())
        if red:
            reds.add(kind)
        closed.append(Tile(kind, red))
    return Hand(tuple(closed), tuple(meld_list))


@settings(max_examples=200)
@given(hands())
def test_property_hand_round_trip(hand: Hand) -> None:
    """Hand.from_str(str(h)) == h and repr evaluates back, for any valid hand."""
    text = str(hand)
    assert Hand.from_str(text) == hand
    assert str(Hand.from_str(text)) == text
    assert eval(repr(hand)) == hand
    assert len(hand.closed) + 3 * len(hand.melds) in (13, 14)
    assert max(tile_counts(hand.all_tiles)) <= 4
