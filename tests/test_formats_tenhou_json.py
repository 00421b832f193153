"""Tenhou tenhou.net/6 JSON logs: reading real and tricky games into mjai events, writing them back."""

from __future__ import annotations

import copy
import dataclasses
import gzip
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from taku.formats.mahjong.record import Event, MahjongRecord, RecordError
from taku.formats.mahjong.tenhou_json import (
    DORA_NAMES,
    YAKU_NAMES,
    YAKUMAN_NAMES,
    read_tenhou_json,
    write_tenhou_json,
)
from taku.mahjong.rules import Rules
from taku.mahjong.tiles import Tile
from taku.mahjong.yaku import YAKU, YAKUMAN

CALLS = frozenset({"chi", "pon", "daiminkan"})
KANS = frozenset({"daiminkan", "kakan", "ankan"})
FIRST_GAME = "2010081709gm-00a9-0000-fe3371ad.json"


def tenhou_dir(shared: Path) -> Path:
    return shared / "data" / "mahjong" / "tenhou"


@pytest.fixture(scope="module")
def texts(shared: Path) -> dict[str, str]:
    """Every Tenhou JSON file of the shared data, by file name."""
    files = sorted((tenhou_dir(shared) / "json").glob("*.json"))
    tricky = sorted((tenhou_dir(shared) / "tricky_json").glob("*.json"))
    assert len(files) == 31
    assert len(tricky) == 20
    return {path.name: path.read_text(encoding="utf-8") for path in files + tricky}


@pytest.fixture(scope="module")
def records(texts: dict[str, str]) -> dict[str, MahjongRecord]:
    return {name: read_tenhou_json(text, name=name.removesuffix(".json")) for name, text in texts.items()}


