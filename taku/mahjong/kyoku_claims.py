"""A hand's claims: who may call or ron a discard, how the answers are resolved by priority (ron
over pon and kan over chi, MJ-FLOW-14), riichi accepted once the discard survives, abortive
draws after a discard, and the call itself with kuikae and pao (a part of
:class:`~taku.mahjong.kyoku.Kyoku`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from taku.mahjong.actions import Action, seat_action
from taku.mahjong.hand import Meld
from taku.mahjong.kyoku_kans import finish_ankan, finish_kakan, kan_dora
from taku.mahjong.kyoku_settlement import abort, can_ron, exhaustive_draw, ron_win
from taku.mahjong.kyoku_state import DRAGON_KINDS, NONE, WIND_KINDS, Phase
from taku.mahjong.seats import places_after, seat_after
from taku.mahjong.tiles import Tile

if TYPE_CHECKING:
    from taku.mahjong.kyoku import Kyoku


def open_claims(k: Kyoku, seat: int, tile: Tile) -> None:
    """Collect who may claim the discard ``tile`` of ``seat``."""
    k.phase = Phase.CLAIM
    k.responses = {}
    options: dict[int, tuple[Action, ...]] = {}
    k.completing = set()
    last = k.tiles_left == 0
    kind = tile.kind
    for offset in (1, 2, 3):
        other = seat_after(seat, offset)
        o = k._seats[other]
        acts: list[Action] = []
        if k._completes(other, kind):
            k.completing.add(other)
            if can_ron(k, other, tile, seat, houtei=last):
                acts.append(Action("hora", other, tile, target=seat))
        if not last and not o.riichi and o.counts[kind] >= 2:
            have = [t for t in o.closed if t.kind == kind]
            if len(have) >= 2:
                for pair in sorted({tuple(sorted(p)) for p in _pairs(have)}):
                    if call_leaves_discard(k, other, pair, frozenset((kind,))):
                        acts.append(Action("pon", other, tile, pair, seat))
            if len(have) == 3 and len(k.kan_owners) < 4:
                acts.append(Action("daiminkan", other, tile, tuple(sorted(have)), seat))
        if offset == 1 and kind < 27 and not last and not o.riichi:
            acts.extend(chi_actions(k, other, tile, seat))
        if acts:
            acts.append(seat_action(NONE, other))
            options[other] = tuple(acts)
    k.claim_options = options
    if not options:
        k._mark_passed_wins(())
        k._after_claims()


def chi_actions(k: Kyoku, seat: int, tile: Tile, target: int) -> list[Action]:
    s = k._seats[seat]
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
                if call_leaves_discard(k, seat, (a, b), forbidden):
                    out.append(Action("chi", seat, tile, (a, b), target))
    return out


def call_leaves_discard(k: Kyoku, seat: int, consumed: Sequence[Tile], forbidden: frozenset[int]) -> bool:
    """Kuikae (MJ-FLOW-16): a call is legal only if some tile may be discarded after it."""
    counts = list(k._seats[seat].counts)
    for t in consumed:
        counts[t.kind] -= 1
    return any(n for k, n in enumerate(counts) if n and k not in forbidden)


def completes(k: Kyoku, seat: int, kind: int) -> bool:
    s = k._seats[seat]
    return kind in s.readiness()[1] and s.counts[kind] + s.melded[kind] < 4


def resolve_claims(k: Kyoku) -> None:
    phase = k.phase
    rons = [s for s, a in k.responses.items() if a.type == "hora"]
    if phase == "claim":
        assert k.last_discard is not None
        discarder, tile = k.last_discard
    else:
        assert k.kan_tile is not None
        discarder, tile = k.actor, k.kan_tile
    k._mark_passed_wins(rons)
    if rons:
        rons.sort(key=lambda s: places_after(s, discarder))
        if len(rons) == 3 and "sanchahou" in k.rules.abortive_draws:
            abort(k, "sanchahou")
            return
        if k.rules.multiple_ron == "head_bump":
            rons = rons[:1]
        elif k.rules.multiple_ron == "double":
            rons = rons[:2]
        ron_win(k, rons, discarder, tile, chankan=phase in ("chankan", "ankan"))
        return
    if phase == "chankan":
        finish_kakan(k)
        return
    if phase == "ankan":
        finish_ankan(k)
        return
    k._after_claims()


def after_claims(k: Kyoku) -> None:
    """The discard survived every ron: accept riichi, check abortive draws, then calls."""
    assert k.last_discard is not None
    discarder, tile = k.last_discard
    if k.riichi_pending is not None:
        accept_riichi(k)
        if sum(s.riichi for s in k._seats) == 4 and "suucha_riichi" in k.rules.abortive_draws:
            abort(k, "suucha_riichi")
            return
    aborts = k.rules.abortive_draws
    if "suufon_renda" in aborts and k.discard_count == 4 and len(k.first_winds) == 4 \
            and k.first_winds[0] in WIND_KINDS and len(set(k.first_winds)) == 1:
        abort(k, "suufon_renda")
        return
    if "suukaikan" in aborts and len(k.kan_owners) == 4 and len(set(k.kan_owners)) > 1:
        abort(k, "suukaikan")
        return
    calls = [a for a in k.responses.values() if a.type != NONE]
    if calls:
        call = min(calls, key=lambda a: 0 if a.type in ("pon", "daiminkan") else 1)
        make_call(k, call, discarder, tile)
        return
    if k.tiles_left == 0:
        exhaustive_draw(k)
        return
    k._draw(seat_after(discarder))


def accept_riichi(k: Kyoku) -> None:
    seat = k.riichi_pending
    assert seat is not None
    k.riichi_pending = None
    s = k._seats[seat]
    s.riichi = True
    s.ippatsu = True
    first = len(s.discards) == 1 and not k.interrupted
    s.double_riichi = first and k.rules.double_riichi
    # A furiten riichi is allowed (MJ-RIICHI-07): discard furiten stays as it is.
    k.scores[seat] -= 1000
    k.deposits += 1
    k._emit({"type": "reach_accepted", "actor": seat})


def make_call(k: Kyoku, action: Action, discarder: int, tile: Tile) -> None:
    seat = action.actor
    s = k._seats[seat]
    d = k._seats[discarder]
    d.nagashi = False
    k._break_first_go_around()
    if k.rules.temp_furiten_clear == "on_acquire":
        s.temp_furiten = False
    for t in action.consumed:
        s.remove(t)
    offset = places_after(discarder, seat)
    meld = Meld(action.type, (*action.consumed, tile), tile, offset)
    s.add_meld(meld)
    if not k.rules.nagashi_mangan_own_calls:
        s.nagashi = False  # MJ-MONTREAL-21: no call of his own
    k.actor = seat
    k.drawn = None
    k._legal = None
    k._emit({"type": action.type, "actor": seat, "target": discarder, "pai": tile.mjai,
                "consumed": [t.mjai for t in action.consumed]})
    check_pao(k, seat, discarder, meld)
    if action.type == "daiminkan":
        k.kan_owners.append(seat)
        s.kans += 1
        k.kan_from = discarder
        kan_dora(k, open_kan=True)
        k._draw(seat, rinshan=True)
        return
    s.kuikae = kuikae_kinds(tile.kind, [t.kind for t in action.consumed])
    k.phase = Phase.CALL


def check_pao(k: Kyoku, seat: int, discarder: int, meld: Meld) -> None:
    """MJ-PAO-01..03: the discarder who completes a third dragon group, a fourth wind group or
    (where played) a fourth kan becomes liable."""
    s = k._seats[seat]
    if s.pao is not None or meld.kind not in ("pon", "daiminkan"):
        return
    kinds = [m.tiles[0].kind for m in s.melds if m.kind != "chi"]
    pao = k.rules.pao
    kind = meld.tiles[0].kind
    dragons = sum(k in DRAGON_KINDS for k in kinds)
    winds = sum(k in WIND_KINDS for k in kinds)
    kans = sum(m.kind in ("daiminkan", "kakan", "ankan") for m in s.melds)
    if ("daisangen" in pao and kind in DRAGON_KINDS and dragons == 3) or \
            ("daisuushii" in pao and kind in WIND_KINDS and winds == 4) or \
            ("suukantsu" in pao and meld.kind == "daiminkan" and kans == 4):
        s.pao = discarder


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


def _pairs(tiles: list[Tile]) -> list[tuple[Tile, Tile]]:
    return [(tiles[i], tiles[j]) for i in range(len(tiles)) for j in range(i + 1, len(tiles))]
