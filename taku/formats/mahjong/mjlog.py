"""Tenhou mjlog XML records (``<mjloggm ver="2.3">``), read into mjai events.

The tags and the meld code are described in ``../shared/reference/TENHOU_LOGS.md`` and
``PROTOCOLS.md`` §2.2–2.3. :func:`read_mjlog` gives a :class:`MahjongRecord` whose events are
Mortal's mjai dialect (see :mod:`taku.formats.mahjong.record`), in the server's order:

- ``dora`` events stand where the ``DORA`` tag stands. Tenhou reveals an ankan's indicator at once
  (before the replacement draw) and a daiminkan's or kakan's after the replacement draw, before
  the discard; a second kan declared before that discard reveals the first kan's indicator first.
- ``reach`` is ``REACH step="1"`` (before the riichi discard); ``reach_accepted`` is step 2, which
  Tenhou writes after the discard survives: before the next draw, before a call of that discard,
  or before a four-riichi abort. A riichi discard that is ronned has no step 2.
- A double ron is two ``hora`` events before one ``end_kyoku``; the first (the winner nearest the
  discarder) carries the honba and the deposits.

- A triple ron that aborts the hand (``RYUUKYOKU type="ron3"``) is a ``ryukyoku`` with reason
  ``sanchahou`` and ``claimants``: the seats whose hands the tag shows (``hai0``..``hai3``).

The rules come from ``GO type`` (bits as listed in ``../shared/reference/TENHOU_LOGS.md``):
``rules`` is ``"tenhou"`` and ``rule_changes`` what the bits change: 0x02 no red fives
(``red_fives``), 0x04 no open tanyao (``kuitan``), 0x08 clear: an East-only game (``length``).
A three-player game (0x10, or an ``INIT`` with an empty ``hai3``) raises :class:`RecordError`.
Bits of private lobbies that say nothing of these rules are read as the bits say. Logs with chips
(``sc`` and ``owari`` with 16 numbers) are read: the points are the record, the chips are kept as
``chip_deltas`` and the final ``chips``. One rule shows only in the results: a log that pays a
non-limit 4 han 30 fu (or 3 han 60 fu) win as a mangan plays kiriage mangan (``kiriage_mangan``;
seen in Tenhou's chip lobbies), and a ron with counters whose discarder pays other than 300 a
counter sets ``honba_points`` (1,500 in some private lobbies).

Partial logs (a download cut short, a game still being played): the last hand is kept as far as
the log goes, with or without its ``AGARI`` or ``RYUUKYOKU``, and there is no ``end_game`` (it
comes with the final scores, ``owari``, which only the game's last result carries), so a replay
plays what there is and does not expect the match to end there. A log cut inside a tag is read up
to the last whole tag, and the record's ``stops_early`` says where the file is cut. A hand that
stops without a result while another ``INIT`` follows is an error.

Everything else that is not a well-formed 4-player mjlog raises :class:`RecordError` naming the
game, the hand (``East 2, 1 honba``) and the problem.
"""

from __future__ import annotations

import gzip
import re
import zlib
from typing import NamedTuple
from urllib.parse import unquote
from xml.etree.ElementTree import Element, ParseError, XMLPullParser

from taku.formats.mahjong.record import Event, MahjongRecord, RecordError
from taku.mahjong.seats import seat_after
from taku.mahjong.tiles import Tile

YAKU_NAMES: dict[int, str] = {
    0: "menzen tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan kaihou",
    5: "haitei raoyue", 6: "houtei raoyui", 7: "pinfu", 8: "tanyao", 9: "iipeikou",
    10: "yakuhai (seat wind)", 11: "yakuhai (seat wind)", 12: "yakuhai (seat wind)",
    13: "yakuhai (seat wind)", 14: "yakuhai (round wind)", 15: "yakuhai (round wind)",
    16: "yakuhai (round wind)", 17: "yakuhai (round wind)", 18: "yakuhai (haku)",
    19: "yakuhai (hatsu)", 20: "yakuhai (chun)", 21: "double riichi", 22: "chiitoitsu",
    23: "chanta", 24: "ittsu", 25: "sanshoku doujun", 26: "sanshoku doukou", 27: "sankantsu",
    28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou", 32: "ryanpeikou",
    33: "junchan", 34: "honitsu", 35: "chinitsu",
}
"""Tenhou's ids of ordinary yaku (``AGARI yaku``) to taku's names (:data:`taku.mahjong.yaku.YAKU`)."""