def tricky(shared: Path, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((tenhou_dir(shared) / "tricky_json" / name).read_text(encoding="utf-8"))
    return data


def hands(events: tuple[Event, ...] | list[Event]) -> list[list[Event]]:
    """The events of each hand, ``start_kyoku`` to ``end_kyoku``."""
    result: list[list[Event]] = []
    for event in events:
        if event["type"] == "start_kyoku":
            result.append([])
        if result and (not result[-1] or result[-1][-1]["type"] != "end_kyoku"):
            result[-1].append(event)
    return result


def kind(tile: str) -> int:
    return Tile.from_mjai(tile).kind


# --- reading every file -------------------------------------------------------------------------

def test_reads_every_file(records: dict[str, MahjongRecord], texts: dict[str, str]) -> None:
    total = 0
    for name, record in records.items():
        assert record.events[0]["type"] == "start_game", name
        # a log without the final "sc" (mjx's files, hands cut out of a game) stops after its
        # last hand, without end_game
        final = '"sc":' in texts[name].replace(" ", "")
        assert record.events[-1]["type"] == ("end_game" if final else "end_kyoku"), name
        assert record.rules == "tenhou", name  # all are 4-player games with red fives
        assert len(record.players) == 4
        assert record.events[0]["names"] == list(record.players)
        kyokus = hands(record.events)
        assert all(hand[-1]["type"] == "end_kyoku" for hand in kyokus), name
        total += len(kyokus)
    assert sum(len(hands(records[name].events)) for name in records if "gm-" in name) == 326
    assert total == 349


def test_mjx_files_hold_one_hand_per_line(texts: dict[str, str], records: dict[str, MahjongRecord]) -> None:
    lines = [line for line in texts[FIRST_GAME].splitlines() if line.strip()]
    assert len(lines) == len(hands(records[FIRST_GAME].events)) > 1
    merged = json.loads(lines[0])
    merged["log"] = [json.loads(line)["log"][0] for line in lines]
    assert read_tenhou_json(json.dumps(merged, ensure_ascii=False), name=FIRST_GAME[:-5]).events \
        == records[FIRST_GAME].events


def test_name_comes_from_ref_unless_given(texts: dict[str, str]) -> None:
    assert read_tenhou_json(texts["ranked_game.json"]).name == "2019050417gm-0029-0000-4f2a8622"
    assert read_tenhou_json(texts["ranked_game.json"], name="mine").name == "mine"
    assert read_tenhou_json(texts["chankan.json"]).name == ""


def test_rules_come_from_the_log_and_need_four_players(shared: Path) -> None:
    """Issue 9 item 5 (as for mjlog): the log's ``rule`` names the rules: red fives (``aka``, 赤),
    the length (東 East-only, 南 East-South) and open tanyao (喰) as changes of Tenhou's."""
    data = tricky(shared, "chankan.json")
    data["rule"] = {"disp": "般南喰"}
    record = read_tenhou_json(json.dumps(data))
    assert (record.rules, record.rule_changes) == ("tenhou", (("red_fives", (0, 0, 0)),))
    data["rule"] = {"disp": "般東赤", "aka": 1}
    record = read_tenhou_json(json.dumps(data))
    assert record.rule_changes == (("kuitan", False), ("length", "east"))
    rules = record.rules_value()
    assert rules is not None and (rules.kuitan, rules.length, rules.red_fives) == (False, "east", (1, 1, 1))
    data["rule"] = {"disp": "Gold Room South", "aka51": 1, "aka52": 1, "aka53": 1}
    assert read_tenhou_json(json.dumps(data)).rules == "tenhou"
    assert read_tenhou_json(json.dumps(data)).rule_changes == ()
    data["rule"] = {"disp": "三般南喰赤", "aka": 1}
    with pytest.raises(RecordError, match="three-player"):
        read_tenhou_json(json.dumps(data))


def test_start_kyoku_hands_have_13_tiles_in_the_logs_order(records: dict[str, MahjongRecord],
                                                           shared: Path) -> None:
    for name, record in records.items():
        for hand in hands(record.events):
            start = hand[0]
            assert [len(tiles) for tiles in start["tehais"]] == [13] * 4, name
            assert start["bakaze"] in ("E", "S", "W") and 1 <= start["kyoku"] <= 4
            assert start["oya"] == start["kyoku"] - 1
            assert hand[1] == {"type": "tsumo", "actor": start["oya"], "pai": hand[1]["pai"]}, name
    raw = tricky(shared, "confusing_nakis_2.json")["log"][0][7]  # seat 1's hand is not sorted
    start = records["confusing_nakis_2.json"].events[1]
    assert start["tehais"][1] == [Tile.from_tenhou(code).mjai for code in raw]


def test_no_kind_has_more_than_four_tiles(records: dict[str, MahjongRecord]) -> None:
    for name, record in records.items():
        for hand in hands(record.events):
            seen: Counter[str] = Counter(t for tiles in hand[0]["tehais"] for t in tiles)
            seen[hand[0]["dora_marker"]] += 1
            ura: list[str] = []
            for event in hand:
                if event["type"] == "tsumo":
                    seen[event["pai"]] += 1
                elif event["type"] == "dora":
                    seen[event["dora_marker"]] += 1
                elif event["type"] == "hora" and len(event["ura_markers"]) > len(ura):
                    ura = event["ura_markers"]
            seen.update(ura)
            kinds: Counter[int] = Counter()
            for tile, count in seen.items():
                kinds[kind(tile)] += count
                if tile.endswith("r"):
                    assert count == 1, (name, tile)
            assert max(kinds.values()) <= 4, (name, hand[0])


def test_every_discard_and_call_uses_tiles_in_hand(records: dict[str, MahjongRecord]) -> None:
    """Replaying each hand: discards, called and consumed tiles are always in the right hand."""
    for name, record in records.items():
        for hand in hands(record.events):
            held = [Counter(tiles) for tiles in hand[0]["tehais"]]
            melds = [0, 0, 0, 0]
            drawn: list[str | None] = [None] * 4
            last_discard: tuple[int, str] | None = None
            for event in hand[1:]:
                kind_ = event["type"]
                actor = event.get("actor")
                if kind_ == "tsumo":
                    held[actor][event["pai"]] += 1
                    drawn[actor] = event["pai"]
                    assert sum(held[actor].values()) + 3 * melds[actor] == 14, (name, event)
                elif kind_ == "dahai":
                    assert held[actor][event["pai"]] > 0, (name, event)
                    if event["tsumogiri"]:
                        assert event["pai"] == drawn[actor], (name, event)
                    held[actor][event["pai"]] -= 1
                    drawn[actor] = None
                    last_discard = (actor, event["pai"])
                    assert sum(held[actor].values()) + 3 * melds[actor] == 13, (name, event)
                elif kind_ in CALLS:
                    assert last_discard == (event["target"], event["pai"]), (name, event)
                    assert event["target"] != actor
                    if kind_ == "chi":
                        assert event["target"] == (actor + 3) % 4
                        run = sorted(kind(t) for t in [event["pai"], *event["consumed"]])
                        assert run == list(range(run[0], run[0] + 3)), (name, event)
                    else:
                        assert {kind(t) for t in event["consumed"]} == {kind(event["pai"])}
                    for tile in event["consumed"]:
                        assert held[actor][tile] > 0, (name, event)
                        held[actor][tile] -= 1
                    melds[actor] += 1
                    drawn[actor] = None
                elif kind_ == "kakan":
                    assert held[actor][event["pai"]] > 0, (name, event)
                    held[actor][event["pai"]] -= 1
                elif kind_ == "ankan":
                    assert len({kind(t) for t in event["consumed"]}) == 1
                    for tile in event["consumed"]:
                        assert held[actor][tile] > 0, (name, event)
                        held[actor][tile] -= 1
                    melds[actor] += 1


def test_scores_follow_from_deltas_and_deposits(records: dict[str, MahjongRecord]) -> None:
    """scores[n+1] = scores[n] + deltas - 1000 per reach_accepted; leftover deposits go to first."""
    checked_final = 0
    for name, record in records.items():
        kyokus = hands(record.events)
        for index, hand in enumerate(kyokus):
            scores = list(hand[0]["scores"])
            deposits = hand[0]["kyotaku"]
            won = False
            for event in hand:
                if event["type"] == "reach_accepted":
                    scores[event["actor"]] -= 1000
                    deposits += 1
                elif event["type"] in ("hora", "ryukyoku"):
                    scores = [a + b for a, b in zip(scores, event["deltas"], strict=True)]
                    won = won or event["type"] == "hora"
            if won:
                deposits = 0
            if index + 1 < len(kyokus):
                following = kyokus[index + 1][0]
                assert following["scores"] == scores, (name, hand[0])
                assert following["kyotaku"] == deposits, (name, hand[0])
            elif "scores" in record.events[-1]:
                top = scores.index(max(scores))
                scores[top] += 1000 * deposits
                assert record.events[-1]["scores"] == scores, name
                checked_final += 1
    assert checked_final == 2  # ranked_game.json and suukantsu_1.json carry the final sc


def test_event_order_follows_the_mjai_server(records: dict[str, MahjongRecord]) -> None:
    for name, record in records.items():
        for hand in hands(record.events):
            debt = 0  # kan indicators owed
            last_kan = ""
            riichi_discard = False
            for index, event in enumerate(hand):
                kind_ = event["type"]
                following = hand[index + 1] if index + 1 < len(hand) else {"type": "end"}
                if kind_ == "reach":
                    assert following["type"] == "dahai" and following["actor"] == event["actor"], name
                    riichi_discard = True
                    continue
                if kind_ == "dahai":
                    assert debt == 0, (name, index)  # open-kan indicators are turned before the discard
                    if riichi_discard:
                        assert following["type"] in ("reach_accepted", "hora"), (name, index)
                        if following["type"] == "reach_accepted":
                            assert following["actor"] == event["actor"]
                    riichi_discard = False
                elif kind_ == "reach_accepted":
                    assert hand[index - 1]["type"] == "dahai", (name, index)
                    assert following["type"] in ("tsumo", "chi", "pon", "daiminkan", "ryukyoku"), name
                elif kind_ in KANS:
                    debt += 1
                    last_kan = kind_
                    rest = [e for e in hand[index + 1:] if e["type"] != "dora"]
                    assert rest[0]["type"] in ("tsumo", "hora"), (name, index)
                    if rest[0]["type"] == "tsumo":
                        assert rest[0]["actor"] == event["actor"]  # the replacement draw
                    else:
                        assert kind_ != "daiminkan" and rest[0]["target"] == event["actor"]
                    if kind_ == "ankan" and rest[0]["type"] == "tsumo":
                        assert following["type"] == "dora", (name, index)
                elif kind_ == "dora":
                    debt -= 1
                    assert debt >= 0, (name, index)
                elif kind_ == "tsumo":
                    assert debt <= (0 if last_kan == "ankan" else 1), (name, index)


# --- the tricky files ---------------------------------------------------------------------------

def test_chankan_robs_the_kakan(records: dict[str, MahjongRecord]) -> None:
    for name in ("chankan.json", "double_kakan_then_chankan.json"):
        events = records[name].events
        index = max(i for i, e in enumerate(events) if e["type"] == "kakan")
        kakan, hora = events[index], events[index + 1]
        assert hora["type"] == "hora"
        assert hora["target"] == kakan["actor"] != hora["actor"]
        assert hora["pai"] == kakan["pai"]
        assert ["chankan", 1] in hora["yaku"]
        assert [e["type"] for e in events[index + 2:]] == ["end_kyoku"]  # a hand cut out: no end_game
    assert not any(e["type"] == "dora" for e in records["double_kakan_then_chankan.json"].events)


def test_double_ron_is_two_hora_on_one_discard(records: dict[str, MahjongRecord]) -> None:
    events = records["double_ron.json"].events
    first = next(i for i, e in enumerate(events) if e["type"] == "hora")
    discard, ron1, ron2 = events[first - 1], events[first], events[first + 1]
    assert discard["type"] == "dahai" and discard["actor"] == 3
    assert events[first - 2] == {"type": "reach", "actor": 3}  # a ronned riichi places no stick
    assert (ron1["actor"], ron2["actor"]) == (0, 2)  # nearest the discarder first
    assert ron1["target"] == ron2["target"] == 3
    assert ron1["deltas"] == [13000, 0, 0, -12000]  # the first takes the deposit
    assert ron2["deltas"] == [0, 0, 2000, -2000]
    assert ron1["ura_markers"] == ["S"] and ron2["ura_markers"] == []  # only seat 0 is in riichi
    assert ron1["ura"] == 0 and "ura" not in ron2
    assert events[first + 2]["type"] == "end_kyoku"
    assert not any(e["type"] == "reach_accepted" and e["actor"] == 3 for e in events)


def test_rinshan_ankan_turns_its_indicator_before_the_replacement_draw(
        records: dict[str, MahjongRecord]) -> None:
    events = records["rinshan.json"].events
    assert [e["type"] for e in events[-5:]] == ["ankan", "dora", "tsumo", "hora", "end_kyoku"]
    hora = events[-2]
    assert hora["actor"] == hora["target"] == 3
    assert ["rinshan kaihou", 1] in hora["yaku"]
    assert hora["ura_markers"] == ["W", "8s"]  # both indicators: the winner is in riichi


def test_four_kans_turn_every_listed_indicator(records: dict[str, MahjongRecord]) -> None:
    events = records["suukantsu_0.json"].events
    types = [e["type"] for e in events[114:127]]
    assert types == ["daiminkan", "tsumo", "kakan", "dora", "tsumo", "dora", "ankan", "dora", "tsumo",
                     "kakan", "tsumo", "dora", "dahai"]
    assert [e["dora_marker"] for e in events if e["type"] == "dora"] == ["S", "7m", "S", "3m"]
    hora = events[-2]
    assert hora["yakuman"] == 1 and hora["han"] == 13 and hora["yaku"] == [["suukantsu", 13]]


def test_four_riichi_sticks_are_placed_before_the_abort(records: dict[str, MahjongRecord]) -> None:
    events = records["four_reach.json"].events
    assert sum(e["type"] == "reach_accepted" for e in events) == 4
    assert events[-3]["type"] == "reach_accepted"
    assert events[-2] == {"type": "ryukyoku", "reason": "suucha_riichi", "deltas": [0, 0, 0, 0]}


def test_nine_terminals_is_declared_on_the_draw(records: dict[str, MahjongRecord]) -> None:
    types = [e["type"] for e in records["kyushukyuhai.json"].events]
    assert types == ["start_game", "start_kyoku", "tsumo", "dahai", "tsumo", "ryukyoku", "end_kyoku"]
    assert records["kyushukyuhai.json"].events[5]["reason"] == "kyushu_kyuhai"


@pytest.mark.parametrize("name", [f"confusing_nakis_{n}.json" for n in range(8)]
                         + ["complex_nakis_0.json", "complex_nakis_1.json"])
def test_confusing_call_encodings(name: str, records: dict[str, MahjongRecord], shared: Path) -> None:
    """Each call string becomes one call event, from the seat its letter's position names.

    That the consumed tiles are in the caller's hand is checked for every file by
    ``test_every_discard_and_call_uses_tiles_in_hand``.
    """
    raw = tricky(shared, name)["log"][0]
    events = records[name].events
    offsets = {("c", 0): 3, ("p", 0): 3, ("p", 2): 2, ("p", 4): 1, ("m", 0): 3, ("m", 2): 2, ("m", 6): 1}
    for seat in range(4):
        expected = []
        for text in raw[5 + 3 * seat]:
            if isinstance(text, str):
                letter = re.search("[cpm]", text)
                assert letter is not None
                called = Tile.from_tenhou(int(text[letter.start() + 1:letter.start() + 3])).mjai
                kind_ = {"c": "chi", "p": "pon", "m": "daiminkan"}[letter.group()]
                expected.append((kind_, (seat + offsets[letter.group(), letter.start()]) % 4, called))
        got = [(e["type"], e["target"], e["pai"]) for e in events
               if e["type"] in CALLS and e["actor"] == seat]
        assert got == expected, seat
        kans = [t for t in raw[6 + 3 * seat] if isinstance(t, str) and not t.startswith("r")]
        assert sum(e["type"] in ("kakan", "ankan") and e["actor"] == seat for e in events) == len(kans)
    assert any(e["type"] in CALLS for e in events)


# --- stated keys --------------------------------------------------------------------------------

def test_hora_states_fu_han_yaku_and_dora(records: dict[str, MahjongRecord]) -> None:
    hora = next(e for e in records[FIRST_GAME].events if e["type"] == "hora")
    assert hora == {
        "type": "hora", "actor": 1, "target": 2, "deltas": [0, 8700, -7700, 0], "ura_markers": [],
        "pai": hora["pai"], "fu": 30, "han": 4, "yakuman": 0,
        "yaku": [["yakuhai (seat wind)", 1], ["honitsu", 2]], "dora": 1, "aka": 0}


def test_limit_hands_state_no_fu(records: dict[str, MahjongRecord]) -> None:
    hora = next(e for e in records["chankan.json"].events if e["type"] == "hora")
    assert "fu" not in hora
    assert hora["han"] == 5 and hora["dora"] == 1 and hora["aka"] == 2
    assert hora["yaku"] == [["chankan", 1], ["yakuhai (round wind)", 1]]


def test_yakuman_hands(records: dict[str, MahjongRecord]) -> None:
    horas = [e for r in records.values() for e in r.events if e["type"] == "hora" and e.get("yakuman")]
    names = sorted(e["yaku"][0][0] for e in horas)
    assert names == ["daisangen", "suukantsu", "suukantsu", "tenhou"]
    for hora in horas:
        assert hora["han"] == 13 * hora["yakuman"]
        assert "dora" not in hora and "fu" not in hora


def test_english_yaku_names(records: dict[str, MahjongRecord]) -> None:
    hora = next(e for e in records["confusing_nakis_7.json"].events if e["type"] == "hora")
    assert hora["yaku"] == [["riichi", 1]]
    assert (hora["fu"], hora["han"], hora["dora"], hora["ura"]) == (40, 2, 1, 0)


def test_every_stated_yaku_is_a_taku_yaku(records: dict[str, MahjongRecord]) -> None:
    assert set(YAKU_NAMES.values()) <= set(YAKU)
    assert set(YAKUMAN_NAMES.values()) <= set(YAKUMAN)
    assert set(DORA_NAMES.values()) == {"dora", "aka", "ura"}
    for record in records.values():
        for event in record.events:
            if event["type"] == "hora" and "yaku" in event:
                for name, han in event["yaku"]:
                    assert name in YAKU or (name in YAKUMAN and han == 13)
                assert event["han"] == (13 * event["yakuman"] if event["yakuman"] else
                                        sum(h for _, h in event["yaku"]) + event["dora"] + event["aka"]
                                        + event.get("ura", 0))


def test_pao_is_stated_when_another_seat_is_liable(shared: Path) -> None:
    data = tricky(shared, "chankan.json")
    data["log"][0][16][2][2] = 0
    hora = next(e for e in read_tenhou_json(json.dumps(data)).events if e["type"] == "hora")
    assert hora["pao"] == 0
    assert json.loads(write_tenhou_json(read_tenhou_json(json.dumps(data))))["log"][0][16][2][:3] == [2, 3, 0]


def test_exhaustive_draws_state_tenpai(records: dict[str, MahjongRecord]) -> None:
    draws = [e for r in records.values() for e in r.events if e["type"] == "ryukyoku"]
    reasons = Counter(e["reason"] for e in draws)
    assert reasons == {"exhaustive_draw": 56, "kyushu_kyuhai": 6, "suucha_riichi": 2, "suufon_renda": 1,
                       "suukaikan": 1, "nagashi_mangan": 1}
    for event in draws:
        if event["reason"] == "exhaustive_draw":
            assert event["tenpais"] == [d > 0 for d in event["deltas"]] or not any(event["deltas"])
        else:
            assert "tenpais" not in event
    assert sum(e.get("tenpais") == [False] * 4 for e in draws) == 2  # 全員不聴


# --- writing ------------------------------------------------------------------------------------

def test_write_then_read_gives_the_same_events(records: dict[str, MahjongRecord]) -> None:
    for name, record in records.items():
        text = write_tenhou_json(record)
        back = read_tenhou_json(text)
        assert back.events == record.events, name
        assert back.name == record.name and back.players == record.players and back.rules == record.rules


def _call_key(value: object) -> object:
    """A call string without the order of its non-called tiles (Tenhou keeps no fixed order)."""
    if not isinstance(value, str) or value.startswith("r"):
        return value
    match = re.fullmatch(r"((?:\d\d)*)([a-z])(\d\d)((?:\d\d)*)", value)
    assert match is not None, value
    before, letter, called, after = match.groups()
    return letter, len(before), called, sorted(re.findall(r"\d\d", before + after))


def test_written_log_is_tenhous(texts: dict[str, str], records: dict[str, MahjongRecord]) -> None:
    """The written hands are the original ones: columns, indicators and result strings."""
    for name, text in texts.items():
        original = [hand for line in text.splitlines() if line.strip() for hand in json.loads(line)["log"]]
        written = json.loads(write_tenhou_json(records[name]))["log"]
        assert len(written) == len(original)
        for mine, theirs in zip(written, original, strict=True):
            for index in range(17):
                if name == "confusing_nakis_2.json" and index == 3:
                    continue  # ura indicators of a hand whose winner is not in riichi are not in the events
                if name == "confusing_nakis_7.json" and index == 16:
                    continue  # English yaku names are written in Japanese
                if 5 <= index < 16:
                    assert [_call_key(v) for v in mine[index]] == [_call_key(v) for v in theirs[index]]
                else:
                    assert mine[index] == theirs[index], (name, theirs[0], index)


def test_written_object_fields(records: dict[str, MahjongRecord]) -> None:
    data = json.loads(write_tenhou_json(records["ranked_game.json"]))
    assert data["name"] == ["Aさん", "Bさん", "Cさん", "Dさん"]
    assert data["ref"] == "ranked_game"
    assert data["rule"]["aka"] == 1
    assert data["sc"] == [21100, 0, 55000, 0, -4900, 0, 28800, 0]  # uma is not in a record


def test_writes_records_of_another_engine(shared: Path) -> None:
    """riichienv's mjai matches (no stated keys) survive writing and reading."""
    reasons = {"suukansansen": "suukaikan", "sufuurenta": "suufon_renda"}
    path = shared / "data" / "mahjong" / "riichienv_tenhou_1-150.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        matches = [json.loads(line) for line in lines]
    assert len(matches) == 150
    # a third of them (the test stays fast), and every one with a four-kan abort or a double ron
    matches = [match for number, match in enumerate(matches) if number % 3 == 0 or any(
        e.get("reason") == "suukansansen" or (e["type"] == "hora" and f["type"] == "hora")
        for e, f in zip(match["events"], match["events"][1:], strict=False))]

    def normal(events: Iterator[Event] | tuple[Event, ...] | list[Event]) -> list[Event]:
        out = []
        for event in events:
            event = {k: v for k, v in event.items() if k not in ("tsumo", "pai", "tenpais")
                     or event["type"] not in ("hora", "ankan", "ryukyoku")}
            if event["type"] in ("start_game", "end_game"):
                event = {"type": event["type"]}
            if event["type"] == "ryukyoku":
                event["reason"] = reasons.get(event["reason"], event["reason"])
            if "consumed" in event:
                event["consumed"] = sorted(event["consumed"], key=lambda t: (kind(t), not t.endswith("r")))
            out.append(event)
        return out

    for number, match in enumerate(matches):
        record = MahjongRecord(events=tuple(normal(match["events"])), rules="tenhou", name=f"match {number}")
        back = read_tenhou_json(write_tenhou_json(record))
        assert normal(back.events) == normal(match["events"]), number


def test_writer_builds_points_from_the_stated_keys() -> None:
    def record(**hora: Any) -> MahjongRecord:
        start = {"type": "start_kyoku", "bakaze": "S", "kyoku": 2, "honba": 1, "kyotaku": 0, "oya": 1,
                 "scores": [25000] * 4, "dora_marker": "1m", "tehais": [["1m"] * 13] * 4}
        win = {"type": "hora", "ura_markers": [], **hora}
        return MahjongRecord(events=({"type": "start_game"}, start, win, {"type": "end_kyoku"},
                                     {"type": "end_game"}))

    def detail(**hora: Any) -> list[Any]:
        result: list[Any] = json.loads(write_tenhou_json(record(**hora)))["log"][0][16]
        return result[2]

    ron = {"actor": 0, "target": 3, "deltas": [8000, 0, 0, -8000]}
    assert detail(**ron, fu=30, han=4, yakuman=0, yaku=[["riichi", 1], ["yakuhai (seat wind)", 1]],
                  dora=2, aka=0, ura=0) == [0, 3, 0, "30符4飜7700点", "立直(1飜)", "自風 北(1飜)",
                                            "ドラ(2飜)"]
    assert detail(**ron, fu=40, han=4, yaku=[["yakuhai (round wind)", 1]], dora=3) == [
        0, 3, 0, "満貫8000点", "場風 南(1飜)", "ドラ(3飜)"]
    tsumo = {"actor": 1, "target": 1, "deltas": [-4100, 12300, -4100, -4100]}
    assert detail(**tsumo, han=6, yaku=[["chinitsu", 6]])[3] == "跳満6000点∀"
    assert detail(**tsumo, han=13, yakuman=1, yaku=[["daisangen", 13]]) == [1, 1, 1, "役満16000点∀",
                                                                         "大三元(役満)"]
    ko = {"actor": 2, "target": 2, "deltas": [-1100, -2100, 4300, -1100]}
    assert detail(**ko, fu=30, han=3, yaku=[["menzen tsumo", 1], ["riichi", 1], ["pinfu", 1]])[3] \
        == "30符3飜1000-2000点"
    assert detail(**ko) == [2, 2, 2, "1000-2000点"]  # no stated keys: the points from the deltas
    assert detail(**ron, pao=2) == [0, 3, 2, "7700点"]
    with pytest.raises(RecordError, match="open riichi"):
        detail(**ron, han=2, yaku=[["open riichi", 2]])


def test_writer_draw_names() -> None:
    def result(**draw: Any) -> list[Any]:
        start = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
                 "scores": [25000] * 4, "dora_marker": "1m", "tehais": [["1m"] * 13] * 4}
        events = ({"type": "start_game"}, start, {"type": "ryukyoku", **draw}, {"type": "end_kyoku"})
        written: list[Any] = json.loads(write_tenhou_json(MahjongRecord(events=events)))["log"][0][16]
        return written

    assert result(reason="exhaustive_draw", deltas=[3000, -1000, -1000, -1000]) == [
        "流局", [3000, -1000, -1000, -1000]]
    assert result(reason="exhaustive_draw", deltas=[0] * 4, tenpais=[True] * 4) == ["全員聴牌"]
    assert result(reason="exhaustive_draw", deltas=[0] * 4, tenpais=[False] * 4) == ["全員不聴"]
    assert result(reason="kyushu_kyuhai", deltas=[0] * 4) == ["九種九牌"]
    assert result(reason="sanchahou", deltas=[0] * 4) == ["三家和了"]
    with pytest.raises(RecordError, match="unknown reason 'fanpai'"):
        result(reason="fanpai", deltas=[0] * 4)


