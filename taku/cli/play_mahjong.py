"""``taku play mahjong``: a riichi mahjong match in the terminal, a human against three bots.

The human sees the table (every seat's discards with the riichi tile marked, melds, scores, the
round, counters, dora indicators and tiles left), his own hand sorted with the drawn tile apart and
numbered, and the legal actions as a numbered menu. Bots' calls, riichi and wins are announced and
each hand ends with a score sheet (yaku and han, fu, points, score changes).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

from rich.table import Table

from taku.bots import Player, make_player
from taku.cli.play import QuitGame, Terminal
from taku.mahjong.actions import Action
from taku.mahjong.hand import Meld
from taku.mahjong.kyoku import Event, KyokuResult, Observation
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules, rules_label
from taku.mahjong.score import HandScore
from taku.mahjong.seats import places_after, seat_wind
from taku.mahjong.tiles import Tile

HONOUR_TEXT = ("E", "S", "W", "N", "Wh", "Gr", "Rd")
"""How honours are written: the winds, then white, green and red dragons."""

_HONOUR_NAMES: dict[str, int] = {}
for _kind, _names in enumerate((("e", "east", "1z"), ("s", "south", "2z"), ("w", "west", "3z"),
                                ("n", "north", "4z"), ("wh", "white", "haku", "p", "5z"),
                                ("gr", "green", "hatsu", "f", "6z"), ("rd", "red", "chun", "c", "7z"))):
    for _name in _names:
        _HONOUR_NAMES[_name] = 27 + _kind

WIND_NAMES = ("East", "South", "West", "North")
RELATIVE = ("You", "Right", "Across", "Left")
"""Seats as the human sees them: himself, then counter-clockwise (the next to play is on his right)."""

_OUTCOMES = {
    "exhaustive_draw": "exhaustive draw", "nagashi_mangan": "nagashi mangan",
    "kyushu_kyuhai": "abortive draw: nine terminals", "suufon_renda": "abortive draw: four winds",
    "suucha_riichi": "abortive draw: four riichi", "suukaikan": "abortive draw: four kans",
    "sanchahou": "abortive draw: triple ron", "chombo": "chombo",
}


class TileInputError(ValueError):
    """A tile name the player typed that means nothing."""


def tile_text(tile: Tile, glyphs: bool = False) -> str:
    """A tile as the table shows it: ``5m``, ``5p*`` for a red five, ``E``..``N``, ``Wh Gr Rd``
    (with its Unicode glyph in front when ``glyphs``)."""
    if tile.kind >= 27:
        text = HONOUR_TEXT[tile.kind - 27]
    else:
        text = f"{tile.number}{'mps'[tile.suit]}{'*' if tile.red else ''}"
    return f"{tile.unicode}{text}" if glyphs else text


def parse_tile(text: str) -> Tile:
    """The tile a player typed: ``5m``, ``0m``/``5m*``/``5mr`` (red five), ``E``, ``east``, ``1z``,
    ``Wh``, ``haku``, ``5z``... Raises :class:`TileInputError`."""
    word = text.strip().lower()
    if word in _HONOUR_NAMES:
        return Tile(_HONOUR_NAMES[word])
    red = word.endswith(("*", "r")) and len(word) == 3
    if red:
        word = word[:2]
    if len(word) == 2 and word[0].isdigit() and word[1] in "mps":
        number = int(word[0])
        suit = "mps".index(word[1])
        if number == 0:
            number, red = 5, True
        if 1 <= number <= 9 and (not red or number == 5):
            return Tile(suit * 9 + number - 1, red)
    raise TileInputError(f"{text!r} is not a tile: write 1m..9m, 1p..9p, 1s..9s (0m or 5m* for a red "
                         f"five), E S W N, Wh Gr Rd")


def describe(action: Action, names: Sequence[str], glyphs: bool = False) -> str:
    """A menu line for a non-discard action."""
    pai = tile_text(action.pai, glyphs) if action.pai is not None else ""
    used = " ".join(tile_text(t, glyphs) for t in action.consumed)
    kind = action.type
    if kind == "hora":
        return f"TSUMO: win on {pai}" if action.target == action.actor else \
            f"RON: win on {pai} from {names[action.target or 0]}"
    if kind == "reach":
        return "RIICHI"
    if kind == "open_reach":
        return "open riichi"
    if kind == "ankan":
        return f"closed kan {used or pai}"
    if kind == "kakan":
        return f"added kan {pai} (on {used})"
    if kind == "ryukyoku":
        return "abortive draw (nine different terminals and honours)"
    if kind == "none":
        return "pass"
    if kind == "dahai":
        return f"discard {pai}"
    return f"{kind} {pai} (with {used})"


@dataclass(frozen=True)
class MahjongOptions:
    """How a match is set up."""

    rules: Rules
    seat: int = 0
    seed: int | str = 0
    opponents: tuple[str, str, str] = ("simple", "simple", "simple")
    max_hands: int | None = None
    glyphs: bool = False


def options_from_args(args: argparse.Namespace) -> MahjongOptions:
    """The options of ``taku play mahjong`` (``ValueError`` naming a bad one)."""
    rules = Rules.preset(args.rules)
    names = [n.strip() for n in (args.opponents or "taku").split(",")]
    if len(names) == 1:
        names *= 3
    if len(names) != 3 or not all(names):
        raise ValueError(f"--opponents: expected one name or three names separated by commas, "
                         f"got {args.opponents!r}")
    for name in names:
        make_player(name, 0, rules)
    if args.hands is not None and args.hands < 1:
        raise ValueError(f"--hands: expected at least 1, got {args.hands}")
    return MahjongOptions(rules, args.seat, args.seed, (names[0], names[1], names[2]), args.hands,
                          args.unicode)


def play(terminal: Terminal, options: MahjongOptions,
         bots: Sequence[Player] | None = None) -> Match:
    """Play a match (``bots``: the players of the three other seats, in seat order; default from
    ``options.opponents``). Returns the match as it stands when the game ends or the player quits."""
    match = Match(options.rules, seed=options.seed)
    others = [s for s in range(4) if s != options.seat]
    if bots is None:
        bots = [make_player(name, f"{options.seed}-{seat}", options.rules)
                for name, seat in zip(options.opponents, others, strict=True)]
    table = _Table(terminal, match, options, dict(zip(others, bots, strict=True)))
    terminal.show(f"rules: {rules_label(options.rules)}")
    try:
        table.run()
    except (QuitGame, KeyboardInterrupt):
        terminal.show("You left the table.")
    return match


class _Table:
    """One match on the screen."""

    def __init__(self, terminal: Terminal, match: Match, options: MahjongOptions,
                 bots: dict[int, Player]) -> None:
        self.terminal = terminal
        self.match = match
        self.options = options
        self.human = options.seat
        self.bots = bots
        self.names = tuple(RELATIVE[places_after(seat, self.human)] for seat in range(4))
        bot_names = dict(zip([s for s in range(4) if s != self.human], options.opponents, strict=True))
        self.labels = tuple("You" if seat == self.human else f"{self.names[seat]} ({bot_names[seat]})"
                            for seat in range(4))
        self.seen = 0
        self.hands_done = 0
        self.hora_in_hand = 0

    def tile(self, tile: Tile) -> str:
        return tile_text(tile, self.options.glyphs)

    # --- the loop -------------------------------------------------------------------------------
    def run(self) -> None:
        opponents = ", ".join(f"{self.labels[s]}" for s in range(4) if s != self.human)
        self.terminal.show(f"taku play mahjong: you are seat {self.human} against {opponents}. "
                           "Type q to quit, ? for help.")
        self.announce()
        match = self.match
        while not match.is_over:
            if self.options.max_hands is not None and self.hands_done >= self.options.max_hands:
                self.terminal.show(f"Stopped after {self.hands_done} hand"
                                   f"{'s' if self.hands_done > 1 else ''}.")
                return
            seat = match.to_act[0]
            if seat == self.human:
                action = self.human_turn()
            else:
                action = self.bots[seat].choose(match.observe(seat))
            match.apply(action)
            self.announce()

    # --- the human -------------------------------------------------------------------------------
    def human_turn(self) -> Action:
        observation = self.match.observe(self.human)
        legal = observation.legal_actions
        if len(legal) == 1 and legal[0].type == "dahai":
            assert legal[0].pai is not None
            self.terminal.show(f"You discard {self.tile(legal[0].pai)} (the only choice).")
            return legal[0]
        discards = [a for a in legal if a.type == "dahai"]
        others = [a for a in legal if a.type != "dahai"]
        if not discards:  # a claim on someone's discard
            others.sort(key=lambda a: ("hora", "daiminkan", "pon", "chi", "none").index(a.type)
                        if a.type in ("hora", "daiminkan", "pon", "chi", "none") else 9)
        self.terminal.show(self.table(observation))
        tiles = self.hand_tiles(observation)
        if discards:
            self.terminal.show(self.hand_line(tiles, observation.drawn is not None))
        else:
            assert observation.last_discard is not None
            who, tile = observation.last_discard
            self.terminal.show(f"{self.names[who]} discarded {self.tile(tile)}.")
            self.terminal.show(self.hand_line(tiles, False, numbers=False))
        first = len(tiles) + 1 if discards else 1
        menu = {str(first + i): action for i, action in enumerate(others)}
        for key, action in menu.items():
            self.terminal.show(f"  {key:>2}  {describe(action, self.names, self.options.glyphs)}")
        prompt = "Discard (number or tile, e.g. 5m)" if discards else "Your call (number; Enter passes)"
        if discards and menu:
            prompt += " or choose an action"
        while True:
            answer = self.terminal.ask(f"{prompt}:")
            if answer.lower() in ("?", "h", "help"):  # help is not a wrong answer: no error after it
                self.terminal.show(HELP)
                continue
            try:
                return self.read_answer(answer, tiles, discards, menu, observation)
            except ValueError as error:
                self.terminal.error(str(error))

    def read_answer(self, answer: str, tiles: list[tuple[Tile, bool]], discards: list[Action],
                    menu: dict[str, Action], observation: Observation) -> Action:
        word = answer.lower()
        if word in menu:
            return menu[word]
        if not discards and word in ("", "p", "pass"):
            for action in menu.values():
                if action.type == "none":
                    return action
        by_word = {"tsumo": ("hora",), "ron": ("hora",), "riichi": ("reach",), "reach": ("reach",),
                   "kan": ("ankan", "kakan", "daiminkan"), "pon": ("pon",), "chi": ("chi",)}
        if word in by_word:
            found = [a for a in menu.values() if a.type in by_word[word]]
            if len(found) == 1:
                return found[0]
            if found:
                raise ValueError(f"several {word} options: choose one by its number")
            raise ValueError(f"you cannot {word} now")
        if not discards:
            raise ValueError(f"{answer!r}: choose a number from the menu (Enter or p passes)")
        if word.isdigit():
            index = int(word)
            if not 1 <= index <= len(tiles):
                raise ValueError(f"{answer!r}: no such choice (tiles are 1..{len(tiles)}"
                                 + (f", actions {min(menu)}..{max(menu)})" if menu else ")"))
            tile, drawn = tiles[index - 1]
            return self.discard(tile, drawn, discards)
        tile = parse_tile(answer)
        held = [t for t, _ in tiles if t == tile] or [t for t, _ in tiles if t.kind == tile.kind]
        if not held:
            raise ValueError(f"you have no {self.tile(tile)} in your hand")
        return self.discard(held[0], False, discards)

    def discard(self, tile: Tile, drawn: bool, discards: list[Action]) -> Action:
        exact = [a for a in discards if a.pai == tile and a.tsumogiri == drawn]
        same = exact or [a for a in discards if a.pai == tile]
        if not same:
            observation = self.match.observe(self.human)
            reason = " (you are in riichi)" if observation.riichi[self.human] else ""
            last = observation.events[-1] if observation.events else {}
            if last.get("type") in ("chi", "pon") and last.get("actor") == self.human:
                reason = " (swap-calling: not the tile you called, nor the other end of its run)"
            allowed = " ".join(sorted({self.tile(a.pai) for a in discards if a.pai is not None}))
            raise ValueError(f"you cannot discard {self.tile(tile)} now{reason}; allowed: {allowed}")
        return same[0]

    def hand_tiles(self, observation: Observation) -> list[tuple[Tile, bool]]:
        """The hand in display order: sorted, then the drawn tile apart (flagged True)."""
        hand = list(observation.hand)
        drawn = observation.drawn
        if drawn is not None and drawn in hand:
            hand.remove(drawn)
            return [(t, False) for t in hand] + [(drawn, True)]
        return [(t, False) for t in hand]

    def hand_line(self, tiles: list[tuple[Tile, bool]], has_drawn: bool, numbers: bool = True) -> str:
        cells: list[tuple[str, str]] = []
        previous_suit: int | None = None
        for i, (tile, drawn) in enumerate(tiles):
            text = self.tile(tile)
            if drawn and has_drawn:
                cells.append(("+", ""))
            elif previous_suit is not None and min(tile.suit, 3) != previous_suit:
                cells.append(("|", ""))
            previous_suit = min(tile.suit, 3)
            cells.append((text, str(i + 1)))
        top = " ".join(f"{text:>{max(len(text), len(num))}}" for text, num in cells)
        bottom = " ".join(f"{num:>{max(len(text), len(num))}}" for text, num in cells)
        melds = self.match.observe(self.human).melds[self.human]
        extra = ("   melds: " + "  ".join(self.meld_text(m) for m in melds)) if melds else ""
        lines = [f"Your hand: {top}{extra}"]
        if numbers:
            lines.append(f"           {bottom}")
        return "\n".join(lines)

    def meld_text(self, meld: Meld) -> str:
        tiles = " ".join(self.tile(t) for t in meld.tiles)
        return f"{meld.kind} {tiles}"

    # --- the table ------------------------------------------------------------------------------
    def table(self, observation: Observation) -> Table:
        o = observation
        dora = " ".join(self.tile(t) for t in o.dora_indicators)
        title = (f"{WIND_NAMES[o.round_wind]} {o.hand_number} · honba {o.honba} · riichi sticks {o.deposits}"
                 f" · tiles left {o.tiles_left} · dora indicator{'s' if len(o.dora_indicators) > 1 else ''}"
                 f" {dora}")
        grid = Table(title=title, title_justify="left", show_lines=False, expand=False)
        grid.add_column("seat")
        grid.add_column("score", justify="right")
        grid.add_column("melds")
        grid.add_column("discards ([x] riichi tile, (x) called)")
        marks = self.discard_marks(o)
        for seat in range(4):
            wind = WIND_NAMES[seat_wind(seat, o.dealer)]
            name = f"{self.labels[seat]} {wind}{' (dealer)' if seat == o.dealer else ''}"
            if o.riichi[seat]:
                name += " RIICHI"
            melds = "  ".join(self.meld_text(m) for m in o.melds[seat])
            texts = []
            for i, tile in enumerate(o.discards[seat]):
                text = self.tile(tile)
                riichi_index, called = marks[seat]
                if i in called:
                    text = f"({text})"
                if i == riichi_index:
                    text = f"[{text}]"
                texts.append(text)
            grid.add_row(name, str(o.scores[seat]), melds, " ".join(texts),
                         style="bold" if seat == self.human else None)
        return grid

    def discard_marks(self, o: Observation) -> list[tuple[int | None, set[int]]]:
        """For each seat: the index of its riichi tile among its discards and the called ones."""
        marks: list[tuple[int | None, set[int]]] = [(None, set()) for _ in range(4)]
        counts = [0, 0, 0, 0]
        pending = [False] * 4
        for event in o.events:
            kind = event.get("type")
            if kind == "reach":
                pending[event["actor"]] = True
            elif kind == "dahai":
                actor = event["actor"]
                if pending[actor]:
                    marks[actor] = (counts[actor], marks[actor][1])
                    pending[actor] = False
                counts[actor] += 1
            elif kind in ("chi", "pon", "daiminkan"):
                target = event["target"]
                marks[target][1].add(counts[target] - 1)
        return marks

    # --- announcements --------------------------------------------------------------------------
    def announce(self) -> None:
        events = self.match.events
        while self.seen < len(events):
            event = events[self.seen]
            self.seen += 1
            self.announce_event(event)

    def announce_event(self, event: Event) -> None:
        show = self.terminal.show
        kind = event.get("type")
        actor = event.get("actor")
        who = self.names[actor] if isinstance(actor, int) else ""
        if kind == "start_kyoku":
            self.hora_in_hand = 0
            wind = WIND_NAMES["ESWN".index(event["bakaze"])]
            oya = event["oya"]
            show("")
            show(f"=== {wind} {event['kyoku']} · dealer: {self.labels[oya]} · honba {event['honba']} "
                 f"· riichi sticks {event['kyotaku']} · dora indicator "
                 f"{self.tile(Tile.from_mjai(event['dora_marker']))} ===", style="bold cyan")
        elif kind == "dahai" and actor != self.human:
            show(f"  {who} discards {self.tile(Tile.from_mjai(event['pai']))}", style="dim")
        elif kind in ("chi", "pon", "daiminkan"):
            name = "KAN" if kind == "daiminkan" else kind.upper()
            tile = self.tile(Tile.from_mjai(event["pai"]))
            target = self.names[event["target"]]
            show(f"{who} {'call' if actor == self.human else 'calls'} {name} on {tile} from "
                 f"{'you' if target == 'You' else target}!", style="bold yellow")
        elif kind in ("ankan", "kakan"):
            tiles = " ".join(self.tile(Tile.from_mjai(t)) for t in event.get("consumed", ()))
            show(f"{who} {'declare' if actor == self.human else 'declares'} "
                 f"{'a closed' if kind == 'ankan' else 'an added'} KAN ({tiles})!", style="bold yellow")
        elif kind == "reach":
            show(f"{who} {'declare' if actor == self.human else 'declares'} RIICHI!", style="bold magenta")
        elif kind == "dora":
            show(f"New dora indicator: {self.tile(Tile.from_mjai(event['dora_marker']))}")
        elif kind == "hora":
            self.score_sheet(event)
        elif kind == "ryukyoku":
            self.draw_sheet(event)
        elif kind == "end_kyoku":
            self.hands_done += 1
            self.hand_end()
        elif kind == "end_game":
            self.final_ranking()

    def result(self) -> KyokuResult | None:
        results = self.match.results
        return results[self.hands_done] if self.hands_done < len(results) else None

    def score_sheet(self, event: Event) -> None:
        show = self.terminal.show
        actor: int = event["actor"]
        target: int = event["target"]
        tile = self.tile(Tile.from_mjai(event["pai"]))
        result = self.result()
        score: HandScore | None = None
        if result is not None and self.hora_in_hand < len(result.scores):
            score = result.scores[self.hora_in_hand]
        self.hora_in_hand += 1
        if actor == target:
            headline = f"TSUMO! {self.labels[actor]} {'win' if actor == self.human else 'wins'} on {tile}"
        else:
            headline = (f"RON! {self.labels[actor]} {'win' if actor == self.human else 'wins'} on {tile} "
                        f"from {self.labels[target]}")
        show("")
        show(headline, style="bold green")
        sheet = Table(title="score sheet", title_justify="left")
        sheet.add_column("yaku")
        sheet.add_column("han", justify="right")
        for name, han in event.get("yaku", ()):
            sheet.add_row(str(name), str(han))
        for label, key in (("dora", "dora"), ("red fives", "aka"), ("ura-dora", "ura")):
            if event.get(key):
                sheet.add_row(label, str(event[key]))
        if score is not None and score.decomposition:
            show(f"Hand: {score.decomposition}" + (f"  (wait: {score.wait})" if score.wait else ""))
        show(sheet)
        if event.get("ura_markers"):
            show("Ura-dora indicators: " + " ".join(self.tile(Tile.from_mjai(t))
                                                    for t in event["ura_markers"]))
        value = f"{event['han']} han {event['fu']} fu"
        if event.get("yakuman"):
            value = f"yakuman x{event['yakuman']}"
        if score is not None:
            if score.limit:
                value += f" ({score.limit})"
            value += f": {score.total} points"
            if score.deposits:
                value += f" + {score.deposits} from riichi sticks"
        show(f"Total: {value}")
        show("Score changes: " + self.deltas_text(event["deltas"]))

    def draw_sheet(self, event: Event) -> None:
        show = self.terminal.show
        reason = str(event.get("reason", ""))
        show("")
        show(f"DRAW: {_OUTCOMES.get(reason, reason)}", style="bold green")
        tenpais = event.get("tenpais")
        if tenpais is not None:
            ready = [self.labels[s] for s in range(4) if tenpais[s]]
            show("Tenpai: " + (", ".join(ready) if ready else "nobody"))
        if any(event.get("deltas", ())):
            show("Score changes: " + self.deltas_text(event["deltas"]))

    def deltas_text(self, deltas: Sequence[int]) -> str:
        return ", ".join(f"{self.labels[s]} {d:+d}" for s, d in enumerate(deltas) if d) or "none"

    def hand_end(self) -> None:
        scores = self.match.scores
        self.terminal.show("Scores: " + ", ".join(f"{self.labels[s]} {scores[s]}" for s in range(4)))
        if not self.match.is_over:
            self.terminal.pause()

    def final_ranking(self) -> None:
        result = self.match.result
        if result is None:
            return
        show = self.terminal.show
        show("")
        ranking = Table(title="Final ranking", title_justify="left")
        for column in ("rank", "player", "score", "points"):
            ranking.add_column(column, justify="left" if column == "player" else "right")
        for seat in sorted(range(4), key=lambda s: (result.ranks[s], s)):
            ranking.add_row(str(result.ranks[seat]), self.labels[seat], str(result.scores[seat]),
                            f"{result.points[seat]:+.1f}", style="bold" if seat == self.human else None)
        show(ranking)
        show(f"You finish {_ordinal(result.ranks[self.human])}.", style="bold")


def _ordinal(rank: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(rank, str(rank))


HELP = """Discard: type the tile's number under your hand, or its name (5m, 0p or 5p* for a red five,
E S W N for winds, Wh Gr Rd for dragons). Other actions: their number in the menu, or a word
(tsumo, ron, riichi, kan, pon, chi, pass). When someone discards, Enter or p passes. q quits."""

__all__ = ["MahjongOptions", "TileInputError", "describe", "options_from_args",
           "parse_tile", "play", "tile_text"]
