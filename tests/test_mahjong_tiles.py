"""Tiles and their notations (RULES.md §0.3, issue 2 "Tiles and notation"), dora succession
(MJ-SCORE-03, §11.1) and notation errors."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taku.mahjong.errors import InvalidNotationError
from taku.mahjong.tiles import (
    ALL_KINDS,
    RED_FIVE_IDS,
    TERMINALS_AND_HONORS,
    Tile,
    counts_to_str,
    dora_from_indicator,
    is_honor,
    is_simple,
    is_terminal,
    is_yaochuu,
    kind_to_str,
    parse_kinds,
    parse_tiles,
    sort_tiles,
    tile_counts,
    tiles_to_str,
    tiles_to_unicode,
)

SUIT_LETTERS = "mpsz"
HONOR_MJAI = ["E", "S", "W", "N", "P", "F", "C"]
HONOR_UNICODE_NAMES = ["EAST WIND", "SOUTH WIND", "WEST WIND", "NORTH WIND",
                       "WHITE DRAGON", "GREEN DRAGON", "RED DRAGON"]
SUIT_UNICODE_NAMES = ["CHARACTERS", "CIRCLES", "BAMBOOS"]  # man, pin, sou
NUMBER_NAMES = ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"]
RED_FIVES = [Tile(4, True), Tile(13, True), Tile(22, True)]
EVERY_TILE = [*ALL_KINDS, *RED_FIVES]


def expected_notations(kind: int, red: bool) -> dict[str, object]:
    """Every notation of a tile, written out from the format definitions (not from the code)."""
    suit, number = divmod(kind, 9)
    mpsz = f"{0 if red else number + 1}{SUIT_LETTERS[suit]}"
    if suit == 3:
        mjai = HONOR_MJAI[number]
        glyph_name = f"MAHJONG TILE {HONOR_UNICODE_NAMES[number]}"
        tenhou = 41 + number
    else:
        mjai = f"{number + 1}{SUIT_LETTERS[suit]}{'r' if red else ''}"
        glyph_name = f"MAHJONG TILE {NUMBER_NAMES[number]} OF {SUIT_UNICODE_NAMES[suit]}"
        tenhou = 51 + suit if red else 10 * (suit + 1) + number + 1
    return {"mpsz": mpsz, "mjai": mjai, "tenhou": tenhou, "unicode_name": glyph_name}


# --- every notation, both ways, for the 34 kinds and the 3 red fives ---------------------------

@pytest.mark.parametrize("tile", EVERY_TILE, ids=str)
def test_mpsz_both_ways(tile: Tile) -> None:
    """§0.3 MPSZ: ``5p``, ``7z``, and ``0m/0p/0s`` for the red fives."""
    text = expected_notations(tile.kind, tile.red)["mpsz"]
    assert str(tile) == text
    assert Tile.from_str(str(text)) == tile
    assert parse_tiles(str(text)) == (tile,)


@pytest.mark.parametrize("tile", EVERY_TILE, ids=str)
def test_mjai_both_ways(tile: Tile) -> None:
    """mjai: ``1m``..``9s``, ``5mr`` for a red five, ``E S W N P F C`` for the honours."""
    text = expected_notations(tile.kind, tile.red)["mjai"]
    assert tile.mjai == text
    assert Tile.from_mjai(str(text)) == tile


@pytest.mark.parametrize("tile", EVERY_TILE, ids=str)
def test_tenhou_code_both_ways(tile: Tile) -> None:
    """Tenhou's numeric codes: 11..19 man, 21..29 pin, 31..39 sou, 41..47 honours, 51..53 red."""
    code = expected_notations(tile.kind, tile.red)["tenhou"]
    assert tile.tenhou == code
    assert Tile.from_tenhou(int(str(code))) == tile


def test_tenhou_codes_cover_exactly_37_values() -> None:
    codes = {tile.tenhou for tile in EVERY_TILE}
    assert codes == {*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 51, 52, 53}


@pytest.mark.parametrize("kind", range(34), ids=kind_to_str)
def test_136_ids_of_each_kind(kind: int) -> None:
    """Tenhou's 136 ids: ``id // 4`` is the kind; 16, 52 and 88 are the red fives."""
    for tile_id_ in range(4 * kind, 4 * kind + 4):
        tile = Tile.from_id(tile_id_)
        assert tile.kind == kind
        assert tile.red == (tile_id_ in (16, 52, 88))
        # Without red fives every copy is plain.
        assert Tile.from_id(tile_id_, red_fives=False) == Tile(kind)