@pytest.mark.parametrize(("events", "message"), [
    ([{"type": "tsumo", "actor": 0, "pai": "1m"}], "tsumo event outside a hand"),
    ([{"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
       "scores": [25000] * 4, "dora_marker": "1m", "tehais": [["1m"] * 13] * 4},
      {"type": "kakan", "actor": 0, "pai": "E", "consumed": ["E", "E", "E"]}], "no such pon"),
    ([{"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
       "scores": [25000] * 4, "dora_marker": "1x", "tehais": [["1m"] * 13] * 4}], "'1x' is not an mjai tile"),
    ([{"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
       "scores": [25000] * 4, "dora_marker": "1m", "tehais": [["1m"] * 13] * 4}], "no end_kyoku"),
    ([{"type": "start_kyoku", "bakaze": "E", "kyoku": 2, "honba": 0, "kyotaku": 0, "oya": 0,
       "scores": [25000] * 4, "dora_marker": "1m", "tehais": [["1m"] * 13] * 4}], "dealer 0 is not seat 1"),
    ([{"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
       "scores": [25000] * 4, "dora_marker": "1m", "tehais": [["1m"] * 13] * 4},
      {"type": "end_kyoku"}], "without a hora or ryukyoku"),
    ([{"type": "hello"}], "cannot write a 'hello' event"),
])
def test_writer_rejects_bad_records(events: list[Event], message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        write_tenhou_json(MahjongRecord(events=tuple(events), name="bad"))


# --- the same games as mjlog --------------------------------------------------------------------

def test_agrees_with_the_mjlog_reader(records: dict[str, MahjongRecord], shared: Path) -> None:
    """The mjx JSON games and their mjlog originals give the same events.

    Allowed differences: the JSON's starting hands are sorted, its player names anonymised, it has no
    final scores (so no end_game), no fu for limit hands and no tenpai for a nagashi mangan.
    """
    mjlog = pytest.importorskip("taku.formats.mahjong.mjlog")
    order = {Tile.from_tenhou(code).mjai: index for index, code in enumerate(
        [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 51, 52, 53])}

    def normal(events: tuple[Event, ...]) -> list[Event]:
        out = []
        for event in events:
            event = dict(event)
            if event["type"] in ("start_game", "end_game"):
                event = {"type": event["type"]}
            elif event["type"] == "start_kyoku":
                event["tehais"] = [sorted(tiles, key=order.__getitem__) for tiles in event["tehais"]]
            elif event["type"] == "ryukyoku" and event["reason"] == "nagashi_mangan":
                event.pop("tenpais", None)
            out.append(event)
        return out

    compared = 0
    for name, record in records.items():
        path = tenhou_dir(shared) / "mjlog" / name.replace(".json", ".mjlog")
        if not path.exists():
            continue
        theirs = mjlog.read_mjlog(path.read_bytes()).events
        mine = normal(record.events)
        assert theirs[-1]["type"] == "end_game" and mine[-1]["type"] == "end_kyoku"  # no "sc"
        other = normal(theirs[:-1])
        for a, b in zip(mine, other, strict=True):
            if a["type"] == "hora" and "fu" not in a:
                b = {k: v for k, v in b.items() if k != "fu"}
            assert a == b, name
        compared += 1
    assert compared == 31


# --- malformed input ----------------------------------------------------------------------------

Mutation = Callable[[dict[str, Any]], object]


def _set(path: tuple[Any, ...], value: object) -> Mutation:
    def mutate(data: dict[str, Any]) -> object:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data
    return mutate


def _delete(path: tuple[Any, ...]) -> Mutation:
    def mutate(data: dict[str, Any]) -> object:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
        return data
    return mutate


# chankan.json: one hand, East 1, 0 honba; seat 3's takes are log[0][14], discards log[0][15].
BAD_INPUTS: list[tuple[str, Mutation, str]] = [
    ("not json", lambda d: "{'log': ", "not JSON"),
    ("array", lambda d: [d], "is not a JSON object"),
    ("no log", _delete(("log",)), "no 'log'"),
    ("log not list", _set(("log",), {}), "'log' is not a list"),
    ("names", _set(("name",), ["a", "b"]), "'name' must be a list of 4 strings"),
    ("short hand", _set(("log", 0), [[0, 0, 0]]), "East 1, 0 honba: a hand must have 17 entries, got 1"),
    ("meta", _set(("log", 0, 0), [0, 0]), "[round, honba, deposits]"),
    ("round", _set(("log", 0, 0, 0), 17), "past North 4"),
    ("scores", _set(("log", 0, 1), [25000, 25000]), "starting scores must be 4 integers"),
    ("no dora", _set(("log", 0, 2), []), "0 dora indicators"),
    ("tile code", _set(("log", 0, 5, 0), 48), "seat 0's takes: 48 is not a Tenhou tile code"),
    ("tile type", _set(("log", 0, 4, 0), "13"), "seat 0's starting hand: '13' is not a Tenhou tile code"),
    ("bool tile", _set(("log", 0, 4, 0), True), "True is not a Tenhou tile code"),
    ("12 tiles", _set(("log", 0, 7), [12] * 12), "seat 1's starting hand has 12 tiles"),
    ("five of a kind", _set(("log", 0, 4), [13] * 13), "15 tiles 3m among the hands, draws and indicators"),
    ("two red", _set(("log", 0, 4, 1), 51), "2 red fives 5mr"),
    ("call letter", _set(("log", 0, 14, 9), "3636x36"), "call '3636x36' is not a chi (c), pon (p)"),
    ("pon position", _set(("log", 0, 14, 9), "363p636"), "call '363p636' is not"),
    ("pon letter at 6", _set(("log", 0, 14, 9), "363636p36"), "a pon is three tiles"),
    ("pon mixed", _set(("log", 0, 14, 9), "3637p36"), "not three of a kind"),
    ("chi not run", _set(("log", 0, 5, 0), "c111315"), "not a run of one suit"),
    ("chi position", _set(("log", 0, 5, 0), "1112c13"), "a chi is 'c' and three tiles"),
    ("kakan string", _set(("log", 0, 15, 11), "3636q3636"), "not a riichi (r), kakan (k) or ankan (a)"),
    ("kan of mixed", _set(("log", 0, 15, 11), "3636k3637"), "four tiles of one kind"),
    ("riichi code", _set(("log", 0, 15, 0), "r99"), "'r99': 99 is not a Tenhou tile code"),
    ("turn order", _delete(("log", 0, 6, 3)), "East 1, 0 honba: "),
    ("discard not held", _set(("log", 0, 6, 0), 47), "seat 0 discards C but does not hold C"),
    ("kakan without pon", _set(("log", 0, 15, 3), "4545k4545"), "kakan '4545k4545' without a pon of P"),
    ("result name", _set(("log", 0, 16, 0), "和"), "unknown result '和'"),
    ("result shape", _set(("log", 0, 16), "和了"), "the result must be a list"),
    ("win detail", _set(("log", 0, 16, 2), [2, 3]), "a win's details are [who, from, pao"),
    ("win seat", _set(("log", 0, 16, 2, 0), 4), "winner seat 4 is not 0..3"),
    ("deltas", _set(("log", 0, 16, 1), [0, 0, 8000]), "score changes must be 4 integers"),
    ("points", _set(("log", 0, 16, 2, 3), "満貫8000"), "cannot read the points '満貫8000'"),
    ("limit", _set(("log", 0, 16, 2, 3), "大満貫8000点"), "unknown limit '大満貫'"),
    ("unknown yaku", _set(("log", 0, 16, 2, 4), "大車輪(1飜)"), "unknown yaku '大車輪'"),
    ("unreadable yaku", _set(("log", 0, 16, 2, 4), "槍槓 1飜"), "cannot read the yaku '槍槓 1飜'"),
    ("unknown yakuman", _set(("log", 0, 16, 2, 4), "大車輪(役満)"), "unknown yakuman '大車輪'"),
    ("han mismatch", _set(("log", 0, 16, 2, 3), "30符4飜7700点"), "state 4 han, its yaku 5"),
    ("tsumo winner", _set(("log", 0, 16, 2, 1), 2), "seat 2 wins by tsumo but the last action is kakan"),
    ("ron target", _set(("log", 0, 16, 2, 1), 1),
     "wins on seat 1's tile but the last action is kakan by seat 3"),
    ("extra dora", _set(("log", 0, 2), [33, 39, 39]), "lists 3 dora indicators but 2 were turned"),
    ("final sc", _set(("sc",), [1, 2]), "'sc' must be 8 numbers"),
    ("sanma", _set(("rule", "disp"), "三鳳南喰赤"), "three-player games"),
]


@pytest.mark.parametrize(("case", "mutate", "message"), BAD_INPUTS, ids=[c[0] for c in BAD_INPUTS])
def test_malformed_input_raises_record_error(case: str, mutate: Mutation, message: str, shared: Path) -> None:
    result = mutate(tricky(shared, "chankan.json"))
    text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
    with pytest.raises(RecordError) as error:
        read_tenhou_json(text, name="game-x")
    assert str(error.value).startswith("game-x: "), str(error.value)
    assert message in str(error.value)


def test_messages_name_the_hand(shared: Path) -> None:
    data = tricky(shared, "ranked_game.json")
    data["log"][2][5][0] = 99
    with pytest.raises(RecordError, match=r"^2019050417gm-0029-0000-4f2a8622: East 2, 1 honba: seat 0's "):
        read_tenhou_json(json.dumps(data))


def test_a_daiminkan_needs_its_placeholder(shared: Path) -> None:
    data = tricky(shared, "suukantsu_0.json")
    data["log"][0][12].remove(0)
    with pytest.raises(RecordError, match="daiminkan 'm39393939' has no 0 in the discards"):
        read_tenhou_json(json.dumps(data))


def test_tsumogiri_needs_a_drawn_tile(shared: Path) -> None:
    data = tricky(shared, "complex_nakis_0.json")
    takes, discards = data["log"][0][8], data["log"][0][9]
    discards[takes.index("47p4747")] = 60
    with pytest.raises(RecordError, match="discards the drawn tile"):
        read_tenhou_json(json.dumps(data))


def test_random_damage_only_ever_raises_record_error(texts: dict[str, str]) -> None:
    rng = random.Random(20240601)
    values: list[object] = [0, 60, 11, 51, 47, 48, -1, None, True, "x", "r11", "p111111", "c111213",
                            "11k111111", "1111a11", "", [], {}, 1.5]
    sources = [json.loads(text) for name, text in texts.items() if "gm-" not in name]

    def paths(value: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
        if path:
            yield path
        if isinstance(value, list):
            for index, item in enumerate(value):
                yield from paths(item, (*path, index))
        elif isinstance(value, dict):
            for key, item in value.items():
                yield from paths(item, (*path, key))

    failures = 0
    for _ in range(600):
        data = copy.deepcopy(rng.choice(sources))
        path = rng.choice(list(paths(data)))
        parent: Any = data
        for key in path[:-1]:
            parent = parent[key]
        roll = rng.random()
        if roll < 0.5:
            parent[path[-1]] = rng.choice(values)
        elif isinstance(parent, list) and roll < 0.8:
            parent.insert(path[-1], rng.choice(values))
        else:
            del parent[path[-1]]
        try:
            read_tenhou_json(json.dumps(data))
        except RecordError:
            failures += 1
    assert failures > 400


def test_written_rules_read_back_the_same() -> None:
    """Issue 9 item 5: the ``rule`` a log is written with names its red fives, length and open
    tanyao, so the record reads back with the same rule changes."""
    from tests.test_mahjong_kyoku import run, table  # a hand dealt from a set without red fives

    k = table([None], rules=Rules.preset("seeds-001-003"))
    run(k)
    record = MahjongRecord(({"type": "start_game"}, *k.events), "tenhou", "plain")
    for changes in ((), (("length", "east"),), (("red_fives", (0, 0, 0)),),
                    (("kuitan", False), ("length", "east"))):
        written = write_tenhou_json(dataclasses.replace(record, rule_changes=changes))
        back = read_tenhou_json(written)
        assert (back.rules, back.rule_changes) == ("tenhou", changes)
