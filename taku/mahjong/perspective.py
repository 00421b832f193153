"""One seat's view of a hand, followed from the events that seat sees: what the mjai bot, an mjai
seat at the server and a learning environment need.

:class:`SeatPerspective` reads the mjai events of one seat (others' draws and hands hidden, ``?``;
the engine's own :meth:`~taku.mahjong.kyoku.Kyoku.observe` gives them so) and knows, from them
alone, that seat's hand, every meld and discard, the dora, riichi, scores, the tiles left,
furiten, kuikae and what the seat may do now (:attr:`SeatPerspective.legal_actions`), and builds
the :class:`~taku.mahjong.kyoku.Observation` any taku player chooses from. An event that does not
fit the hand so far raises :class:`EventError` naming it. :meth:`Kyoku.seen_by
<taku.mahjong.kyoku.Kyoku.seen_by>` gives the perspective of one seat of a hand in play.

It does so by running the table engine itself on a *shadow* hand: a
:class:`~taku.mahjong.kyoku.Kyoku` dealt the seat's own tiles and the known dora indicator, the
unknown places filled with arbitrary tiles (a hand started from an unknown wall). The seat's own
draws and every revealed indicator are written in as the events show them, and the other seats
are puppets: before each of their actions their (invented) concealed tiles are changed to hold
what the action shows, and the action is accepted as the events say. So every rule of the engine
(furiten, kuikae, haitei, kan dora, riichi conditions, yaku for a win) applies to the seat
unchanged, and none of the seat's decisions depends on the invented tiles: they decide nothing
but the puppets' own options, which are never offered.

>>> from taku.mahjong.kyoku import Kyoku
>>> from taku.mahjong.wall import Wall
>>> table = Kyoku(Wall.shuffled(5))
>>> east = SeatPerspective(0)
>>> for event in table.observe(0).events:
...     east.update(event)
>>> east.legal_actions == table.legal_actions(0)
True
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from taku.mahjong.actions import Action, match_action
from taku.mahjong.errors import MahjongError
from taku.mahjong.kyoku import CLAIM_PHASES, WIND_MJAI, Event, Kyoku, Observation, Phase
from taku.mahjong.rules import Rules
from taku.mahjong.score import Win
from taku.mahjong.seats import seat_wind
from taku.mahjong.shanten import shanten
from taku.mahjong.tiles import Tile, tiles_to_str
from taku.mahjong.wall import DEAL_ORDER, DORA, Wall
from taku.values import reduce_state

_EVENT_TYPES = frozenset({
    "start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan",
    "dora", "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game", "none"})
"""The mjai event types a bot is sent (``none`` is ignored)."""
_SETTLE_SKIP = ("reach_accepted", "dora")
"""Events that may come between a discard (or kan) and what the claims decided."""


MAX_COUNTERS = 99
"""The most counters (honba) or riichi sticks (kyotaku) a ``start_kyoku`` may carry: no table
reaches more."""


class EventError(MahjongError):
    """An event a seat cannot follow: not an event, or an event that does not fit the game so far
    (the message names the event and says why); the mjai client's ``EventError``."""