def test_136_red_five_ids() -> None:
    assert RED_FIVE_IDS == (16, 52, 88)
    assert [Tile.from_id(i) for i in RED_FIVE_IDS] == RED_FIVES
    assert [str(Tile.from_id(i)) for i in RED_FIVE_IDS] == ["0m", "0p", "0s"]
    assert sum(Tile.from_id(i).red for i in range(136)) == 3
    assert tile_counts(Tile.from_id(i) for i in range(136)) == [4] * 34


@pytest.mark.parametrize("tile", EVERY_TILE, ids=str)
def test_unicode_glyph_both_ways(tile: Tile) -> None:
    """Unicode orders the suits man, sou, pin; the glyph's character name must match the kind.
    A red five shares the plain five's glyph, so it reads back as the plain five."""
    name = expected_notations(tile.kind, tile.red)["unicode_name"]
    assert unicodedata.name(tile.unicode) == name
    assert parse_tiles(tile.unicode) == (Tile(tile.kind),)


def test_unicode_block_order_is_man_sou_pin() -> None:
    man = tiles_to_unicode(parse_tiles("123456789m"))
    sou = tiles_to_unicode(parse_tiles("123456789s"))
    pin = tiles_to_unicode(parse_tiles("123456789p"))
    assert [ord(ch) for ch in man + sou + pin] == list(range(0x1F007, 0x1F022))
    assert tiles_to_unicode(parse_tiles("1234567z")) == "\U0001f000\U0001f001\U0001f002\U0001f003" \
        "\U0001f006\U0001f005\U0001f004"
    assert parse_tiles(" ".join(man)) == parse_tiles("123456789m")


@pytest.mark.parametrize("tile", EVERY_TILE, ids=str)
def test_repr_evals_back(tile: Tile) -> None:
    assert eval(repr(tile)) == tile
    assert repr(tile) == f"Tile.from_str({str(tile)!r})"


def test_red_five_is_a_five() -> None:
    for red, plain in zip(RED_FIVES, (Tile(4), Tile(13), Tile(22)), strict=True):
        assert red.kind == plain.kind
        assert red != plain
        assert red.number == 5
    assert Tile.from_str("0p").kind == 13
    assert parse_kinds("0m5m0p") == tile_counts([Tile(4), Tile(4), Tile(13)])


def test_tile_properties_over_all_kinds() -> None:
    assert [kind for kind in range(34) if is_yaochuu(kind)] == list(TERMINALS_AND_HONORS)
    for tile in ALL_KINDS:
        kind = tile.kind
        assert tile.suit == kind // 9
        assert tile.number == kind % 9 + 1
        assert tile.is_honor == is_honor(kind) == (kind >= 27)
        assert tile.is_terminal == is_terminal(kind) == (kind < 27 and tile.number in (1, 9))
        assert tile.is_yaochuu == (tile.is_terminal or tile.is_honor)
        assert tile.is_simple == is_simple(kind) == (not tile.is_yaochuu)


# --- lists of tiles ------------------------------------------------------------------------------

def test_parse_tiles_keeps_order_and_spaces_are_ignored() -> None:
    """§0.3: ``123m456p789s11z``."""
    assert [str(t) for t in parse_tiles("123m456p789s11z")] == \
        ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z"]
    assert parse_tiles("12m 0p 7z") == parse_tiles("12m0p7z")
    assert parse_tiles("") == ()
    assert [str(t) for t in parse_tiles("3m1m2m")] == ["3m", "1m", "2m"]


def test_tiles_to_str_groups_runs_and_sorts_reds_first() -> None:
    tiles = parse_tiles("5m0m1p9m")
    assert tiles_to_str(tiles) == "50m1p9m"
    assert tiles_to_str(tiles, sort=True) == "059m1p"
    assert [str(t) for t in sort_tiles(tiles)] == ["0m", "5m", "9m", "1p"]
    assert counts_to_str(parse_kinds("3z12m9s")) == "12m9s3z"


tile_strategy = st.sampled_from(EVERY_TILE)


@settings(max_examples=300)
@given(st.lists(tile_strategy, max_size=20))
def test_property_mpsz_list_round_trip(tiles: list[Tile]) -> None:
    """parse(print(x)) == x for any list of tiles, sorted or not."""
    assert parse_tiles(tiles_to_str(tiles)) == tuple(tiles)
    assert parse_tiles(tiles_to_str(tiles, sort=True)) == sort_tiles(tiles)
    assert tiles_to_str(parse_tiles(tiles_to_str(tiles))) == tiles_to_str(tiles)


