"""One hand (kyoku) of riichi mahjong as a state machine: from the deal to the settlement.

At every decision point :attr:`Kyoku.to_act` names the seats that must answer,
:meth:`Kyoku.legal_actions` lists what each may do, and :meth:`Kyoku.apply` plays one action (an
illegal one raises :class:`~taku.mahjong.actions.IllegalActionError` and changes nothing). When
several seats may claim a discard, each answers (``none`` passes) and the engine resolves the
claims by priority: ron over pon and kan over chi (MJ-FLOW-14). Every step is recorded as an mjai
event in :attr:`Kyoku.events`; :meth:`Kyoku.observe` gives what one seat may see.

Seats are absolute (0..3, the first dealer is 0); ``dealer`` is this hand's dealer (mjai's ``oya``).

>>> from taku.mahjong.wall import Wall
>>> kyoku = Kyoku(Wall.shuffled(1))
>>> kyoku.to_act, kyoku.events[-1]["type"]
((0,), 'tsumo')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from taku.mahjong.actions import Action, IllegalActionError
from taku.mahjong.decompose import TRIPLET, split_groups
from taku.mahjong.errors import MahjongError, NotAWinError
from taku.mahjong.hand import Hand, Meld
from taku.mahjong.rules import Rules
from taku.mahjong.score import (
    HandScore,
    Win,
    chombo_payments,
    nagashi_mangan_score,
    score_hand,
)
from taku.mahjong.seats import seat_of_wind, seat_wind
from taku.mahjong.shanten import shanten, shanten_kokushi, waits
from taku.mahjong.tiles import TERMINALS_AND_HONORS, WINDS, Tile
from taku.mahjong.wall import DEAL, DORA, LIVE_END, RINSHAN, URA, Wall

if TYPE_CHECKING:
    from taku.mahjong.perspective import SeatPerspective

WIND_MJAI = ("E", "S", "W", "N")
_YAOCHUU = frozenset(TERMINALS_AND_HONORS)
_DRAGONS = frozenset((31, 32, 33))
_WINDS = frozenset(WINDS)

_NONE = "none"

class Phase(StrEnum):
    """Where a hand is: a seat's ``turn`` after a draw, its discard after a ``call`` or after
    declaring riichi (``reach``), the other seats answering a discard (``claim``), a kakan
    (``chankan``) or an ankan (``ankan``, kokushi only), or ``over``. A ``str``: ``phase ==
    "turn"`` holds."""

    TURN = "turn"
    CALL = "call"
    REACH = "reach"
    CLAIM = "claim"
    CHANKAN = "chankan"
    ANKAN = "ankan"
    OVER = "over"


CLAIM_PHASES = (Phase.CLAIM, Phase.CHANKAN, Phase.ANKAN)
"""The phases in which seats answer a discard or a kan tile (ron, calls, ``none``)."""

Event = dict[str, Any]


class _Seat:
    """One player's private and public state in the hand."""

    __slots__ = (
        "called_this_turn",
        "closed",
        "counts",
        "discard_kinds",
        "discards",
        "double_riichi",
        "has_discarded",
        "ippatsu",
        "kans",
        "kuikae",
        "melded",
        "melds",
        "nagashi",
        "open_riichi",
        "pao",
        "ready",
        "riichi",
        "riichi_discard",
        "riichi_furiten",
        "temp_furiten",
    )

    def __init__(self, hand: Sequence[Tile]) -> None:
        self.closed: list[Tile] = list(hand)
        self.counts = [0] * 34
        for tile in hand:
            self.counts[tile.kind] += 1
        self.melds: list[Meld] = []
        self.melded = [0] * 34
        self.discards: list[Tile] = []
        self.discard_kinds: set[int] = set()
        self.riichi = False
        self.double_riichi = False
        self.ippatsu = False
        self.temp_furiten = False
        self.riichi_furiten = False
        self.has_discarded = False
        self.nagashi = True
        self.pao: int | None = None
        self.kans = 0
        self.kuikae: frozenset[int] = frozenset()
        self.riichi_discard: int | None = None  # index in discards of the tile turned sideways
        self.open_riichi = False
        self.ready: tuple[int, tuple[int, ...]] | None = None
        """The shanten and waits of the hand when it has 3n+1 tiles (None: not known yet)."""

    def add(self, tile: Tile) -> None:
        self.closed.append(tile)
        self.counts[tile.kind] += 1
        self.ready = None

    def remove(self, tile: Tile) -> None:
        closed = self.closed
        if closed[-1] is tile:  # mostly the tile just drawn
            closed.pop()
        else:
            closed.remove(tile)
        self.counts[tile.kind] -= 1
        self.ready = None

    def readiness(self) -> tuple[int, tuple[int, ...]]:
        """The shanten of the (3n+1 tiles) hand and, when it is tenpai, its waits."""
        ready = self.ready
        if ready is None:
            value = shanten(self.counts, len(self.melds))
            ready = self.ready = (value, waits(self.counts, len(self.melds)) if value == 0 else ())
        return ready

    @property
    def is_closed(self) -> bool:
        return all(m.kind == "ankan" for m in self.melds)

    def add_meld(self, meld: Meld) -> None:
        self.ready = None
        self.melds.append(meld)
        for tile in meld.tiles:
            self.melded[tile.kind] += 1