class _ShadowKyoku(Kyoku):
    """A Kyoku whose other seats are puppets: :attr:`forced` is accepted from its actor, and every
    discard waits for the puppets' answers (so that a call shown later can still be made)."""

    # The parameters are spelled out (not ``**kwargs``): a compiled class passes them on to the
    # compiled base class only so.
    def __init__(self, wall: Wall, rules: Rules, *, seat: int, dealer: int, round_wind: int,
                 hand_number: int | None, honba: int, deposits: int, scores: Sequence[int],
                 dealer_wins: int) -> None:
        self.forced: Action | None = None
        self.own_seat = seat
        self.shown_dora = 1
        """How many indicators the events have shown."""
        self._holding = False
        super().__init__(wall, rules, dealer=dealer, round_wind=round_wind, hand_number=hand_number,
                         honba=honba, deposits=deposits, scores=scores, dealer_wins=dealer_wins)

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_state(self, wall=self.wall, rules=self.rules, seat=self.own_seat,
                            dealer=self.dealer, round_wind=self.round_wind,
                            hand_number=self.hand_number, honba=self.honba, deposits=self.deposits,
                            scores=self.scores, dealer_wins=self.dealer_wins)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        forced = self.forced
        if forced is not None and forced.actor == seat:
            return (forced,)
        return super().legal_actions(seat)

    def _win_situation(self, seat: int, *, tsumo: bool, discarder: int | None, honba: int,
                       deposits: int, houtei: bool = False, chankan: bool = False) -> Win:
        # Whether a hand wins never depends on unrevealed indicators: leave out the ura-dora and
        # any kan-dora the events have not shown (invented tiles there could even break the count
        # of four copies of a kind).
        win = super()._win_situation(seat, tsumo=tsumo, discarder=discarder, honba=honba,
                                     deposits=deposits, houtei=houtei, chankan=chankan)
        return dataclasses.replace(win, ura_indicators=(),
                                   dora_indicators=win.dora_indicators[:self.shown_dora])

    def _completes(self, seat: int, kind: int) -> bool:
        # A puppet's invented tiles never win (its real wins arrive as hora events).
        return seat == self.own_seat and super()._completes(seat, kind)

    def is_tenpai(self, seat: int) -> bool:
        return seat == self.own_seat and super().is_tenpai(seat)

    def _draw(self, seat: int, rinshan: bool = False) -> None:
        super()._draw(seat, rinshan)
        s = self._seats[seat]
        drawn = self.drawn
        assert drawn is not None
        if s.counts[drawn.kind] > 4:
            # An invented tile must not make a fifth copy (the real tile is written in later).
            spare = Tile(s.counts.index(0))
            s.counts[drawn.kind] -= 1
            s.counts[spare.kind] += 1
            s.closed[-1] = spare
            s.ready = None
            self.drawn = spare

    def _open_claims(self, seat: int, tile: Tile) -> None:
        self._holding = True
        try:
            super()._open_claims(seat, tile)
        finally:
            self._holding = False
        options = dict(self.claim_options)
        for other in range(4):
            if other not in (seat, self.own_seat) and other not in options:
                options[other] = (Action("none", other),)
        self.claim_options = options
        self.phase = Phase.CLAIM
        self.responses = {}

    def _after_claims(self) -> None:
        if self._holding:  # nobody could claim: wait for the puppets' passes all the same
            return
        super()._after_claims()


