#!/usr/bin/env python3
"""A fast stand-in for mjai-manue in self-play: ``ManueLikePlayer``, built on taku's own parts.

mjai-manue (gimite/mjai-manue, Ruby, an outside bot: see ``benchmarks/mahjong_vs_bots.py``) takes
about a CPU-minute per game, so a variant of taku can be checked against it only a few dozen games a
session. Read from its player (never copied), manue plays in a few plain ways that a self-play
table of taku copies does not have:

- it declares riichi with every closed tenpai it can (never dama);
- in tenpai (or in riichi) it pushes every tile: it picks its discard by its hand alone;
- not in tenpai, against a riichi it discards the tile least likely to deal in to every riichi
  player, always (there is no push or fold by value: it folds);
- it defends against riichi only: an open hand, however big, is not a threat to it;
- it calls (pon, chi) only while nobody is in riichi, when the call raises its expected points (a
  stricter test than taku's, which calls whenever the hand gets faster): about 8% of its hands
  open against taku's 33%. The stand-in calls only the pons of value honours that taku would make.

``ManueLikePlayer`` does the same with taku's pieces: its efficiency and value (``TakuPlayer``
without defence) and taku's danger model for the fold (:mod:`taku.bots.mahjong_defence`). It is a
benchmark opponent, not a player of the library: ``benchmarks/mahjong_push_fold.py --opponents
manue-like`` seats three of them against one taku variant. It is weaker than manue (taku placed
2.42 against three of them over 3,200 games, 2.5-2.6 against manue) but plays its style: riichi in
27% of its hands (manue 31%), calls in 16% (manue 8%), wins 17% (manue 18%), deals in 9% (10%).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from taku.bots.mahjong_defence import deal_in_chance, threats  # noqa: E402
from taku.bots.mahjong_taku import TakuPlayer  # noqa: E402
from taku.mahjong.actions import Action  # noqa: E402
from taku.mahjong.kyoku import Observation  # noqa: E402
from taku.mahjong.rules import Rules  # noqa: E402
from taku.mahjong.shanten import shanten  # noqa: E402
from taku.mahjong.tiles import dora_from_indicator  # noqa: E402


class ManueLikePlayer:
    """A stand-in for mjai-manue (see the module docstring)."""

    name = "manue-like"

    def __init__(self, seed: int | str = 0, *, rules: Rules | None = None) -> None:
        self._hand = TakuPlayer(seed, defence=False, rules=rules)

    def __repr__(self) -> str:
        return "ManueLikePlayer()"

    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        legal = observation.legal_actions
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action.type, []).append(action)
        if "hora" in by_type:
            return by_type["hora"][0]
        if "reach" in by_type:
            return by_type["reach"][0]
        seat = observation.seat
        riichi_on = any(observation.riichi[s] for s in range(4) if s != seat)
        if "dahai" not in by_type:
            passing = by_type["none"][0] if "none" in by_type else legal[0]
            if riichi_on:
                return passing  # no calls while someone is in riichi
            choice = self._hand.choose(observation)
            if choice.type in ("chi", "pon") and not self._value_pon(observation, choice):
                return passing
            return choice
        if not riichi_on or observation.riichi[seat]:
            return self._hand.choose(observation)
        counts = [0] * 34
        for tile in observation.hand:
            counts[tile.kind] += 1
        if shanten(counts, len(observation.melds[seat])) <= 0:
            return self._hand.choose(observation)  # tenpai: pushes by its hand alone
        # not tenpai against a riichi: the discard least likely to deal in to every riichi player
        dora = [0] * 34
        for tile in observation.dora_indicators:
            dora[dora_from_indicator(tile.kind)] += 1
        riichis = [t for t in threats(observation, dora) if t.riichi]
        unseen = [4 - v if v < 4 else 0 for v in observation.visible_counts]
        safest: dict[int, float] = {}
        for action in by_type["dahai"]:
            assert action.pai is not None
            kind = action.pai.kind
            if kind not in safest:
                safe = 1.0
                for threat in riichis:
                    safe *= 1.0 - deal_in_chance(kind, threat, unseen, dora)
                safest[kind] = safe
        best = max(safest.values())
        candidates = [a for a in by_type["dahai"] if a.pai is not None and safest[a.pai.kind] >= best - 1e-12]
        choice = self._hand.choose(observation)
        if choice in candidates:
            return choice
        return min(candidates, key=lambda a: (a.pai is not None and a.pai.red, str(a.pai)))

    @staticmethod
    def _value_pon(observation: Observation, action: Action) -> bool:
        """Whether ``action`` is a pon of a value honour (dragons, the seat's and the round's wind)."""
        if action.type != "pon" or action.pai is None:
            return False
        kind = action.pai.kind
        seat_wind = 27 + (observation.seat - observation.dealer) % 4
        return kind >= 31 or kind in (seat_wind, 27 + observation.round_wind)
