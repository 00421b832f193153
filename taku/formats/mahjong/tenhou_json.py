"""Tenhou's tenhou.net/6 JSON game logs, read into mjai events and written back.

A log is one JSON object (``title``, ``name``, ``rule``, ``log``, optionally ``ref`` and the final
``sc``); its ``log`` holds one array per hand: ``[round, honba, deposits]``, the four starting
scores, the dora and ura indicators, then per seat the 13 starting tiles, the column of takes
(draws and calls) and the column of discards, and last the result (``../shared/reference/
PROTOCOLS.md`` §2.1). Text holding several such objects, one per line (mjx's one-hand-per-line
files), is read as one game whose hands follow each other.

:func:`read_tenhou_json` gives a :class:`MahjongRecord` whose events are Mortal's mjai dialect
(:mod:`taku.formats.mahjong.record`) in the order an mjai server emits them:

- ``reach`` comes before the riichi discard; ``reach_accepted`` once that discard survives: just
  before the next draw, before a call of that tile, or before a four-riichi abort. A riichi discard
  that is ronned has none.
- Tenhou does not say when a kan indicator was turned, so ``dora`` follows the mjai server: at once
  after an ``ankan`` (before the replacement draw); after a ``daiminkan`` or ``kakan`` just before
  that player's next discard, except that a second kan of his before that discard turns the first
  kan's indicator first (before an ``ankan``, or before the replacement draw of a ``kakan``). A win
  before that discard turns it only if the log lists it.
- ``hora`` keeps what the log states: ``fu`` (not for limit hands, whose string has none),
  ``han``, ``yakuman``, ``yaku`` in taku's names, ``dora``/``aka``/``ura`` counts (``ura`` for a
  winner in riichi), ``pao`` when a seat other than the winner is liable, and the winning ``pai``.
- ``end_game`` (with the final scores) only when the log has ``sc``: a log without it (hands cut
  out of a game) stops before the match's end.
- ``rules`` is ``"tenhou"``, with ``rule_changes`` from the log's ``rule``: no red fives without
  ``aka`` (or 赤 in ``disp``), an East-only game (東), no open tanyao (a Japanese ``disp``
  without 喰).
- An exhaustive draw states ``tenpais`` when the log shows them (score changes, 全員聴牌/全員不聴).
- ``consumed`` tiles are in tile order, a red five before the plain ones (Tenhou's strings keep
  no fixed order), as the mjlog reader gives them; ``tehais`` keep the log's order.

:func:`write_tenhou_json` writes a record back; reading what it writes gives the same events.
Everything that is not a well-formed 4-player log raises :class:`RecordError` naming the game,
the hand (``East 2, 1 honba``) and the problem.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeGuard

from taku.formats.mahjong.record import Event, MahjongRecord, RecordError
from taku.mahjong.seats import places_after, seat_after, seat_wind
from taku.mahjong.yaku import LIMITS, YAKUMAN_BASE, limit_for_han

# --- vocabulary ---------------------------------------------------------------------------------

_MJAI_HONORS = ("E", "S", "W", "N", "P", "F", "C")
_TENHOU_TO_MJAI: dict[int, str] = {
    10 * (suit + 1) + number: f"{number}{'mps'[suit]}" for suit in range(3) for number in range(1, 10)
}
_TENHOU_TO_MJAI.update({41 + index: letter for index, letter in enumerate(_MJAI_HONORS)})
_TENHOU_TO_MJAI.update({51: "5mr", 52: "5pr", 53: "5sr"})
_MJAI_TO_TENHOU: dict[str, int] = {mjai: code for code, mjai in _TENHOU_TO_MJAI.items()}

TSUMOGIRI = 60
"""The discard code for the tile just drawn."""
_PLACEHOLDER = 0  # the discard slot a daiminkan takes

_BAKAZE = ("E", "S", "W", "N")
_ROUND_NAMES = ("East", "South", "West", "North")
_WINDS_JP = "東南西北"

YAKU_NAMES: dict[str, str] = {
    "門前清自摸和": "menzen tsumo", "立直": "riichi", "一発": "ippatsu", "槍槓": "chankan",
    "嶺上開花": "rinshan kaihou", "海底摸月": "haitei raoyue", "河底撈魚": "houtei raoyui",
    "平和": "pinfu", "断幺九": "tanyao", "一盃口": "iipeikou", "役牌 白": "yakuhai (haku)",
    "役牌 發": "yakuhai (hatsu)", "役牌 中": "yakuhai (chun)", "両立直": "double riichi",
    "七対子": "chiitoitsu", "混全帯幺九": "chanta", "一気通貫": "ittsu", "三色同順": "sanshoku doujun",
    "三色同刻": "sanshoku doukou", "三槓子": "sankantsu", "対々和": "toitoi", "三暗刻": "sanankou",
    "小三元": "shousangen", "混老頭": "honroutou", "二盃口": "ryanpeikou", "純全帯幺九": "junchan",
    "混一色": "honitsu", "清一色": "chinitsu",
}
"""Tenhou's names of ordinary yaku to taku's (:data:`taku.mahjong.yaku.YAKU`); the winds are
``自風 東`` (seat wind) and ``場風 東`` (round wind) with the wind's kanji."""

YAKUMAN_NAMES: dict[str, str] = {
    "天和": "tenhou", "地和": "chiihou", "人和": "renhou", "大三元": "daisangen", "四暗刻": "suuankou",
    "四暗刻単騎": "suuankou tanki", "字一色": "tsuuiisou", "緑一色": "ryuuiisou", "清老頭": "chinroutou",
    "九蓮宝燈": "chuuren poutou", "純正九蓮宝燈": "junsei chuuren poutou", "国士無双": "kokushi musou",
    "国士無双１３面": "kokushi musou juusanmen", "大四喜": "daisuushii", "小四喜": "shousuushii",
    "四槓子": "suukantsu",
}
"""Tenhou's yakuman names to taku's (:data:`taku.mahjong.yaku.YAKUMAN`)."""

DORA_NAMES: dict[str, str] = {"ドラ": "dora", "赤ドラ": "aka", "裏ドラ": "ura"}
"""Tenhou's names of the dora counts to the ``hora`` keys that hold them."""