@dataclass(frozen=True, slots=True)
class KyokuResult:
    """How a hand ended: ``outcome`` is ``hora`` or a ``ryukyoku`` reason (``exhaustive_draw``,
    ``nagashi_mangan``, ``kyushu_kyuhai``, ``suufon_renda``, ``suucha_riichi``, ``suukaikan``,
    ``sanchahou``) or ``chombo``; ``deltas`` the settlement (riichi sticks paid during the hand not
    included); ``dealer_keeps`` whether the dealer keeps the deal; ``winners`` the seats that won;
    ``tenpai`` the seats tenpai at an exhaustive draw; ``scores`` the sheets of the wins."""

    outcome: str
    deltas: tuple[int, int, int, int]
    dealer_keeps: bool
    winners: tuple[int, ...] = ()
    tenpai: tuple[int, ...] = ()
    scores: tuple[HandScore, ...] = ()
    deposits_taken: bool = False
    chombo: int | None = None


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may see at a decision point (nothing of the others' concealed tiles)."""

    seat: int
    round_wind: int
    kyoku: int
    honba: int
    deposits: int
    dealer: int
    scores: tuple[int, ...]
    hand: tuple[Tile, ...]
    drawn: Tile | None
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[Tile, ...], ...]
    riichi: tuple[bool, ...]
    dora_indicators: tuple[Tile, ...]
    tiles_left: int
    last_discard: tuple[int, Tile] | None
    legal_actions: tuple[Action, ...]
    events: tuple[Event, ...]
    open_hands: tuple[tuple[Tile, ...] | None, ...] = (None, None, None, None)
    """The concealed tiles of players in open riichi (MJ-RIICHI-13), None for the others."""

    @property
    def seat_wind(self) -> int:
        """The seat's wind in this hand, 0 East (the dealer) .. 3 North."""
        return seat_wind(self.seat, self.dealer)

    @property
    def visible_counts(self) -> tuple[int, ...]:
        """For each of the 34 kinds, the copies the seat can see: its own concealed tiles, every
        meld, every discard (a called one is counted once, in its meld), the dora indicators
        turned and the hands shown in open riichi. ``4 - n`` copies may still be anywhere else."""
        counts = [0] * 34
        for tile in self.hand:
            counts[tile.kind] += 1
        for melds in self.melds:
            for meld in melds:
                for tile in meld.tiles:
                    counts[tile.kind] += 1
                if meld.called is not None:
                    counts[meld.called.kind] -= 1  # the discard is counted below
        for discards in self.discards:
            for tile in discards:
                counts[tile.kind] += 1
        for tile in self.dora_indicators:
            counts[tile.kind] += 1
        for seat, shown in enumerate(self.open_hands):
            if shown is not None and seat != self.seat:
                for tile in shown:
                    counts[tile.kind] += 1
        return tuple(counts)