YAKUMAN_NAMES: dict[int, str] = {
    36: "renhou", 37: "tenhou", 38: "chiihou", 39: "daisangen", 40: "suuankou",
    41: "suuankou tanki", 42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou",
    45: "chuuren poutou", 46: "junsei chuuren poutou", 47: "kokushi musou",
    48: "kokushi musou juusanmen", 49: "daisuushii", 50: "shousuushii", 51: "suukantsu",
}
"""Tenhou's yakuman ids (``AGARI yakuman``) to taku's names (:data:`taku.mahjong.yaku.YAKUMAN`)."""

DORA_IDS: dict[int, str] = {52: "dora", 53: "ura", 54: "aka"}
"""Tenhou's ids for dora counts, to the ``hora`` keys that hold them."""

GO_NO_RED = 0x02
GO_NO_KUITAN = 0x04
GO_HANCHAN = 0x08
GO_SANMA = 0x10
"""The ``GO type`` bits that name rules (``../shared/reference/TENHOU_LOGS.md``)."""

DRAW_REASONS: dict[str | None, str] = {
    None: "exhaustive_draw", "yao9": "kyushu_kyuhai", "kaze4": "suufon_renda",
    "reach4": "suucha_riichi", "kan4": "suukaikan", "ron3": "sanchahou", "nm": "nagashi_mangan",
}
"""``RYUUKYOKU type`` (absent for an exhaustive draw) to taku's ``ryukyoku`` reasons."""

WINDS = ("East", "South", "West", "North")
_MJAI_WINDS = "ESWN"
_DRAW_TAG = re.compile(r"([TUVW])(\d+)")
_DISCARD_TAG = re.compile(r"([DEFG])(\d+)")
_HEADER_TAGS = frozenset({"SHUFFLE", "GO", "UN", "TAIKYOKU", "BYE"})


class MeldCode(NamedTuple):
    """A decoded ``N m`` meld code (tile ids 0..135)."""

    kind: str
    """``chi``, ``pon``, ``kakan``, ``daiminkan`` or ``ankan``."""
    source: int
    """``m & 3``: the seat the tile came from, counted from the caller (0 for ankan)."""
    tiles: tuple[int, ...]
    """The meld's tiles in id order: three for chi and pon (and kakan's pon), four for kans."""
    called: int | None
    """The claimed tile (for kakan, the pon's claimed tile); ``None`` for ankan."""
    added: int | None = None
    """The tile a kakan adds to the pon."""