# Other spellings met in logs: Tenhou's older or variant kanji, and the English client's names.
_YAKU_ALIASES: dict[str, str] = {
    "海底撈月": "haitei raoyue", "断么九": "tanyao", "役牌 発": "yakuhai (hatsu)", "白": "yakuhai (haku)",
    "發": "yakuhai (hatsu)", "発": "yakuhai (hatsu)", "中": "yakuhai (chun)", "ダブル立直": "double riichi",
    "国士無双13面": "kokushi musou juusanmen",
    "tsumo": "menzen tsumo", "menzentsumo": "menzen tsumo", "menzenchintsumohou": "menzen tsumo",
    "fullyconcealedhand": "menzen tsumo", "riichi": "riichi", "reach": "riichi", "ippatsu": "ippatsu",
    "chankan": "chankan", "robbingakan": "chankan", "rinshankaihou": "rinshan kaihou",
    "rinshan": "rinshan kaihou", "afterakan": "rinshan kaihou", "haitei": "haitei raoyue",
    "haiteiraoyue": "haitei raoyue", "underthesea": "haitei raoyue", "houtei": "houtei raoyui",
    "houteiraoyui": "houtei raoyui", "undertheriver": "houtei raoyui", "pinfu": "pinfu",
    "tanyao": "tanyao", "allsimples": "tanyao", "iipeikou": "iipeikou", "iipeiko": "iipeikou",
    "puredoublesequence": "iipeikou", "haku": "yakuhai (haku)", "yakuhaihaku": "yakuhai (haku)",
    "whitedragon": "yakuhai (haku)", "hatsu": "yakuhai (hatsu)", "yakuhaihatsu": "yakuhai (hatsu)",
    "greendragon": "yakuhai (hatsu)", "chun": "yakuhai (chun)", "yakuhaichun": "yakuhai (chun)",
    "reddragon": "yakuhai (chun)", "doubleriichi": "double riichi", "dabururiichi": "double riichi",
    "chiitoitsu": "chiitoitsu", "chiitoi": "chiitoitsu", "sevenpairs": "chiitoitsu", "chanta": "chanta",
    "halfoutsidehand": "chanta", "ittsu": "ittsu", "ikkitsuukan": "ittsu", "purestraight": "ittsu",
    "sanshoku": "sanshoku doujun", "sanshokudoujun": "sanshoku doujun",
    "mixedtriplesequence": "sanshoku doujun", "sanshokudoukou": "sanshoku doukou",
    "tripletriplets": "sanshoku doukou", "sankantsu": "sankantsu", "threequads": "sankantsu",
    "toitoi": "toitoi", "toitoihou": "toitoi", "alltriplets": "toitoi", "sanankou": "sanankou",
    "threeconcealedtriplets": "sanankou", "shousangen": "shousangen", "littlethreedragons": "shousangen",
    "honroutou": "honroutou", "allterminalsandhonors": "honroutou", "ryanpeikou": "ryanpeikou",
    "ryanpeiko": "ryanpeikou", "twicepuredoublesequence": "ryanpeikou", "junchan": "junchan",
    "fullyoutsidehand": "junchan", "honitsu": "honitsu", "halfflush": "honitsu", "chinitsu": "chinitsu",
    "fullflush": "chinitsu",
}
_YAKUMAN_ALIASES: dict[str, str] = {
    "tenhou": "tenhou", "blessingofheaven": "tenhou", "chiihou": "chiihou", "blessingofearth": "chiihou",
    "renhou": "renhou", "blessingofman": "renhou", "daisangen": "daisangen",
    "bigthreedragons": "daisangen", "suuankou": "suuankou", "fourconcealedtriplets": "suuankou",
    "suuankoutanki": "suuankou tanki", "tsuuiisou": "tsuuiisou", "allhonors": "tsuuiisou",
    "ryuuiisou": "ryuuiisou", "allgreen": "ryuuiisou", "chinroutou": "chinroutou",
    "allterminals": "chinroutou", "chuurenpoutou": "chuuren poutou", "ninegates": "chuuren poutou",
    "junseichuurenpoutou": "junsei chuuren poutou", "truninegates": "junsei chuuren poutou",
    "kokushimusou": "kokushi musou", "thirteenorphans": "kokushi musou",
    "kokushimusoujuusanmen": "kokushi musou juusanmen", "daisuushii": "daisuushii",
    "bigfourwinds": "daisuushii", "shousuushii": "shousuushii", "littlefourwinds": "shousuushii",
    "suukantsu": "suukantsu", "fourquads": "suukantsu",
}
_MANGAN = LIMITS[0]
_DORA_ALIASES: dict[str, str] = {"dora": "dora", "akadora": "aka", "redfive": "aka", "reddora": "aka",
                                 "uradora": "ura"}
_SEAT_WIND_PREFIXES = ("自風", "seatwind", "jikaze")
_ROUND_WIND_PREFIXES = ("場風", "prevalentwind", "roundwind", "bakaze")

_LIMITS = {**{name: limit.base for limit in LIMITS[:-1] for name in (limit.tenhou, limit.name)},
           "役満": YAKUMAN_BASE, "数え役満": YAKUMAN_BASE, "yakuman": YAKUMAN_BASE}
"""The limits a record's points may name, Japanese or English, with their basic points."""

DRAW_NAMES: dict[str, str] = {
    "流局": "exhaustive_draw", "全員聴牌": "exhaustive_draw", "全員不聴": "exhaustive_draw",
    "流し満貫": "nagashi_mangan", "九種九牌": "kyushu_kyuhai", "四風連打": "suufon_renda",
    "四家立直": "suucha_riichi", "四槓散了": "suukaikan", "三家和了": "sanchahou",
}
"""Tenhou's names of draws to the ``ryukyoku`` reasons."""

_REASON_NAMES: dict[str, str] = {
    "exhaustive_draw": "流局", "nagashi_mangan": "流し満貫", "kyushu_kyuhai": "九種九牌",
    "suufon_renda": "四風連打", "suucha_riichi": "四家立直", "suukaikan": "四槓散了", "sanchahou": "三家和了",
}
_WIN = "和了"

_POINTS = re.compile(r"^(?:(\d+)符)?(?:(\d+)飜)?\s*([^\d\s]*)\s*(\d+)(?:-(\d+))?点(∀)?$")
_YAKU = re.compile(r"^(.+?)\s*\((?:(\d+)飜|(役満|[Yy]akuman))\)$")
_CALL = re.compile(r"^((?:\d\d)*)([a-z])(\d\d)((?:\d\d)*)$")
_RIICHI = re.compile(r"^r(\d\d)$")
_POINTS_FROM_DELTAS = re.compile(r"^[1-9]\d*(?:-[1-9]\d*)?点∀?$")


def _mjai(code: int) -> str:
    return _TENHOU_TO_MJAI[code]


def _order(code: int) -> tuple[int, bool]:
    """Sort key of tile codes: by kind, a red five before the plain fives."""
    return _kind(code), code < 50


def _kind(code: int) -> int:
    """The tile code without the red flag (51 -> 15)."""
    return (code - 50) * 10 + 5 if code > 50 else code


def hand_label(round_index: int, honba: int) -> str:
    """How messages name a hand: ``East 2, 1 honba``."""
    if 0 <= round_index < 16:
        return f"{_ROUND_NAMES[round_index // 4]} {round_index % 4 + 1}, {honba} honba"
    return f"round {round_index}, {honba} honba"


class _Mismatch(Exception):
    """The columns cannot be interleaved this way (another choice of calls may still work)."""


# --- parsed columns -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Draw:
    tile: int


@dataclass(frozen=True, slots=True)
class _Call:
    kind: str  # chi, pon, daiminkan
    offset: int  # the target is (caller + offset) % 4: 3 kamicha, 2 toimen, 1 shimocha
    called: int
    consumed: tuple[int, ...]  # in tile order, a red five first
    tiles: tuple[int, ...]  # all tiles in the string's order
    text: str


@dataclass(frozen=True, slots=True)
class _Dahai:
    tile: int  # or TSUMOGIRI
    riichi: bool


@dataclass(frozen=True, slots=True)
class _Kan:
    kind: str  # kakan, ankan
    tile: int  # the added tile of a kakan; the tile after the letter of an ankan
    others: tuple[int, ...]  # kakan: the pon's tiles; ankan: all four (in tile order, red first)
    text: str


@dataclass(frozen=True, slots=True)
class _Placeholder:
    pass


_Take = _Draw | _Call
_Discard = _Dahai | _Kan | _Placeholder

_PON_OFFSETS = {0: 3, 2: 2, 4: 1}
_KAN_OFFSETS = {0: 3, 2: 2, 6: 1}


@dataclass(frozen=True, slots=True)
class _Win:
    actor: int
    target: int
    pao: int
    deltas: list[int]
    stated: dict[str, Any]
    riichi_ura_default: bool  # no ura count stated: 0 if the winner is in riichi


@dataclass(frozen=True, slots=True)
class _Ryukyoku:
    reason: str
    name: str
    deltas: list[int]
    tenpais: list[bool] | None


# --- simulation state ---------------------------------------------------------------------------

_DRAW, _DISCARD, _CALLED, _REACT = "draw", "discard", "called", "react"


