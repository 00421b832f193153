"""The fixed discrete action space of the mahjong environments: one index per kind of decision.

Every legal :class:`~taku.mahjong.actions.Action` of a seat has exactly one index (so a policy picks
an index and the environment plays the action behind it); the mask in each observation marks the
indices that are legal now. ``NUM_ACTIONS`` indices:

=========  ==========================================================================================
index      action
=========  ==========================================================================================
0..33      discard a tile of this kind from the hand (not a red five; not the tile just drawn)
34..36     discard the red five of man, pin, sou from the hand
37         tsumogiri: discard the tile just drawn
38         declare riichi (the next decision of the same seat is its discard, masked to the tiles
           that keep the hand tenpai, MJ-RIICHI-01)
39         declare open riichi (only under ``Rules.open_riichi``, MJ-RIICHI-13)
40..45     chi: the called tile lowest, middle, highest of the run, each without and with a red five
           among the two tiles taken from the hand (40 low, 41 low with red, 42 middle, ...)
46, 47     pon without, with a red five from the hand
48         daiminkan (open kan on a discard)
49..82     ankan (closed kan) of this kind (index - 49)
83..116    kakan (added kan) of this kind (index - 83)
117        tsumo (win on the tile drawn)
118        ron (win on a discard, or on an added kan: chankan)
119        pass (decline every claim on a discard or a kan)
120        nine terminals (kyushu kyuhai, an abortive draw)
=========  ==========================================================================================

>>> from taku.mahjong.tiles import Tile
>>> action_index(Action("dahai", 0, Tile.from_str("0p")))
35
>>> action_index(Action("chi", 1, Tile.from_str("4m"), (Tile.from_str("3m"), Tile.from_str("0m")), 0))
43
>>> ACTION_NAMES[43], ACTION_NAMES[77]
('chi middle red', 'ankan 2z')
"""

from __future__ import annotations

from taku.mahjong.actions import Action
from taku.mahjong.tiles import kind_to_str

DISCARD = 0
DISCARD_RED = 34
TSUMOGIRI = 37
RIICHI = 38
OPEN_RIICHI = 39
CHI = 40
PON = 46
DAIMINKAN = 48
ANKAN = 49
KAKAN = 83
TSUMO = 117
RON = 118
PASS = 119
NINE_TERMINALS = 120
NUM_ACTIONS = 121
"""The size of the action space."""


def _names() -> tuple[str, ...]:
    names = [f"discard {kind_to_str(k)}" for k in range(34)]
    names += ["discard 0m", "discard 0p", "discard 0s", "tsumogiri", "riichi", "open riichi"]
    for variant in ("low", "middle", "high"):
        names += [f"chi {variant}", f"chi {variant} red"]
    names += ["pon", "pon red", "daiminkan"]
    names += [f"ankan {kind_to_str(k)}" for k in range(34)]
    names += [f"kakan {kind_to_str(k)}" for k in range(34)]
    names += ["tsumo", "ron", "pass", "nine terminals"]
    return tuple(names)


ACTION_NAMES: tuple[str, ...] = _names()
"""A short name of each index, for logs and documentation."""


def action_index(action: Action) -> int:
    """The index of ``action`` in the action space (see the module docstring)."""
    kind = action.type
    if kind == "dahai":
        assert action.pai is not None
        if action.tsumogiri:
            return TSUMOGIRI
        if action.pai.red:
            return DISCARD_RED + action.pai.suit
        return DISCARD + action.pai.kind
    if kind == "none":
        return PASS
    if kind == "hora":
        return TSUMO if action.target == action.actor else RON
    if kind == "chi":
        assert action.pai is not None
        called = action.pai.kind
        low, high = sorted(t.kind for t in action.consumed)
        variant = 0 if called < low else (1 if called < high else 2)
        return CHI + 2 * variant + any(t.red for t in action.consumed)
    if kind == "pon":
        return PON + any(t.red for t in action.consumed)
    if kind == "daiminkan":
        return DAIMINKAN
    if kind == "ankan":
        assert action.pai is not None
        return ANKAN + action.pai.kind
    if kind == "kakan":
        assert action.pai is not None
        return KAKAN + action.pai.kind
    if kind == "reach":
        return RIICHI
    if kind == "open_reach":
        return OPEN_RIICHI
    if kind == "ryukyoku":
        return NINE_TERMINALS
    raise ValueError(f"no action index for {action}")


def index_actions(legal: tuple[Action, ...]) -> dict[int, Action]:
    """The legal actions by index. Two legal actions never share an index under the presets (the
    first is kept if a rule set with two red fives of a suit ever makes them)."""
    table: dict[int, Action] = {}
    for action in legal:
        index = action_index(action)
        if index not in table:
            table[index] = action
    return table


def action_mask(table: dict[int, Action]) -> bytearray:
    """The mask of the indices of ``table`` (1 at each, 0 elsewhere): ``NUM_ACTIONS`` bytes."""
    mask = bytearray(NUM_ACTIONS)
    for index in table:
        mask[index] = 1
    return mask


def legal_indices(legal: tuple[Action, ...]) -> tuple[dict[int, Action], bytearray]:
    """:func:`index_actions` of ``legal`` and its :func:`action_mask`, in one pass."""
    table: dict[int, Action] = {}
    mask = bytearray(NUM_ACTIONS)
    for action in legal:
        pai = action.pai
        if action.type == "dahai" and pai is not None:  # most actions: inlined action_index
            index = TSUMOGIRI if action.tsumogiri else \
                (DISCARD_RED + pai.kind // 9 if pai.red else DISCARD + pai.kind)
        else:
            index = action_index(action)
        if index not in table:
            table[index] = action
            mask[index] = 1
    return table, mask
