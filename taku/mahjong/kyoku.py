"""One hand (kyoku) of riichi mahjong as a state machine: from the deal to the settlement.

At every decision point :attr:`Kyoku.to_act` names the seats that must answer,
:meth:`Kyoku.legal_actions` lists what each may do, and :meth:`Kyoku.apply` plays one action (an
illegal one raises :class:`~taku.mahjong.actions.IllegalActionError` and changes nothing). When
several seats may claim a discard, each answers (``none`` passes) and the engine resolves the
claims by priority: ron over pon and kan over chi (MJ-FLOW-14). Every step is recorded as an mjai
event in :attr:`Kyoku.events` (read-only to callers: an ``EventLog`` whose events read are
copies); :meth:`Kyoku.observe` gives what one seat may see, and
:attr:`Kyoku.seats` each seat's state, read-only.

Seats are absolute (0..3, the first dealer is 0); ``dealer`` is this hand's dealer (mjai's ``oya``).

This module holds the hand's state and its turn flow (the draw, the discard, the order of
play); the rest is in parts a reader can take one at a time, each a set of functions of the
hand: ``kyoku_turn`` (what the seat to play may do), ``kyoku_claims`` (calls and ron on a
discard, their priority, riichi accepted), ``kyoku_kans`` (ankan, kakan, robbing a kan, kan
dora), ``kyoku_settlement`` (wins, draws, chombo, payments), ``kyoku_state`` (each seat's
record and its read-only view, the phases) and ``observation`` (what a seat may see).

>>> from taku.mahjong.wall import Wall
>>> kyoku = Kyoku(Wall.shuffled(1))
>>> kyoku.to_act, kyoku.events[-1]["type"], len(kyoku.seats[0].closed)
((0,), 'tsumo', 14)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from taku.mahjong.actions import Action, IllegalActionError
from taku.mahjong.errors import MahjongError
from taku.mahjong.hand import Hand
from taku.mahjong.kyoku_claims import after_claims, completes, kuikae_kinds, open_claims, resolve_claims
from taku.mahjong.kyoku_kans import ankan, kakan
from taku.mahjong.kyoku_settlement import (
    KyokuResult,
    abort,
    chombo,
    is_tenpai,
    tenpai_waits,
    tsumo_win,
    win_situation,
)
from taku.mahjong.kyoku_state import CLAIM_PHASES, YAOCHUU, Phase, SeatView, _Seat
from taku.mahjong.kyoku_turn import turn_actions, why_illegal
from taku.mahjong.observation import Event, EventLog, Observation, mask_event
from taku.mahjong.rules import Rules
from taku.mahjong.score import Win
from taku.mahjong.seats import seat_wind
from taku.mahjong.tiles import Tile, sort_tiles
from taku.mahjong.wall import DEAL, DORA, LIVE_END, RINSHAN, Wall
from taku.values import reduce_state

if TYPE_CHECKING:
    from taku.mahjong.perspective import SeatPerspective

__all__ = [
    "CLAIM_PHASES", "WIND_MJAI", "Event", "EventLog", "Kyoku", "KyokuResult", "Observation", "Phase",
    "SeatView", "kuikae_kinds", "mask_event",
]

WIND_MJAI: Final = ("E", "S", "W", "N")


class Kyoku:
    """One hand (see the module docstring).

    ``scores`` are the points at the start; ``dealer`` the dealer's seat; ``round_wind`` 0..3;
    ``hand_number`` the dealer's number in the round (1..4; mjai's ``kyoku``: East 2 is hand 2 of
    the East round); ``honba`` counters; ``deposits`` riichi sticks on the table; ``dealer_wins``
    the dealer's consecutive wins (paarenchan).
    """

    def __init__(self, wall: Wall, rules: Rules | None = None, *, dealer: int = 0,
                 round_wind: int = 0, hand_number: int | None = None, honba: int = 0, deposits: int = 0,
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
        # Read at every draw and discard: a flag each, rather than comparing the rules' text each time.
        self._clear_on_acquire = self.rules.temp_furiten_clear == "on_acquire"
        self._clear_on_discard = self.rules.temp_furiten_clear == "on_discard"
        self.wall = wall
        self.dealer = dealer
        self.round_wind = round_wind
        self.hand_number = hand_number if hand_number is not None else dealer + 1
        self.honba = honba
        self.deposits = deposits
        self.scores = list(scores)
        self.dealer_wins = dealer_wins
        self._seats = [_Seat(wall.hand(seat_wind(seat, dealer))) for seat in range(4)]
        """The engine's record of each seat (read :attr:`seats`)."""
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
        self.kakan: Action | None = None
        """The kakan being declared (it completes unless robbed)."""
        self.responses: dict[int, Action] = {}
        self.claim_options: dict[int, tuple[Action, ...]] = {}
        self.completing: set[int] = set()
        self._legal: tuple[Action, ...] | None = None
        self.result: KyokuResult | None = None
        self._events: list[Event] = []
        """The hand's record, appended to by ``_emit`` only (callers read :attr:`events`)."""
        self._masked: tuple[list[Event], ...] = ([], [], [], [])  # events as each seat sees them
        self._emit({
            "type": "start_kyoku", "bakaze": WIND_MJAI[round_wind], "kyoku": self.hand_number,
            "honba": honba, "kyotaku": deposits, "oya": dealer, "scores": list(scores),
            "dora_marker": wall.tiles[DORA[0]].mjai,
            "tehais": [[t.mjai for t in s.closed] for s in self._seats]})
        self._draw(dealer)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling, copying (see values.py): the hand's attributes, not a new deal.
        return reduce_state(self, wall=self.wall, rules=self.rules)

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

    @property
    def seats(self) -> tuple[SeatView, SeatView, SeatView, SeatView]:
        """Each seat's state now, read-only (a :class:`~taku.mahjong.kyoku_state.SeatView`
        snapshot: the referee's view, concealed tiles included)."""
        a, b, c, d = (SeatView.of(s) for s in self._seats)
        return (a, b, c, d)

    def hand_of(self, seat: int) -> Hand | None:
        """``seat``'s hand as a :class:`Hand` (None while it holds neither 13 nor 14 tiles)."""
        s = self._seats[seat]
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
            self._legal = turn_actions(self)
        return self._legal

    # --- playing ------------------------------------------------------------------------------------
    def apply(self, action: object) -> None:
        """Play ``action``; raises :class:`IllegalActionError` (changing nothing) if not legal (or
        not an :class:`Action`: the parameter takes any object, so that a compiled build names it
        in this error rather than in a TypeError of its own)."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an Action: {action!r}")
        legal = self.legal_actions(action.actor) if type(action.actor) is int and \
            0 <= action.actor <= 3 else ()
        # Players usually hand back one of the offered objects: test identity before equality.
        if not any(a is action for a in legal) and action not in legal:
            raise IllegalActionError(f"illegal action {action}: {why_illegal(self, action, legal)}")
        if self.phase in CLAIM_PHASES:
            self.responses[action.actor] = action
            if len(self.responses) == len(self.claim_options):
                resolve_claims(self)
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
                self._seats[action.actor].open_riichi = True
            self._emit(event)
            self.riichi_pending = action.actor
            self.phase = Phase.REACH
        elif kind == "hora":
            tsumo_win(self, action.actor)
        elif kind == "ankan":
            ankan(self, action)
        elif kind == "kakan":
            kakan(self, action)
        elif kind == "ryukyoku":
            abort(self, "kyushu_kyuhai")
        else:  # pragma: no cover - legal_actions offers nothing else in a turn
            raise AssertionError(kind)

    # --- events ------------------------------------------------------------------------------------
    @property
    def events(self) -> EventLog:
        """The hand's mjai events so far, read-only (each event read is a copy): the referee's
        record, which no caller can change."""
        return EventLog(self._events)

    def _emit(self, event: Event) -> None:
        self._events.append(event)

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
        s = self._seats[seat]
        if rinshan:
            tile = self.wall.tiles[RINSHAN[self.rinshan_drawn]]
            self.rinshan_drawn += 1
            self.live_end -= 1  # the last live tile moves into the dead wall (MJ-FLOW-20)
        else:
            tile = self.wall.tiles[self.draw_index]
            self.draw_index += 1
        if self._clear_on_acquire:
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

    def _discard(self, seat: int, tile: Tile, tsumogiri: bool) -> None:
        s = self._seats[seat]
        self._flush_dora()
        riichi_now = self.phase == "reach"
        s.remove(tile)
        s.discards.append(tile)
        s.discard_kinds.add(tile.kind)
        if tile.kind not in YAOCHUU:
            s.nagashi = False
        if riichi_now:
            s.riichi_discard = len(s.discards) - 1
        elif s.riichi:
            s.ippatsu = False  # the go-around after riichi is over (MJ-RIICHI-10)
        if self._clear_on_discard:
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
        open_claims(self, seat, tile)

    def _completes(self, seat: int, kind: int) -> bool:
        """Whether ``kind`` completes ``seat``'s hand (and a copy of it may still come)."""
        return completes(self, seat, kind)

    def _mark_passed_wins(self, rons: Sequence[int]) -> None:
        """Every seat the tile (a discard or a kan tile) completed and that did not ron it becomes
        temporarily furiten, and for good if in riichi (MJ-FURITEN-04/05), even when no ron was
        offered (no yaku, already furiten) and so nobody was asked."""
        for seat in self.completing:
            if seat not in rons:
                self._seats[seat].temp_furiten = True
                if self._seats[seat].riichi:
                    self._seats[seat].riichi_furiten = True

    def _after_claims(self) -> None:
        after_claims(self)

    def _break_first_go_around(self) -> None:
        self.interrupted = True
        for s in self._seats:
            s.ippatsu = False

    # --- wins ---------------------------------------------------------------------------------------
    def _win_situation(self, seat: int, *, tsumo: bool, discarder: int | None, honba: int,
                       deposits: int, houtei: bool = False, chankan: bool = False) -> Win:
        return win_situation(self, seat, tsumo=tsumo, discarder=discarder, honba=honba,
                             deposits=deposits, houtei=houtei, chankan=chankan)

    # --- draws ---------------------------------------------------------------------------------------
    def is_tenpai(self, seat: int) -> bool:
        """Whether ``seat`` (holding 13 tiles) is tenpai for the exhaustive draw (MJ-END-07): a
        wait that ``Rules.karaten`` calls empty does not count; with ``tenpai_requires_yaku``
        some wait must give a yaku."""
        return is_tenpai(self, seat)

    def tenpai_waits(self, seat: int) -> tuple[int, ...]:
        """The waits of ``seat``'s 13-tile hand that count for tenpai at an exhaustive draw: none
        whose copies are all where ``Rules.karaten`` says (his concealed tiles; those and his
        melds; or everything in sight) (MJ-END-07)."""
        return tenpai_waits(self, seat)

    def chombo(self, seat: int) -> None:
        """A referee's ruling: ``seat`` committed a chombo, which ends the hand (MJ-END-16).
        It costs a reverse mangan where the rules say so (CFG-10), else nothing (the hand is
        replayed); the match applies ``Rules.chombo_dealer``."""
        chombo(self, seat)

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
        s = self._seats[seat]
        masked = self._masked[seat]
        events = self._events
        if len(masked) < len(events):  # events are only ever appended
            masked.extend(mask_event(e, seat) for e in events[len(masked):])
        return Observation(
            seat=seat, round_wind=self.round_wind, hand_number=self.hand_number, honba=self.honba,
            deposits=self.deposits, dealer=self.dealer, scores=tuple(self.scores),
            hand=sort_tiles(s.closed), drawn=self.drawn if self.actor == seat else None,
            melds=tuple(tuple(x.melds) for x in self._seats),
            discards=tuple(tuple(x.discards) for x in self._seats),
            riichi=tuple(x.riichi for x in self._seats), dora_indicators=self.dora_indicators,
            tiles_left=self.tiles_left, last_discard=self.last_discard,
            legal_actions=self.legal_actions(seat),
            events=tuple(masked),
            open_hands=tuple(sort_tiles(x.closed) if x.open_riichi else None
                             for x in self._seats))
