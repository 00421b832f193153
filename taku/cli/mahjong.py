"""``taku mahjong ...``: score hands and analyse shanten from the command line, and play one seat
as an mjai bot (``replay`` is in :mod:`taku.cli.mahjong_replay`, ``simulate`` in
:mod:`taku.cli.mahjong_simulate`). Every command that uses rules prints them first (``rules:
tenhou``; ``"rules"`` in JSON); the default is Tenhou's.

Hand syntax (``HAND``): the concealed tiles in MPSZ notation, then each meld, then optionally the
winning tile, separated by spaces::

    taku mahjong score "11123m456p55z 777z+ 5z" --seat S --round E --dora 4p

* concealed tiles: ``123m0p55z`` (``0`` = red five; ``1z``..``7z`` = E S W N haku hatsu chun);
* melds: ``3-45m`` (chi, 3m called from the left), ``777z+`` (pon from the right),
  ``99=9m`` (pon from across), ``5555p=`` (open kan), ``555=5s`` (added kan on a pon from across),
  ``1111z`` (closed kan): the mark ``-``/``=``/``+`` (left/across/right) follows the called tile;
* the winning tile: a last single-tile token. If the concealed tiles and melds already make 14
  tiles, it must be one of the concealed tiles; if they make 13, it is added. Without it, the last
  concealed tile written is the winning tile (or give ``--win``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from taku.cli.main import CommandError, count, loads_json, read_lines
from taku.mahjong.errors import InvalidNotationError, MahjongError
from taku.mahjong.hand import ACROSS, LEFT, MELD_KINDS, RIGHT, Hand, Meld
from taku.mahjong.rules import PRESET_ALIASES, PRESETS, Rules, rules_label
from taku.mahjong.score import SEAT_NAMES, HandScore, Win, nagashi_mangan_score, score_hand
from taku.mahjong.shanten import (
    Ukeire,
    meld_counts,
    shanten,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_regular,
    ukeire,
    waits,
)
from taku.mahjong.tiles import Tile, kind_to_str, parse_tiles, tiles_to_str

_WINDS = {"e": 0, "east": 0, "s": 1, "south": 1, "w": 2, "west": 2, "n": 3, "north": 3,
          "0": 0, "1": 1, "2": 2, "3": 3}
MAX_COUNTERS = 99
"""The most counters (honba) or riichi sticks a hand is scored with: no table reaches more (100
sticks would be every point of a 25,000-point table), and a larger number is a typo."""
_DIRECTIONS = {"left": LEFT, "kamicha": LEFT, "across": ACROSS, "toimen": ACROSS,
               "right": RIGHT, "shimocha": RIGHT}


def register(games: Any) -> None:
    """Add the ``mahjong`` sub-command to ``games``."""
    parser: argparse.ArgumentParser = games.add_parser(
        "mahjong", help="riichi mahjong: score hands, shanten and waits, replay records, "
                        "simulate matches, play a seat as an mjai bot",
        description="Riichi mahjong tools.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    score = commands.add_parser(
        "score", help="score a won hand", formatter_class=argparse.RawDescriptionHelpFormatter,
        intermixed=True,
        description="Score a won hand: yaku, han, fu, limit and who pays what.",
        epilog=__doc__.split("\n\n", 1)[1] if __doc__ else None)
    score.add_argument("hand", nargs="*", metavar="HAND",
                       help='e.g. 123m456p789s11z 777z+ 1z (the parts may be one quoted argument; '
                            'see below)')
    score.add_argument("--win", metavar="TILE", help="the winning tile (if not written in HAND)")
    score.add_argument("--tsumo", action="store_true", help="won by self-draw (default: ron)")
    score.add_argument("--riichi", action="store_true")
    score.add_argument("--double-riichi", action="store_true")
    score.add_argument("--open-riichi", action="store_true")
    score.add_argument("--ippatsu", action="store_true")
    score.add_argument("--rinshan", action="store_true", help="won on a replacement tile")
    score.add_argument("--chankan", action="store_true", help="robbed a kan")
    score.add_argument("--haitei", action="store_true", help="tsumo on the last tile")
    score.add_argument("--houtei", action="store_true", help="ron on the last discard")
    first = score.add_mutually_exclusive_group()
    first.add_argument("--tenhou", action="store_true", help="dealer's first-draw tsumo")
    first.add_argument("--chiihou", action="store_true", help="non-dealer's first-draw tsumo")
    first.add_argument("--renhou", action="store_true", help="ron before one's first draw")
    score.add_argument("--seat", default="E", help="seat wind E/S/W/N (E = dealer; default E)")
    score.add_argument("--round", default="E", help="round wind E/S/W/N (default E)")
    score.add_argument("--dora", default="", metavar="TILES",
                       help="dora indicators incl. kan-dora, e.g. 3m7z")
    score.add_argument("--ura", default="", metavar="TILES", help="ura-dora indicators")
    score.add_argument("--honba", type=count(0, MAX_COUNTERS, "a number of counters"), default=0,
                       help=f"counters on the table (0..{MAX_COUNTERS})")
    score.add_argument("--deposits", type=count(0, MAX_COUNTERS, "a number of riichi sticks"),
                       default=0, help=f"riichi sticks on the table (0..{MAX_COUNTERS})")
    score.add_argument("--discarder", metavar="SEAT", help="seat wind of the discarder (ron)")
    score.add_argument("--pao", metavar="SEAT", help="seat wind of a liable player")
    score.add_argument("--nagashi", action="store_true",
                       help="no HAND: the nagashi mangan payments of --seat (at a draw)")
    _add_rules_arguments(score)
    score.add_argument("--json", action="store_true", help="print JSON")
    score.add_argument("--batch", action="store_true",
                       help="read one JSON hand per line on stdin, write one JSON result per line")
    score.set_defaults(handler=_score_command)

    analyse = commands.add_parser(
        "shanten", help="shanten, waits and ukeire of a hand", intermixed=True,
        description="Shanten (tiles from tenpai), waits and ukeire (improving tiles and how many "
                    "are unseen) of a 13-tile hand, or of each discard of a 14-tile hand.")
    analyse.add_argument("hand", nargs="+", metavar="HAND",
                         help='e.g. 123m456p789s1122z or 1234m456p 777z+ (quoted or not)')
    analyse.add_argument("--visible", default="", metavar="TILES",
                         help="tiles seen elsewhere (discards, melds, indicators)")
    analyse.add_argument("--json", action="store_true", help="print JSON")
    analyse.set_defaults(handler=_shanten_command)

    from taku.cli import mahjong_evaluate, mahjong_replay, mahjong_simulate
    mahjong_replay.register(commands)
    mahjong_simulate.register(commands)
    mahjong_evaluate.register(commands)

    bot = commands.add_parser(
        "mjai-bot", help="play one seat as an mjai bot on stdin/stdout (docs/mjai.md)",
        description="Play one seat as an mjai bot: each input line is a JSON array of mjai events "
                    "(mjai.app) or one event object; one JSON action is written per line.")
    bot.add_argument("--seat", type=int, required=True, choices=range(4), metavar="N",
                     help="the seat 0..3 (a start_game event's id overrides it)")
    bot.add_argument("--player", default="taku", help="the player (see taku.bots.PLAYERS; default taku)")
    bot.add_argument("--seed", default="0", help="the player's seed")
    _add_rules_arguments(bot)
    bot.set_defaults(handler=_mjai_bot_command)


def _mjai_bot_command(args: argparse.Namespace) -> int:
    from taku.bots import make_player
    from taku.protocols.mjai_client import MjaiBot, serve
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    try:
        rules = _rules(args.rules, args.option)
        bot = MjaiBot(make_player(args.player, seed), args.seat, rules)
        # Standard output is the protocol: the rules go to the error stream.
        print(f"rules: {rules_label(rules)}", file=sys.stderr, flush=True)
        return serve(bot, sys.stdin, sys.stdout)
    except ValueError as error:  # MjaiProtocolError, an unknown player or rules field
        raise CommandError(str(error)) from None


def _add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="default", choices=[*PRESETS, *PRESET_ALIASES],
                        help="rule preset (default: tenhou, the library default)")
    parser.add_argument("--option", action="append", default=[], metavar="FIELD=VALUE",
                        help="change one rules field, e.g. kiriage_mangan=true (repeatable)")


# --- parsing helpers -------------------------------------------------------------------------

def _seat(text: str | int, what: str) -> int:
    seat = _WINDS.get(str(text).strip().lower())
    if seat is None:
        raise MahjongError(f"{what} must be E, S, W or N, got {text!r}")
    return seat


def _rules(name: str, options: list[str]) -> Rules:
    """The preset ``name`` (or the defaults) changed by ``--option FIELD=VALUE`` texts."""
    return Rules.preset(name).with_options(options)


def parse_hand_argument(text: str, win: str | None = None) -> tuple[Hand, Tile]:
    """Parse the ``HAND`` argument (concealed tiles, melds, optional winning tile)."""
    tokens = text.split()
    if not tokens:
        raise MahjongError("empty hand")
    closed = list(parse_tiles(tokens[0]))
    rest = tokens[1:]
    win_tile: Tile | None = Tile.from_str(win) if win else None
    if rest and not any(mark in rest[-1] for mark in "-=+") and len(parse_tiles(rest[-1])) == 1:
        if win_tile is not None:
            raise MahjongError(f"two winning tiles: {rest[-1]} in the hand and --win {win}")
        win_tile = parse_tiles(rest[-1])[0]
        rest = rest[:-1]
    melds = tuple(_meld_token(token) for token in rest)
    size = len(closed) + 3 * len(melds)
    if win_tile is None:
        if size != 14:
            raise MahjongError(f"14 tiles expected (or 13 and a winning tile), got {size}")
        win_tile = closed[-1]
    elif size == 13:
        closed.append(win_tile)
    elif size != 14:
        raise MahjongError(f"13 tiles and a winning tile, or 14 tiles, expected; got {size}"
                           f"{' and a winning tile' if win_tile else ''}")
    return Hand(tuple(closed), melds), win_tile


def _meld_token(token: str) -> Meld:
    """A meld of the ``HAND`` argument; plain tiles there get a message saying what may follow."""
    try:
        return Meld.from_str(token)
    except InvalidNotationError:
        if not any(mark in token for mark in "-=+"):
            try:
                parse_tiles(token)
            except MahjongError:
                raise MahjongError(f"cannot read {token!r}: not a meld or tiles") from None
            raise MahjongError(
                f"{token!r} is not a meld: only one winning tile may follow the melds, as the last "
                "part of HAND (melds are written 3-45m, 777z+, 5555p=, 555=5s or 1111z)") from None
        raise


def _win_from_args(args: argparse.Namespace) -> Win:
    seat = _seat(args.seat, "--seat")
    first_turn = args.tenhou or args.chiihou or args.renhou
    if args.tenhou and (seat != 0 or not args.tsumo):
        raise MahjongError("tenhou is the dealer's (--seat E) win by --tsumo")
    if args.chiihou and (seat == 0 or not args.tsumo):
        raise MahjongError("chiihou is a non-dealer's win by --tsumo")
    if args.renhou and args.tsumo:
        raise MahjongError("renhou is a win by ron (no --tsumo)")
    discarder = _seat(args.discarder, "--discarder") if args.discarder is not None else None
    if discarder is not None and args.tsumo:
        raise MahjongError(f"--discarder {args.discarder}: a tsumo win has no discarder")
    if discarder is not None and discarder == seat:
        raise MahjongError(f"--discarder {args.discarder}: the winner (--seat {args.seat}) cannot "
                           "win on his own discard")
    return Win(
        tsumo=args.tsumo, riichi=args.riichi, double_riichi=args.double_riichi,
        open_riichi=args.open_riichi, ippatsu=args.ippatsu, rinshan=args.rinshan,
        chankan=args.chankan, haitei=args.haitei, houtei=args.houtei, first_turn=first_turn,
        seat_wind=seat, round_wind=_seat(args.round, "--round"),
        dora_indicators=parse_tiles(args.dora), ura_indicators=parse_tiles(args.ura),
        honba=args.honba, deposits=args.deposits,
        discarder=discarder,
        pao_seat=_seat(args.pao, "--pao") if args.pao is not None else None)


# --- score -------------------------------------------------------------------------------------

_SITUATION_OPTIONS = ("tsumo", "riichi", "double_riichi", "open_riichi", "ippatsu", "rinshan",
                      "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou", "dora", "ura",
                      "honba", "deposits", "discarder", "pao", "win")


def _score_command(args: argparse.Namespace) -> int:
    args.hand = " ".join(args.hand)  # the parts of HAND, given as one argument or several
    if args.batch:
        if args.hand:
            raise CommandError("--batch reads hands from stdin; do not give HAND")
        if args.nagashi:
            raise CommandError('--batch reads hands from stdin; use "nagashi": true on a line')
        reconfigure = getattr(sys.stdin, "reconfigure", None)
        if reconfigure is not None:  # undecodable bytes make that line's JSON invalid, no more
            reconfigure(errors="replace")
        return _score_batch(sys.stdin, sys.stdout)
    if args.nagashi:
        return _nagashi_command(args)
    if not args.hand:
        raise CommandError('give a HAND, e.g. taku mahjong score "123m456p789s11z 777z+ 1z"')
    try:
        hand, win_tile = parse_hand_argument(args.hand, args.win)
        rules = _rules(args.rules, args.option)
        result = score_hand(hand, win_tile, _win_from_args(args), rules)
    except MahjongError as error:
        raise CommandError(str(error)) from None
    if args.json:
        print(json.dumps({"rules": rules_label(rules), **result.to_dict()}, ensure_ascii=False))
    else:
        print(f"rules: {rules_label(rules)}")
        print(format_score_sheet(hand, win_tile, result))
    return 0


def _nagashi_command(args: argparse.Namespace) -> int:
    """``score --nagashi --seat S``: the payments of a nagashi mangan (MJ-MONTREAL-21)."""
    if args.hand:
        raise CommandError("--nagashi scores no hand: give only --seat (and --rules, --option)")
    given = [f"--{name.replace('_', '-')}" for name in _SITUATION_OPTIONS if getattr(args, name)]
    if given:
        raise CommandError(f"--nagashi takes only --seat, --rules, --option and --json, not "
                           f"{', '.join(given)} (a nagashi mangan is paid at a draw, without "
                           "counters)")
    try:
        rules = _rules(args.rules, args.option)
        result = nagashi_mangan_score(_seat(args.seat, "--seat"), rules)
    except MahjongError as error:
        raise CommandError(str(error)) from None
    if args.json:
        print(json.dumps({"rules": rules_label(rules), **result.to_dict()}, ensure_ascii=False))
        return 0
    lines = [f"rules: {rules_label(rules)}",
             f"Nagashi mangan  {SEAT_NAMES[_seat(args.seat, '--seat')]}"
             f"{' (dealer)' if result.dealer else ''}",
             "Value         mangan", "Payments"]
    lines += _payment_lines(result)
    lines.append(f"Total         {result.received}")
    print("\n".join(lines))
    return 0


def _payment_lines(score: HandScore) -> list[str]:
    lines = []
    for payment in score.payments:
        payer = "discarder" if payment.payer is None else SEAT_NAMES[payment.payer]
        honba = f" (incl. {payment.honba} for counters)" if payment.honba else ""
        lines.append(f"  {payer:<10} pays {payment.amount}{honba}")
    return lines


def format_score_sheet(hand: Hand, win_tile: Tile, score: HandScore) -> str:
    """A score sheet for a player to read."""
    lines = [f"Hand          {hand}",
             f"Won on        {win_tile} by {'tsumo' if score.tsumo else 'ron'}"
             f"{f' ({score.wait} wait)' if score.wait else ''}"]
    if score.decomposition:
        lines.append(f"Groups        {score.decomposition}")
    lines.append("Yaku")
    width = max((len(name) for name, _ in score.yaku), default=10)
    for name, han in score.yaku:
        unit = "yakuman" if score.yakuman and han % 13 == 0 and han >= 13 else "han"
        amount = han // 13 if unit == "yakuman" else han
        lines.append(f"  {name:<{width}}  {amount} {unit}")
    if score.all_dora:
        parts = [f"{label} {n}" for label, n in
                 (("dora", score.dora), ("aka", score.aka), ("ura", score.ura)) if n]
        lines.append(f"  {'dora':<{width}}  {score.all_dora} han ({', '.join(parts)})")
    if score.fu_items:
        items = ", ".join(f"{name} {fu}" for name, fu in score.fu_items)
        lines.append(f"Fu            {score.fu} ({items})")
    counted = not score.yakuman or score.limit == "kazoe yakuman"
    value = f"{score.han} han {score.fu} fu" if counted else ""
    summary = ", ".join(part for part in (value, score.limit or "") if part)
    lines.append(f"Value         {summary}")
    lines.append("Payments")
    lines += _payment_lines(score)
    for part in score.liable:
        payer = "discarder" if part.payer is None else SEAT_NAMES[part.payer]
        lines.append(f"  (pao: {payer} is liable for {part.amount} of this)")
    if score.deposits:
        lines.append(f"  riichi sticks  {score.deposits}")
    lines.append(f"Total         {score.received}")
    return "\n".join(lines)


_BATCH_KEYS = {"closed", "melds", "win_tile", "tsumo", "riichi", "ippatsu", "double_riichi",
               "open_riichi", "rinshan", "chankan", "haitei", "houtei", "first_turn", "round",
               "seat", "dora_indicators", "ura_indicators", "honba", "deposits", "discarder",
               "pao", "rules", "options", "id", "nagashi", "tenhou", "chiihou", "renhou"}
_NAGASHI_KEYS = {"nagashi", "seat", "rules", "options", "id"}
_MELD_KEYS = {"type", "tiles", "from", "called", "added"}
_FLAG_KEYS = ("tsumo", "riichi", "ippatsu", "double_riichi", "open_riichi", "rinshan", "chankan",
              "haitei", "houtei", "first_turn")


def _batch_meld(data: Any) -> Meld:
    """A ``melds`` entry: meld notation, or an object (type, tiles, from, called, added)."""
    if isinstance(data, str):
        return Meld.from_str(data)
    if not isinstance(data, dict):
        raise MahjongError(f"a meld must be an object or a string, got {data!r}")
    unknown = set(data) - _MELD_KEYS
    if unknown:
        raise MahjongError(f"unknown meld key{'s' if len(unknown) > 1 else ''}: "
                           f"{', '.join(sorted(unknown))} (a meld has type, tiles, from, called, "
                           "added)")
    for key in _MELD_KEYS:
        if key in data and not isinstance(data[key], str):
            raise MahjongError(f"meld \"{key}\" must be a string, got {data[key]!r}")
    kind = data.get("type")
    text = data.get("tiles")
    if text is None:
        raise MahjongError(f"meld {data!r} needs \"tiles\" (e.g. \"777z\" or \"777z+\")")
    if kind is not None and kind not in MELD_KINDS:
        raise MahjongError(f"meld type must be chi, pon, daiminkan, kakan or ankan, got {kind!r}")
    if any(mark in text for mark in "-=+"):
        given = sorted(set(data) & {"from", "called", "added"})
        if given:
            raise MahjongError(f"meld {text!r} has its direction mark; do not give "
                               f"{', '.join(given)} too")
        meld = Meld.from_str(text)
        if kind is not None and meld.kind != kind:
            raise MahjongError(f"meld {text!r} is a {meld.kind}, not a {kind}")
        return meld
    tiles = parse_tiles(text)
    if kind == "ankan":
        if set(data) & {"from", "called", "added"}:
            raise MahjongError("an ankan has no \"from\", \"called\" or \"added\"")
        return Meld("ankan", tiles)
    if kind is None:
        raise MahjongError(f"meld {text!r} needs a \"type\" (or a direction mark, as in 777z+)")
    direction = data.get("from", "left" if kind == "chi" else "across")
    if direction not in _DIRECTIONS:
        raise MahjongError(f"meld \"from\" must be left, across or right, got {direction!r}")
    called = Tile.from_str(data["called"]) if "called" in data else tiles[0]
    if kind == "kakan":
        added = Tile.from_str(data["added"]) if "added" in data else tiles[-1]
        if called is added or (called == added and list(tiles).count(called) < 2):
            called = next((t for t in tiles if t != added), tiles[0])
        return Meld("kakan", tiles, called, _DIRECTIONS[direction], added)
    if "added" in data:
        raise MahjongError(f"only a kakan has an \"added\" tile, not a {kind}")
    return Meld(kind, tiles, called, _DIRECTIONS[direction])


def _json_seat(data: dict[str, Any], key: str, default: str | None) -> int | None:
    """A seat key: a wind ``E``/``S``/``W``/``N`` (or a seat number 0..3)."""
    value = data.get(key, default)
    if value is None and default is None:
        return None
    if isinstance(value, str):
        return _seat(value, f"\"{key}\"")
    if type(value) is int and 0 <= value <= 3:
        return value
    raise MahjongError(f"\"{key}\" must be a wind E, S, W or N (or a seat 0..3), got {value!r}")


def _json_rules(data: dict[str, Any]) -> Rules:
    """The ``rules`` preset changed by the ``options`` object. Values keep their JSON types: a bool
    field takes true/false, a number field an integer, a set field a list of names, ``red_fives`` a
    list of three integers; ``Rules`` checks each value."""
    name = data.get("rules", "default")
    if not isinstance(name, str) or (name not in PRESET_ALIASES and name not in PRESETS):
        raise MahjongError(f"\"rules\" must be one of {', '.join([*PRESET_ALIASES, *PRESETS])}; "
                           f"got {name!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise MahjongError(f"\"options\" must be an object of rules fields, got {options!r}")
    return Rules.preset(name).with_values(options)


def score_json(data: Any) -> dict[str, Any]:
    """Score one ``--batch`` input object; raise MahjongError for bad input."""
    if not isinstance(data, dict):
        raise MahjongError(f"each line must be a JSON object, got {type(data).__name__}")
    unknown = set(data) - _BATCH_KEYS
    if unknown:
        raise MahjongError(f"unknown key{'s' if len(unknown) > 1 else ''}: "
                           f"{', '.join(sorted(unknown))}")

    def flag(key: str) -> bool:
        value = data.get(key, False)
        if not isinstance(value, bool):
            raise MahjongError(f"\"{key}\" must be true or false, got {value!r}")
        return value

    if flag("nagashi"):
        extra = set(data) - _NAGASHI_KEYS
        if extra:
            raise MahjongError(f"\"nagashi\": true takes only seat, rules, options and id, not "
                               f"{', '.join(sorted(extra))}")
        seat = _json_seat(data, "seat", "E")
        assert seat is not None
        rules = _json_rules(data)
        return {"rules": rules_label(rules), **nagashi_mangan_score(seat, rules).to_dict()}

    for key in ("closed", "win_tile"):
        if key not in data:
            raise MahjongError(f"\"{key}\" is required (MPSZ text)")
        if not isinstance(data[key], str):
            raise MahjongError(f"\"{key}\" must be MPSZ text, got {data[key]!r}")
    melds = data.get("melds", [])
    if not isinstance(melds, list):
        raise MahjongError(f"\"melds\" must be a list, got {melds!r}")
    hand = Hand(parse_tiles(data["closed"]), tuple(_batch_meld(m) for m in melds))
    win_tile = Tile.from_str(data["win_tile"])

    def number(key: str) -> int:
        value = data.get(key, 0)
        if type(value) is not int:
            raise MahjongError(f"\"{key}\" must be an integer, got {value!r}")
        if value > MAX_COUNTERS:  # (a negative count is Win's to refuse)
            raise MahjongError(f"\"{key}\" must be at most {MAX_COUNTERS}, got {value}")
        return value

    def indicators(key: str) -> tuple[Tile, ...]:
        value = data.get(key, [])
        if isinstance(value, str):
            return parse_tiles(value)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise MahjongError(f"\"{key}\" must be a list of tiles (or one MPSZ text), "
                               f"got {value!r}")
        return tuple(t for v in value for t in parse_tiles(v))

    flags = {key: flag(key) for key in _FLAG_KEYS}
    seat = _json_seat(data, "seat", "E")
    round_wind = _json_seat(data, "round", "E")
    assert seat is not None and round_wind is not None
    first = [key for key in ("tenhou", "chiihou", "renhou") if flag(key)]
    if len(first) > 1:
        raise MahjongError(f"give one of \"tenhou\", \"chiihou\", \"renhou\", not {' and '.join(first)}")
    if first == ["tenhou"] and (seat != 0 or not flags["tsumo"]):
        raise MahjongError("\"tenhou\" is the dealer's (\"seat\": \"E\") win by \"tsumo\"")
    if first == ["chiihou"] and (seat == 0 or not flags["tsumo"]):
        raise MahjongError("\"chiihou\" is a non-dealer's win by \"tsumo\"")
    if first == ["renhou"] and flags["tsumo"]:
        raise MahjongError("\"renhou\" is a win by ron (no \"tsumo\")")
    flags["first_turn"] = flags["first_turn"] or bool(first)
    win = Win(**flags, round_wind=round_wind, seat_wind=seat,
              dora_indicators=indicators("dora_indicators"),
              ura_indicators=indicators("ura_indicators"),
              honba=number("honba"), deposits=number("deposits"),
              discarder=_json_seat(data, "discarder", None), pao_seat=_json_seat(data, "pao", None))
    rules = _json_rules(data)
    return {"rules": rules_label(rules), **score_hand(hand, win_tile, win, rules).to_dict()}


def _score_batch(stdin: Any, stdout: Any) -> int:
    """Score each JSON line of ``stdin``; one JSON line out per line in (blank lines skipped)."""
    failures = 0
    for number, line in enumerate(read_lines(stdin), 1):
        if not line.strip():
            continue
        output: dict[str, Any]
        ident: Any = None
        try:
            data = loads_json(line.strip())
        except json.JSONDecodeError as error:
            output = {"error": f"line {number}: not valid JSON: {error.msg} at column {error.colno}"}
        except (ValueError, RecursionError) as error:  # e.g. a number too long, nesting too deep
            output = {"error": f"line {number}: not valid JSON: {error}"}
        else:
            ident = data.get("id") if isinstance(data, dict) else None
            try:
                output = score_json(data)
            except MahjongError as error:
                output = {"error": str(error)}
            except Exception as error:  # a bug must not stop the other lines
                output = {"error": f"internal error ({type(error).__name__}: {error})"}
        if ident is not None:
            output = {"id": ident, **output}
        try:
            # ASCII only: a raw U+0085 or U+2028 in an echoed id would split the line for readers
            # that break lines on every Unicode line separator.
            text = json.dumps(output)
        except ValueError as error:  # an integer too long to write
            output = {"error": f"cannot write the result: {error}"}
            text = json.dumps(output)
        if "error" in output:
            failures += 1
        stdout.write(text + "\n")
        stdout.flush()
    return 1 if failures else 0


# --- shanten -----------------------------------------------------------------------------------

def _shanten_command(args: argparse.Namespace) -> int:
    try:
        report = shanten_report(" ".join(args.hand), args.visible)
    except MahjongError as error:
        raise CommandError(str(error)) from None
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(_format_shanten(report))
    return 0


def _ukeire_data(result: Ukeire) -> dict[str, Any]:
    return {"shanten": result.shanten,
            "tiles": [kind_to_str(k) for k in result.tiles],
            "remaining": dict(zip((kind_to_str(k) for k in result.tiles), result.remaining,
                                  strict=True)),
            "total": result.total}


def shanten_report(text: str, visible_text: str = "") -> dict[str, Any]:
    """Shanten, waits and ukeire of a hand as plain data.

    The tiles of the hand's own melds count as held: no wait or improving tile is a copy that sits
    in them (MJ-END-07), and they are not counted as unseen."""
    tokens = text.split()
    if not tokens:
        raise MahjongError("empty hand")
    closed = parse_tiles(tokens[0])
    melds = tuple(Meld.from_str(token) for token in tokens[1:])
    hand = Hand(closed, melds)
    counts = hand.counts
    melded = meld_counts(melds)
    visible = [0] * 34
    for tile in parse_tiles(visible_text):
        visible[tile.kind] += 1
    for kind in range(34):
        total = counts[kind] + melded[kind] + visible[kind]
        if total > 4:
            raise MahjongError(f"{total} copies of {kind_to_str(kind)} "
                               "between the hand, its melds and --visible")
    n_melds = len(melds)
    report: dict[str, Any] = {
        "hand": str(hand),
        "shanten": shanten(counts, n_melds, melded=melded),
        "regular": shanten_regular(counts, n_melds, melded=melded),
    }
    if not melds:
        report["chiitoitsu"] = shanten_chiitoitsu(counts)
        report["kokushi"] = shanten_kokushi(counts)
    size = len(closed) + 3 * n_melds
    if size == 13:
        report["waits"] = [kind_to_str(k) for k in waits(counts, n_melds, melded=melded)]
        report["ukeire"] = _ukeire_data(ukeire(counts, n_melds, visible, melded=melded))
    else:
        options = []
        for kind in range(34):
            if counts[kind]:
                counts[kind] -= 1
                after = ukeire(counts, n_melds, visible, melded=melded)
                counts[kind] += 1
                options.append({"discard": kind_to_str(kind), **_ukeire_data(after)})
        options.sort(key=lambda o: (o["shanten"], -o["total"]))
        report["discards"] = options
    return report


def _format_shanten(report: dict[str, Any]) -> str:
    def describe(value: int) -> str:
        return {-1: "complete", 0: "tenpai"}.get(value, f"{value}-shanten")

    forms = [f"regular {describe(report['regular'])}"]
    if "chiitoitsu" in report:
        forms += [f"chiitoitsu {describe(report['chiitoitsu'])}",
                  f"kokushi {describe(report['kokushi'])}"]
    lines = [f"Hand     {report['hand']}",
             f"Shanten  {report['shanten']} ({describe(report['shanten'])}; {', '.join(forms)})"]

    def tiles_line(data: dict[str, Any]) -> str:
        if not data["tiles"]:
            return "none"
        return " ".join(f"{t}x{n}" for t, n in data["remaining"].items()) + \
            f"  ({data['total']} tiles)"

    if "waits" in report:
        if report["shanten"] == 0:
            lines.append(f"Waits    {' '.join(report['waits']) or 'none'}")
        lines.append(f"Ukeire   {tiles_line(report['ukeire'])}")
    else:
        lines.append("Discard  shanten  ukeire")
        for option in report["discards"]:
            lines.append(f"  {option['discard']:<6} {option['shanten']:>7}  {tiles_line(option)}")
    return "\n".join(lines)


Handler = Callable[[argparse.Namespace], int]
__all__ = ["format_score_sheet", "parse_hand_argument", "register", "score_json", "shanten_report",
           "tiles_to_str"]