@dataclass(slots=True)
class _State:
    """Where a hand stands: whose turn and what comes next, the hands, the events so far."""

    seat: int
    mode: str = _DRAW
    ti: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    di: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hands: list[Counter[int]] = field(default_factory=list)
    pons: list[list[tuple[int, ...]]] = field(default_factory=lambda: [[], [], [], []])
    events: list[Event] = field(default_factory=list)
    drawn: int | None = None
    reach_pending: int | None = None
    riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    dora_shown: int = 1
    dora_at_discard: bool = False
    dora_at_tsumo: bool = False
    last: tuple[str, int, int] = ("", -1, 0)

    def copy(self) -> _State:
        return _State(self.seat, self.mode, list(self.ti), list(self.di), [Counter(h) for h in self.hands],
                      [list(p) for p in self.pons], list(self.events), self.drawn, self.reach_pending,
                      list(self.riichi), self.dora_shown, self.dora_at_discard, self.dora_at_tsumo, self.last)


_STEP_BUDGET = 200_000


# --- reading ------------------------------------------------------------------------------------

def read_tenhou_json(text: str, name: str = "") -> MahjongRecord:
    """Read one tenhou.net/6 JSON game log (or one hand per line) into a :class:`MahjongRecord`.

    ``name`` names the game in messages and in the record; without it the log's ``ref`` is used.
    """
    if not isinstance(text, str):
        raise RecordError(f"{name or 'tenhou.net/6 log'}: expected text, got {type(text).__name__}")
    objects = _load_objects(text, name)
    first = objects[0]
    game = name or _ref(first) or ""
    label = game or "tenhou.net/6 log"
    rule = first.get("rule", {})
    if not isinstance(rule, dict):
        raise RecordError(f"{label}: 'rule' is not an object")
    disp = rule.get("disp", "")
    if isinstance(disp, str) and "三" in disp:
        raise RecordError(f"{label}: three-player games ({disp}) are not supported")
    aka = any(bool(rule.get(key)) for key in ("aka", "aka51", "aka52", "aka53")) or (
        isinstance(disp, str) and "赤" in disp)
    changes = _rule_changes(disp if isinstance(disp, str) else "", aka)
    names = _names(first, label)
    kyokus: list[object] = []
    sc: object = None
    for line, obj in enumerate(objects, 1):
        if obj is not first and "name" in obj and _names(obj, label) != names:
            raise RecordError(f"{label}: object {line} is another game (its players differ)")
        log = obj.get("log")
        if not isinstance(log, list):
            raise RecordError(f"{label}: " + ("'log' is not a list" if "log" in obj else "no 'log'")
                              + (f" in object {line}" if len(objects) > 1 else ""))
        kyokus.extend(log)
        if "sc" in obj:
            sc = obj["sc"]
    events: list[Event] = [{"type": "start_game", "names": list(names) if names else [""] * 4}]
    for raw in kyokus:
        events.extend(_Kyoku(raw, label).events())
    if sc is not None:  # without the final scores the log stops before the match's end
        events.append({"type": "end_game", "scores": _final_scores(sc, label)})
    return MahjongRecord(events=tuple(events), rules="tenhou", name=game, players=names,
                         rule_changes=changes)


def _rule_changes(disp: str, aka: bool) -> tuple[tuple[str, Any], ...]:
    """How the log's rules differ from Tenhou's ranked rules: no red fives (no ``aka`` key and no
    赤), an East-only game (東, or ``East`` in the English client's name), no open tanyao (a
    Japanese name without 喰)."""
    changes: list[tuple[str, Any]] = []
    if not aka:
        changes.append(("red_fives", (0, 0, 0)))
    japanese = any(mark in disp for mark in "東南")
    if japanese and "喰" not in disp:
        changes.append(("kuitan", False))
    if "東" in disp or re.search(r"\bEast\b", disp):
        changes.append(("length", "east"))
    return tuple(changes)


def _load_objects(text: str, name: str) -> list[dict[str, Any]]:
    label = name or "tenhou.net/6 log"
    text = text.removeprefix("\ufeff")
    try:
        whole = json.loads(text)
        values: list[object] = [whole]
    except json.JSONDecodeError as error:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) < 2:
            raise RecordError(f"{label}: not JSON: {error}") from None
        values = []
        for number, line in enumerate(lines, 1):
            try:
                values.append(json.loads(line))
            except json.JSONDecodeError as line_error:
                raise RecordError(f"{label}: line {number} is not JSON: {line_error}") from None
    for index, value in enumerate(values, 1):
        if not isinstance(value, dict):
            where = f"line {index}" if len(values) > 1 else "the log"
            raise RecordError(f"{label}: {where} is not a JSON object (got {type(value).__name__})")
    return [value for value in values if isinstance(value, dict)]


def _ref(obj: dict[str, Any]) -> str:
    ref = obj.get("ref")
    return ref if isinstance(ref, str) else ""


def _names(obj: dict[str, Any], label: str) -> tuple[str, ...]:
    if "name" not in obj:
        return ()
    names = obj["name"]
    if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise RecordError(f"{label}: 'name' must be a list of 4 strings, got {names!r}")
    return tuple(names)


def _final_scores(sc: object, label: str) -> list[int]:
    if not isinstance(sc, list) or len(sc) != 8 or not all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in sc):
        raise RecordError(f"{label}: 'sc' must be 8 numbers (score, uma for each seat), got {sc!r}")
    scores = sc[0::2]
    if not all(float(v).is_integer() for v in scores):
        raise RecordError(f"{label}: final scores {scores!r} are not whole points")
    return [int(v) for v in scores]


