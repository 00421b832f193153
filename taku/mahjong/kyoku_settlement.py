"""How a hand ends and is paid: the win situation handed to the scorer, tsumo and ron (multiple
ron, honba and riichi sticks), furiten, the exhaustive draw (tenpai, karaten, nagashi mangan),
abortive draws, chombo, and :class:`KyokuResult` (a part of :class:`~taku.mahjong.kyoku.Kyoku`).

Seats here are absolute; the scorer names them by seat wind, and every conversion goes through
:mod:`taku.mahjong.seats`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from taku.mahjong.actions import IllegalActionError
from taku.mahjong.errors import NotAWinError
from taku.mahjong.hand import Hand
from taku.mahjong.kyoku_state import Phase
from taku.mahjong.observation import Event
from taku.mahjong.score import (
    HandScore,
    Win,
    chombo_payments,
    nagashi_mangan_score,
    score_hand,
)
from taku.mahjong.seats import seat_of_wind, seat_wind
from taku.mahjong.shanten import waits
from taku.mahjong.tiles import Tile
from taku.mahjong.wall import URA
from taku.values import reduce_value

if TYPE_CHECKING:
    from taku.mahjong.kyoku import Kyoku


@dataclass(frozen=True, slots=True)
class KyokuResult:
    """How a hand ended: ``outcome`` is ``hora`` or a ``ryukyoku`` reason (``exhaustive_draw``,
    ``nagashi_mangan``, ``kyushu_kyuhai``, ``suufon_renda``, ``suucha_riichi``, ``suukaikan``,
    ``sanchahou``) or ``chombo``; ``deltas`` the settlement (riichi sticks paid during the hand not
    included); ``dealer_keeps`` whether the dealer keeps the deal; ``winners`` the seats that won;
    ``tenpai`` the seats tenpai at an exhaustive draw; ``scores`` the sheets of the wins."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    outcome: str
    deltas: tuple[int, int, int, int]
    dealer_keeps: bool
    winners: tuple[int, ...] = ()
    tenpai: tuple[int, ...] = ()
    scores: tuple[HandScore, ...] = ()
    deposits_taken: bool = False
    chombo: int | None = None


def is_furiten(k: Kyoku, seat: int) -> bool:
    s = k._seats[seat]
    if s.temp_furiten or s.riichi_furiten:
        return True
    if not s.discard_kinds:
        return False
    return any(k in s.discard_kinds for k in s.readiness()[1])


def can_ron(k: Kyoku, seat: int, tile: Tile, discarder: int, *, houtei: bool = False,
             chankan: bool = False) -> bool:
    if is_furiten(k, seat):
        return False
    return ron_score(k, seat, tile, discarder, houtei=houtei, chankan=chankan,
                           honba=0, deposits=0) is not None


def win_situation(k: Kyoku, seat: int, *, tsumo: bool, discarder: int | None, honba: int,
                   deposits: int, houtei: bool = False, chankan: bool = False) -> Win:
    s = k._seats[seat]
    dealer = k.dealer
    riichi = s.riichi
    last = k.tiles_left == 0
    haitei = tsumo and last and (not k.rinshan or k.rules.haitei_on_rinshan)
    # A robbed kan is a kan declaration: the win is chankan, never a first-turn win (renhou),
    # even when a kokushi robs an ankan before anyone called (MJ-FLOW-24).
    first_turn = not k.interrupted and not s.has_discarded and not riichi and not chankan
    pao = s.pao
    if pao is None and tsumo and k.rinshan and k.kan_from is not None:
        pao = k.kan_from  # MJ-PAO-04 (the scorer applies it only where the rules say)
    ura = tuple(k.wall.tiles[URA[i]] for i in range(k.dora_revealed)) \
        if riichi and k.rules.uradora else ()
    return Win(
        tsumo=tsumo, riichi=riichi and not s.double_riichi, double_riichi=s.double_riichi,
        open_riichi=riichi and s.open_riichi,
        ippatsu=s.ippatsu and k.rules.ippatsu and riichi, rinshan=tsumo and k.rinshan,
        chankan=chankan, haitei=haitei, houtei=houtei and not tsumo, first_turn=first_turn,
        seat_wind=seat_wind(seat, dealer), round_wind=k.round_wind,
        dora_indicators=k.dora_indicators, ura_indicators=ura, honba=honba,
        deposits=deposits, discarder=None if discarder is None else seat_wind(discarder, dealer),
        pao_seat=None if pao is None or pao == seat else seat_wind(pao, dealer),
        renchan=k.dealer_wins)


