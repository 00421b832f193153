"""Riichi mahjong: tiles, hands, shanten, scoring and rules (pure standard library, no I/O)."""

from taku.mahjong.decompose import Decomposition, Group, decompositions
from taku.mahjong.errors import (
    InvalidHandError,
    InvalidMeldError,
    InvalidNotationError,
    MahjongError,
    NotAWinError,
    NoYakuError,
)
from taku.mahjong.hand import ACROSS, LEFT, RIGHT, Hand, Meld
from taku.mahjong.rules import PRESETS, Rules
from taku.mahjong.score import HandScore, Payment, Win, basic_points, hand_payments, score_hand
from taku.mahjong.shanten import (
    Ukeire,
    is_complete,
    is_tenpai,
    meld_counts,
    shanten,
    shanten_batch,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_regular,
    ukeire,
    waits,
)
from taku.mahjong.tiles import Tile, parse_tiles, tiles_to_str

__all__ = [
    "ACROSS", "LEFT", "PRESETS", "RIGHT", "Decomposition", "Group", "Hand", "HandScore",
    "InvalidHandError", "InvalidMeldError", "InvalidNotationError", "MahjongError", "Meld",
    "NoYakuError", "NotAWinError", "Payment", "Rules", "Tile", "Ukeire", "Win", "basic_points",
    "decompositions", "hand_payments", "is_complete", "is_tenpai", "meld_counts", "parse_tiles", "score_hand",
    "shanten", "shanten_batch", "shanten_chiitoitsu", "shanten_kokushi", "shanten_regular", "tiles_to_str",
    "ukeire", "waits",
]