def _show(value: Any, limit: int = 200) -> str:
    """``value`` as short JSON for an error message (deep or odd values never raise)."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= limit else text[:limit] + "..."


def _tile(value: Any, what: str) -> Tile:
    if not isinstance(value, str):
        raise EventError(f"{what}: expected an mjai tile, got {_show(value)}")
    try:
        return Tile.from_mjai(value)
    except MahjongError as error:
        raise EventError(f"{what}: {error}") from None


def _seat_field(event: Event, key: str) -> int:
    value = event.get(key)
    if type(value) is not int or not 0 <= value <= 3:
        raise EventError(f"{event['type']} event: {key} must be a seat 0..3, got {_show(value)}")
    return value


class SeatPerspective:
    """One seat's view of a hand, built from its events (see the module docstring)."""

    def __init__(self, seat: int | None = None, rules: Rules | None = None, *,
                 dealer_wins: int = 0) -> None:
        """``seat`` may come later (a ``start_game`` event with ``id``); ``dealer_wins`` are the
        dealer's consecutive wins before the first hand followed (paarenchan)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
            raise EventError(f"seat must be 0..3, got {seat!r}")
        self.seat = seat
        self.rules = rules or Rules()
        self.kyoku: _ShadowKyoku | None = None
        self.events: list[Event] = []
        """The events of the current hand, as received."""
        self.game_over = False
        self._answered = False
        self._awaiting_tsumo: int | None = None
        """The seat the shadow has drawn for whose tsumo event has not come yet."""
        self._tsumo_seen_at = -1
        """How many shadow events there were when the last tsumo event came."""
        self._reach_waiting: set[int] = set()
        """Seats whose reach has not been accepted yet."""
        self._seen: Counter[Tile] = Counter()
        """Every physical tile the events have shown this hand (a red five apart from the plain)."""
        self._dora_seen = 0
        self._horas: list[tuple[int, int, Tile]] = []
        """The hand's hora events so far: (actor, target, tile)."""
        self._dealer_wins = dealer_wins
        self._last_dealer: int | None = None
        self._dealer_won = False

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_state(self)

    # --- input ------------------------------------------------------------------------------------
    def update(self, event: Any) -> None:
        """Follow one mjai event; raises :class:`EventError` if it does not fit."""
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise EventError(f"not an mjai event object: {_show(event)}")
        kind = event["type"]
        try:
            self._update(kind, event)
        except EventError:
            raise
        except (MahjongError, KeyError, TypeError, ValueError, IndexError, AssertionError) as error:
            raise EventError(f"{kind} event {_show(event)}: {error}") from error

    def _update(self, kind: str, event: Event) -> None:
        if kind not in _EVENT_TYPES:
            raise EventError(f"unknown mjai event type {_show(kind)}")
        if type(event.get("can_act", False)) is not bool:
            raise EventError(f"{kind} event: can_act must be true or false, got "
                                    f"{_show(event['can_act'])}")
        if kind == "none":
            return
        if kind == "start_game":
            if "id" in event:
                self.seat = _seat_field(event, "id")
            self.game_over = False
            self.kyoku = None
            self._last_dealer = None
            self._dealer_wins = 0
            return
        if kind == "start_kyoku":
            self._start_kyoku(event)
            return
        if kind == "end_game":
            self.game_over = True
            self.kyoku = None
            return
        kyoku = self.kyoku
        if kyoku is None:
            if kind in ("hora", "ryukyoku", "end_kyoku"):
                return
            raise EventError(f"{kind} event outside a hand: {_show(event)}")
        if kind in _SETTLE_SKIP:
            self._announcement(kyoku, kind, event)
            return
        if kind == "hora":
            self._check_hora(kyoku, event)
        if kyoku.is_over:
            if kind in ("hora", "ryukyoku", "end_kyoku"):
                return
            raise EventError(f"{kind} event outside a hand: {_show(event)}")
        self.events.append(event)
        if kind in ("hora", "ryukyoku", "end_kyoku"):
            if kind == "hora" and event.get("actor") == kyoku.dealer:
                self._dealer_won = True
            kyoku.phase = Phase.OVER  # the table settles the hand; the next start_kyoku says how
            self._touched()
            return
        self._see_event(kind, event)
        if kyoku.phase in CLAIM_PHASES:
            self._settle(kyoku, kind, event)
            if kind in ("chi", "pon", "daiminkan"):
                return
        if kind == "tsumo":
            actor = _seat_field(event, "actor")
            if kyoku.phase != "turn" or kyoku.actor != actor:
                raise EventError(f"tsumo of seat {actor} but the hand waits for "
                                        f"seat(s) {list(kyoku.to_act)} ({kyoku.phase})")
            if self._awaiting_tsumo != actor:
                raise EventError(f"tsumo of seat {actor} but seat {actor} has already drawn")
            self._tsumo_seen_at = len(kyoku.events)
            if actor == self.seat:
                self._set_drawn(actor, _tile(event.get("pai"), "tsumo"))
            self._touched()
            return
        if kind in ("dahai", "reach", "kakan", "ankan"):
            self._turn_action(kyoku, kind, event)
            return
        raise EventError(f"{kind} but there is no discard to call")

    def _check_hora(self, kyoku: _ShadowKyoku, event: Event) -> None:
        """A ``hora`` must be a win that can happen now: the seat's own win must be one of its
        legal actions (its hand complete with the tile, a yaku, not furiten); another seat's
        tsumo comes in its turn, its ron on the tile just discarded (or robbed from a kan) by the
        target; a second ron (double ron) on the same tile from the same target, by another seat,
        where the rules allow it. Anything else raises :class:`EventError`."""
        actor = _seat_field(event, "actor")
        target = _seat_field(event, "target")
        pai = _tile(event.get("pai"), "hora pai")
        name = f"hora by seat {actor} on {pai.mjai} from seat {target}"
        if kyoku.is_over:
            first = self._horas[0] if self._horas else None
            if first is None:
                raise EventError(f"{name} after the hand has ended")
            most = {"head_bump": 1, "double": 2}.get(self.rules.multiple_ron, 3)
            if first[0] == first[1] or target != first[1] or pai.kind != first[2].kind \
                    or any(actor == seen[0] for seen in self._horas) or actor == target \
                    or len(self._horas) >= most:
                raise EventError(f"{name} cannot follow the hand's earlier hora "
                                        f"(seat {first[0]} on {first[2].mjai} from seat {first[1]})")
            self._horas.append((actor, target, pai))
            return
        phase = kyoku.phase
        if actor == target:
            if phase != "turn" or kyoku.actor != actor or kyoku.drawn is None:
                raise EventError(f"{name}: a tsumo, but it is not seat {actor}'s turn to "
                                        f"win on a draw ({phase}, seat {kyoku.actor})")
        else:
            if phase not in CLAIM_PHASES:
                raise EventError(f"{name}: a ron, but there is no discard or kan to win on")
            if phase == "claim":
                assert kyoku.last_discard is not None
                source, tile = kyoku.last_discard
            else:
                assert kyoku.kan_tile is not None
                source, tile = kyoku.actor, kyoku.kan_tile
            if target != source or pai.kind != tile.kind:
                raise EventError(f"{name}: a ron, but the tile to win on is {tile.mjai} "
                                        f"from seat {source}")
        if actor == self.seat:
            legal = kyoku.legal_actions(actor) if phase == "turn" else kyoku.claim_options.get(actor, ())
            if not any(a.type == "hora" and a.pai is not None and a.pai.kind == pai.kind for a in legal):
                seat = kyoku._seats[actor]
                counts = list(seat.counts)
                if actor != target:
                    counts[pai.kind] += 1
                hand = tiles_to_str(sorted((*seat.closed, *(() if actor == target else (pai,)))))
                if shanten(counts, len(seat.melds)) > -1:
                    raise EventError(f"{name}: seat {actor}'s hand {hand} is not complete")
                raise EventError(f"{name}: not a win seat {actor} may make now (no yaku, "
                                        "or furiten)")
        elif actor == target:
            self._see((pai,), "hora")  # the drawn tile shown for the first time
        self._horas.append((actor, target, pai))

    def _announcement(self, kyoku: _ShadowKyoku, kind: str, event: Event) -> None:
        """A ``reach_accepted`` or ``dora`` event: it must follow a reach or kan it belongs to."""
        if kind == "reach_accepted":
            actor = _seat_field(event, "actor")
            if actor not in self._reach_waiting:
                raise EventError(f"reach_accepted of seat {actor} but seat {actor} has no "
                                        "reach waiting to be accepted")
            self._reach_waiting.discard(actor)
        else:
            kans = sum(e.get("type") in ("ankan", "kakan", "daiminkan") for e in self.events)
            if self._dora_seen >= kans:
                raise EventError(f"dora event but no kan is waiting for its indicator "
                                        f"({kans} kan(s), {self._dora_seen} dora event(s))")
            marker = _tile(event.get("dora_marker"), "dora")
            self._see((marker,), "dora")
            self._dora_seen += 1
            kyoku.shown_dora = min(len(DORA), self._dora_seen + 1)
            self._write_wall(DORA[self._dora_seen], marker)
        if not kyoku.is_over:
            self.events.append(event)

    def _see_event(self, kind: str, event: Event) -> None:
        """Count the tiles ``event`` shows for the first time (the seat's own tiles are counted
        when dealt or drawn)."""
        actor = event.get("actor")
        if kind == "tsumo":
            if actor == self.seat:
                self._see((_tile(event.get("pai"), "tsumo"),), "tsumo")
            return
        if actor == self.seat or kind not in ("dahai", "chi", "pon", "daiminkan", "kakan", "ankan"):
            return
        if kind in ("dahai", "kakan"):
            self._see((_tile(event.get("pai"), kind),), kind)
            return
        consumed = event.get("consumed")
        if not isinstance(consumed, list):
            raise EventError(f"{kind} event: consumed must be a list of tiles, got "
                                    f"{_show(consumed)}")
        self._see([_tile(t, f"{kind} consumed") for t in consumed], kind)

    def _see(self, tiles: Iterable[Tile], what: str) -> None:
        """Note that ``tiles`` have been shown; refuse more copies than the tile set holds."""
        seen = self._seen
        for tile in tiles:
            seen[tile] += 1
            reds = self.rules.red_fives[tile.kind // 9] if tile.kind in (4, 13, 22) else 0
            if tile.red and reds == 0:
                raise EventError(f"{what}: {tile.mjai} but the rules have no red {tile.mjai[:2]} "
                                        "(give the table's rules, e.g. --rules tenhou)")
            limit = reds if tile.red else 4 - reds
            if seen[tile] > limit:
                name = f"{'red' if tile.red else 'plain'} {tile.mjai[:2]}" if reds else tile.mjai
                raise EventError(f"{what}: one {tile.mjai} too many: the tile set holds only "
                                        f"{limit} {name}")

    def _start_kyoku(self, event: Event) -> None:
        if self.seat is None:
            raise EventError("start_kyoku before the seat is known (start_game with id)")
        seat = self.seat
        bakaze = event.get("bakaze")
        if bakaze not in WIND_MJAI:
            raise EventError(f"start_kyoku: bakaze must be E, S, W or N, got {_show(bakaze)}")
        dealer = _seat_field(event, "oya")
        tehais = event.get("tehais")
        if not isinstance(tehais, list) or len(tehais) != 4 or not isinstance(tehais[seat], list) \
                or len(tehais[seat]) != 13:
            raise EventError(f"start_kyoku: tehais must hold 13 tiles for seat {seat}")
        hand = [_tile(t, f"start_kyoku tehais[{seat}]") for t in tehais[seat]]
        marker = _tile(event.get("dora_marker"), "start_kyoku dora_marker")
        scores = event.get("scores", [self.rules.start_points] * 4)
        numbers = {key: event.get(key, 0) for key in ("honba", "kyotaku")}
        for key, value in numbers.items():
            if type(value) is not int or not 0 <= value <= MAX_COUNTERS:
                raise EventError(f"start_kyoku: {key} must be a count from 0 to {MAX_COUNTERS}, "
                                        f"got {_show(value)}")
        number = event.get("kyoku", dealer + 1)
        if type(number) is not int or not 1 <= number <= 4:
            raise EventError(f"start_kyoku: kyoku must be 1..4, got {_show(number)}")
        if dealer != number - 1:
            raise EventError(f"start_kyoku: kyoku {number} is dealt by seat {number - 1}, "
                                    f"not oya {dealer}")
        self._seen = Counter()
        self._see((*hand, marker), "start_kyoku")
        if self._last_dealer == dealer:
            self._dealer_wins = self._dealer_wins + 1 if self._dealer_won else self._dealer_wins
        elif self._last_dealer is not None:
            self._dealer_wins = 0
        self._last_dealer = dealer
        self._dealer_won = False
        wall = _shadow_wall(hand, seat_wind(seat, dealer), marker)
        try:
            self.kyoku = _ShadowKyoku(
                wall, self.rules, seat=seat, dealer=dealer, round_wind=WIND_MJAI.index(bakaze),
                hand_number=number, honba=numbers["honba"], deposits=numbers["kyotaku"], scores=scores,
                dealer_wins=self._dealer_wins)
        except MahjongError as error:
            raise EventError(f"start_kyoku: {error}") from None
        self.events = [event]
        self._horas = []
        self._dora_seen = 0
        self._reach_waiting = set()
        self._tsumo_seen_at = -1
        self._touched()

    def _settle(self, kyoku: _ShadowKyoku, kind: str, event: Event) -> None:
        """The claims on the last discard or kan are over: the event shows what they decided."""
        call: Action | None = None
        if kind in ("chi", "pon", "daiminkan"):
            if kyoku.phase != "claim":
                raise EventError(f"{kind} but there is no discard to call")
            actor = _seat_field(event, "actor")
            shown = Action.from_mjai(event)
            options = kyoku.claim_options.get(actor, ())
            if actor == self.seat:
                call = match_action(options, shown)
                if call is None:
                    raise EventError(f"{kind} {_show(event)} is not among seat {actor}'s "
                                            f"options: " + "; ".join(map(str, options)))
            else:
                assert kyoku.last_discard is not None
                call = Action(kind, actor, kyoku.last_discard[1], shown.consumed, kyoku.last_discard[0])
                self._give(actor, shown.consumed)
                if actor not in kyoku.claim_options:
                    raise EventError(f"{kind} by seat {actor}, who discarded the tile")
                kyoku.claim_options[actor] = (*options, call)
        for seat in kyoku.to_act:
            self._apply(call if call is not None and seat == call.actor else Action("none", seat))

    def _turn_action(self, kyoku: _ShadowKyoku, kind: str, event: Event) -> None:
        actor = _seat_field(event, "actor")
        if kyoku.phase not in ("turn", "call", "reach") or kyoku.actor != actor:
            raise EventError(f"{kind} by seat {actor} but the hand waits for "
                                    f"seat(s) {list(kyoku.to_act)} ({kyoku.phase})")
        if self._awaiting_tsumo is not None:
            raise EventError(f"{kind} by seat {actor} before its tsumo event")
        shown = Action.from_mjai(event)
        if kind == "dahai":
            self._check_tsumogiri(kyoku, actor, event)
        if actor == self.seat:
            legal = kyoku.legal_actions(actor)
            action = match_action(legal, shown)
            if action is None:
                raise EventError(f"{kind} {_show(event)} is not legal for seat {actor}: "
                                        "legal: " + "; ".join(map(str, legal)))
            self._apply(action)
            if kind == "reach":
                self._reach_waiting.add(actor)
            return
        seat_state = kyoku._seats[actor]
        if kind == "dahai":
            assert shown.pai is not None
            if shown.tsumogiri and kyoku.drawn is not None:
                self._set_drawn(actor, shown.pai)
            else:
                self._give(actor, (shown.pai,), keep_drawn=kyoku.drawn is not None)
            action = Action("dahai", actor, shown.pai, tsumogiri=shown.tsumogiri)
        elif kind == "reach":
            action = Action("reach", actor)
        elif kind == "kakan":
            assert shown.pai is not None
            pon = next((m for m in seat_state.melds if m.kind == "pon"
                        and m.tiles[0].kind == shown.pai.kind), None)
            if pon is None:
                raise EventError(f"kakan by seat {actor} without a pon of {shown.pai}")
            self._give(actor, (shown.pai,))
            action = Action("kakan", actor, shown.pai, pon.tiles)
        else:
            tiles = tuple(sorted(shown.consumed))
            if len(tiles) != 4 or len({t.kind for t in tiles}) != 1:
                raise EventError(f"ankan by seat {actor}: consumed must be four same tiles")
            self._give(actor, tiles)
            action = Action("ankan", actor, tiles[0], tiles)
        kyoku.forced = action
        try:
            self._apply(action)
        finally:
            kyoku.forced = None
        if kind == "reach":
            self._reach_waiting.add(actor)

    def _check_tsumogiri(self, kyoku: _ShadowKyoku, actor: int, event: Event) -> None:
        """A discard's ``tsumogiri`` flag (when given) must agree with the drawn tile."""
        if "tsumogiri" not in event:
            return
        flag = event["tsumogiri"]
        if type(flag) is not bool:
            raise EventError(f"dahai: tsumogiri must be true or false, got {_show(flag)}")
        pai = _tile(event.get("pai"), "dahai")
        drawn = kyoku.drawn
        if flag and drawn is None:
            raise EventError(f"dahai of {pai.mjai} with tsumogiri true but seat {actor} has "
                                    "no drawn tile (it called)")
        if actor != self.seat or drawn is None:
            return  # another seat's concealed tiles are unknown: any flag may be true
        if flag and pai != drawn:
            raise EventError(f"dahai of {pai.mjai} with tsumogiri true but the drawn tile "
                                    f"is {drawn.mjai}")
        if not flag and pai == drawn and sum(t == pai for t in kyoku._seats[actor].closed) == 1:
            raise EventError(f"dahai of {pai.mjai} with tsumogiri false but the only "
                                    f"{pai.mjai} in the hand is the drawn tile")

    # --- the shadow engine --------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        assert self.kyoku is not None
        self.kyoku.apply(action)
        self._touched()

    def _touched(self) -> None:
        """The game moved on: a new decision may be due (and the last one is answered)."""
        self._answered = False
        self._awaiting_tsumo = None
        kyoku = self.kyoku
        if kyoku is not None and kyoku.events and len(kyoku.events) != self._tsumo_seen_at:
            last = kyoku.events[-1]
            if last["type"] == "tsumo" and not kyoku.is_over:
                # The shadow drew a stand-in: wait for the tsumo event (the real tile).
                self._awaiting_tsumo = last["actor"]

    def _write_wall(self, place: int, tile: Tile) -> None:
        assert self.kyoku is not None
        wall = self.kyoku.wall
        tiles = list(wall.tiles)
        tiles[place] = tile
        # The shadow wall is a scratch copy: its indicator places learn the revealed tiles.
        object.__setattr__(wall, "tiles", tuple(tiles))

    def _set_drawn(self, seat: int, tile: Tile) -> None:
        """The tile ``seat`` has just drawn is ``tile``."""
        kyoku = self.kyoku
        assert kyoku is not None and kyoku.drawn is not None
        s = kyoku._seats[seat]
        old = kyoku.drawn
        if old == tile:
            self._touched()
            return
        index = len(s.closed) - 1 if s.closed[-1] is old else s.closed.index(old)
        if seat != self.seat and old.kind != tile.kind and s.counts[tile.kind] >= 4:
            # A puppet's invented tiles must not make a fifth copy: swap one for an absent kind.
            other = next(i for i, t in enumerate(s.closed) if t.kind == tile.kind and i != index)
            spare = s.counts.index(0)
            s.counts[tile.kind] -= 1
            s.counts[spare] += 1
            s.closed[other] = Tile(spare)
        s.closed[index] = tile
        s.counts[old.kind] -= 1
        s.counts[tile.kind] += 1
        s.ready = None
        kyoku.drawn = tile
        kyoku._legal = None
        self._touched()
        if seat == self.seat and any(n > 4 for n in s.counts):
            raise EventError(f"seat {seat} would hold a fifth {tile}")

    def _give(self, seat: int, tiles: Sequence[Tile], keep_drawn: bool = False) -> None:
        """Make the puppet ``seat``'s invented concealed tiles hold ``tiles``."""
        kyoku = self.kyoku
        assert kyoku is not None
        s = kyoku._seats[seat]
        closed = s.closed
        protected: set[int] = set()
        if keep_drawn and kyoku.drawn is not None and closed and closed[-1] is kyoku.drawn:
            protected.add(len(closed) - 1)
        missing = []
        for tile in tiles:
            index = next((i for i, t in enumerate(closed) if t == tile and i not in protected), None)
            if index is None:
                missing.append(tile)
            else:
                protected.add(index)
        for tile in missing:
            free = [i for i in range(len(closed)) if i not in protected]
            if not free:
                raise EventError(f"seat {seat} cannot hold {tile}: not enough tiles")
            # Prefer a tile of the same kind (a red five swap), then the most common kind.
            index = max(free, key=lambda i: (closed[i].kind == tile.kind, s.counts[closed[i].kind]))
            old = closed[index]
            closed[index] = tile
            s.counts[old.kind] -= 1
            s.counts[tile.kind] += 1
            protected.add(index)
            if old is kyoku.drawn:
                kyoku.drawn = tile
        s.ready = None
        kyoku._legal = None

    # --- output -----------------------------------------------------------------------------------
    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat may do now (empty when it has nothing to decide or has answered)."""
        kyoku = self.kyoku
        if kyoku is None or kyoku.is_over or self.seat is None or self._answered or \
                self._awaiting_tsumo is not None:
            return ()
        return kyoku.legal_actions(self.seat)

    def answered(self) -> None:
        """Note that the seat has answered the current decision (its action comes back as an
        event, or the claim is decided by the next one)."""
        self._answered = True

    def observation(self) -> Observation:
        """What the seat sees now, with its legal actions (raises :class:`EventError`
        outside a hand)."""
        kyoku = self.kyoku
        seat = self.seat
        if kyoku is None or seat is None:
            raise EventError("no hand in progress")
        observation = kyoku.observe(seat)
        return dataclasses.replace(
            observation, legal_actions=self.legal_actions, events=tuple(self.events),
            open_hands=tuple(hand if i == seat else None
                             for i, hand in enumerate(observation.open_hands)))


def _shadow_wall(hand: Sequence[Tile], position: int, marker: Tile) -> Wall:
    """A wall dealing ``hand`` to the seat ``position`` places after the dealer, with the dora
    indicator ``marker``; every other place holds an arbitrary tile."""
    slots: list[Tile | None] = [None] * 136
    for place, tile in zip(DEAL_ORDER[position], hand, strict=True):
        slots[place] = tile
    slots[DORA[0]] = marker
    spare = Counter({kind: 4 for kind in range(34)})
    spare.subtract(t.kind for t in slots if t is not None)
    if any(n < 0 for n in spare.values()):
        raise EventError("start_kyoku: more than four copies of a tile in the hand and "
                                "dora indicator")
    rest = iter(Tile(kind) for kind in sorted(spare.elements()))
    return Wall(tuple(t if t is not None else next(rest) for t in slots))