class _Kyoku:
    """One hand of a log: its parsed columns and the search for the order of play."""

    def __init__(self, raw: object, label: str) -> None:
        self.label = label
        self.where = label
        if not isinstance(raw, list):
            self.fail(f"a hand must be an array, got {type(raw).__name__}")
        if len(raw) != 17:
            meta = raw[0] if raw else None
            if isinstance(meta, list) and len(meta) == 3 and all(_is_int(v) for v in meta):
                self.where = f"{label}: {hand_label(meta[0], meta[1])}"
            self.fail(f"a hand must have 17 entries, got {len(raw)}")
        meta = raw[0]
        if not (isinstance(meta, list) and len(meta) == 3 and all(_is_int(v) and v >= 0 for v in meta)):
            self.fail(f"the hand's [round, honba, deposits] is {meta!r}")
        self.round, self.honba, self.kyotaku = meta
        self.where = f"{label}: {hand_label(self.round, self.honba)}"
        if self.round >= 16:
            self.fail(f"round index {self.round} is past North 4")
        self.oya = self.round % 4
        scores = raw[1]
        if not (isinstance(scores, list) and len(scores) == 4 and all(_is_int(v) for v in scores)):
            self.fail(f"the starting scores must be 4 integers, got {scores!r}")
        self.scores: list[int] = list(scores)
        self.dora = self.tiles(raw[2], "dora indicators")
        self.ura = self.tiles(raw[3], "ura indicators")
        if not 1 <= len(self.dora) <= 5:
            self.fail(f"{len(self.dora)} dora indicators (1 to 5 expected)")
        if len(self.ura) > 5:
            self.fail(f"{len(self.ura)} ura indicators (at most 5)")
        self.haipai: list[list[int]] = []
        self.takes: list[list[_Take]] = []
        self.discards: list[list[_Discard]] = []
        for seat in range(4):
            hand = self.tiles(raw[4 + 3 * seat], f"seat {seat}'s starting hand")
            if len(hand) != 13:
                self.fail(f"seat {seat}'s starting hand has {len(hand)} tiles, expected 13")
            self.haipai.append(hand)
            self.takes.append(self.parse_takes(raw[5 + 3 * seat], seat))
            self.discards.append(self.parse_discards(raw[6 + 3 * seat], seat))
        self.check_tile_counts()
        self.wins, self.ryukyoku = self.parse_result(raw[16])
        self.steps = 0

    # --- errors and values --------------------------------------------------------------------
    def fail(self, problem: str) -> NoReturn:
        raise RecordError(f"{self.where}: {problem}")

    def tile(self, value: object, what: str) -> int:
        if not _is_int(value) or value not in _TENHOU_TO_MJAI:
            self.fail(f"{what}: {value!r} is not a Tenhou tile code")
        return value

    def tiles(self, value: object, what: str) -> list[int]:
        if not isinstance(value, list):
            self.fail(f"{what} must be a list, got {value!r}")
        return [self.tile(v, what) for v in value]

    # --- columns --------------------------------------------------------------------------------
    def parse_takes(self, column: object, seat: int) -> list[_Take]:
        if not isinstance(column, list):
            self.fail(f"seat {seat}'s takes must be a list, got {column!r}")
        takes: list[_Take] = []
        for value in column:
            if isinstance(value, str):
                takes.append(self.parse_call(value, seat))
            else:
                takes.append(_Draw(self.tile(value, f"seat {seat}'s takes")))
        return takes

    def parse_call(self, text: str, seat: int) -> _Call:
        match = _CALL.match(text)
        what = f"seat {seat}'s call {text!r}"
        if match is None or match.group(2) not in "cpm":
            self.fail(f"{what} is not a chi (c), pon (p) or daiminkan (m) string")
        before, letter, called_text, after = match.groups()
        position = len(before)
        called = self.tile(int(called_text), what)
        rest = tuple(self.tile(int(before[i:i + 2]), what) for i in range(0, len(before), 2)) + tuple(
            self.tile(int(after[i:i + 2]), what) for i in range(0, len(after), 2))
        tiles = (*rest[:position // 2], called, *rest[position // 2:])
        kinds = sorted(_kind(t) for t in tiles)
        if letter == "c":
            if position != 0 or len(tiles) != 3:
                self.fail(f"{what}: a chi is 'c' and three tiles, the called one first")
            if kinds[0] > 40 or kinds != list(range(kinds[0], kinds[0] + 3)) or kinds[0] % 10 > 7:
                self.fail(f"{what}: the tiles are not a run of one suit")
            return _Call("chi", 3, called, tuple(sorted(rest, key=_order)), tiles, text)
        if letter == "p":
            if position not in _PON_OFFSETS or len(tiles) != 3:
                self.fail(f"{what}: a pon is three tiles with 'p' at position 0, 2 or 4")
            if len(set(kinds)) != 1:
                self.fail(f"{what}: the tiles are not three of a kind")
            return _Call("pon", _PON_OFFSETS[position], called, tuple(sorted(rest, key=_order)), tiles, text)
        if position not in _KAN_OFFSETS or len(tiles) != 4:
            self.fail(f"{what}: a daiminkan is four tiles with 'm' at position 0, 2 or 6")
        if len(set(kinds)) != 1:
            self.fail(f"{what}: the tiles are not four of a kind")
        return _Call("daiminkan", _KAN_OFFSETS[position], called, tuple(sorted(rest, key=_order)), tiles,
                     text)

    def parse_discards(self, column: object, seat: int) -> list[_Discard]:
        if not isinstance(column, list):
            self.fail(f"seat {seat}'s discards must be a list, got {column!r}")
        discards: list[_Discard] = []
        for value in column:
            if isinstance(value, str):
                discards.append(self.parse_discard_string(value, seat))
            elif _is_int(value) and value == TSUMOGIRI:
                discards.append(_Dahai(TSUMOGIRI, False))
            elif _is_int(value) and value == _PLACEHOLDER:
                discards.append(_Placeholder())
            else:
                discards.append(_Dahai(self.tile(value, f"seat {seat}'s discards"), False))
        return discards

    def parse_discard_string(self, text: str, seat: int) -> _Discard:
        what = f"seat {seat}'s discard {text!r}"
        riichi = _RIICHI.match(text)
        if riichi is not None:
            code = int(riichi.group(1))
            return _Dahai(code if code == TSUMOGIRI else self.tile(code, what), True)
        match = _CALL.match(text)
        if match is None or match.group(2) not in "ka":
            self.fail(f"{what} is not a riichi (r), kakan (k) or ankan (a) string")
        before, letter, called_text, after = match.groups()
        added = self.tile(int(called_text), what)
        others = tuple(self.tile(int(before[i:i + 2]), what) for i in range(0, len(before), 2)) + tuple(
            self.tile(int(after[i:i + 2]), what) for i in range(0, len(after), 2))
        if len(others) != 3 or len({_kind(t) for t in (added, *others)}) != 1:
            self.fail(f"{what}: a kan string is four tiles of one kind")
        if letter == "k":
            if len(before) not in _PON_OFFSETS:
                self.fail(f"{what}: 'k' must stand at position 0, 2 or 4")
            return _Kan("kakan", added, tuple(sorted(others, key=_order)), text)
        return _Kan("ankan", added, tuple(sorted((added, *others), key=_order)), text)

    def check_tile_counts(self) -> None:
        seen: Counter[int] = Counter()
        for seat in range(4):
            seen.update(self.haipai[seat])
            seen.update(t.tile for t in self.takes[seat] if isinstance(t, _Draw))
        seen.update(self.dora)
        seen.update(self.ura)
        kinds: Counter[int] = Counter()
        for code, count in seen.items():
            if code > 50 and count > 1:
                self.fail(f"{count} red fives {_mjai(code)} among the hands, draws and indicators")
            kinds[_kind(code)] += count
        for kind, count in sorted(kinds.items()):
            if count > 4:
                self.fail(f"{count} tiles {_mjai(kind)} among the hands, draws and indicators")

    # --- result ---------------------------------------------------------------------------------
    def deltas(self, value: object, what: str) -> list[int]:
        if not (isinstance(value, list) and len(value) == 4 and all(_is_int(v) for v in value)):
            self.fail(f"{what}: score changes must be 4 integers, got {value!r}")
        return list(value)

    def parse_result(self, result: object) -> tuple[list[_Win], _Ryukyoku | None]:
        if not (isinstance(result, list) and result and isinstance(result[0], str)):
            self.fail(f"the result must be a list starting with its name, got {result!r}")
        kind = result[0]
        if kind == _WIN:
            if len(result) < 3 or len(result) % 2 == 0:
                self.fail(f"a win result is 和了 then pairs of score changes and details, got {result!r}")
            wins = [self.parse_win(result[i], result[i + 1]) for i in range(1, len(result), 2)]
            if len({w.actor for w in wins}) != len(wins):
                self.fail("the same seat wins twice")
            return wins, None
        if kind not in DRAW_NAMES:
            self.fail(f"unknown result {kind!r}")
        reason = DRAW_NAMES[kind]
        totals = [0, 0, 0, 0]
        for value in result[1:]:
            totals = [a + b for a, b in zip(totals, self.deltas(value, kind), strict=True)]
        tenpais: list[bool] | None = None
        if kind == "全員聴牌":
            tenpais = [True] * 4
        elif kind == "全員不聴":
            tenpais = [False] * 4
        elif kind == "流局" and any(totals):
            tenpais = [d > 0 for d in totals]
        return [], _Ryukyoku(reason, kind, totals, tenpais)

    def parse_win(self, deltas_value: object, detail: object) -> _Win:
        deltas = self.deltas(deltas_value, "win")
        if not (isinstance(detail, list) and len(detail) >= 3 and all(_is_int(v) for v in detail[:3])
                and all(isinstance(v, str) for v in detail[3:])):
            self.fail(f"a win's details are [who, from, pao, points, yaku...], got {detail!r}")
        who, frm, pao = detail[:3]
        for value, what in ((who, "winner"), (frm, "from"), (pao, "pao")):
            if not 0 <= value < 4:
                self.fail(f"the win's {what} seat {value} is not 0..3")
        stated, ura_listed = self.parse_stated(detail[3:], who)
        return _Win(who, frm, pao, deltas, stated, not ura_listed and stated.get("yakuman") == 0)

    def parse_stated(self, strings: list[str], who: int) -> tuple[dict[str, Any], bool]:
        if not strings:
            return {}, False
        points = _POINTS.match(strings[0].strip())
        if points is None:
            self.fail(f"cannot read the points {strings[0]!r} of seat {who}'s win")
        fu_text, han_text, limit, _, _, _ = points.groups()
        if limit and limit.lower() not in _LIMITS:
            self.fail(f"unknown limit {limit!r} in the points {strings[0]!r}")
        yaku: list[list[str | int]] = []
        counts: dict[str, int] = {}
        yakuman = 0
        han = 0
        for text in strings[1:]:
            match = _YAKU.match(text.strip())
            if match is None:
                self.fail(f"cannot read the yaku {text!r} of seat {who}'s win")
            label, value, is_yakuman = match.groups()
            if is_yakuman:
                yaku.append([self.yakuman_name(label), 13])
                yakuman += 1
                continue
            dora = DORA_NAMES.get(label) or _DORA_ALIASES.get(_squash(label))
            if dora is not None:
                counts[dora] = int(value)
            else:
                yaku.append([self.yaku_name(label), int(value)])
            han += int(value)
        stated: dict[str, Any] = {}
        if fu_text is not None and not limit:
            stated["fu"] = int(fu_text)
        if yakuman:
            han = 13 * yakuman
        if han_text is not None and int(han_text) != han and strings[1:]:
            self.fail(f"the points {strings[0]!r} of seat {who}'s win state {han_text} han, its yaku {han}")
        if not strings[1:] and han_text is not None:
            han = int(han_text)
        if strings[1:] or han_text is not None:
            stated["han"] = han
            stated["yakuman"] = yakuman
        if strings[1:]:
            stated["yaku"] = yaku
            if not yakuman:  # the list is complete: no entry means none of that kind
                counts.setdefault("dora", 0)
                counts.setdefault("aka", 0)
            stated.update(sorted(counts.items()))
        return stated, "ura" in counts

    def yaku_name(self, label: str) -> str:
        if label in YAKU_NAMES:
            return YAKU_NAMES[label]
        squashed = _squash(label)
        if squashed.startswith(_SEAT_WIND_PREFIXES):
            return "yakuhai (seat wind)"
        if squashed.startswith(_ROUND_WIND_PREFIXES):
            return "yakuhai (round wind)"
        name = _YAKU_ALIASES.get(label) or _YAKU_ALIASES.get(squashed)
        if name is None:
            if label in YAKUMAN_NAMES or squashed in _YAKUMAN_ALIASES:
                self.fail(f"yakuman {label!r} is counted in han, not as a yakuman")
            self.fail(f"unknown yaku {label!r}")
        return name

    def yakuman_name(self, label: str) -> str:
        name = YAKUMAN_NAMES.get(label) or _YAKUMAN_ALIASES.get(_squash(label))
        if name is None:
            self.fail(f"unknown yakuman {label!r}")
        return name

    # --- order of play --------------------------------------------------------------------------
    def events(self) -> list[Event]:
        state = _State(seat=self.oya, hands=[Counter(h) for h in self.haipai])
        state.events.append({
            "type": "start_kyoku", "bakaze": _BAKAZE[self.round // 4], "kyoku": self.oya + 1,
            "honba": self.honba, "kyotaku": self.kyotaku, "oya": self.oya, "scores": list(self.scores),
            "dora_marker": _mjai(self.dora[0]), "tehais": [[_mjai(t) for t in h] for h in self.haipai]})
        try:
            return self.play(state).events
        except _Mismatch as error:
            raise RecordError(f"{self.where}: {error}") from None

    def tick(self) -> None:
        self.steps += 1
        if self.steps > _STEP_BUDGET:
            self.fail("too many ways to order the calls; giving up")

    def play(self, st: _State) -> _State:
        """The hand played on from ``st`` to its result, with the calls placed where the columns agree.

        Tenhou's columns do not say which of two equal discards a call took, so each candidate is
        tried (a call first, then no call) until one ordering uses every column up exactly.
        """
        while True:
            self.tick()
            if st.mode == _DRAW:
                if st.ti[st.seat] >= len(self.takes[st.seat]):
                    return self.finish(st)
                self.draw(st)
            elif st.mode in (_DISCARD, _CALLED):
                if st.di[st.seat] >= len(self.discards[st.seat]):
                    return self.finish(st)
                self.discard(st)
            else:
                discarder, tile = st.seat, st.last[2]
                candidates: list[tuple[int, _Call]] = []
                for offset in (1, 2, 3):
                    caller = seat_after(discarder, offset)
                    if st.ti[caller] < len(self.takes[caller]):
                        take = self.takes[caller][st.ti[caller]]
                        if isinstance(take, _Call) and seat_after(caller, take.offset) == discarder \
                                and take.called == tile:
                            candidates.append((caller, take))
                if not candidates:
                    st.mode, st.seat = _DRAW, seat_after(discarder)
                    continue
                candidates.sort(key=lambda c: c[1].kind == "chi")  # a pon or kan outranks a chi
                first_error: _Mismatch | None = None
                for option in [*candidates, None]:
                    branch = st.copy()
                    try:
                        if option is None:
                            branch.mode, branch.seat = _DRAW, seat_after(discarder)
                        else:
                            self.call(branch, *option)
                        return self.play(branch)
                    except _Mismatch as error:
                        first_error = first_error or error
                assert first_error is not None
                raise first_error

    def accept_reach(self, st: _State) -> None:
        if st.reach_pending is not None:
            st.events.append({"type": "reach_accepted", "actor": st.reach_pending})
            st.reach_pending = None

    def reveal(self, st: _State, why: str) -> None:
        if st.dora_shown >= len(self.dora):
            raise _Mismatch(f"{why} turns dora indicator {st.dora_shown + 1}, "
                            f"but the log lists {len(self.dora)}")
        st.events.append({"type": "dora", "dora_marker": _mjai(self.dora[st.dora_shown])})
        st.dora_shown += 1

    def remove(self, st: _State, seat: int, tiles: tuple[int, ...] | list[int], what: str) -> None:
        hand = st.hands[seat]
        need = Counter(tiles)
        for tile, count in need.items():
            if hand[tile] < count:
                raise _Mismatch(f"seat {seat} {what} but does not hold {_mjai(tile)}")
        hand.subtract(need)

    def draw(self, st: _State) -> None:
        seat = st.seat
        take = self.takes[seat][st.ti[seat]]
        if not isinstance(take, _Draw):
            raise _Mismatch(f"seat {seat}'s call {take.text!r} comes where seat {seat} should draw")
        st.ti[seat] += 1
        self.accept_reach(st)
        if st.dora_at_tsumo:
            st.dora_at_tsumo = False
            self.reveal(st, "the kan before this replacement draw")
        st.events.append({"type": "tsumo", "actor": seat, "pai": _mjai(take.tile)})
        st.hands[seat][take.tile] += 1
        st.drawn = take.tile
        st.mode = _DISCARD
        st.last = ("tsumo", seat, take.tile)

    def discard(self, st: _State) -> None:
        seat = st.seat
        item = self.discards[seat][st.di[seat]]
        st.di[seat] += 1
        if isinstance(item, _Placeholder):
            raise _Mismatch(f"seat {seat} has a 0 in the discards where no daiminkan was called")
        if isinstance(item, _Dahai):
            tile = item.tile
            if tile == TSUMOGIRI:
                if st.drawn is None:
                    raise _Mismatch(f"seat {seat} discards the drawn tile (60) right after a call")
                tile = st.drawn
            self.remove(st, seat, [tile], f"discards {_mjai(tile)}")
            if item.riichi:
                if st.mode == _CALLED:
                    raise _Mismatch(f"seat {seat} declares riichi right after a call")
                if st.riichi[seat]:
                    raise _Mismatch(f"seat {seat} declares riichi twice")
                st.riichi[seat] = True
                st.events.append({"type": "reach", "actor": seat})
            if st.dora_at_discard:
                st.dora_at_discard = False
                self.reveal(st, "the kan before this discard")
            st.events.append({"type": "dahai", "actor": seat, "pai": _mjai(tile),
                              "tsumogiri": item.tile == TSUMOGIRI})
            if item.riichi:
                st.reach_pending = seat
            st.drawn = None
            st.mode = _REACT
            st.last = ("dahai", seat, tile)
            return
        if st.mode == _CALLED:
            raise _Mismatch(f"seat {seat} declares {item.text!r} right after a call")
        if item.kind == "kakan":
            kind = _kind(item.tile)
            pon = next((p for p in st.pons[seat] if _kind(p[0]) == kind), None)
            if pon is None:
                raise _Mismatch(f"seat {seat} declares kakan {item.text!r} without a pon of {_mjai(kind)}")
            if Counter(pon) != Counter(item.others):
                raise _Mismatch(f"seat {seat}'s kakan {item.text!r} does not match the pon's tiles")
            self.remove(st, seat, [item.tile], f"declares kakan {item.text!r}")
            st.pons[seat].remove(pon)
            if st.dora_at_discard:
                st.dora_at_tsumo = True  # the earlier kan's indicator waits for the replacement draw
            st.events.append({"type": "kakan", "actor": seat, "pai": _mjai(item.tile),
                              "consumed": [_mjai(t) for t in item.others]})
            st.dora_at_discard = True
        else:
            self.remove(st, seat, item.others, f"declares ankan {item.text!r}")
            if st.dora_at_discard:
                st.dora_at_discard = False
                self.reveal(st, "the kan before this ankan")
            st.events.append({"type": "ankan", "actor": seat, "consumed": [_mjai(t) for t in item.others]})
            # a win robbing the ankan (kokushi) may end the hand before its indicator is turned
            if st.dora_shown < len(self.dora) or self.takes_left(st, seat):
                self.reveal(st, f"seat {seat}'s ankan")
        st.drawn = None
        st.mode = _DRAW
        st.last = (item.kind, seat, item.tile)

    def takes_left(self, st: _State, seat: int) -> bool:
        return st.ti[seat] < len(self.takes[seat])

    def call(self, st: _State, caller: int, take: _Call) -> None:
        target = seat_after(caller, take.offset)
        self.accept_reach(st)
        self.remove(st, caller, take.consumed, f"calls {take.kind} {take.text!r}")
        st.ti[caller] += 1
        st.events.append({"type": take.kind, "actor": caller, "target": target, "pai": _mjai(take.called),
                          "consumed": [_mjai(t) for t in take.consumed]})
        st.seat = caller
        st.drawn = None
        st.last = (take.kind, caller, take.called)
        if take.kind == "pon":
            st.pons[caller].append(take.tiles)
        if take.kind != "daiminkan":
            st.mode = _CALLED
            return
        discards = self.discards[caller]
        if st.di[caller] >= len(discards) or not isinstance(discards[st.di[caller]], _Placeholder):
            raise _Mismatch(f"seat {caller}'s daiminkan {take.text!r} has no 0 in the discards")
        st.di[caller] += 1
        if st.dora_at_discard:
            st.dora_at_tsumo = True
        st.dora_at_discard = True
        st.mode = _DRAW

    def finish(self, st: _State) -> _State:
        for seat in range(4):
            if st.ti[seat] < len(self.takes[seat]) or st.di[seat] < len(self.discards[seat]):
                raise _Mismatch(
                    f"the hand ends after {st.last[0]} by seat {st.last[1]} but seat {seat} has "
                    f"{len(self.takes[seat]) - st.ti[seat]} takes and "
                    f"{len(self.discards[seat]) - st.di[seat]} discards left")
        action, seat, tile = st.last
        if self.ryukyoku is not None:
            self.finish_draw(st, action)
        for index, win in enumerate(self.wins):
            if win.actor == win.target:
                if action != "tsumo" or seat != win.actor:
                    raise _Mismatch(f"seat {win.actor} wins by tsumo but the last action is "
                                    f"{action} by seat {seat}")
            elif action not in ("dahai", "kakan", "ankan") or seat != win.target:
                raise _Mismatch(f"seat {win.actor} wins on seat {win.target}'s tile but the last action "
                                f"is {action} by seat {seat}")
            if index == 0:
                st.reach_pending = None  # a ronned riichi discard places no stick
                pending = int(st.dora_at_discard) + int(st.dora_at_tsumo)
                while pending and st.dora_shown < len(self.dora):
                    self.reveal(st, "a kan before the win")
                    pending -= 1
            event: Event = {"type": "hora", "actor": win.actor, "target": win.target,
                            "deltas": list(win.deltas),
                            "ura_markers": [_mjai(t) for t in self.ura[:st.dora_shown]]
                            if st.riichi[win.actor] else [],
                            "pai": _mjai(tile)}
            event.update(win.stated)
            if win.riichi_ura_default and st.riichi[win.actor] and "yaku" in win.stated:
                event["ura"] = 0
            if win.pao != win.actor:
                event["pao"] = win.pao
            st.events.append(event)
        if st.dora_shown != len(self.dora):
            raise _Mismatch(f"the log lists {len(self.dora)} dora indicators but {st.dora_shown} "
                            "were turned")
        st.events.append({"type": "end_kyoku"})
        return st

    def finish_draw(self, st: _State, action: str) -> None:
        draw = self.ryukyoku
        assert draw is not None
        if draw.reason == "kyushu_kyuhai":
            if action != "tsumo":
                raise _Mismatch(f"nine terminals is declared after {action}, not on a draw")
        elif action != "dahai":
            raise _Mismatch(f"{draw.name} after {action}, not after a discard")
        if draw.reason == "suucha_riichi":
            self.accept_reach(st)
        st.reach_pending = None
        event: Event = {"type": "ryukyoku", "reason": draw.reason, "deltas": list(draw.deltas)}
        if draw.tenpais is not None:
            event["tenpais"] = list(draw.tenpais)
        st.events.append(event)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _squash(label: str) -> str:
    return re.sub(r"[\s_\-:.()]", "", label).lower()


# --- writing ------------------------------------------------------------------------------------

def write_tenhou_json(record: MahjongRecord) -> str:
    """A tenhou.net/6 JSON log (one line) of ``record``; yaku and points are written as stated.

    The final ``sc`` is written when the record has ``end_game``: its ``scores``, else the scores
    after the last hand (sticks left on the table not counted). Uma is not in a record, so ``sc``
    gives each seat an uma of 0.
    """
    return _Writer(record).write()


def _points_text(basic: int, dealer: bool, tsumo: bool) -> str:
    def up(value: int) -> int:
        return -(-value // 100) * 100

    if not tsumo:
        return f"{up(basic * (6 if dealer else 4))}点"
    if dealer:
        return f"{up(basic * 2)}点∀"
    return f"{up(basic)}-{up(basic * 2)}点"


def _limit(han: int, yakuman: int) -> tuple[str, int] | None:
    """The limit a record states for a win of ``han`` (``yakuman`` yakuman), as Tenhou writes it,
    with its basic points: the scorer's table (a kazoe yakuman is written 役満)."""
    if yakuman:
        return "役満", YAKUMAN_BASE * yakuman
    limit = limit_for_han(han)
    return None if limit is None else (limit.tenhou, limit.base)


_YAKU_TO_TENHOU = {name: text for text, name in YAKU_NAMES.items()}
_YAKUMAN_TO_TENHOU = {name: text for text, name in YAKUMAN_NAMES.items()}


class _Writer:
    def __init__(self, record: MahjongRecord) -> None:
        self.record = record
        self.label = record.name or "record"
        self.where = self.label
        self.names: list[str] = list(record.players) if len(record.players) == 4 else [""] * 4
        self.log: list[list[Any]] = []
        self.sc: list[int | float] | None = None
        self.running: list[int] = [0] * 4  # the scores after the events written so far
        self.red = False
        self.kyoku: dict[str, Any] | None = None

    def fail(self, problem: str) -> NoReturn:
        raise RecordError(f"{self.where}: {problem}")

    def code(self, tile: object) -> int:
        if not isinstance(tile, str) or tile not in _MJAI_TO_TENHOU:
            self.fail(f"{tile!r} is not an mjai tile")
        if tile.endswith("r"):
            self.red = True
        return _MJAI_TO_TENHOU[tile]

    def get(self, event: Event, key: str) -> Any:
        if key not in event:
            self.fail(f"{event.get('type')} event without {key!r}: {event!r}")
        return event[key]

    def seat(self, event: Event, key: str) -> int:
        value = self.get(event, key)
        if not _is_int(value) or not 0 <= value < 4:
            self.fail(f"{event.get('type')} event: {key} {value!r} is not a seat 0..3")
        return value

    def tiles(self, event: Event, key: str, count: int) -> list[int]:
        value = self.get(event, key)
        if not isinstance(value, list) or len(value) != count:
            self.fail(f"{event.get('type')} event: {key} must be {count} tiles, got {value!r}")
        return [self.code(t) for t in value]

    def write(self) -> str:
        for event in self.record.events:
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                self.fail(f"not an mjai event: {event!r}")
            self.event(event)
        if self.kyoku is not None:
            self.fail("the last hand has no end_kyoku")
        obj: dict[str, Any] = {"title": ["", ""], "name": self.names}
        rules = self.record.rules_value()
        red = self.red or (rules is not None and any(rules.red_fives))
        length = "東" if rules is not None and rules.length == "east" else "南"
        kuitan = "" if rules is not None and not rules.kuitan else "喰"
        obj["rule"] = {"disp": f"般{length}{kuitan}{'赤' if red else ''}", "aka": 1 if red else 0}
        if self.record.name:
            obj["ref"] = self.record.name
        obj["log"] = self.log
        if self.sc is not None:
            obj["sc"] = self.sc
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))

    def event(self, event: Event) -> None:
        kind = event["type"]
        if kind == "start_game":
            names = event.get("names")
            if not self.record.players and isinstance(names, list) and len(names) == 4 \
                    and all(isinstance(n, str) for n in names):
                self.names = list(names)
            return
        if kind == "end_game":
            scores = event.get("scores", self.running)
            if not (isinstance(scores, list) and len(scores) == 4 and all(_is_int(s) for s in scores)):
                self.fail(f"end_game scores must be 4 integers, got {scores!r}")
            self.sc = [v for s in scores for v in (s, 0)]
            return
        if kind == "start_kyoku":
            self.start(event)
            self.running = list(event["scores"])
            return
        if kind == "reach_accepted" and _is_int(event.get("actor")) and 0 <= event["actor"] < 4:
            self.running[event["actor"]] -= 1000
        elif kind in ("hora", "ryukyoku") and isinstance(event.get("deltas"), list) \
                and len(event["deltas"]) == 4 and all(_is_int(d) for d in event["deltas"]):
            self.running = [s + d for s, d in zip(self.running, event["deltas"], strict=True)]
        if kind == "none":
            return
        handler = {
            "tsumo": self.tsumo, "dahai": self.dahai, "reach": self.reach, "reach_accepted": self.accepted,
            "chi": self.call, "pon": self.call, "daiminkan": self.call, "kakan": self.kakan,
            "ankan": self.ankan, "dora": self.dora, "hora": self.hora, "ryukyoku": self.ryukyoku,
            "end_kyoku": self.end,
        }.get(kind)
        if handler is None:
            self.fail(f"cannot write a {kind!r} event")
        k = self.kyoku
        if k is None:
            self.fail(f"{kind} event outside a hand")
        if k["result"] and kind not in ("hora", "end_kyoku"):
            self.fail(f"{kind} event after the hand's result")
        handler(k, event)

    def start(self, event: Event) -> None:
        if self.kyoku is not None:
            self.fail("start_kyoku before the previous hand's end_kyoku")
        bakaze = self.get(event, "bakaze")
        number = self.get(event, "kyoku")
        if bakaze not in _BAKAZE or not _is_int(number) or not 1 <= number <= 4:
            self.fail(f"start_kyoku: bakaze {bakaze!r}, kyoku {number!r} is not a round")
        round_index = _BAKAZE.index(bakaze) * 4 + number - 1
        honba, kyotaku = self.get(event, "honba"), self.get(event, "kyotaku")
        if not (_is_int(honba) and _is_int(kyotaku)):
            self.fail(f"start_kyoku: honba {honba!r}, kyotaku {kyotaku!r} must be integers")
        self.where = f"{self.label}: {hand_label(round_index, honba)}"
        oya = self.seat(event, "oya")
        if oya != round_index % 4:
            self.fail(f"start_kyoku: dealer {oya} is not seat {round_index % 4} of {bakaze}{number}")
        scores = self.get(event, "scores")
        if not (isinstance(scores, list) and len(scores) == 4 and all(_is_int(s) for s in scores)):
            self.fail(f"start_kyoku: scores must be 4 integers, got {scores!r}")
        tehais = self.get(event, "tehais")
        if not (isinstance(tehais, list) and len(tehais) == 4):
            self.fail("start_kyoku: tehais must be four hands")
        hands = []
        for seat, hand in enumerate(tehais):
            if not isinstance(hand, list) or len(hand) != 13:
                self.fail(f"start_kyoku: seat {seat}'s hand must be 13 tiles, got {hand!r}")
            hands.append([self.code(t) for t in hand])
        self.kyoku = {
            "meta": [round_index, honba, kyotaku], "scores": list(scores), "oya": oya, "bakaze": bakaze,
            "honba": honba, "kyotaku": kyotaku, "dora": [self.code(self.get(event, "dora_marker"))],
            "ura": [], "haipai": hands, "takes": [[], [], [], []], "discards": [[], [], [], []],
            "pons": [{}, {}, {}, {}], "reach": [False] * 4, "result": [], "wins": 0,
        }

    def end(self, k: dict[str, Any], event: Event) -> None:
        if not k["result"]:
            self.fail("the hand ends without a hora or ryukyoku")
        row: list[Any] = [k["meta"], k["scores"], k["dora"], k["ura"]]
        for seat in range(4):
            row += [k["haipai"][seat], k["takes"][seat], k["discards"][seat]]
        row.append(k["result"])
        self.log.append(row)
        self.kyoku = None
        self.where = self.label

    def tsumo(self, k: dict[str, Any], event: Event) -> None:
        k["takes"][self.seat(event, "actor")].append(self.code(self.get(event, "pai")))

    def dahai(self, k: dict[str, Any], event: Event) -> None:
        actor = self.seat(event, "actor")
        code = self.code(self.get(event, "pai"))
        value: int | str = TSUMOGIRI if event.get("tsumogiri") is True else code
        if k["reach"][actor]:
            k["reach"][actor] = False
            value = f"r{value}"
        k["discards"][actor].append(value)

    def reach(self, k: dict[str, Any], event: Event) -> None:
        k["reach"][self.seat(event, "actor")] = True

    def accepted(self, k: dict[str, Any], event: Event) -> None:
        self.seat(event, "actor")
        k["kyotaku"] += 1

    def call(self, k: dict[str, Any], event: Event) -> None:
        kind = event["type"]
        actor, target = self.seat(event, "actor"), self.seat(event, "target")
        offset = places_after(target, actor)
        if offset == 0 or (kind == "chi" and offset != 3):
            self.fail(f"{kind} by seat {actor} from seat {target}")
        called = f"{self.code(self.get(event, 'pai'))}"
        consumed = [f"{c}" for c in self.tiles(event, "consumed", 3 if kind == "daiminkan" else 2)]
        letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[kind]
        marked = letter + called
        if offset == 3:
            text = marked + "".join(consumed)
        elif offset == 2:
            text = consumed[0] + marked + "".join(consumed[1:])
        else:
            text = "".join(consumed) + marked
        k["takes"][actor].append(text)
        if kind == "pon":
            k["pons"][actor][_kind(int(called))] = text
        if kind == "daiminkan":
            k["discards"][actor].append(_PLACEHOLDER)

    def kakan(self, k: dict[str, Any], event: Event) -> None:
        actor = self.seat(event, "actor")
        added = self.code(self.get(event, "pai"))
        pon = k["pons"][actor].pop(_kind(added), None)
        if pon is None:
            self.fail(f"kakan of {event.get('pai')} by seat {actor}, who has no such pon")
        k["discards"][actor].append(pon.replace("p", f"k{added}", 1))

    def ankan(self, k: dict[str, Any], event: Event) -> None:
        actor = self.seat(event, "actor")
        tiles = [f"{c}" for c in sorted(self.tiles(event, "consumed", 4), key=lambda c: c > 50)]
        k["discards"][actor].append("".join(tiles[:3]) + "a" + tiles[3])  # Tenhou puts a red five last

    def dora(self, k: dict[str, Any], event: Event) -> None:
        k["dora"].append(self.code(self.get(event, "dora_marker")))

    def hora(self, k: dict[str, Any], event: Event) -> None:
        if k["result"] and k["result"][0] != _WIN:
            self.fail("hora after a ryukyoku")
        actor, target = self.seat(event, "actor"), self.seat(event, "target")
        deltas = self.get(event, "deltas")
        if not (isinstance(deltas, list) and len(deltas) == 4 and all(_is_int(d) for d in deltas)):
            self.fail(f"hora: deltas must be 4 integers, got {deltas!r}")
        ura = event.get("ura_markers") or []
        if not isinstance(ura, list):
            self.fail(f"hora: ura_markers must be a list, got {ura!r}")
        ura_codes = [self.code(t) for t in ura]
        if len(ura_codes) > len(k["ura"]):
            k["ura"] = ura_codes
        pao = event.get("pao", actor)
        if not _is_int(pao) or not 0 <= pao < 4:
            self.fail(f"hora: pao {pao!r} is not a seat")
        detail: list[Any] = [actor, target, pao]
        detail += self.stated(k, event, actor, target, deltas)
        if not k["result"]:
            k["result"] = [_WIN]
        k["result"] += [list(deltas), detail]
        k["wins"] += 1

    def stated(self, k: dict[str, Any], event: Event, actor: int, target: int,
               deltas: list[int]) -> list[str]:
        dealer, tsumo = actor == k["oya"], actor == target
        han, fu, yakuman = event.get("han"), event.get("fu"), event.get("yakuman", 0)
        for key, value in (("han", han), ("fu", fu), ("yakuman", yakuman)):
            if value is not None and not _is_int(value):
                self.fail(f"hora: {key} {value!r} is not an integer")
        points: str
        limit = _limit(han, yakuman or 0) if han is not None else None
        if limit is not None:
            points = limit[0] + _points_text(limit[1], dealer, tsumo)
        elif han is not None and fu is not None:
            basic = fu * 2 ** (han + 2)
            points = (f"{_MANGAN.tenhou}{_points_text(_MANGAN.base, dealer, tsumo)}"
                      if basic >= _MANGAN.base else f"{fu}符{han}飜{_points_text(basic, dealer, tsumo)}")
        elif han is not None and han >= 3:  # a stated han without fu: the hand was a mangan
            points = f"{_MANGAN.tenhou}{_points_text(_MANGAN.base, dealer, tsumo)}"
        else:
            points = self.points_from_deltas(k, actor, target, deltas)
            if not _POINTS_FROM_DELTAS.match(points):  # the deltas are not a win's payments
                return []
        yaku_strings: list[str] = []
        own_wind = _WINDS_JP[seat_wind(actor, k["oya"])]
        round_wind = _WINDS_JP[_BAKAZE.index(k["bakaze"])]
        yaku = event.get("yaku") or []
        if not isinstance(yaku, list):
            self.fail(f"hora: yaku must be a list, got {yaku!r}")
        for entry in yaku:
            if not (isinstance(entry, list | tuple) and len(entry) == 2 and isinstance(entry[0], str)
                    and _is_int(entry[1])):
                self.fail(f"hora: yaku entry {entry!r} is not [name, han]")
            name, value = entry
            if name == "yakuhai (seat wind)":
                text = f"自風 {own_wind}"
            elif name == "yakuhai (round wind)":
                text = f"場風 {round_wind}"
            elif name in _YAKUMAN_TO_TENHOU and (yakuman or name != "renhou"):
                yaku_strings.append(f"{_YAKUMAN_TO_TENHOU[name]}(役満)")
                continue
            elif name in _YAKU_TO_TENHOU:
                text = _YAKU_TO_TENHOU[name]
            else:
                self.fail(f"hora: Tenhou has no name for the yaku {name!r}")
            yaku_strings.append(f"{text}({value}飜)")
        for key, text in (("dora", "ドラ"), ("aka", "赤ドラ"), ("ura", "裏ドラ")):
            count = event.get(key)
            if count is not None and not _is_int(count):
                self.fail(f"hora: {key} {count!r} is not an integer")
            if count:
                yaku_strings.append(f"{text}({count}飜)")
        return [points, *yaku_strings]

    def points_from_deltas(self, k: dict[str, Any], actor: int, target: int, deltas: list[int]) -> str:
        first = k["wins"] == 0
        honba = k["honba"] if first else 0
        gain = deltas[actor] - (1000 * k["kyotaku"] if first else 0)
        if actor != target:
            return f"{gain - 300 * honba}点"
        payments = [-deltas[s] - 100 * honba for s in range(4) if s != actor]
        if actor == k["oya"]:
            return f"{max(payments)}点∀"
        oya_pays = -deltas[k["oya"]] - 100 * honba
        others = [-deltas[s] - 100 * honba for s in range(4) if s not in (actor, k["oya"])]
        return f"{min(others)}-{oya_pays}点"

    def ryukyoku(self, k: dict[str, Any], event: Event) -> None:
        reason = self.get(event, "reason") if "reason" in event else "exhaustive_draw"
        if reason not in _REASON_NAMES:
            self.fail(f"ryukyoku: unknown reason {reason!r}")
        deltas = event.get("deltas") or [0, 0, 0, 0]
        if not (isinstance(deltas, list) and len(deltas) == 4 and all(_is_int(d) for d in deltas)):
            self.fail(f"ryukyoku: deltas must be 4 integers, got {deltas!r}")
        name = _REASON_NAMES[reason]
        tenpais = event.get("tenpais")
        if reason == "exhaustive_draw" and not any(deltas):
            if tenpais == [True] * 4:
                k["result"] = ["全員聴牌"]
                return
            if tenpais == [False] * 4:
                k["result"] = ["全員不聴"]
                return
        if reason in ("exhaustive_draw", "nagashi_mangan") or any(deltas):
            k["result"] = [name, list(deltas)]
        else:
            k["result"] = [name]