def tsumo_score(k: Kyoku, seat: int, honba: int = 0, deposits: int = 0) -> HandScore | None:
    s = k._seats[seat]
    assert k.drawn is not None
    if k.pending_dora and k.rinshan and k.rules.late_kandora_on_rinshan:
        # MJ-MONTREAL-11: a rinshan win counts the kan's new dora (revealed as it wins).
        saved = k.dora_revealed
        k.dora_revealed = min(5, k.dora_revealed + k.pending_dora)
    else:
        saved = None
    try:
        win = k._win_situation(seat, tsumo=True, discarder=None, honba=honba,
                                  deposits=deposits)
        return score_hand(Hand(tuple(s.closed), tuple(s.melds)), k.drawn, win, k.rules)
    except NotAWinError:
        return None
    finally:
        if saved is not None:
            k.dora_revealed = saved


def ron_score(k: Kyoku, seat: int, tile: Tile, discarder: int, *, houtei: bool, chankan: bool,
               honba: int, deposits: int) -> HandScore | None:
    s = k._seats[seat]
    try:
        win = k._win_situation(seat, tsumo=False, discarder=discarder, honba=honba,
                                  deposits=deposits, houtei=houtei, chankan=chankan)
        return score_hand(Hand((*s.closed, tile), tuple(s.melds)), tile, win, k.rules)
    except NotAWinError:
        return None