def decode_meld(m: int) -> MeldCode:
    """Decode Tenhou's 16-bit meld code; :class:`RecordError` if it is not a 4-player meld."""
    if type(m) is not int or not 0 <= m < 1 << 16:
        raise RecordError(f"meld code must be 0..65535, got {m!r}")
    source = m & 3
    if m & 4:
        t = m >> 10
        r, t = t % 3, t // 3
        if t >= 21:
            raise RecordError(f"meld code {m} does not decode: chi base {t} is past 7s")
        if source != 3:
            raise RecordError(f"meld code {m} is a chi from relative seat {source}, not the left")
        base = (t // 7 * 9 + t % 7) * 4
        tiles: tuple[int, ...] = (base + ((m >> 3) & 3), base + 4 + ((m >> 5) & 3), base + 8 + ((m >> 7) & 3))
        return MeldCode("chi", source, tiles, tiles[r])
    if m & 0x18:
        unused = (m >> 5) & 3
        t = m >> 9
        r, kind = t % 3, t // 3
        if kind >= 34:
            raise RecordError(f"meld code {m} does not decode: tile kind {kind} is not 0..33")
        if source == 0:
            raise RecordError(f"meld code {m} is a pon or kakan from no other seat")
        base = kind * 4
        tiles = tuple(base + i for i in range(4) if i != unused)
        if m & 8:
            return MeldCode("pon", source, tiles, tiles[r])
        return MeldCode("kakan", source, tiles, tiles[r], base + unused)
    if m & 0x20:
        raise RecordError(f"meld code {m} is a nukidora (3-player games are not supported)")
    called = m >> 8
    if called >= 136:
        raise RecordError(f"meld code {m} does not decode: kan tile id {called} is not 0..135")
    tiles = tuple(called // 4 * 4 + i for i in range(4))
    if source == 0:
        return MeldCode("ankan", 0, tiles, None)
    return MeldCode("daiminkan", source, tiles, called)


def _decompress(data: str | bytes, game: str) -> str | bytes:
    if isinstance(data, bytes) and data[:2] == b"\x1f\x8b":
        try:
            return gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as error:
            raise RecordError(f"{game}: gzip data does not decompress: {error}") from None
    return data


def _elements(data: str | bytes, game: str) -> tuple[list[tuple[str, dict[str, str]]], str]:
    """The root's child elements (tag, attributes) in order, and where the file is cut (empty if
    it is whole); a log cut short gives the elements read."""
    parser: XMLPullParser[Element] = XMLPullParser(events=("start",))
    elements: list[tuple[str, dict[str, str]]] = []
    parser.feed(_decompress(data, game))
    try:
        for event in parser.read_events():
            element = event[-1]
            assert isinstance(element, Element)  # start events only
            elements.append((element.tag, dict(element.attrib)))
    except ParseError as error:
        raise RecordError(f"{game}: not well-formed XML ({error})") from None
    cut = ""
    try:
        parser.close()
    except ParseError as error:  # a log cut short (inside a tag, or before </mjloggm>)
        line, column = error.position
        last = f", after <{elements[-1][0]}>" if len(elements) > 1 else ""
        if error.code == 5:  # an unclosed token: the position is where the cut tag begins
            cut = f"the file is cut inside the tag at line {line}, column {column}{last}"
        else:
            cut = f"the file stops at line {line}, column {column} without </mjloggm>{last}"
    if not elements:
        raise RecordError(f"{game}: empty, not a Tenhou mjlog")
    if elements[0][0] != "mjloggm":
        raise RecordError(f"{game}: not a Tenhou mjlog: the root element is <{elements[0][0]}>, "
                          f"expected <mjloggm>")
    return elements[1:], cut


def mjlog_seed(data: str | bytes, name: str = "") -> str | None:
    """The ``SHUFFLE seed`` of an mjlog (for :func:`taku.formats.mahjong.tenhou_wall.tenhou_walls`)."""
    elements, _ = _elements(data, name or "mjlog")
    for tag, attrib in elements:
        if tag == "SHUFFLE":
            return attrib.get("seed")
    return None


def read_mjlog(data: str | bytes, name: str = "") -> MahjongRecord:
    """One game from Tenhou mjlog XML (text, bytes or gzip-compressed bytes).

    ``rules`` is ``"tenhou"`` with the ``rule_changes`` that ``GO type`` names (see the module
    docstring); 3-player games raise :class:`RecordError`. A log without ``GO`` is read with red
    fives and ``rules`` ``None``.
    """
    game = name or "mjlog"
    elements, cut = _elements(data, game)
    return _Reader(game, name).read(elements, cut)


class _Reader:
    """The state of one read: the events so far and the hand in progress."""

    def __init__(self, game: str, name: str) -> None:
        self.game = game
        self.name = name
        self.events: list[Event] = []
        self.red_fives = True
        self.rules: str | None = None
        self.rule_changes: tuple[tuple[str, object], ...] = ()
        self.chips: list[int] | None = None
        self.kiriage = False
        self.honba_points: int | None = None
        self.players: tuple[str, ...] = ()
        self.label = ""
        self.tag = ""
        self.hand_start = -1
        self.in_hand = False
        self.result = ""
        self.owari: list[int] | None = None
        self.closed: list[set[int]] = []
        self.seen: set[int] = set()
        self.ura: set[int] = set()
        self.last_draw: list[int | None] = []
        self.last_discard: tuple[int, int] | None = None
        self.pons: list[dict[int, tuple[int, ...]]] = []
        self.declared: set[int] = set()

    # --- helpers ----------------------------------------------------------------------------
    def fail(self, problem: str) -> RecordError:
        where = f"{self.game}: {self.label}: " if self.label else f"{self.game}: "
        if self.tag:
            where += f"<{self.tag}>: "
        return RecordError(where + problem)

    def tile(self, tile_id: int) -> str:
        return Tile.from_id(tile_id, self.red_fives).mjai

    def named(self, tile_id: int) -> str:
        return f"{self.tile(tile_id)} (id {tile_id})"

    def tile_id(self, text: str, what: str) -> int:
        value = self.number(text, what)
        if not 0 <= value < 136:
            raise self.fail(f"{what}: tile id {value} is not 0..135")
        return value

    def number(self, text: str, what: str) -> int:
        try:
            return int(text.strip())
        except ValueError:
            raise self.fail(f"{what}: {text!r} is not an integer") from None

    def numbers(self, attrib: dict[str, str], key: str, count: int | None = None) -> list[int]:
        text = self.attr(attrib, key)
        values = [self.number(part, key) for part in text.split(",")] if text.strip() else []
        if count is not None and len(values) != count:
            raise self.fail(f"{key}={text!r}: expected {count} numbers, got {len(values)}")
        return values

    def attr(self, attrib: dict[str, str], key: str) -> str:
        value = attrib.get(key)
        if value is None:
            raise self.fail(f"missing attribute {key!r}")
        return value

    def seat(self, attrib: dict[str, str], key: str) -> int:
        value = self.number(self.attr(attrib, key), key)
        if not 0 <= value < 4:
            raise self.fail(f"{key}={value} is not a seat 0..3")
        return value

    def reveal(self, tile_id: int, what: str) -> None:
        if tile_id in self.seen:
            raise self.fail(f"{what} {self.named(tile_id)} is already in play in this hand")
        self.seen.add(tile_id)

    def need_hand(self) -> None:
        if not self.in_hand:
            raise self.fail("outside a hand (before the first INIT)")
        if self.result:
            raise self.fail("after the hand's result")

    # --- the read ---------------------------------------------------------------------------
    def read(self, elements: list[tuple[str, dict[str, str]]], cut: str = "") -> MahjongRecord:
        self.events.append({"type": "start_game", "names": ["", "", "", ""]})
        for tag, attrib in elements:
            self.tag = tag
            self.element(tag, attrib)
        self.tag = ""
        if self.in_hand and self.result:
            self.events.append({"type": "end_kyoku"})
        # else: an unfinished last hand stays as far as the log goes (a replay plays it)
        if not any(event["type"] == "start_kyoku" for event in self.events):
            self.label = ""
            raise self.fail("no hand in the log" + (f" ({cut})" if cut else ""))
        if self.owari is not None:  # without it the log stops before the match's end
            end: Event = {"type": "end_game", "scores": self.owari}
            if self.chips is not None:
                end["chips"] = self.chips
            self.events.append(end)
        changes = self.rule_changes + ((("kiriage_mangan", True),) if self.kiriage else ())
        if self.honba_points is not None and self.honba_points != 300:
            changes += (("honba_points", self.honba_points),)
        return MahjongRecord(tuple(self.events), self.rules, self.name, self.players,
                             rule_changes=changes, stops_early=cut)

    def element(self, tag: str, attrib: dict[str, str]) -> None:
        match = _DRAW_TAG.fullmatch(tag)
        if match:
            self.draw("TUVW".index(match[1]), self.tile_id(match[2], "draw"))
            return
        match = _DISCARD_TAG.fullmatch(tag)
        if match:
            self.discard("DEFG".index(match[1]), self.tile_id(match[2], "discard"))
            return
        handler = {"INIT": self.init, "N": self.meld, "REACH": self.reach, "DORA": self.dora,
                   "AGARI": self.agari, "RYUUKYOKU": self.ryuukyoku, "GO": self.go,
                   "UN": self.un}.get(tag)
        if handler is not None:
            handler(attrib)
        elif tag not in _HEADER_TAGS:
            raise self.fail("unknown tag")

    def go(self, attrib: dict[str, str]) -> None:
        kind = self.number(self.attr(attrib, "type"), "type")
        if kind < 0:
            raise self.fail(f"type={kind} is not a game type (a non-negative number)")
        if kind & GO_SANMA:
            raise self.fail(f"type={kind}: a 3-player game (bit 0x10), which taku does not play")
        self.red_fives = not kind & GO_NO_RED
        changes: list[tuple[str, object]] = []
        if kind & GO_NO_RED:
            changes.append(("red_fives", (0, 0, 0)))
        if kind & GO_NO_KUITAN:
            changes.append(("kuitan", False))
        if not kind & GO_HANCHAN:
            changes.append(("length", "east"))
        self.rules = "tenhou"
        self.rule_changes = tuple(changes)

    def un(self, attrib: dict[str, str]) -> None:
        if self.players or "n0" not in attrib:  # a reconnection repeats one name
            return
        self.players = tuple(unquote(attrib.get(f"n{seat}", "")) for seat in range(4))
        self.events[0]["names"] = list(self.players)

    def init(self, attrib: dict[str, str]) -> None:
        if self.in_hand and not self.result:
            raise self.fail("the hand ends without AGARI or RYUUKYOKU before the next INIT")
        if self.owari is not None:
            raise self.fail("a hand after the end of the game (owari)")
        if self.in_hand:
            self.events.append({"type": "end_kyoku"})
        self.label = f"hand {sum(e['type'] == 'start_kyoku' for e in self.events) + 1}"
        seed = self.numbers(attrib, "seed", 6)
        if not 0 <= seed[0] < 16:
            raise self.fail(f"seed round {seed[0]} is not 0..15 (East 1 .. North 4)")
        self.label = f"{WINDS[seed[0] // 4]} {seed[0] % 4 + 1}, {seed[1]} honba"
        oya = self.seat(attrib, "oya")
        if "hai3" in attrib and not attrib["hai3"].strip():
            raise self.fail("a 3-player game (hai3 is empty), which taku does not play")
        scores = [100 * value for value in self.numbers(attrib, "ten", 4)]
        self.seen = set()
        self.ura = set()
        self.closed = []
        tehais = []
        for seat in range(4):
            ids = [self.tile_id(text, f"hai{seat}") for text in self.attr(attrib, f"hai{seat}").split(",")]
            if len(ids) != 13:
                raise self.fail(f"hai{seat} has {len(ids)} tiles, expected 13")
            for tile_id in ids:
                self.reveal(tile_id, f"hai{seat} tile")
            self.closed.append(set(ids))
            tehais.append([self.tile(tile_id) for tile_id in ids])
        if not 0 <= seed[5] < 136:
            raise self.fail(f"dora indicator id {seed[5]} is not 0..135")
        self.reveal(seed[5], "dora indicator")
        self.last_draw = [None] * 4
        self.last_discard = None
        self.pons = [{} for _ in range(4)]
        self.declared = set()
        self.in_hand = True
        self.result = ""
        self.hand_start = len(self.events)
        self.events.append({
            "type": "start_kyoku", "bakaze": _MJAI_WINDS[seed[0] // 4], "dora_marker": self.tile(seed[5]),
            "kyoku": seed[0] % 4 + 1, "honba": seed[1], "kyotaku": seed[2], "oya": oya,
            "scores": scores, "tehais": tehais,
        })

    def draw(self, seat: int, tile_id: int) -> None:
        self.need_hand()
        self.reveal(tile_id, f"seat {seat}'s draw")
        self.closed[seat].add(tile_id)
        self.last_draw[seat] = tile_id
        self.last_discard = None
        self.events.append({"type": "tsumo", "actor": seat, "pai": self.tile(tile_id)})

    def discard(self, seat: int, tile_id: int) -> None:
        self.need_hand()
        if tile_id not in self.closed[seat]:
            raise self.fail(f"seat {seat} discards {self.named(tile_id)}, which it does not hold")
        self.closed[seat].remove(tile_id)
        tsumogiri = self.last_draw[seat] == tile_id
        self.last_draw[seat] = None
        self.last_discard = (seat, tile_id)
        self.events.append({"type": "dahai", "actor": seat, "pai": self.tile(tile_id),
                            "tsumogiri": tsumogiri})

    def take(self, seat: int, ids: tuple[int, ...], what: str) -> None:
        for tile_id in ids:
            if tile_id not in self.closed[seat]:
                raise self.fail(f"seat {seat} {what} with {self.named(tile_id)}, which it does not hold")
        self.closed[seat].difference_update(ids)

    def meld(self, attrib: dict[str, str]) -> None:
        self.need_hand()
        who = self.seat(attrib, "who")
        code = self.number(self.attr(attrib, "m"), "m")
        try:
            meld = decode_meld(code)
        except RecordError as error:
            raise self.fail(str(error)) from None
        if meld.kind in ("chi", "pon", "daiminkan"):
            assert meld.called is not None
            target = seat_after(who, meld.source)
            if self.last_discard != (target, meld.called):
                last = ("no discard is open" if self.last_discard is None else
                        f"the open discard is seat {self.last_discard[0]}'s "
                        f"{self.named(self.last_discard[1])}")
                raise self.fail(f"seat {who} calls {meld.kind} on seat {target}'s "
                                f"{self.named(meld.called)}, but {last}")
            consumed = tuple(tile_id for tile_id in meld.tiles if tile_id != meld.called)
            self.take(who, consumed, f"calls {meld.kind}")
            if meld.kind == "pon":
                self.pons[who][meld.tiles[0] // 4] = meld.tiles
            self.events.append({"type": meld.kind, "actor": who, "target": target,
                                "pai": self.tile(meld.called),
                                "consumed": [self.tile(tile_id) for tile_id in consumed]})
        elif meld.kind == "kakan":
            assert meld.added is not None
            if self.pons[who].get(meld.tiles[0] // 4) != meld.tiles:
                raise self.fail(f"seat {who} adds {self.named(meld.added)} to a pon of "
                                f"{[self.tile(t) for t in meld.tiles]} it has not called")
            self.take(who, (meld.added,), "calls kakan")
            del self.pons[who][meld.tiles[0] // 4]
            self.events.append({"type": "kakan", "actor": who, "pai": self.tile(meld.added),
                                "consumed": [self.tile(tile_id) for tile_id in meld.tiles]})
        else:
            self.take(who, meld.tiles, "calls ankan")
            self.events.append({"type": "ankan", "actor": who,
                                "consumed": [self.tile(tile_id) for tile_id in meld.tiles]})
        self.last_draw[who] = None
        self.last_discard = None

    def reach(self, attrib: dict[str, str]) -> None:
        self.need_hand()
        who = self.seat(attrib, "who")
        step = self.number(self.attr(attrib, "step"), "step")
        if step == 1:
            if who in self.declared:
                raise self.fail(f"seat {who} declares riichi twice")
            self.declared.add(who)
            self.events.append({"type": "reach", "actor": who})
        elif step == 2:
            if who not in self.declared:
                raise self.fail(f"seat {who}'s riichi is accepted before it is declared")
            self.events.append({"type": "reach_accepted", "actor": who})
        else:
            raise self.fail(f"REACH step {step} is not 1 or 2")

    def dora(self, attrib: dict[str, str]) -> None:
        self.need_hand()
        tile_id = self.tile_id(self.attr(attrib, "hai"), "hai")
        self.reveal(tile_id, "kan-dora indicator")
        self.events.append({"type": "dora", "dora_marker": self.tile(tile_id)})

    def deltas(self, attrib: dict[str, str]) -> tuple[list[int], list[int] | None]:
        """The score changes of ``sc`` (points), and the chip changes of a log with chips."""
        sc = self.numbers(attrib, "sc")
        if len(sc) not in (8, 16):
            raise self.fail(f"sc={attrib['sc']!r}: expected 8 numbers (16 with chips), "
                            f"got {len(sc)}")
        chips = sc[9::2] if len(sc) == 16 else None
        return [100 * value for value in sc[1:8:2]], chips

    def result_event(self, event: Event, attrib: dict[str, str]) -> Event:
        deltas, chips = self.deltas(attrib)
        event["deltas"] = deltas
        if chips is not None:
            event["chip_deltas"] = chips
        return event

    def finish(self, attrib: dict[str, str]) -> None:
        if "owari" in attrib:
            parts = self.attr(attrib, "owari").split(",")
            if len(parts) not in (8, 16):
                raise self.fail(f"owari has {len(parts)} numbers, expected 8 (16 with chips)")
            try:
                self.owari = [round(float(part) * 100) for part in parts[0:8:2]]
                if len(parts) == 16:
                    self.chips = [round(float(part)) for part in parts[8::2]]
            except ValueError:
                raise self.fail(f"owari={attrib['owari']!r} is not numbers") from None

    def agari(self, attrib: dict[str, str]) -> None:
        if self.result != "hora":  # a second AGARI of a double ron follows the first
            self.need_hand()
        who = self.seat(attrib, "who")
        target = self.seat(attrib, "fromWho")
        markers = [self.tile_id(text, "doraHaiUra") for text in attrib.get("doraHaiUra", "").split(",")
                   if text.strip()]
        for tile_id in markers:
            if tile_id not in self.ura:
                self.reveal(tile_id, "ura indicator")
                self.ura.add(tile_id)
        machi = self.tile_id(self.attr(attrib, "machi"), "machi")
        ten = self.numbers(attrib, "ten", 3)
        pairs = self.numbers(attrib, "yaku") if "yaku" in attrib else []
        if len(pairs) % 2:
            raise self.fail(f"yaku={attrib['yaku']!r} is not id,han pairs")
        yakuman = self.numbers(attrib, "yakuman") if "yakuman" in attrib else []
        yaku: list[list[str | int]] = []
        counts: dict[str, int] = {}
        han = 0
        for yaku_id, value in zip(pairs[0::2], pairs[1::2], strict=True):
            if yaku_id in DORA_IDS:
                counts[DORA_IDS[yaku_id]] = value
            elif yaku_id in YAKU_NAMES or yaku_id in YAKUMAN_NAMES:  # 36 renhou may be a mangan
                yaku.append([YAKU_NAMES.get(yaku_id) or YAKUMAN_NAMES[yaku_id], value])
            else:
                raise self.fail(f"unknown yaku id {yaku_id}")
            han += value
        for yaku_id in yakuman:
            if yaku_id not in YAKUMAN_NAMES:
                raise self.fail(f"unknown yakuman id {yaku_id}")
            yaku.append([YAKUMAN_NAMES[yaku_id], 13])
        if not yakuman and (han, ten[0]) in ((4, 30), (3, 60)) and ten[1] in (8000, 12000) \
                and ten[2] == 0:
            self.kiriage = True  # the log pays 4 han 30 fu as a mangan: its rules round up
        if yakuman:
            han = 13 * len(yakuman)
        else:  # the yaku list is complete: no entry means no dora of that kind
            counts.setdefault("dora", 0)
            counts.setdefault("aka", 0)
        event: Event = self.result_event({"type": "hora", "actor": who, "target": target}, attrib)
        honba = self.numbers(attrib, "ba", 2)[0] if "ba" in attrib else 0
        if self.result != "hora" and honba and target != who and "paoWho" not in attrib and \
                self.honba_points is None:
            # The discarder pays the hand and the counters: the log's own value of a counter.
            paid = -event["deltas"][target] - ten[1]
            if paid > 0 and paid % (3 * honba) == 0:
                self.honba_points = paid // honba
        event.update({"ura_markers": [self.tile(tile_id) for tile_id in markers],
                      "pai": self.tile(machi), "fu": ten[0], "han": han, "yakuman": len(yakuman),
                      "yaku": yaku})
        event.update(sorted(counts.items()))
        if "paoWho" in attrib:
            event["pao"] = self.seat(attrib, "paoWho")
        self.events.append(event)
        self.result = "hora"
        self.finish(attrib)

    def ryuukyoku(self, attrib: dict[str, str]) -> None:
        self.need_hand()
        kind = attrib.get("type")
        reason = DRAW_REASONS.get(kind)
        if reason is None:
            raise self.fail(f"unknown RYUUKYOKU type {kind!r}")
        event = self.result_event({"type": "ryukyoku", "reason": reason}, attrib)
        if reason in ("exhaustive_draw", "nagashi_mangan"):
            event["tenpais"] = [f"hai{seat}" in attrib for seat in range(4)]
        elif reason == "sanchahou":  # the three hands shown are those of the three rons
            claimants = [seat for seat in range(4) if f"hai{seat}" in attrib]
            if len(claimants) != 3:
                raise self.fail(f"a triple ron (ron3) shows {len(claimants)} hands, expected 3")
            event["claimants"] = claimants
        self.events.append(event)
        self.result = "ryukyoku"
        self.finish(attrib)

