"""A hand's kans: ankan and kakan (each may be robbed: chankan, and kokushi on an ankan,
MJ-FLOW-24), the replacement draw and when the kan dora is turned (a part of
:class:`~taku.mahjong.kyoku.Kyoku`; a daiminkan is a call, ``kyoku_claims``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from taku.mahjong.actions import Action
from taku.mahjong.hand import Meld
from taku.mahjong.kyoku_settlement import can_ron
from taku.mahjong.kyoku_state import NONE, YAOCHUU, Phase
from taku.mahjong.seats import seat_after
from taku.mahjong.shanten import shanten_kokushi

if TYPE_CHECKING:
    from taku.mahjong.kyoku import Kyoku


def kan_dora(k: Kyoku, open_kan: bool) -> None:
    k._flush_dora()
    if open_kan and k.rules.kandora_timing == "late_open_kans":
        k.pending_dora += 1
    else:
        k._reveal_dora()


def rob_or_finish(k: Kyoku, options: dict[int, tuple[Action, ...]], phase: Phase,
                  finish: Callable[[Kyoku], None]) -> None:
    """After an ankan or a kakan is declared: open the window (``phase``: ``ANKAN`` or
    ``CHANKAN``) in which the seats of ``options`` may rob it, or, when nobody may, make each seat
    the kan tile completed furiten (``_mark_passed_wins``) and ``finish`` the kan."""
    if options:
        k.phase = phase
        k.responses = {}
        k.claim_options = options
        return
    k._mark_passed_wins(())
    finish(k)


def ankan(k: Kyoku, action: Action) -> None:
    seat = action.actor
    s = k._seats[seat]
    k._flush_dora()
    for t in action.consumed:
        s.remove(t)
    s.add_meld(Meld("ankan", action.consumed))
    if not k.rules.nagashi_mangan_own_calls:
        s.nagashi = False  # MJ-MONTREAL-21: no ankan either
    k._emit({"type": "ankan", "actor": seat, "consumed": [t.mjai for t in action.consumed]})
    k.kan_tile = action.consumed[0]
    k.drawn = None
    # Kokushi may rob an ankan (MJ-FLOW-24).
    options: dict[int, tuple[Action, ...]] = {}
    k.completing = set()
    if k.rules.kokushi_chankan_ankan:
        kind = k.kan_tile.kind
        for offset in (1, 2, 3):
            other = seat_after(seat, offset)
            o = k._seats[other]
            if not o.melds and kind in YAOCHUU and o.counts[kind] < 2:
                o.counts[kind] += 1
                kokushi = shanten_kokushi(o.counts) == -1
                o.counts[kind] -= 1
                if kokushi:
                    k.completing.add(other)
                    if can_ron(k, other, k.kan_tile, seat, chankan=True):
                        options[other] = (Action("hora", other, k.kan_tile, target=seat),
                                          Action(NONE, other))
    rob_or_finish(k, options, Phase.ANKAN, finish_ankan)


def finish_ankan(k: Kyoku) -> None:
    seat = k.actor
    k.kan_owners.append(seat)
    k._seats[seat].kans += 1
    k._break_first_go_around()
    kan_dora(k, open_kan=False)
    k._draw(seat, rinshan=True)


def kakan(k: Kyoku, action: Action) -> None:
    seat = action.actor
    k._flush_dora()
    assert action.pai is not None
    k._emit({"type": "kakan", "actor": seat, "pai": action.pai.mjai,
                "consumed": [t.mjai for t in action.consumed]})
    k.kan_tile = action.pai
    k.drawn = None
    options: dict[int, tuple[Action, ...]] = {}
    k.completing = set()
    for offset in (1, 2, 3):
        other = seat_after(seat, offset)
        if k._completes(other, action.pai.kind):
            k.completing.add(other)
            if can_ron(k, other, action.pai, seat, chankan=True):
                options[other] = (Action("hora", other, action.pai, target=seat),
                                  Action(NONE, other))
    k.kakan = action
    rob_or_finish(k, options, Phase.CHANKAN, finish_kakan)


def finish_kakan(k: Kyoku) -> None:
    action = k.kakan
    assert action is not None
    seat = action.actor
    s = k._seats[seat]
    assert action.pai is not None
    s.remove(action.pai)
    index = next(i for i, m in enumerate(s.melds) if m.kind == "pon" and m.tiles == action.consumed)
    pon = s.melds[index]
    s.melds[index] = pon.with_added(action.pai)
    s.melded[action.pai.kind] += 1
    k.kan_owners.append(seat)
    s.kans += 1
    k._break_first_go_around()
    kan_dora(k, open_kan=True)
    k._draw(seat, rinshan=True)