@settings(max_examples=200)
@given(st.lists(tile_strategy, max_size=20))
def test_property_other_notations_round_trip(tiles: list[Tile]) -> None:
    assert [Tile.from_mjai(t.mjai) for t in tiles] == tiles
    assert [Tile.from_tenhou(t.tenhou) for t in tiles] == tiles
    assert parse_tiles(tiles_to_unicode(tiles)) == tuple(Tile(t.kind) for t in tiles)
    assert [eval(repr(t)) for t in tiles] == tiles


@settings(max_examples=200)
@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_property_counts_round_trip(counts: list[int]) -> None:
    assert parse_kinds(counts_to_str(counts)) == counts


# --- dora indicators (MJ-SCORE-03) ---------------------------------------------------------------

@pytest.mark.parametrize(("indicator", "dora"), [
    ("4p", "5p"),  # §11.1 Ex 1 (T12 -> 5p)
    ("7z", "5z"),  # Ex 2: Red -> White
    ("4z", "1z"),  # Ex 3: North -> East
    ("1z", "2z"),  # Ex 4: East -> South
    ("9m", "1m"),  # Ex 4: kandora 9m -> 1m
])
def test_mj_score_03_seed_001_examples(indicator: str, dora: str) -> None:
    """MJ-SCORE-03: every indicator -> dora case of the seed-001 examples (§11.1)."""
    assert Tile.from_str(indicator).dora == Tile.from_str(dora)


def test_mj_score_03_full_succession() -> None:
    """MJ-SCORE-03: n -> n+1 with 9 -> 1 in each suit; E->S->W->N->E; haku->hatsu->chun->haku."""
    expected = {}
    for suit in "mps":
        for n in range(1, 10):
            expected[f"{n}{suit}"] = f"{n % 9 + 1}{suit}"
    for a, b in ("12", "23", "34", "41", "56", "67", "75"):
        expected[f"{a}z"] = f"{b}z"
    assert len(expected) == 34
    for indicator, dora in expected.items():
        assert kind_to_str(dora_from_indicator(Tile.from_str(indicator).kind)) == dora
    # A red five indicates a plain six.
    assert [str(t.dora) for t in RED_FIVES] == ["6m", "6p", "6s"]
    # The succession is a permutation made of cycles of length 9, 4 and 3.
    for start, length in ((0, 9), (9, 9), (18, 9), (27, 4), (31, 3)):
        kind, seen = start, []
        for _ in range(length):
            seen.append(kind)
            kind = dora_from_indicator(kind)
        assert kind == start and len(set(seen)) == length


# --- errors --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "named"), [
    ("8z", "8z"), ("0z", "0z"), ("12", "12"), ("m12", "m12"), ("5x", "5x"), ("5", "5"),
    ("1m2", "1m2"), ("z1", "z1"), ("5mm", "5mm"), ("1m 2", "1m 2"),
])
def test_bad_mpsz_names_the_input(text: str, named: str) -> None:
    with pytest.raises(InvalidNotationError, match=re.escape(repr(text))) as info:
        parse_tiles(text)
    assert isinstance(info.value, ValueError)
    assert named in str(info.value)


def test_bad_tile_constructions_name_the_problem() -> None:
    with pytest.raises(InvalidNotationError, match=r"0\.\.33, got 34"):
        Tile(34)
    with pytest.raises(InvalidNotationError, match="got -1"):
        Tile(-1)
    with pytest.raises(InvalidNotationError, match="only a five can be red, not 4m"):
        Tile(3, True)
    with pytest.raises(InvalidNotationError, match="not 5z"):
        Tile(31, True)
    with pytest.raises(InvalidNotationError, match="one tile expected, got 2 in '12m'"):
        Tile.from_str("12m")
    with pytest.raises(InvalidNotationError, match="one tile expected, got 0"):
        Tile.from_str("")
    with pytest.raises(InvalidNotationError, match="must be a string"):
        parse_tiles(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["5zr", "0m", "?", "e", "5r", "10m", ""])
def test_bad_mjai(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="not an mjai tile"):
        Tile.from_mjai(text)


@pytest.mark.parametrize("code", [0, 10, 20, 40, 48, 50, 54, 136])
def test_bad_tenhou_code(code: int) -> None:
    with pytest.raises(InvalidNotationError, match=f"not a Tenhou tile code: {code}"):
        Tile.from_tenhou(code)


@pytest.mark.parametrize("bad_id", [-1, 136, 1000])
def test_bad_136_id(bad_id: int) -> None:
    with pytest.raises(InvalidNotationError, match=re.escape(f"0..135, got {bad_id}")):
        Tile.from_id(bad_id)


def test_errors_are_value_errors() -> None:
    assert issubclass(InvalidNotationError, ValueError)
    with pytest.raises(ValueError, match="8z"):
        Tile.from_str("8z")