class Kyoku:
    """One hand (see the module docstring).

    ``scores`` are the points at the start; ``dealer`` the dealer's seat; ``round_wind`` 0..3;
    ``kyoku`` the dealer's number in the round (1..4); ``honba`` counters; ``deposits`` riichi
    sticks on the table; ``dealer_wins`` the dealer's consecutive wins (paarenchan).
    """

    def __init__(self, wall: Wall, rules: Rules | None = None, *, dealer: int = 0,
                 round_wind: int = 0, kyoku: int | None = None, honba: int = 0, deposits: int = 0,
                 scores: Sequence[int] = (25000, 25000, 25000, 25000), dealer_wins: int = 0) -> None:
        for name, value, low, high in (("dealer", dealer, 0, 3), ("round_wind", round_wind, 0, 3),
                                       ("honba", honba, 0, None), ("deposits", deposits, 0, None)):
            if type(value) is not int or value < low or (high is not None and value > high):
                raise MahjongError(f"{name} must be an integer {low}..{high or 'up'}, got {value!r}")
        if len(scores) != 4 or any(type(s) is not int for s in scores):
            raise MahjongError(f"scores are four integers, got {scores!r}")
        if not isinstance(wall, Wall):
            raise MahjongError(f"wall must be a Wall, got {type(wall).__name__}")
        self.rules = rules or Rules()
        self.wall = wall
        self.dealer = dealer
        self.round_wind = round_wind
        self.kyoku = kyoku if kyoku is not None else dealer + 1
        self.honba = honba
        self.deposits = deposits
        self.scores = list(scores)
        self.dealer_wins = dealer_wins
        self.seats = [_Seat(wall.hand(seat_wind(seat, dealer))) for seat in range(4)]
        self.draw_index = DEAL
        self.live_end = LIVE_END
        self.rinshan_drawn = 0
        self.dora_revealed = 1
        self.pending_dora = 0
        self.kan_owners: list[int] = []
        self.interrupted = False  # a call or a kan happened (first go-around conditions)
        self.discard_count = 0
        self.first_winds: list[int] = []
        self.actor = dealer
        self.phase = Phase.TURN
        self.drawn: Tile | None = None
        self.drawn_to: tuple[int, tuple[int, ...]] = (8, ())
        """The shanten and waits of the hand of the seat that drew ``drawn``, before the draw."""
        self.rinshan = False
        self.last_discard: tuple[int, Tile] | None = None
        self.riichi_pending: int | None = None
        self.kan_tile: Tile | None = None
        self.kan_from: int | None = None  # seat a daiminkan this turn was called from
        self.responses: dict[int, Action] = {}
        self.claim_options: dict[int, tuple[Action, ...]] = {}
        self.completing: set[int] = set()
        self._legal: tuple[Action, ...] | None = None
        self.result: KyokuResult | None = None
        self.events: list[Event] = []
        self._masked: tuple[list[Event], ...] = ([], [], [], [])  # events as each seat sees them
        self._emit({
            "type": "start_kyoku", "bakaze": WIND_MJAI[round_wind], "kyoku": self.kyoku,
            "honba": honba, "kyotaku": deposits, "oya": dealer, "scores": list(scores),
            "dora_marker": wall.tiles[DORA[0]].mjai,
            "tehais": [[t.mjai for t in s.closed] for s in self.seats]})
        self._draw(dealer)

    # --- queries ----------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (see :attr:`result`)."""
        return self.phase == "over"

    @property
    def tiles_left(self) -> int:
        """Tiles left to draw in the live wall."""
        return self.live_end - self.draw_index

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        """The indicators turned so far: the dora indicator, then kan-dora indicators."""
        return tuple(self.wall.tiles[DORA[i]] for i in range(self.dora_revealed))

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must answer now (several when a discard can be claimed)."""
        if self.phase == "over":
            return ()
        if self.phase in CLAIM_PHASES:
            return tuple(s for s in self.claim_options if s not in self.responses)
        return (self.actor,)

    def hand_of(self, seat: int) -> Hand | None:
        """``seat``'s hand as a :class:`Hand` (None while it holds neither 13 nor 14 tiles)."""
        s = self.seats[seat]
        try:
            return Hand(tuple(s.closed), tuple(s.melds))
        except MahjongError:
            return None

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now (empty if it is not his decision)."""
        if self.phase == "over":
            return ()
        if self.phase in CLAIM_PHASES:
            if seat in self.responses:
                return ()
            return self.claim_options.get(seat, ())
        if seat != self.actor:
            return ()
        if self._legal is None:
            self._legal = self._turn_actions()
        return self._legal

    # --- playing ------------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Play ``action``; raises :class:`IllegalActionError` (changing nothing) if not legal."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an Action: {action!r}")
        legal = self.legal_actions(action.actor) if type(action.actor) is int and \
            0 <= action.actor <= 3 else ()
        # Players usually hand back one of the offered objects: test identity before equality.
        if not any(a is action for a in legal) and action not in legal:
            raise IllegalActionError(f"illegal action {action}: {self._why_illegal(action, legal)}")
        if self.phase in CLAIM_PHASES:
            self.responses[action.actor] = action
            if len(self.responses) == len(self.claim_options):
                self._resolve_claims()
            return
        self._legal = None
        kind = action.type
        if kind == "dahai":
            assert action.pai is not None
            self._discard(action.actor, action.pai, action.tsumogiri)
        elif kind in ("reach", "open_reach"):
            event: Event = {"type": "reach", "actor": action.actor}
            if kind == "open_reach":
                event["open"] = True
                self.seats[action.actor].open_riichi = True
            self._emit(event)
            self.riichi_pending = action.actor
            self.phase = Phase.REACH
        elif kind == "hora":
            self._tsumo_win(action.actor)
        elif kind == "ankan":
            self._ankan(action)
        elif kind == "kakan":
            self._kakan(action)
        elif kind == "ryukyoku":
            self._abort("kyushu_kyuhai")
        else:  # pragma: no cover - legal_actions offers nothing else in a turn
            raise AssertionError(kind)

    def _why_illegal(self, action: Action, legal: tuple[Action, ...]) -> str:
        """A reason for refusing ``action`` (not among ``legal``)."""
        if self.phase == "over":
            return "the hand is over"
        seat = action.actor
        if type(seat) is not int or not 0 <= seat <= 3:
            return f"actor must be a seat 0..3, got {seat!r}"
        if not legal:
            if self.phase in CLAIM_PHASES and seat in self.responses:
                return f"seat {seat} has already answered this tile"
            waiting = ", ".join(map(str, self.to_act))
            return f"it is not seat {seat}'s decision (waiting for seat {waiting})"
        same = [a for a in legal if a.type == action.type]
        if not same:
            return f"{action.type} is not possible now; legal: " + \
                ", ".join(sorted({a.type for a in legal}))
        s = self.seats[seat]
        if action.type == "dahai" and action.pai is not None:
            if s.counts[action.pai.kind] == 0 or action.pai not in s.closed:
                return f"{action.pai} is not in seat {seat}'s hand"
            if action.pai.kind in s.kuikae and self.phase == "call":
                return f"kuikae: {action.pai} may not be discarded right after the call (MJ-FLOW-16)"
            if s.riichi:
                return "after riichi the drawn tile must be discarded (MJ-RIICHI-06)"
            if self.phase == "reach":
                return f"discarding {action.pai} after riichi leaves the hand not tenpai"
            if action.tsumogiri != (any(a.tsumogiri for a in same if a.pai == action.pai)):
                return "the tsumogiri flag does not match the tile drawn"
        if action.type == "hora":
            return "the hand is not a win with a yaku here, or the player is furiten"
        return "these tiles do not make that " + action.type + "; legal: " + \
            "; ".join(str(a) for a in same)

    # --- events ------------------------------------------------------------------------------------
    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _reveal_dora(self) -> None:
        if not self.rules.kandora or self.dora_revealed >= 5:
            return
        self.dora_revealed += 1
        self._emit({"type": "dora", "dora_marker": self.wall.tiles[DORA[self.dora_revealed - 1]].mjai})

    def _flush_dora(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self._reveal_dora()

    # --- turn ------------------------------------------------------------------------------------
    def _draw(self, seat: int, rinshan: bool = False) -> None:
        s = self.seats[seat]
        if rinshan:
            tile = self.wall.tiles[RINSHAN[self.rinshan_drawn]]
            self.rinshan_drawn += 1
            self.live_end -= 1  # the last live tile moves into the dead wall (MJ-FLOW-20)
        else:
            tile = self.wall.tiles[self.draw_index]
            self.draw_index += 1
        if self.rules.temp_furiten_clear == "on_acquire":
            s.temp_furiten = False
        s.kuikae = frozenset()
        self.drawn_to = s.readiness()
        s.add(tile)
        self.actor = seat
        self.drawn = tile
        self.rinshan = rinshan
        self.phase = Phase.TURN
        self._legal = None
        self._emit({"type": "tsumo", "actor": seat, "pai": tile.mjai})

    def _turn_actions(self) -> tuple[Action, ...]:
        seat = self.actor
        s = self.seats[seat]
        drawn = self.drawn
        actions: list[Action] = []
        if self.phase == "call":
            for tile in _distinct(s.closed):
                if tile.kind not in s.kuikae:
                    actions.append(Action("dahai", seat, tile))
            return tuple(actions)
        if self.phase == "reach":
            return tuple(self._riichi_discards(seat))
        nmelds = len(s.melds)
        assert drawn is not None
        before, before_waits = self.drawn_to  # the hand before the draw
        if drawn.kind in before_waits and self._tsumo_score(seat) is not None:
            actions.append(Action("hora", seat, drawn, target=seat))
        if "kyushu_kyuhai" in self.rules.abortive_draws and not self.interrupted and \
                not s.has_discarded and sum(1 for k in _YAOCHUU if s.counts[k]) >= 9:
            actions.append(Action("ryukyoku", seat))
        can_kan = self.tiles_left > 0 and len(self.kan_owners) < 4
        if s.riichi:
            if can_kan and s.counts[drawn.kind] == 4 and self._riichi_ankan_ok(seat, drawn.kind):
                actions.append(self._ankan_action(seat, drawn.kind))
            actions.append(Action("dahai", seat, drawn, tsumogiri=True))
            return tuple(actions)
        if s.is_closed and self.scores[seat] >= self.rules.riichi_min_points and \
                self.tiles_left >= self.rules.riichi_min_tiles and before <= 1 \
                and shanten(s.counts, nmelds) <= 0 \
                and self._riichi_discards(seat):
            actions.append(Action("reach", seat))
            if self.rules.open_riichi:  # MJ-RIICHI-13: the hand is shown (1 extra han)
                actions.append(Action("open_reach", seat))
        if can_kan:
            if 4 in s.counts:
                for kind in range(34):
                    if s.counts[kind] == 4:
                        actions.append(self._ankan_action(seat, kind))
            for meld in s.melds:
                if meld.kind == "pon" and s.counts[meld.tiles[0].kind]:
                    added = next(t for t in s.closed if t.kind == meld.tiles[0].kind)
                    actions.append(Action("kakan", seat, added, meld.tiles))
        closed = s.closed
        if closed[-1] is drawn:
            rest = closed[:-1]
        else:
            rest = list(closed)
            rest.remove(drawn)
        for tile in _distinct(rest):
            actions.append(Action("dahai", seat, tile))
        actions.append(Action("dahai", seat, drawn, tsumogiri=True))
        return tuple(actions)

    def _ankan_action(self, seat: int, kind: int) -> Action:
        tiles = tuple(sorted(t for t in self.seats[seat].closed if t.kind == kind))
        return Action("ankan", seat, tiles[0], tiles)

    def _riichi_discards(self, seat: int) -> list[Action]:
        """The discards after which ``seat``'s closed hand is tenpai (riichi, MJ-RIICHI-01)."""
        s = self.seats[seat]
        counts = s.counts
        nmelds = len(s.melds)
        out = []
        drawn = self.drawn
        rest = list(s.closed)
        if drawn is not None:
            rest.remove(drawn)
        candidates = [(t, False) for t in _distinct(rest)]
        if drawn is not None:
            candidates.append((drawn, True))
        ok: dict[int, bool] = {}
        for tile, tsumogiri in candidates:
            kind = tile.kind
            if kind not in ok:
                counts[kind] -= 1
                ok[kind] = shanten(counts, nmelds) == 0
                counts[kind] += 1
            if ok[kind]:
                out.append(Action("dahai", seat, tile, tsumogiri=tsumogiri))
        return out

    def _riichi_ankan_ok(self, seat: int, kind: int) -> bool:
        """MJ-RIICHI-06: an ankan after riichi keeps the waits, and the three tiles held before the
        draw are a triplet in every reading of the hand."""
        s = self.seats[seat]
        counts = list(s.counts)
        counts[kind] -= 1  # the hand before the draw
        nmelds = len(s.melds)
        before = waits(counts, nmelds)
        after_counts = list(counts)
        after_counts[kind] -= 3
        if waits(after_counts, nmelds + 1) != before or not before:
            return False
        for wait in before:
            counts[wait] += 1
            splits = split_groups(counts)
            counts[wait] -= 1
            if not splits:  # seven pairs or kokushi: the four tiles are no triplet
                return False
            for _, groups in splits:
                if TRIPLET + kind not in groups:
                    return False
        return True

    def _discard(self, seat: int, tile: Tile, tsumogiri: bool) -> None:
        s = self.seats[seat]
        self._flush_dora()
        riichi_now = self.phase == "reach"
        s.remove(tile)
        s.discards.append(tile)
        s.discard_kinds.add(tile.kind)
        if tile.kind not in _YAOCHUU:
            s.nagashi = False
        if riichi_now:
            s.riichi_discard = len(s.discards) - 1
        elif s.riichi:
            s.ippatsu = False  # the go-around after riichi is over (MJ-RIICHI-10)
        if self.rules.temp_furiten_clear == "on_discard":
            s.temp_furiten = False
        if not self.interrupted and self.discard_count < 4:
            self.first_winds.append(tile.kind)
        self.discard_count += 1
        s.has_discarded = True
        s.kuikae = frozenset()
        self.drawn = None
        self.kan_from = None
        self.last_discard = (seat, tile)
        self._emit({"type": "dahai", "actor": seat, "pai": tile.mjai, "tsumogiri": tsumogiri})
        self._open_claims(seat, tile)

    # --- claims ---------------------------------------------------------------------------------
    def _open_claims(self, seat: int, tile: Tile) -> None:
        """Collect who may claim the discard ``tile`` of ``seat``."""
        self.phase = Phase.CLAIM
        self.responses = {}
        options: dict[int, tuple[Action, ...]] = {}
        self.completing = set()
        last = self.tiles_left == 0
        kind = tile.kind
        for offset in (1, 2, 3):
            other = (seat + offset) % 4
            o = self.seats[other]
            acts: list[Action] = []
            if self._completes(other, kind):
                self.completing.add(other)
                if self._can_ron(other, tile, seat, houtei=last):
                    acts.append(Action("hora", other, tile, target=seat))
            if not last and not o.riichi and o.counts[kind] >= 2:
                have = [t for t in o.closed if t.kind == kind]
                if len(have) >= 2:
                    for pair in sorted({tuple(sorted(p)) for p in _pairs(have)}):
                        if self._call_leaves_discard(other, pair, frozenset((kind,))):
                            acts.append(Action("pon", other, tile, pair, seat))
                if len(have) == 3 and len(self.kan_owners) < 4:
                    acts.append(Action("daiminkan", other, tile, tuple(sorted(have)), seat))
            if offset == 1 and kind < 27 and not last and not o.riichi:
                acts.extend(self._chi_actions(other, tile, seat))
            if acts:
                acts.append(Action(_NONE, other))
                options[other] = tuple(acts)
        self.claim_options = options
        if not options:
            self._mark_passed_wins(())
            self._after_claims()

    def _chi_actions(self, seat: int, tile: Tile, target: int) -> list[Action]:
        s = self.seats[seat]
        kind = tile.kind
        number = kind % 9
        out = []
        for low, high in ((kind - 2, kind - 1), (kind - 1, kind + 1), (kind + 1, kind + 2)):
            if low < kind - number or high > kind - number + 8 or not s.counts[low] or \
                    not s.counts[high]:
                continue
            firsts = {t for t in s.closed if t.kind == low}
            seconds = {t for t in s.closed if t.kind == high}
            if not firsts or not seconds:
                continue
            forbidden = kuikae_kinds(kind, (low, high))
            for a in sorted(firsts):
                for b in sorted(seconds):
                    if self._call_leaves_discard(seat, (a, b), forbidden):
                        out.append(Action("chi", seat, tile, (a, b), target))
        return out

    def _call_leaves_discard(self, seat: int, consumed: Sequence[Tile], forbidden: frozenset[int]) -> bool:
        """Kuikae (MJ-FLOW-16): a call is legal only if some tile may be discarded after it."""
        counts = list(self.seats[seat].counts)
        for t in consumed:
            counts[t.kind] -= 1
        return any(n for k, n in enumerate(counts) if n and k not in forbidden)

    def _completes(self, seat: int, kind: int) -> bool:
        s = self.seats[seat]
        return kind in s.readiness()[1] and s.counts[kind] + s.melded[kind] < 4

    def _is_furiten(self, seat: int) -> bool:
        s = self.seats[seat]
        if s.temp_furiten or s.riichi_furiten:
            return True
        if not s.discard_kinds:
            return False
        return any(k in s.discard_kinds for k in s.readiness()[1])

    def _can_ron(self, seat: int, tile: Tile, discarder: int, *, houtei: bool = False,
                 chankan: bool = False) -> bool:
        if self._is_furiten(seat):
            return False
        return self._ron_score(seat, tile, discarder, houtei=houtei, chankan=chankan,
                               honba=0, deposits=0) is not None

    def _resolve_claims(self) -> None:
        phase = self.phase
        rons = [s for s, a in self.responses.items() if a.type == "hora"]
        if phase == "claim":
            assert self.last_discard is not None
            discarder, tile = self.last_discard
        else:
            assert self.kan_tile is not None
            discarder, tile = self.actor, self.kan_tile
        self._mark_passed_wins(rons)
        if rons:
            rons.sort(key=lambda s: (s - discarder) % 4)
            if len(rons) == 3 and "sanchahou" in self.rules.abortive_draws:
                self._abort("sanchahou")
                return
            if self.rules.multiple_ron == "head_bump":
                rons = rons[:1]
            elif self.rules.multiple_ron == "double":
                rons = rons[:2]
            self._ron_win(rons, discarder, tile, chankan=phase in ("chankan", "ankan"))
            return
        if phase == "chankan":
            self._finish_kakan()
            return
        if phase == "ankan":
            self._finish_ankan()
            return
        self._after_claims()

    def _mark_passed_wins(self, rons: Sequence[int]) -> None:
        """Every seat the tile (a discard or a kan tile) completed and that did not ron it becomes
        temporarily furiten, and for good if in riichi (MJ-FURITEN-04/05), even when no ron was
        offered (no yaku, already furiten) and so nobody was asked."""
        for seat in self.completing:
            if seat not in rons:
                self.seats[seat].temp_furiten = True
                if self.seats[seat].riichi:
                    self.seats[seat].riichi_furiten = True

    def _after_claims(self) -> None:
        """The discard survived every ron: accept riichi, check abortive draws, then calls."""
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        if self.riichi_pending is not None:
            self._accept_riichi()
            if sum(s.riichi for s in self.seats) == 4 and "suucha_riichi" in self.rules.abortive_draws:
                self._abort("suucha_riichi")
                return
        aborts = self.rules.abortive_draws
        if "suufon_renda" in aborts and self.discard_count == 4 and len(self.first_winds) == 4 \
                and self.first_winds[0] in _WINDS and len(set(self.first_winds)) == 1:
            self._abort("suufon_renda")
            return
        if "suukaikan" in aborts and len(self.kan_owners) == 4 and len(set(self.kan_owners)) > 1:
            self._abort("suukaikan")
            return
        calls = [a for a in self.responses.values() if a.type != _NONE]
        if calls:
            call = min(calls, key=lambda a: 0 if a.type in ("pon", "daiminkan") else 1)
            self._call(call, discarder, tile)
            return
        if self.tiles_left == 0:
            self._exhaustive_draw()
            return
        self._draw((discarder + 1) % 4)

    def _accept_riichi(self) -> None:
        seat = self.riichi_pending
        assert seat is not None
        self.riichi_pending = None
        s = self.seats[seat]
        s.riichi = True
        s.ippatsu = True
        first = len(s.discards) == 1 and not self.interrupted
        s.double_riichi = first and self.rules.double_riichi
        # A furiten riichi is allowed (MJ-RIICHI-07): discard furiten stays as it is.
        self.scores[seat] -= 1000
        self.deposits += 1
        self._emit({"type": "reach_accepted", "actor": seat})

    def _break_first_go_around(self) -> None:
        self.interrupted = True
        for s in self.seats:
            s.ippatsu = False

    def _call(self, action: Action, discarder: int, tile: Tile) -> None:
        seat = action.actor
        s = self.seats[seat]
        d = self.seats[discarder]
        d.nagashi = False
        self._break_first_go_around()
        if self.rules.temp_furiten_clear == "on_acquire":
            s.temp_furiten = False
        for t in action.consumed:
            s.remove(t)
        offset = (discarder - seat) % 4
        meld = Meld(action.type, (*action.consumed, tile), tile, offset)  # type: ignore[arg-type]
        s.add_meld(meld)
        if not self.rules.nagashi_mangan_own_calls:
            s.nagashi = False  # MJ-MONTREAL-21: no call of his own
        self.actor = seat
        self.drawn = None
        self._legal = None
        self._emit({"type": action.type, "actor": seat, "target": discarder, "pai": tile.mjai,
                    "consumed": [t.mjai for t in action.consumed]})
        self._check_pao(seat, discarder, meld)
        if action.type == "daiminkan":
            self.kan_owners.append(seat)
            s.kans += 1
            self.kan_from = discarder
            self._kan_dora(open_kan=True)
            self._draw(seat, rinshan=True)
            return
        s.kuikae = kuikae_kinds(tile.kind, [t.kind for t in action.consumed])
        self.phase = Phase.CALL

    def _check_pao(self, seat: int, discarder: int, meld: Meld) -> None:
        """MJ-PAO-01..03: the discarder who completes a third dragon group, a fourth wind group or
        (where played) a fourth kan becomes liable."""
        s = self.seats[seat]
        if s.pao is not None or meld.kind not in ("pon", "daiminkan"):
            return
        kinds = [m.tiles[0].kind for m in s.melds if m.kind != "chi"]
        pao = self.rules.pao
        kind = meld.tiles[0].kind
        dragons = sum(k in _DRAGONS for k in kinds)
        winds = sum(k in _WINDS for k in kinds)
        kans = sum(m.kind in ("daiminkan", "kakan", "ankan") for m in s.melds)
        if ("daisangen" in pao and kind in _DRAGONS and dragons == 3) or \
                ("daisuushii" in pao and kind in _WINDS and winds == 4) or \
                ("suukantsu" in pao and meld.kind == "daiminkan" and kans == 4):
            s.pao = discarder

    def _kan_dora(self, open_kan: bool) -> None:
        self._flush_dora()
        if open_kan and self.rules.kandora_timing == "late_open_kans":
            self.pending_dora += 1
        else:
            self._reveal_dora()

    def _ankan(self, action: Action) -> None:
        seat = action.actor
        s = self.seats[seat]
        self._flush_dora()
        for t in action.consumed:
            s.remove(t)
        s.add_meld(Meld("ankan", action.consumed))
        if not self.rules.nagashi_mangan_own_calls:
            s.nagashi = False  # MJ-MONTREAL-21: no ankan either
        self._emit({"type": "ankan", "actor": seat, "consumed": [t.mjai for t in action.consumed]})
        self.kan_tile = action.consumed[0]
        self.drawn = None
        # Kokushi may rob an ankan (MJ-FLOW-24).
        options: dict[int, tuple[Action, ...]] = {}
        self.completing = set()
        if self.rules.kokushi_chankan_ankan:
            kind = self.kan_tile.kind
            for offset in (1, 2, 3):
                other = (seat + offset) % 4
                o = self.seats[other]
                if not o.melds and kind in _YAOCHUU and o.counts[kind] < 2:
                    o.counts[kind] += 1
                    kokushi = shanten_kokushi(o.counts) == -1
                    o.counts[kind] -= 1
                    if kokushi:
                        self.completing.add(other)
                        if self._can_ron(other, self.kan_tile, seat, chankan=True):
                            options[other] = (Action("hora", other, self.kan_tile, target=seat),
                                              Action(_NONE, other))
        if options:
            self.phase = Phase.ANKAN
            self.responses = {}
            self.claim_options = options
            return
        self._mark_passed_wins(())
        self._finish_ankan()

    def _finish_ankan(self) -> None:
        seat = self.actor
        self.kan_owners.append(seat)
        self.seats[seat].kans += 1
        self._break_first_go_around()
        self._kan_dora(open_kan=False)
        self._draw(seat, rinshan=True)

    def _kakan(self, action: Action) -> None:
        seat = action.actor
        self._flush_dora()
        assert action.pai is not None
        self._emit({"type": "kakan", "actor": seat, "pai": action.pai.mjai,
                    "consumed": [t.mjai for t in action.consumed]})
        self.kan_tile = action.pai
        self.drawn = None
        options: dict[int, tuple[Action, ...]] = {}
        self.completing = set()
        for offset in (1, 2, 3):
            other = (seat + offset) % 4
            if self._completes(other, action.pai.kind):
                self.completing.add(other)
                if self._can_ron(other, action.pai, seat, chankan=True):
                    options[other] = (Action("hora", other, action.pai, target=seat),
                                      Action(_NONE, other))
        self._kakan_action = action
        if options:
            self.phase = Phase.CHANKAN
            self.responses = {}
            self.claim_options = options
            return
        self._mark_passed_wins(())
        self._finish_kakan()

    def _finish_kakan(self) -> None:
        action = self._kakan_action
        seat = action.actor
        s = self.seats[seat]
        assert action.pai is not None
        s.remove(action.pai)
        index = next(i for i, m in enumerate(s.melds) if m.kind == "pon" and m.tiles == action.consumed)
        pon = s.melds[index]
        s.melds[index] = pon.with_added(action.pai)
        s.melded[action.pai.kind] += 1
        self.kan_owners.append(seat)
        s.kans += 1
        self._break_first_go_around()
        self._kan_dora(open_kan=True)
        self._draw(seat, rinshan=True)

    # --- wins ---------------------------------------------------------------------------------------
    def _win_situation(self, seat: int, *, tsumo: bool, discarder: int | None, honba: int,
                       deposits: int, houtei: bool = False, chankan: bool = False) -> Win:
        s = self.seats[seat]
        dealer = self.dealer
        riichi = s.riichi
        last = self.tiles_left == 0
        haitei = tsumo and last and (not self.rinshan or self.rules.haitei_on_rinshan)
        # A robbed kan is a kan declaration: the win is chankan, never a first-turn win (renhou),
        # even when a kokushi robs an ankan before anyone called (MJ-FLOW-24).
        first_turn = not self.interrupted and not s.has_discarded and not riichi and not chankan
        pao = s.pao
        if pao is None and tsumo and self.rinshan and self.kan_from is not None:
            pao = self.kan_from  # MJ-PAO-04 (the scorer applies it only where the rules say)
        ura = tuple(self.wall.tiles[URA[i]] for i in range(self.dora_revealed)) \
            if riichi and self.rules.uradora else ()
        return Win(
            tsumo=tsumo, riichi=riichi and not s.double_riichi, double_riichi=s.double_riichi,
            open_riichi=riichi and s.open_riichi,
            ippatsu=s.ippatsu and self.rules.ippatsu and riichi, rinshan=tsumo and self.rinshan,
            chankan=chankan, haitei=haitei, houtei=houtei and not tsumo, first_turn=first_turn,
            seat_wind=seat_wind(seat, dealer), round_wind=self.round_wind,
            dora_indicators=self.dora_indicators, ura_indicators=ura, honba=honba,
            deposits=deposits, discarder=None if discarder is None else seat_wind(discarder, dealer),
            pao_seat=None if pao is None or pao == seat else seat_wind(pao, dealer),
            renchan=self.dealer_wins)

    def _tsumo_score(self, seat: int, honba: int = 0, deposits: int = 0) -> HandScore | None:
        s = self.seats[seat]
        assert self.drawn is not None
        if self.pending_dora and self.rinshan and self.rules.late_kandora_on_rinshan:
            # MJ-MONTREAL-11: a rinshan win counts the kan's new dora (revealed as it wins).
            saved = self.dora_revealed
            self.dora_revealed = min(5, self.dora_revealed + self.pending_dora)
        else:
            saved = None
        try:
            win = self._win_situation(seat, tsumo=True, discarder=None, honba=honba,
                                      deposits=deposits)
            return score_hand(Hand(tuple(s.closed), tuple(s.melds)), self.drawn, win, self.rules)
        except NotAWinError:
            return None
        finally:
            if saved is not None:
                self.dora_revealed = saved

    def _ron_score(self, seat: int, tile: Tile, discarder: int, *, houtei: bool, chankan: bool,
                   honba: int, deposits: int) -> HandScore | None:
        s = self.seats[seat]
        try:
            win = self._win_situation(seat, tsumo=False, discarder=discarder, honba=honba,
                                      deposits=deposits, houtei=houtei, chankan=chankan)
            return score_hand(Hand((*s.closed, tile), tuple(s.melds)), tile, win, self.rules)
        except NotAWinError:
            return None

    def _hora_event(self, seat: int, target: int, tile: Tile, score: HandScore,
                    deltas: list[int], ura: bool) -> Event:
        event: Event = {"type": "hora", "actor": seat, "target": target, "pai": tile.mjai,
                        "deltas": deltas,
                        "ura_markers": [self.wall.tiles[URA[i]].mjai for i in range(self.dora_revealed)]
                        if ura else []}
        # ``yakuman`` counts yakuman yaku: a kazoe yakuman (ordinary yaku, 13+ han) has none, as
        # Tenhou's records state it.
        event.update(fu=score.fu, han=score.han,
                     yakuman=0 if score.limit == "kazoe yakuman" else score.yakuman,
                     yaku=[[name, han] for name, han in score.yaku], dora=score.dora, aka=score.aka,
                     ura=score.ura)
        if score.liable:
            payer = score.liable[0].payer
            if payer is not None:
                event["pao"] = seat_of_wind(payer, self.dealer)
        if target != seat:
            event["tsumo"] = False
        else:
            event["tsumo"] = True
        return event

    def _settle_score(self, seat: int, score: HandScore) -> list[int]:
        deltas = [0, 0, 0, 0]
        for payment in score.payments:
            if payment.payer is not None:
                deltas[seat_of_wind(payment.payer, self.dealer)] -= payment.amount
        deltas[seat] += score.total + score.deposits
        return deltas

    def _tsumo_win(self, seat: int) -> None:
        if self.rinshan and self.rules.late_kandora_on_rinshan:
            self._flush_dora()
        score = self._tsumo_score(seat, self.honba, self.deposits)
        assert score is not None and self.drawn is not None
        deltas = self._settle_score(seat, score)
        self.deposits = 0
        self._emit(self._hora_event(seat, seat, self.drawn, score, deltas, self.seats[seat].riichi))
        self._finish(KyokuResult("hora", _four(deltas), seat == self.dealer, (seat,), (), (score,), True))

    def _ron_win(self, winners: list[int], discarder: int, tile: Tile, chankan: bool) -> None:
        total = [0, 0, 0, 0]
        scores = []
        houtei = not chankan and self.tiles_left == 0
        sticks = self.deposits
        share = [0] * len(winners)
        if self.rules.deposit_multi_ron == "split":
            for i in range(sticks):
                share[i % len(winners)] += 1
        else:
            share[0] = sticks
        for i, seat in enumerate(winners):
            honba = self.honba if i == 0 or self.rules.honba_multi_ron == "each" else 0
            score = self._ron_score(seat, tile, discarder, houtei=houtei, chankan=chankan,
                                    honba=honba, deposits=share[i])
            assert score is not None
            deltas = self._settle_score(seat, score)
            for j in range(4):
                total[j] += deltas[j]
            scores.append(score)
            self._emit(self._hora_event(seat, discarder, tile, score, deltas, self.seats[seat].riichi))
        self.deposits = 0
        self._finish(KyokuResult("hora", _four(total), self.dealer in winners, tuple(winners), (),
                                 tuple(scores), True))

    # --- draws ---------------------------------------------------------------------------------------
    def _abort(self, reason: str) -> None:
        self._emit({"type": "ryukyoku", "reason": reason, "deltas": [0, 0, 0, 0]})
        self._finish(KyokuResult(reason, (0, 0, 0, 0), True))

    def is_tenpai(self, seat: int) -> bool:
        """Whether ``seat`` (holding 13 tiles) is tenpai for the exhaustive draw (MJ-END-07): a
        wait that ``Rules.karaten`` calls empty does not count; with ``tenpai_requires_yaku``
        some wait must give a yaku."""
        s = self.seats[seat]
        found = self.tenpai_waits(seat)
        if not found or not self.rules.tenpai_requires_yaku:
            return bool(found)
        hand_melds = tuple(s.melds)
        for kind in found:
            tile = Tile(kind)
            try:
                score_hand(Hand((*s.closed, tile), hand_melds), tile,
                           Win(seat_wind=seat_wind(seat, self.dealer), round_wind=self.round_wind,
                               riichi=s.riichi and not s.double_riichi,
                               double_riichi=s.double_riichi), self.rules)
                return True
            except NotAWinError:
                continue
        return False

    def tenpai_waits(self, seat: int) -> tuple[int, ...]:
        """The waits of ``seat``'s 13-tile hand that count for tenpai at an exhaustive draw: none
        whose copies are all where ``Rules.karaten`` says (his concealed tiles; those and his
        melds; or everything in sight) (MJ-END-07)."""
        s = self.seats[seat]
        karaten = self.rules.karaten
        if karaten == "concealed":  # a fifth copy of a concealed kind is never a wait
            return waits(s.counts, len(s.melds))
        found = waits(s.counts, len(s.melds), melded=s.melded)
        if karaten == "held" or not found:
            return found
        seen = self._visible_counts()
        return tuple(kind for kind in found if s.counts[kind] + seen[kind] < 4)

    def _visible_counts(self) -> list[int]:
        """Copies of each kind in sight: every meld, every discard (a called one once) and the
        dora indicators turned."""
        seen = [0] * 34
        for x in self.seats:
            for kind, count in enumerate(x.melded):
                seen[kind] += count
            for tile in x.discards:
                seen[tile.kind] += 1
            for meld in x.melds:
                if meld.called is not None:  # that discard is in the meld too
                    seen[meld.called.kind] -= 1
        for tile in self.dora_indicators:
            seen[tile.kind] += 1
        return seen

    def _exhaustive_draw(self) -> None:
        tenpai = tuple(seat for seat in range(4) if self.is_tenpai(seat))
        deltas = [0, 0, 0, 0]
        nagashi = [seat for seat in range(4) if self.rules.nagashi_mangan and self.seats[seat].nagashi
                   and self.seats[seat].discards]
        if nagashi:
            for seat in nagashi:
                score = nagashi_mangan_score(seat_wind(seat, self.dealer), self.rules)
                for j, d in enumerate(self._settle_score(seat, score)):
                    deltas[j] += d
            reason = "nagashi_mangan"
        else:
            reason = "exhaustive_draw"
            if 0 < len(tenpai) < 4:
                gain = 3000 // len(tenpai)
                loss = 3000 // (4 - len(tenpai))
                for seat in range(4):
                    deltas[seat] = gain if seat in tenpai else -loss
        policy = self.rules.renchan
        dealer_tenpai = self.dealer in tenpai
        keeps = dealer_tenpai if policy == "tenpai" else \
            (dealer_tenpai or self.round_wind > 0) if policy == "nanba" else False
        self._emit({"type": "ryukyoku", "reason": reason, "deltas": deltas,
                    "tenpais": [seat in tenpai for seat in range(4)]})
        self._finish(KyokuResult(reason, _four(deltas), keeps, (), tenpai))

    def chombo(self, seat: int) -> None:
        """A referee's ruling: ``seat`` committed a chombo, which ends the hand (MJ-END-16).
        It costs a reverse mangan where the rules say so (CFG-10), else nothing (the hand is
        replayed); the match applies ``Rules.chombo_dealer``."""
        if self.phase == "over":
            raise IllegalActionError("the hand is over")
        if type(seat) is not int or not 0 <= seat <= 3:
            raise IllegalActionError(f"chombo: seat must be 0..3, got {seat!r}")
        deltas = [0, 0, 0, 0]
        if self.rules.chombo_payment == "reverse_mangan":
            for payment in chombo_payments(seat_wind(seat, self.dealer)):
                assert payment.payer is not None
                receiver = seat_of_wind(payment.payer, self.dealer)
                deltas[receiver] += payment.amount
                deltas[seat] -= payment.amount
        # Riichi sticks placed this hand go back (the hand does not count).
        self._emit({"type": "ryukyoku", "reason": "chombo", "actor": seat, "deltas": deltas})
        self._finish(KyokuResult("chombo", _four(deltas), self.rules.chombo_dealer == "replay"
                                 or seat != self.dealer, chombo=seat))

    def _finish(self, result: KyokuResult) -> None:
        for seat in range(4):
            self.scores[seat] += result.deltas[seat]
        self.result = result
        self.phase = Phase.OVER
        self.claim_options = {}
        self._legal = None
        self._emit({"type": "end_kyoku"})

    # --- views ----------------------------------------------------------------------------------------
    def seen_by(self, seat: int) -> SeatPerspective:
        """``seat``'s perspective of the hand so far, built from the events ``seat`` sees (a
        :class:`~taku.mahjong.perspective.SeatPerspective`: the state an mjai bot or a learning
        environment keeps, which knows nothing of the others' concealed tiles)."""
        from taku.mahjong.perspective import SeatPerspective  # it builds on Kyoku
        perspective = SeatPerspective(seat, self.rules, dealer_wins=self.dealer_wins)
        for event in self.observe(seat).events:
            perspective.update(event)
        return perspective

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may see now: his own tiles, everything public, and his legal actions."""
        if type(seat) is not int or not 0 <= seat <= 3:
            raise MahjongError(f"seat must be 0..3, got {seat!r}")
        s = self.seats[seat]
        masked = self._masked[seat]
        events = self.events
        if len(masked) < len(events):  # events are only ever appended
            masked.extend(mask_event(e, seat) for e in events[len(masked):])
        return Observation(
            seat=seat, round_wind=self.round_wind, kyoku=self.kyoku, honba=self.honba,
            deposits=self.deposits, dealer=self.dealer, scores=tuple(self.scores),
            hand=tuple(sorted(s.closed)), drawn=self.drawn if self.actor == seat else None,
            melds=tuple(tuple(x.melds) for x in self.seats),
            discards=tuple(tuple(x.discards) for x in self.seats),
            riichi=tuple(x.riichi for x in self.seats), dora_indicators=self.dora_indicators,
            tiles_left=self.tiles_left, last_discard=self.last_discard,
            legal_actions=self.legal_actions(seat),
            events=tuple(masked),
            open_hands=tuple(tuple(sorted(x.closed)) if x.open_riichi else None
                             for x in self.seats))


def kuikae_kinds(called: int, consumed: Sequence[int]) -> frozenset[int]:
    """The kinds a player may not discard right after calling kind ``called`` with the kinds
    ``consumed`` (MJ-FLOW-16, kuikae): the called kind, and after a chi that takes an end of the
    run, the kind one step beyond the run's other end (3m4m + 5m forbids 5m and 2m).

    >>> sorted(kuikae_kinds(4, (2, 3))), sorted(kuikae_kinds(4, (3, 5))), sorted(kuikae_kinds(4, (4, 4)))
    ([1, 4], [4], [4])
    """
    kinds = {called}
    if len(consumed) == 2 and consumed[0] != consumed[1]:  # a chi
        low, high = min(consumed), max(consumed)
        number = called % 9
        if high == called - 1 and number >= 3:
            kinds.add(called - 3)
        elif low == called + 1 and number <= 5:
            kinds.add(called + 3)
    return frozenset(kinds)


def mask_event(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` sees it: other players' draws and starting hands are ``?``. Always a
    new ``dict`` (its lists copied too): a player who changes it changes no record."""
    kind = event["type"]
    if kind == "tsumo" and event["actor"] != seat:
        return {**event, "pai": "?"}
    if kind == "start_kyoku":
        return {**event, "scores": list(event["scores"]),
                "tehais": [list(hand) if i == seat else ["?"] * len(hand)
                           for i, hand in enumerate(event["tehais"])]}
    return {key: _copy(value) for key, value in event.items()}


def _copy(value: Any) -> Any:
    """A copy of an event's value: lists (of lists) copied, strings and numbers shared."""
    if type(value) is list:
        return [_copy(item) for item in value]
    return value


def _distinct(tiles: Sequence[Tile]) -> list[Tile]:
    """The different tiles of ``tiles`` (a red five apart from the others), in tile order."""
    found = {t.kind * 2 + 1 - t.red: t for t in tiles}  # a red five first
    return [found[key] for key in sorted(found)]


def _pairs(tiles: list[Tile]) -> list[tuple[Tile, Tile]]:
    return [(tiles[i], tiles[j]) for i in range(len(tiles)) for j in range(i + 1, len(tiles))]


def _four(values: Sequence[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])
