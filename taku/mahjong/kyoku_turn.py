"""A hand's turn: what the seat to play may do after its draw, its call or its riichi, and why an
action is refused (a part of :class:`~taku.mahjong.kyoku.Kyoku`; the draw and the discard
themselves are :meth:`Kyoku._draw` and :meth:`Kyoku._discard`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from taku.mahjong.actions import Action, discard_action, seat_action
from taku.mahjong.decompose import TRIPLET, split_groups
from taku.mahjong.kyoku_settlement import tsumo_score
from taku.mahjong.kyoku_state import CLAIM_PHASES, YAOCHUU
from taku.mahjong.shanten import shanten, waits
from taku.mahjong.tiles import Tile

if TYPE_CHECKING:
    from taku.mahjong.kyoku import Kyoku


def why_illegal(k: Kyoku, action: Action, legal: tuple[Action, ...]) -> str:
    """A reason for refusing ``action`` (not among ``legal``)."""
    if k.phase == "over":
        return "the hand is over"
    seat = action.actor
    if type(seat) is not int or not 0 <= seat <= 3:
        return f"actor must be a seat 0..3, got {seat!r}"
    if not legal:
        if k.phase in CLAIM_PHASES and seat in k.responses:
            return f"seat {seat} has already answered this tile"
        waiting = ", ".join(map(str, k.to_act))
        return f"it is not seat {seat}'s decision (waiting for seat {waiting})"
    same = [a for a in legal if a.type == action.type]
    if not same:
        return f"{action.type} is not possible now; legal: " + \
            ", ".join(sorted({a.type for a in legal}))
    if action.pai is not None and not isinstance(action.pai, Tile):
        return f"pai must be a Tile (Tile.from_str), got {action.pai!r}"
    s = k._seats[seat]
    if action.type == "dahai" and action.pai is not None:
        if s.counts[action.pai.kind] == 0 or action.pai not in s.closed:
            return f"{action.pai} is not in seat {seat}'s hand"
        if action.pai.kind in s.kuikae and k.phase == "call":
            return f"kuikae: {action.pai} may not be discarded right after the call (MJ-FLOW-16)"
        if s.riichi:
            return "after riichi the drawn tile must be discarded (MJ-RIICHI-06)"
        if k.phase == "reach":
            return f"discarding {action.pai} after riichi leaves the hand not tenpai"
        if action.tsumogiri != (any(a.tsumogiri for a in same if a.pai == action.pai)):
            return "the tsumogiri flag does not match the tile drawn"
    if action.type == "hora":
        return "the hand is not a win with a yaku here, or the player is furiten"
    return "these tiles do not make that " + action.type + "; legal: " + \
        "; ".join(str(a) for a in same)


def turn_actions(k: Kyoku) -> tuple[Action, ...]:
    seat = k.actor
    s = k._seats[seat]
    drawn = k.drawn
    actions: list[Action] = []
    if k.phase == "call":
        for tile in _distinct(s.closed):
            if tile.kind not in s.kuikae:
                actions.append(discard_action(seat, tile))
        return tuple(actions)
    if k.phase == "reach":
        return tuple(riichi_discards(k, seat))
    nmelds = len(s.melds)
    assert drawn is not None
    before, before_waits = k.drawn_to  # the hand before the draw
    if drawn.kind in before_waits and tsumo_score(k, seat) is not None:
        actions.append(Action("hora", seat, drawn, target=seat))
    if "kyushu_kyuhai" in k.rules.abortive_draws and not k.interrupted and \
            not s.has_discarded and sum(1 for k in YAOCHUU if s.counts[k]) >= 9:
        actions.append(seat_action("ryukyoku", seat))
    can_kan = k.tiles_left > 0 and len(k.kan_owners) < 4
    if s.riichi:
        if can_kan and s.counts[drawn.kind] == 4 and riichi_ankan_ok(k, seat, drawn.kind):
            actions.append(ankan_action(k, seat, drawn.kind))
        actions.append(discard_action(seat, drawn, True))
        return tuple(actions)
    if s.is_closed and k.scores[seat] >= k.rules.riichi_min_points and \
            k.tiles_left >= k.rules.riichi_min_tiles and before <= 1 \
            and shanten(s.counts, nmelds) <= 0 \
            and riichi_discards(k, seat):
        actions.append(seat_action("reach", seat))
        if k.rules.open_riichi:  # MJ-RIICHI-13: the hand is shown (1 extra han)
            actions.append(seat_action("open_reach", seat))
    if can_kan:
        if 4 in s.counts:
            for kind in range(34):
                if s.counts[kind] == 4:
                    actions.append(ankan_action(k, seat, kind))
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
        actions.append(discard_action(seat, tile))
    actions.append(discard_action(seat, drawn, True))
    return tuple(actions)


def ankan_action(k: Kyoku, seat: int, kind: int) -> Action:
    tiles = tuple(sorted(t for t in k._seats[seat].closed if t.kind == kind))
    return Action("ankan", seat, tiles[0], tiles)


def riichi_discards(k: Kyoku, seat: int) -> list[Action]:
    """The discards after which ``seat``'s closed hand is tenpai (riichi, MJ-RIICHI-01)."""
    s = k._seats[seat]
    counts = s.counts
    nmelds = len(s.melds)
    out = []
    drawn = k.drawn
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
            out.append(discard_action(seat, tile, tsumogiri))
    return out


def riichi_ankan_ok(k: Kyoku, seat: int, kind: int) -> bool:
    """MJ-RIICHI-06: an ankan after riichi keeps the waits, and the three tiles held before the
    draw are a triplet in every reading of the hand."""
    s = k._seats[seat]
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


def _distinct(tiles: Sequence[Tile]) -> list[Tile]:
    """The different tiles of ``tiles`` (a red five apart from the others), in tile order."""
    slots: list[Tile | None] = [None] * 68  # kind * 2, and + 1 for a plain tile: a red five first
    for t in tiles:
        slots[t.kind * 2 + (0 if t.red else 1)] = t
    return [t for t in slots if t is not None]
