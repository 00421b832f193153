"""taku (卓, "the table"): riichi mahjong and renju, exact rules, fast, every variant an option."""

__version__ = "0.1.0"
