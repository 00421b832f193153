"""What a won hand is worth: yaku, dora, fu, limits and payments (MJ-SCORE, MJ-PAO).

:func:`score_hand` takes a 14-tile :class:`~taku.mahjong.hand.Hand` whose concealed tiles include the
winning tile, the winning tile, a :class:`Win` describing the situation and a
:class:`~taku.mahjong.rules.Rules`, and returns a :class:`HandScore`. Every decomposition of the
hand and every group the winning tile may have completed is tried; the one that scores most wins.

Seats are seat winds: 0 = East (the dealer), 1 = South, 2 = West, 3 = North.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from taku.mahjong.decompose import TRIPLET, split_groups
from taku.mahjong.errors import InvalidHandError, NotAWinError, NoYakuError
from taku.mahjong.fu import CHIITOITSU_FU, FuItem, WaitShape, regular_fu, wait_shape
from taku.mahjong.hand import Hand
from taku.mahjong.rules import Rules
from taku.mahjong.shanten import shanten_kokushi
from taku.mahjong.tiles import (
    CHUN,
    HAKU,
    HATSU,
    SUITS,
    TERMINALS_AND_HONORS,
    WIND_LETTERS,
    Tile,
    dora_from_indicator,
    kind_to_str,
    tiles_to_str,
)
from taku.mahjong.yaku import LIMIT_NAMES, YAKUMAN_LIMIT_NAMES

SEAT_NAMES = ("East", "South", "West", "North")
_GREEN = frozenset({19, 20, 21, 23, 25, HATSU})  # 2s 3s 4s 6s 8s hatsu
_MANGAN = 2000


def _ceil100(points: int) -> int:
    return -(-points // 100) * 100


@dataclass(frozen=True, slots=True)
class Win:
    """The situation of a win: how it was made, the winds, the dora and the sticks on the table.

    ``seat_wind`` and ``round_wind`` are 0..3 (East..North); the dealer is the East seat.
    ``dora_indicators`` include kan-dora indicators. ``deposits`` counts the riichi sticks on the
    table (1,000 points each), ``honba`` the counters. ``discarder`` is the seat that dealt in (for
    ron; ``None`` if unknown), ``pao_seat`` a liable player (MJ-PAO). ``first_turn`` marks a win in
    the first, uninterrupted go-around before the winner's first discard (tenhou, chiihou, renhou).
    ``renchan`` is the number of consecutive wins of the dealer before this hand (paarenchan).
    """

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    open_riichi: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    first_turn: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    deposits: int = 0
    discarder: int | None = None
    pao_seat: int | None = None
    renchan: int = 0

    def __post_init__(self) -> None:
        def fail(message: str) -> None:
            raise InvalidHandError(message)

        for name in ("seat_wind", "round_wind"):
            value = getattr(self, name)
            if not isinstance(value, int) or not 0 <= value <= 3:
                fail(f"{name} must be 0..3 (East..North), got {value!r}")
        for name in ("honba", "deposits", "renchan"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                fail(f"{name} must be a non-negative integer, got {value!r}")
        for name in ("dora_indicators", "ura_indicators"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(isinstance(t, Tile) for t in value):
                fail(f"{name} must be a tuple of Tile, got {value!r}")
        riichi = self.riichi or self.double_riichi or self.open_riichi
        if self.ippatsu and not riichi:
            fail("ippatsu needs riichi")
        if self.tsumo and (self.chankan or self.houtei):
            fail("chankan and houtei are wins by ron, not tsumo")
        if not self.tsumo and (self.rinshan or self.haitei):
            fail("rinshan and haitei are wins by tsumo")
        if self.haitei and self.houtei:
            fail("a win cannot be both haitei and houtei")
        if self.first_turn and (riichi or self.rinshan or self.chankan):
            fail("a first-turn win (tenhou, chiihou, renhou) cannot follow riichi or a kan")
        if self.first_turn and not self.tsumo and self.seat_wind == 0:
            fail("the dealer cannot win by ron before his first draw (renhou is a non-dealer's)")
        for name in ("discarder", "pao_seat"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or not 0 <= value <= 3):
                fail(f"{name} must be a seat 0..3, got {value!r}")
        if self.discarder is not None and (self.tsumo or self.discarder == self.seat_wind):
            fail(f"discarder {self.discarder} is impossible for this win")
        if self.pao_seat is not None and self.pao_seat == self.seat_wind:
            fail("the winner cannot be liable (pao) for his own hand")

    @property
    def is_dealer(self) -> bool:
        """Whether the winner is the dealer (East)."""
        return self.seat_wind == 0

    @property
    def any_riichi(self) -> bool:
        """Whether the winner declared riichi of any kind."""
        return self.riichi or self.double_riichi or self.open_riichi


@dataclass(frozen=True, slots=True)
class Payment:
    """One player's payment to the winner: ``amount`` includes ``honba`` (the counters' part).

    ``payer`` is a seat (0..3) or ``None`` for "the discarder" when the discarder is not known.
    """

    payer: int | None
    amount: int
    honba: int = 0


@dataclass(frozen=True, slots=True)
class HandScore:
    """The value of a won hand, as a score sheet shows it."""

    yaku: tuple[tuple[str, int], ...]
    """Yaku with their han (a yakuman shows 13 per multiple)."""
    yakuman: int
    """Yakuman multiple (0 for an ordinary hand; kazoe yakuman counts 1)."""
    han: int
    """Han of yaku and dora together (13 per yakuman for a yakuman hand)."""
    fu: int
    """Fu, rounded (25 for chiitoitsu)."""
    fu_items: tuple[FuItem, ...]
    """Itemised fu before rounding."""
    dora: int
    """Dora from indicators, kan-dora indicators included."""
    aka: int
    """Red fives."""
    ura: int
    """Ura-dora (riichi winners only)."""
    limit: str | None
    """``mangan`` .. ``sanbaiman``, ``yakuman``, ``kazoe yakuman``, ``double yakuman``...; None below."""
    base: int
    """Basic points (fu x 2^(2+han), or the limit's)."""
    dealer: bool
    tsumo: bool
    payments: tuple[Payment, ...]
    """Who pays the winner how much, counters included."""
    deposits: int
    """Points the winner collects from riichi sticks on the table."""
    decomposition: str = ""
    """The groups the score was counted from (``123m 456p 789s 111z 55z``)."""
    wait: str = ""
    """The wait the winning tile completed: ryanmen, kanchan, penchan, shanpon, tanki, ..."""
    liable: tuple[Payment, ...] = field(default=())
    """The payments made by a liable (pao) player, a subset of ``payments``."""

    @property
    def total(self) -> int:
        """Points paid by the other players, counters included (deposits not included)."""
        return sum(p.amount for p in self.payments)

    @property
    def received(self) -> int:
        """Everything the winner receives: payments and deposits."""
        return self.total + self.deposits

    @property
    def all_dora(self) -> int:
        """Dora, red fives and ura-dora together."""
        return self.dora + self.aka + self.ura

    def to_dict(self) -> dict[str, object]:
        """The score as plain data (the ``--json`` / ``--batch`` output)."""
        points: dict[str, object] = {"total": self.total}
        if self.tsumo:
            by_seat = {p.payer: p.amount for p in self.payments}
            dealer_pays = 0 if self.dealer else by_seat.get(0, 0)
            others = [a for s, a in by_seat.items() if s != 0] if not self.dealer else \
                list(by_seat.values())
            points["tsumo_dealer"] = dealer_pays
            points["tsumo_others"] = max(others) if others else 0
        else:
            points["ron"] = self.total
        points["deposits"] = self.deposits
        return {
            "han": self.han,
            "fu": self.fu,
            "yaku": [[name, han] for name, han in self.yaku],
            "yakuman": self.yakuman,
            "dora": self.all_dora,
            "dora_breakdown": {"dora": self.dora, "aka": self.aka, "ura": self.ura},
            "limit": self.limit,
            "base": self.base,
            "fu_items": [[name, fu] for name, fu in self.fu_items],
            "points": points,
            "payments": [{"payer": SEAT_NAMES[p.payer] if p.payer is not None else "discarder",
                          "amount": p.amount, "honba": p.honba} for p in self.payments],
            "decomposition": self.decomposition,
            "wait": self.wait,
        }


# --- basic points and payments ---------------------------------------------------------------

def basic_points(han: int, fu: int, rules: Rules | None = None) -> tuple[int, str | None]:
    """Basic points and limit name of an ordinary hand of ``han`` and ``fu`` (MJ-SCORE-05, -15).

    >>> basic_points(3, 30)
    (960, None)
    >>> basic_points(4, 40)
    (2000, 'mangan')
    >>> basic_points(13, 30)
    (8000, 'kazoe yakuman')
    """
    rules = rules or Rules()
    if han >= 13:
        if rules.kazoe_yakuman:
            return 8000, "kazoe yakuman"
        return 6000, "sanbaiman"
    if han >= 5:
        name = LIMIT_NAMES[han]
        return {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000}[name], name
    base = fu << (2 + han)
    if base >= _MANGAN:
        return _MANGAN, "mangan"
    if rules.kiriage_mangan and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
        return _MANGAN, "mangan"  # CFG-21
    return base, None


def hand_payments(base: int, *, dealer: bool, tsumo: bool, seat: int = 0,
                  discarder: int | None = None, honba: int = 0,
                  rules: Rules | None = None) -> tuple[Payment, ...]:
    """Payments for a hand of ``base`` basic points (MJ-SCORE-16, -17, -22).

    Ron: the discarder pays 6b (dealer winner) or 4b, rounded up to 100, plus the counters.
    Tsumo: each payer pays 2b (to a dealer, or the dealer to a non-dealer) or b, rounded up.

    >>> [p.amount for p in hand_payments(480, dealer=False, tsumo=True, seat=1)]
    [1000, 500, 500]
    """
    rules = rules or Rules()
    per_counter = rules.honba_points // 3
    if not tsumo:
        amount = _ceil100(base * (6 if dealer else 4))
        extra = rules.honba_points * honba
        return (Payment(discarder, amount + extra, extra),)
    extra = per_counter * honba
    out = []
    for payer in range(4):
        if payer == seat:
            continue
        share = _ceil100(base * 2) if dealer or payer == 0 else _ceil100(base)
        out.append(Payment(payer, share + extra, extra))
    return tuple(out)


def nagashi_mangan_payments(seat: int, rules: Rules | None = None) -> tuple[Payment, ...]:
    """Payments of a nagashi mangan: a mangan paid as by tsumo, with no counters (MJ-MONTREAL-21)."""
    return hand_payments(_MANGAN, dealer=seat == 0, tsumo=True, seat=seat, rules=rules)


def chombo_payments(seat: int) -> tuple[Payment, ...]:
    """A chombo as a reverse mangan: what each other player receives (MJ-MONTREAL-33)."""
    return tuple(Payment(other, 4000 if seat == 0 or other == 0 else 2000)
                 for other in range(4) if other != seat)


# --- the scorer ----------------------------------------------------------------------------------

@dataclass(slots=True)
class _Candidate:
    yaku: list[tuple[str, int]]
    yakuman: list[tuple[str, int]]
    fu: int
    fu_items: tuple[FuItem, ...]
    decomposition: str
    wait: str


def _regular_yakuman_shape(full: list[int]) -> list[tuple[str, int]]:
    """Yakuman that depend only on the tiles (regular shape): tile-colour and honour yakuman."""
    found: list[tuple[str, int]] = []
    dragons = sum(1 for k in (HAKU, HATSU, CHUN) if full[k] >= 3)
    if dragons == 3:
        found.append(("daisangen", 1))
    wind_sets = sum(1 for k in range(27, 31) if full[k] >= 3)
    wind_pairs = sum(1 for k in range(27, 31) if full[k] == 2)
    if wind_sets == 4:
        found.append(("daisuushii", 1))
    elif wind_sets == 3 and wind_pairs == 1:
        found.append(("shousuushii", 1))
    return found


def _colour_yakuman(full: list[int], rules: Rules) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    honors = sum(full[27:])
    total = sum(full)
    if honors == total:
        found.append(("tsuuiisou", 1))
    terminals = sum(full[k] for k in (0, 8, 9, 17, 18, 26))
    if terminals == total:
        found.append(("chinroutou", 1))
    if all(full[k] == 0 or k in _GREEN for k in range(34)) and (
            full[HATSU] or not rules.ryuuiisou_requires_hatsu):
        found.append(("ryuuiisou", 1))
    return found


def _is_shiisanputa(counts: list[int]) -> bool:
    """One pair and twelve tiles with no pair, triplet or partial sequence among them."""
    pairs = 0
    for kind, count in enumerate(counts):
        if count > 2:
            return False
        if count == 2:
            pairs += 1
        if count and kind < 27 and kind % 9 < 8 and (
                counts[kind + 1] or (kind % 9 < 7 and counts[kind + 2])):
            return False
    return pairs == 1


def _chuuren(counts: list[int], win: int) -> str | None:
    """``chuuren poutou`` / ``junsei chuuren poutou`` if the closed counts are nine gates."""
    suits = {k // 9 for k in range(34) if counts[k]}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    if suit == 3:
        return None
    local = counts[suit * 9: suit * 9 + 9]
    pattern = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    if any(c < p for c, p in zip(local, pattern, strict=True)):
        return None
    before = list(local)
    before[win - suit * 9] -= 1
    return "junsei chuuren poutou" if tuple(before) == pattern else "chuuren poutou"


def score_hand(hand: Hand, win_tile: Tile, win: Win | None = None,
               rules: Rules | None = None) -> HandScore:
    """Score a won hand (MJ-SCORE): the best of every decomposition and wait interpretation.

    ``hand.closed`` holds the concealed tiles *including* the winning tile.
    Raises :class:`~taku.mahjong.errors.NotAWinError` for a hand that is not complete and
    :class:`~taku.mahjong.errors.NoYakuError` for a complete hand without yaku.

    >>> from taku.mahjong.tiles import Tile
    >>> s = score_hand(Hand.from_str("22456m456p456s789s"), Tile.from_str("2m"), Win(seat_wind=1))
    >>> s.yaku, s.han, s.fu, s.total
    ((('sanshoku doujun', 2),), 2, 40, 2600)
    """
    win = win or Win()
    rules = rules or Rules()
    melds = hand.melds
    if len(hand.closed) + 3 * len(melds) != 14:
        raise InvalidHandError(
            f"a won hand has 14 tiles, got {len(hand.closed) + 3 * len(melds)} "
            f"({len(hand.closed)} concealed + {len(melds)} melds); the concealed tiles must "
            "include the winning tile")
    if win_tile not in hand.closed:
        raise InvalidHandError(f"the winning tile {win_tile} is not among the concealed tiles "
                               f"{tiles_to_str(hand.closed)}")
    if win.first_turn and melds:
        raise InvalidHandError("a first-turn win (tenhou, chiihou, renhou) has no melds")
    _check_red_fives(hand, rules)

    w = win_tile.kind
    counts = [0] * 34
    for tile in hand.closed:
        counts[tile.kind] += 1
    full = list(counts)
    for meld in melds:
        for tile in meld.tiles:
            full[tile.kind] += 1
    menzen = all(m.kind == "ankan" for m in melds)
    tsumo = win.tsumo
    seat, round_wind = win.seat_wind, win.round_wind
    dealer = seat == 0

    # --- dora (MJ-SCORE-02, -03; MJ-RIICHI-11) ---
    dora = sum(full[dora_from_indicator(t.kind)] for t in win.dora_indicators)
    aka = sum(1 for t in hand.closed if t.red) + sum(1 for m in melds for t in m.tiles if t.red)
    ura = 0
    if win.any_riichi and rules.uradora:
        ura = sum(full[dora_from_indicator(t.kind)] for t in win.ura_indicators)

    # --- situation yaku, shared by every interpretation ---
    situational: list[tuple[str, int]] = []
    if win.double_riichi and rules.double_riichi:
        situational.append(("double riichi", 2))
    elif win.any_riichi:
        situational.append(("riichi", 1))
    if win.open_riichi and rules.open_riichi:
        situational.append(("open riichi", 1))
    if win.ippatsu and rules.ippatsu:
        situational.append(("ippatsu", 1))
    if tsumo and menzen:
        situational.append(("menzen tsumo", 1))
    if win.haitei and (not win.rinshan or rules.haitei_on_rinshan):
        situational.append(("haitei raoyue", 1))
    if win.houtei:
        situational.append(("houtei raoyui", 1))
    if win.rinshan:
        situational.append(("rinshan kaihou", 1))
    if win.chankan:
        situational.append(("chankan", 1))

    # --- tile-level yaku ---
    tile_yaku: list[tuple[str, int]] = []
    yaochuu_total = sum(full[k] for k in TERMINALS_AND_HONORS)
    honors_total = sum(full[27:])
    if yaochuu_total == 0 and (menzen or rules.kuitan):
        tile_yaku.append(("tanyao", 1))
    suits_used = {k // 9 for k in range(27) if full[k]}
    if len(suits_used) == 1:
        if honors_total:
            tile_yaku.append(("honitsu", 3 if menzen else 2))
        else:
            tile_yaku.append(("chinitsu", 6 if menzen else 5))
    if yaochuu_total == 14 + sum(1 for m in melds if m.is_kan) and honors_total and \
            honors_total != yaochuu_total:
        tile_yaku.append(("honroutou", 2))

    situation_yakuman: list[tuple[str, int]] = []
    if win.first_turn:
        if tsumo:
            situation_yakuman.append(("tenhou" if dealer else "chiihou", 1))
        elif rules.renhou == "yakuman":
            situation_yakuman.append(("renhou", 1))
    counter = win.honba if rules.paarenchan == "counters" else win.renchan if dealer else -1
    if rules.paarenchan != "off" and counter >= rules.paarenchan_count:  # MJ-MONTREAL-15
        situation_yakuman.append(("paarenchan", 1))

    candidates: list[_Candidate] = []

    # --- kokushi musou ---
    if not melds and shanten_kokushi(counts) == -1:
        before = list(counts)
        before[w] -= 1
        thirteen = all(before[k] == 1 for k in TERMINALS_AND_HONORS)
        name = "kokushi musou juusanmen" if thirteen else "kokushi musou"
        # Situation yakuman (tenhou, chiihou, renhou, paarenchan) combine with it (MJ-SCORE-23).
        candidates.append(_Candidate([], [*situation_yakuman, (name, 1)], 0, (),
                                     tiles_to_str(hand.closed, sort=True),
                                     "13-sided" if thirteen else "tanki"))

    # --- chiitoitsu ---
    if not melds and all(c in (0, 2) for c in counts) and counts.count(2) == 7:
        yaku = [*situational, ("chiitoitsu", 2), *tile_yaku]
        yakuman = [*situation_yakuman, *_colour_yakuman(full, rules)]
        if rules.daisharin != "off":
            for suit in ((1,) if rules.daisharin == "pin" else (0, 1, 2)):
                if all(counts[suit * 9 + n] == 2 for n in range(1, 8)):
                    yakuman.append(("daisharin", 1))
        decomposition = " ".join(kind_to_str(k)[0] * 2 + SUITS[k // 9]
                                 for k in range(34) if counts[k])
        candidates.append(_Candidate(yaku, yakuman, CHIITOITSU_FU,
                                     (("chiitoitsu", CHIITOITSU_FU),), decomposition, "tanki"))

    # --- regular hands ---
    splits = split_groups(counts)
    if splits:
        meld_groups = [(m.kind, m.base) for m in melds]
        meld_codes = [m.base if m.kind == "chi" else TRIPLET + m.base for m in melds]
        kans = sum(1 for m in melds if m.is_kan)
        ankans = sum(1 for m in melds if m.kind == "ankan")
        shape_yakuman = [*situation_yakuman, *_regular_yakuman_shape(full),
                         *_colour_yakuman(full, rules)]
        if kans == 4:
            shape_yakuman.append(("suukantsu", 1))
        if not melds:
            nine_gates = _chuuren(counts, w)
            if nine_gates:
                shape_yakuman.append((nine_gates, 1))
        hand_yaku = list(situational)
        hand_yaku.extend(tile_yaku)
        for kind, name in ((HAKU, "yakuhai (haku)"), (HATSU, "yakuhai (hatsu)"),
                           (CHUN, "yakuhai (chun)")):
            if full[kind] >= 3:
                hand_yaku.append((name, 1))
        if full[27 + seat] >= 3:
            hand_yaku.append(("yakuhai (seat wind)", 1))
        if full[27 + round_wind] >= 3:
            hand_yaku.append(("yakuhai (round wind)", 1))
        if sum(1 for k in (HAKU, HATSU, CHUN) if full[k] >= 3) == 2 and \
                any(full[k] == 2 for k in (HAKU, HATSU, CHUN)):
            hand_yaku.append(("shousangen", 2))
        if kans == 3:
            hand_yaku.append(("sankantsu", 2))
        value_pair = {HAKU, HATSU, CHUN, 27 + seat, 27 + round_wind}

        for pair, groups in splits:
            all_codes = list(groups) + meld_codes
            sequences = [c for c in all_codes if c < TRIPLET]
            triplets = [c - TRIPLET for c in all_codes if c >= TRIPLET]
            decomposition_yaku: list[tuple[str, int]] = []
            seq_set = set(sequences)
            if any(n in seq_set and n + 9 in seq_set and n + 18 in seq_set for n in range(7)):
                decomposition_yaku.append(("sanshoku doujun", 2 if menzen else 1))
            if any(s in seq_set and s + 3 in seq_set and s + 6 in seq_set for s in (0, 9, 18)):
                decomposition_yaku.append(("ittsu", 2 if menzen else 1))
            trip_set = set(triplets)
            if any(n in trip_set and n + 9 in trip_set and n + 18 in trip_set for n in range(9)):
                decomposition_yaku.append(("sanshoku doukou", 2))
            if not sequences:
                decomposition_yaku.append(("toitoi", 2))
            elif all(c % 9 in (0, 6) for c in sequences) and \
                    all(k >= 27 or k % 9 in (0, 8) for k in triplets) and \
                    (pair >= 27 or pair % 9 in (0, 8)):
                if honors_total:
                    decomposition_yaku.append(("chanta", 2 if menzen else 1))
                else:
                    decomposition_yaku.append(("junchan", 3 if menzen else 2))
            if menzen:
                closed_seqs = sorted(c for c in groups if c < TRIPLET)
                twins = 0
                index = 0
                while index + 1 < len(closed_seqs):
                    if closed_seqs[index] == closed_seqs[index + 1]:
                        twins += 1
                        index += 2
                    else:
                        index += 1
                if twins == 2:
                    decomposition_yaku.append(("ryanpeikou", 3))
                elif twins == 1:
                    decomposition_yaku.append(("iipeikou", 1))
            closed_triplets = sum(1 for c in groups if c >= TRIPLET)
            text = " ".join([*(_group_str(c) for c in groups),
                             kind_to_str(pair)[0] * 2 + SUITS[pair // 9],
                             *(str(m) for m in melds)])

            # Every group the winning tile can have completed.
            placements: list[tuple[int, WaitShape]] = []
            if pair == w:
                placements.append((-1, "tanki"))
            seen_codes: set[int] = set()
            for index, code in enumerate(groups):
                if code in seen_codes:
                    continue
                if code >= TRIPLET:
                    if code - TRIPLET == w:
                        seen_codes.add(code)
                        placements.append((index, "shanpon"))
                elif code <= w <= code + 2:
                    seen_codes.add(code)
                    placements.append((index, wait_shape(code, w)))
            for win_group, shape in placements:
                concealed = closed_triplets + ankans
                if win_group >= 0 and shape == "shanpon" and not tsumo:
                    concealed -= 1
                yaku = list(hand_yaku)
                yaku.extend(decomposition_yaku)
                yakuman = list(shape_yakuman)
                if concealed == 4:
                    yakuman.append(("suuankou tanki" if shape == "tanki" else "suuankou", 1))
                elif concealed == 3:
                    yaku.append(("sanankou", 2))
                pinfu = (not melds and closed_triplets == 0 and shape == "ryanmen"
                         and pair not in value_pair)
                if pinfu:
                    yaku.append(("pinfu", 1))
                fu, items = regular_fu(
                    pair=pair, closed_groups=groups, win_group=win_group, win_shape=shape,
                    meld_groups=meld_groups, tsumo=tsumo, menzen=menzen, pinfu=pinfu,
                    rinshan=win.rinshan, seat_wind=seat, round_wind=round_wind, rules=rules)
                candidates.append(_Candidate(yaku, yakuman, fu, items, text, shape))

    if not candidates:
        if win.first_turn and tsumo and not melds and rules.shiisanputa and \
                _is_shiisanputa(counts):
            return _fixed_mangan("shiisanputa", win, rules, dora, aka, ura, hand)
        raise NotAWinError(f"{hand} is not a complete hand with {win_tile} "
                           "(four groups and a pair, seven pairs or kokushi musou)")

    best: HandScore | None = None
    best_key = (-1, False, -1, -1)
    for candidate in candidates:
        result = _value(candidate, win, rules, dora, aka, ura)
        if result is None:
            continue
        # A real yakuman beats a kazoe yakuman of the same value (MJ-MONTREAL-27: kazoe applies
        # only when the hand has no real yakuman).
        key = (result.base, bool(candidate.yakuman), result.han, result.fu)
        if key > best_key:
            best, best_key = result, key
    if win.first_turn and not tsumo and rules.renhou == "mangan":
        renhou = _fixed_mangan("renhou", win, rules, dora, aka, ura, hand)
        if best is None or renhou.base > best.base:
            return renhou
    if best is None:
        raise NoYakuError(f"{hand} won on {win_tile} has no yaku (dora are not yaku)")
    return best


def _group_str(code: int) -> str:
    if code >= TRIPLET:
        kind = code - TRIPLET
        return kind_to_str(kind)[0] * 3 + SUITS[kind // 9]
    return "".join(str(code % 9 + 1 + i) for i in range(3)) + SUITS[code // 9]


def _check_red_fives(hand: Hand, rules: Rules) -> None:
    reds = [0, 0, 0]
    for tile in hand.all_tiles:
        if tile.red:
            reds[tile.kind // 9] += 1
    for suit in range(3):
        if reds[suit] > rules.red_fives[suit]:
            raise InvalidHandError(
                f"{reds[suit]} red five{'s' if reds[suit] > 1 else ''} of {SUITS[suit]} in the hand, "
                f"but the rules have {rules.red_fives[suit]} (write 5{SUITS[suit]}, not "
                f"0{SUITS[suit]}, or choose rules with red fives)")


def _yakuman_multiple(yakuman: list[tuple[str, int]], rules: Rules) -> int:
    if not rules.multiple_yakuman:
        return 1
    total = 0
    for name, _ in yakuman:
        total += 2 if name in rules.double_yakuman else 1
    return min(total, rules.max_yakuman)


def _value(candidate: _Candidate, win: Win, rules: Rules, dora: int, aka: int,
           ura: int) -> HandScore | None:
    """The score of one interpretation, or None if it has no yaku."""
    dealer = win.is_dealer
    if candidate.yakuman:
        multiple = _yakuman_multiple(candidate.yakuman, rules)
        yaku = tuple((name, 13 * (2 if name in rules.double_yakuman and rules.multiple_yakuman
                                  else 1)) for name, _ in candidate.yakuman)
        base = 8000 * multiple
        payments, liable = _payments_with_pao(base, candidate.yakuman, win, rules, multiple)
        return HandScore(
            yaku=yaku, yakuman=multiple, han=13 * multiple, fu=candidate.fu,
            fu_items=candidate.fu_items, dora=0, aka=0, ura=0,
            limit=YAKUMAN_LIMIT_NAMES[multiple], base=base, dealer=dealer, tsumo=win.tsumo,
            payments=payments, deposits=1000 * win.deposits,
            decomposition=candidate.decomposition, wait=candidate.wait, liable=liable)
    if not candidate.yaku:
        return None
    yaku_han = sum(han for _, han in candidate.yaku)
    han = yaku_han + dora + aka + ura
    base, limit = basic_points(han, candidate.fu, rules)
    yakuman = 1 if limit == "kazoe yakuman" else 0
    payments, liable = _payments_with_pao(base, [], win, rules, 0)
    return HandScore(
        yaku=tuple(candidate.yaku), yakuman=yakuman, han=han, fu=candidate.fu,
        fu_items=candidate.fu_items, dora=dora, aka=aka, ura=ura, limit=limit, base=base,
        dealer=dealer, tsumo=win.tsumo, payments=payments, deposits=1000 * win.deposits,
        decomposition=candidate.decomposition, wait=candidate.wait, liable=liable)


def _fixed_mangan(name: str, win: Win, rules: Rules, dora: int, aka: int, ura: int,
                  hand: Hand) -> HandScore:
    """A hand worth exactly a mangan (renhou, shiisanputa: MJ-SCORE-24, MJ-MONTREAL-40)."""
    payments = hand_payments(_MANGAN, dealer=win.is_dealer, tsumo=win.tsumo, seat=win.seat_wind,
                             discarder=win.discarder, honba=win.honba, rules=rules)
    return HandScore(
        yaku=((name, 5),), yakuman=0, han=5, fu=0, fu_items=(), dora=dora, aka=aka, ura=ura,
        limit="mangan", base=_MANGAN, dealer=win.is_dealer, tsumo=win.tsumo, payments=payments,
        deposits=1000 * win.deposits, decomposition=tiles_to_str(hand.closed, sort=True),
        wait="")


def _payments_with_pao(base: int, yakuman: list[tuple[str, int]], win: Win, rules: Rules,
                       multiple: int) -> tuple[tuple[Payment, ...], tuple[Payment, ...]]:
    """Payments, with a liable player's share split off (MJ-PAO-05..07)."""
    seat, dealer, honba = win.seat_wind, win.is_dealer, win.honba
    normal = hand_payments(base, dealer=dealer, tsumo=win.tsumo, seat=seat,
                           discarder=win.discarder, honba=honba, rules=rules)
    liable_seat = win.pao_seat
    if liable_seat is None:
        return normal, ()
    pao_yakuman = [name for name, _ in yakuman if name in rules.pao]
    if pao_yakuman:
        # Only the liable yakuman are the liable player's (MJ-PAO-08); the rest is paid normally.
        liable_units = sum(2 if name in rules.double_yakuman and rules.multiple_yakuman else 1
                           for name in pao_yakuman)
        liable_units = min(liable_units, multiple)
        liable_base = 8000 * liable_units
    elif win.rinshan and "daiminkan_rinshan" in rules.pao:
        liable_units = 0
        liable_base = base
    else:
        return normal, ()
    rest_base = base - liable_base
    full_value = _ceil100(liable_base * (6 if dealer else 4))
    amounts: dict[int | None, int] = {}
    honbas: dict[int | None, int] = {}

    def add(payer: int | None, amount: int, counters: int = 0) -> None:
        amounts[payer] = amounts.get(payer, 0) + amount + counters
        honbas[payer] = honbas.get(payer, 0) + counters

    if win.tsumo:
        if liable_units == 0 and rules.pao_rinshan_payment == "tsumo_total":
            full_value = sum(p.amount - p.honba for p in hand_payments(
                liable_base, dealer=dealer, tsumo=True, seat=seat, rules=rules))
        add(liable_seat, full_value, rules.honba_points * honba)
        if rest_base:
            for p in hand_payments(rest_base, dealer=dealer, tsumo=True, seat=seat, rules=rules):
                add(p.payer, p.amount)
    else:
        discarder = win.discarder
        counters = rules.honba_points * honba
        if discarder == liable_seat:
            add(discarder, full_value, counters)
        else:
            half = full_value // 2
            counter_payer = liable_seat if rules.pao_honba_payer == "liable" else discarder
            add(liable_seat, half, counters if counter_payer == liable_seat else 0)
            add(discarder, full_value - half, counters if counter_payer == discarder else 0)
        if rest_base:
            add(discarder, _ceil100(rest_base * (6 if dealer else 4)))
    payments = tuple(Payment(payer, amount, honbas[payer]) for payer, amount in amounts.items())
    liable = tuple(p for p in payments if p.payer == liable_seat)
    return payments, liable


def seat_name(seat: int) -> str:
    """``East``, ``South``, ``West`` or ``North``."""
    return SEAT_NAMES[seat]


def wind_letter(seat: int) -> str:
    """``E``, ``S``, ``W`` or ``N``."""
    return WIND_LETTERS[seat]