def hora_event(k: Kyoku, seat: int, target: int, tile: Tile, score: HandScore,
                deltas: list[int], ura: bool) -> Event:
    event: Event = {"type": "hora", "actor": seat, "target": target, "pai": tile.mjai,
                    "deltas": deltas,
                    "ura_markers": [k.wall.tiles[URA[i]].mjai for i in range(k.dora_revealed)]
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
            event["pao"] = seat_of_wind(payer, k.dealer)
    if target != seat:
        event["tsumo"] = False
    else:
        event["tsumo"] = True
    return event


def settle_score(k: Kyoku, seat: int, score: HandScore) -> list[int]:
    deltas = [0, 0, 0, 0]
    for payment in score.payments:
        if payment.payer is not None:
            deltas[seat_of_wind(payment.payer, k.dealer)] -= payment.amount
    deltas[seat] += score.total + score.deposits
    return deltas


def tsumo_win(k: Kyoku, seat: int) -> None:
    if k.rinshan and k.rules.late_kandora_on_rinshan:
        k._flush_dora()
    score = tsumo_score(k, seat, k.honba, k.deposits)
    assert score is not None and k.drawn is not None
    deltas = settle_score(k, seat, score)
    k.deposits = 0
    k._emit(hora_event(k, seat, seat, k.drawn, score, deltas, k._seats[seat].riichi))
    finish(k, KyokuResult("hora", _four(deltas), seat == k.dealer, (seat,), (), (score,), True))


def ron_win(k: Kyoku, winners: list[int], discarder: int, tile: Tile, chankan: bool) -> None:
    total = [0, 0, 0, 0]
    scores = []
    houtei = not chankan and k.tiles_left == 0
    sticks = k.deposits
    share = [0] * len(winners)
    if k.rules.deposit_multi_ron == "split":
        for i in range(sticks):
            share[i % len(winners)] += 1
    else:
        share[0] = sticks
    for i, seat in enumerate(winners):
        honba = k.honba if i == 0 or k.rules.honba_multi_ron == "each" else 0
        score = ron_score(k, seat, tile, discarder, houtei=houtei, chankan=chankan,
                                honba=honba, deposits=share[i])
        assert score is not None
        deltas = settle_score(k, seat, score)
        for j in range(4):
            total[j] += deltas[j]
        scores.append(score)
        k._emit(hora_event(k, seat, discarder, tile, score, deltas, k._seats[seat].riichi))
    k.deposits = 0
    finish(k, KyokuResult("hora", _four(total), k.dealer in winners, tuple(winners), (),
                             tuple(scores), True))


def abort(k: Kyoku, reason: str) -> None:
    k._emit({"type": "ryukyoku", "reason": reason, "deltas": [0, 0, 0, 0]})
    finish(k, KyokuResult(reason, (0, 0, 0, 0), True))


def is_tenpai(k: Kyoku, seat: int) -> bool:
    """Whether ``seat`` (holding 13 tiles) is tenpai for the exhaustive draw (MJ-END-07): a
    wait that ``Rules.karaten`` calls empty does not count; with ``tenpai_requires_yaku``
    some wait must give a yaku."""
    s = k._seats[seat]
    found = k.tenpai_waits(seat)
    if not found or not k.rules.tenpai_requires_yaku:
        return bool(found)
    hand_melds = tuple(s.melds)
    for kind in found:
        tile = Tile(kind)
        try:
            score_hand(Hand((*s.closed, tile), hand_melds), tile,
                       Win(seat_wind=seat_wind(seat, k.dealer), round_wind=k.round_wind,
                           riichi=s.riichi and not s.double_riichi,
                           double_riichi=s.double_riichi), k.rules)
            return True
        except NotAWinError:
            continue
    return False


def tenpai_waits(k: Kyoku, seat: int) -> tuple[int, ...]:
    """The waits of ``seat``'s 13-tile hand that count for tenpai at an exhaustive draw: none
    whose copies are all where ``Rules.karaten`` says (his concealed tiles; those and his
    melds; or everything in sight) (MJ-END-07)."""
    s = k._seats[seat]
    karaten = k.rules.karaten
    if karaten == "concealed":  # a fifth copy of a concealed kind is never a wait
        return waits(s.counts, len(s.melds))
    found = waits(s.counts, len(s.melds), melded=s.melded)
    if karaten == "held" or not found:
        return found
    seen = visible_counts(k)
    return tuple(kind for kind in found if s.counts[kind] + seen[kind] < 4)


def visible_counts(k: Kyoku) -> list[int]:
    """Copies of each kind in sight: every meld, every discard (a called one once) and the
    dora indicators turned."""
    seen = [0] * 34
    for x in k._seats:
        for kind, count in enumerate(x.melded):
            seen[kind] += count
        for tile in x.discards:
            seen[tile.kind] += 1
        for meld in x.melds:
            if meld.called is not None:  # that discard is in the meld too
                seen[meld.called.kind] -= 1
    for tile in k.dora_indicators:
        seen[tile.kind] += 1
    return seen


def exhaustive_draw(k: Kyoku) -> None:
    tenpai = tuple(seat for seat in range(4) if k.is_tenpai(seat))
    deltas = [0, 0, 0, 0]
    nagashi = [seat for seat in range(4) if k.rules.nagashi_mangan and k._seats[seat].nagashi
               and k._seats[seat].discards]
    if nagashi:
        for seat in nagashi:
            score = nagashi_mangan_score(seat_wind(seat, k.dealer), k.rules)
            for j, d in enumerate(settle_score(k, seat, score)):
                deltas[j] += d
        reason = "nagashi_mangan"
    else:
        reason = "exhaustive_draw"
        if 0 < len(tenpai) < 4:
            gain = 3000 // len(tenpai)
            loss = 3000 // (4 - len(tenpai))
            for seat in range(4):
                deltas[seat] = gain if seat in tenpai else -loss
    policy = k.rules.renchan
    dealer_tenpai = k.dealer in tenpai
    keeps = dealer_tenpai if policy == "tenpai" else \
        (dealer_tenpai or k.round_wind > 0) if policy == "nanba" else False
    k._emit({"type": "ryukyoku", "reason": reason, "deltas": deltas,
                "tenpais": [seat in tenpai for seat in range(4)]})
    finish(k, KyokuResult(reason, _four(deltas), keeps, (), tenpai))


def chombo(k: Kyoku, seat: int) -> None:
    """A referee's ruling: ``seat`` committed a chombo, which ends the hand (MJ-END-16).
    It costs a reverse mangan where the rules say so (CFG-10), else nothing (the hand is
    replayed); the match applies ``Rules.chombo_dealer``."""
    if k.phase == "over":
        raise IllegalActionError("the hand is over")
    if type(seat) is not int or not 0 <= seat <= 3:
        raise IllegalActionError(f"chombo: seat must be 0..3, got {seat!r}")
    deltas = [0, 0, 0, 0]
    if k.rules.chombo_payment == "reverse_mangan":
        for payment in chombo_payments(seat_wind(seat, k.dealer)):
            assert payment.payer is not None
            receiver = seat_of_wind(payment.payer, k.dealer)
            deltas[receiver] += payment.amount
            deltas[seat] -= payment.amount
    # Riichi sticks placed this hand go back (the hand does not count).
    k._emit({"type": "ryukyoku", "reason": "chombo", "actor": seat, "deltas": deltas})
    finish(k, KyokuResult("chombo", _four(deltas), k.rules.chombo_dealer == "replay"
                             or seat != k.dealer, chombo=seat))


def finish(k: Kyoku, result: KyokuResult) -> None:
    for seat in range(4):
        k.scores[seat] += result.deltas[seat]
    k.result = result
    k.phase = Phase.OVER
    k.claim_options = {}
    k._legal = None
    k._emit({"type": "end_kyoku"})


def _four(values: Sequence[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])
