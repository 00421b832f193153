"""Tenhou mjlog XML: reading real games into mjai events, and Tenhou's walls from the shuffle seed."""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from taku.formats.mahjong.mjlog import (
    YAKU_NAMES,
    YAKUMAN_NAMES,
    MeldCode,
    decode_meld,
    mjlog_seed,
    read_mjlog,
)
from taku.formats.mahjong.record import Event, MahjongRecord, RecordError
from taku.formats.mahjong.tenhou_wall import TenhouWall, tenhou_walls
from taku.mahjong.tiles import Tile
from taku.mahjong.yaku import YAKU, YAKUMAN

GAME = "2010081709gm-00a9-0000-fe3371ad.mjlog"
PARTIAL = "2011020401gm-00a9-0000-f6eff225"
KANS = frozenset({"daiminkan", "kakan", "ankan"})


def mjlog_dir(shared: Path) -> Path:
    return shared / "data" / "mahjong" / "tenhou" / "mjlog"


@pytest.fixture(scope="module")
def logs(shared: Path) -> dict[str, bytes]:
    """Every mjlog file of the shared data (decompressed), by file name."""
    files = sorted(mjlog_dir(shared).glob("*.mjlog*"))
    assert len(files) == 36
    return {path.name: gzip.decompress(path.read_bytes()) if path.name.endswith(".gz")
            else path.read_bytes() for path in files}


@pytest.fixture(scope="module")
def records(logs: dict[str, bytes]) -> dict[str, MahjongRecord]:
    return {name: read_mjlog(data, name) for name, data in logs.items()}


def hands(record: MahjongRecord) -> list[list[Event]]:
    """The events of each hand, start_kyoku .. end_kyoku."""
    result: list[list[Event]] = []
    for event in record.events:
        if event["type"] == "start_kyoku":
            result.append([])
        if result and (not result[-1] or result[-1][-1]["type"] != "end_kyoku"):
            result[-1].append(event)
    return result


def game_text(logs: dict[str, bytes], name: str = GAME) -> str:
    return logs[name].decode()


# --- reading every game ---------------------------------------------------------------------------
def test_every_mjlog_reads_as_a_tenhou_game(records: dict[str, MahjongRecord]) -> None:
    for name, record in records.items():
        assert record.rules == "tenhou", name
        assert record.name == name
        assert len(record.players) == 4 and all(record.players), name
        assert record.events[0] == {"type": "start_game", "names": list(record.players)}
        assert record.stops_early == "", name  # every file is whole XML
        if "-no-" in name:  # a partial log: no owari, so no end_game
            assert record.events[-1]["type"] != "end_game", name
        else:
            assert record.events[-1]["type"] == "end_game", name
            assert record.events[-2]["type"] == "end_kyoku", name
        for hand in hands(record)[:-1] if "-no-round-end" in name else hands(record):
            assert hand[-1] == {"type": "end_kyoku"}, name
            assert hand[-2]["type"] in ("hora", "ryukyoku"), name


def test_names_are_url_decoded(records: dict[str, MahjongRecord]) -> None:
    assert records[GAME].players == ("反陽子さん", "ASAPIN", "でこじ", "デジタル仙人")


def test_gzip_bytes_and_text_read_alike(shared: Path) -> None:
    path = mjlog_dir(shared) / "gimite_test.mjlog.gz"
    packed = path.read_bytes()
    assert read_mjlog(packed, "g") == read_mjlog(gzip.decompress(packed), "g") == \
        read_mjlog(gzip.decompress(packed).decode(), "g")


def test_start_kyoku_has_four_13_tile_hands_and_the_init_fields(
        records: dict[str, MahjongRecord], logs: dict[str, bytes]) -> None:
    for name, record in records.items():
        starts = [e for e in record.events if e["type"] == "start_kyoku"]
        inits = [tag.attrib for tag in ET.fromstring(logs[name]).iter("INIT")]
        for start, init in zip(starts, inits, strict=False):
            seed = [int(v) for v in init["seed"].split(",")]
            assert [len(tehai) for tehai in start["tehais"]] == [13] * 4, name
            assert start["bakaze"] == "ESWN"[seed[0] // 4] and start["kyoku"] == seed[0] % 4 + 1
            assert (start["honba"], start["kyotaku"], start["oya"]) == (seed[1], seed[2],
                                                                        int(init["oya"]))
            assert start["scores"] == [100 * int(v) for v in init["ten"].split(",")]
            assert start["dora_marker"] == Tile.from_id(seed[5]).mjai


def test_no_kind_appears_more_than_four_times_in_a_hand(records: dict[str, MahjongRecord]) -> None:
    for name, record in records.items():
        for hand in hands(record):
            shown = [t for tehai in hand[0]["tehais"] for t in tehai] + [hand[0]["dora_marker"]]
            shown += [e["pai"] for e in hand if e["type"] == "tsumo"]
            shown += [e["dora_marker"] for e in hand if e["type"] == "dora"]
            kinds = Counter(Tile.from_mjai(t).kind for t in shown)
            assert max(kinds.values()) <= 4, name
            reds = Counter(t for t in shown if t.endswith("r"))
            assert not reds or max(reds.values()) == 1, name


def test_scores_chain_from_hand_to_hand(records: dict[str, MahjongRecord]) -> None:
    for name, record in records.items():
        scores: list[int] | None = None
        for hand in hands(record):
            if scores is not None:
                assert hand[0]["scores"] == scores, f"{name} {hand[0]}"
            scores = list(hand[0]["scores"])
            for event in hand:
                if event["type"] in ("hora", "ryukyoku"):
                    scores = [s + d for s, d in zip(scores, event["deltas"], strict=True)]
                elif event["type"] == "reach_accepted":
                    scores[event["actor"]] -= 1000


def test_final_scores_come_from_owari(records: dict[str, MahjongRecord]) -> None:
    # The scores after the last hand, with the deposits left on the table given to first place.
    for name, record in records.items():
        if "scores" not in record.events[-1]:
            continue
        last = hands(record)[-1]
        after = list(last[0]["scores"])
        for event in last:
            if event["type"] in ("hora", "ryukyoku"):
                after = [s + d for s, d in zip(after, event["deltas"], strict=True)]
            elif event["type"] == "reach_accepted":
                after[event["actor"]] -= 1000
        after[after.index(max(after))] += 100_000 - sum(after)
        assert record.events[-1]["scores"] == after, name
    assert records[GAME].events[-1] == {"type": "end_game", "scores": [20100, 35800, 5200, 38900]}


def test_every_call_kind_is_read(records: dict[str, MahjongRecord]) -> None:
    kinds = Counter(e["type"] for record in records.values() for e in record.events)
    assert all(kinds[kind] > 0 for kind in ("chi", "pon", "daiminkan", "kakan", "ankan", "dora",
                                            "reach", "reach_accepted", "hora", "ryukyoku"))
    for record in records.values():
        for event in record.events:
            if event["type"] in ("chi", "pon", "daiminkan"):
                assert event["target"] != event["actor"]
                sizes = {"chi": 2, "pon": 2, "daiminkan": 3}
                assert len(event["consumed"]) == sizes[event["type"]]
                assert len({Tile.from_mjai(t).kind for t in [event["pai"], *event["consumed"]]}) == \
                    (3 if event["type"] == "chi" else 1)
            if event["type"] == "chi":
                assert event["target"] == (event["actor"] + 3) % 4
            if event["type"] == "kakan":
                assert len(event["consumed"]) == 3
                assert Tile.from_mjai(event["pai"]).kind == Tile.from_mjai(event["consumed"][0]).kind
            if event["type"] == "ankan":
                assert len(event["consumed"]) == 4


def test_tsumogiri_is_a_discard_of_the_tile_just_drawn(records: dict[str, MahjongRecord]) -> None:
    drawn: dict[int, str | None] = {}
    count = 0
    for record in records.values():
        for event in record.events:
            if event["type"] == "tsumo":
                drawn[event["actor"]] = event["pai"]
            elif event["type"] == "dahai":
                if event["tsumogiri"]:
                    assert drawn.get(event["actor"]) == event["pai"]
                    count += 1
                drawn[event["actor"]] = None
            elif event["type"] in ("chi", "pon"):
                drawn[event["actor"]] = None
    assert count > 1000


def test_reach_accepted_follows_the_riichi_discard(records: dict[str, MahjongRecord]) -> None:
    for name, record in records.items():
        events = record.events
        for i, event in enumerate(events):
            if event["type"] == "reach":
                assert events[i + 1]["type"] == "dahai" and events[i + 1]["actor"] == event["actor"]
                # accepted at once, or the discard is ronned (no stick is placed)
                assert events[i + 2] == {"type": "reach_accepted", "actor": event["actor"]} or \
                    events[i + 2]["type"] == "hora", name
            if event["type"] == "reach_accepted":
                assert events[i - 1]["type"] == "dahai" and events[i - 2]["type"] == "reach"


def test_kan_dora_stands_where_tenhou_reveals_it(records: dict[str, MahjongRecord]) -> None:
    # ankan: at once; daiminkan/kakan: after the replacement draw, or when the next kan comes first
    seen: Counter[str] = Counter()
    for record in records.values():
        events = record.events
        for i, event in enumerate(events):
            if event["type"] != "dora":
                continue
            before = events[i - 1]
            if before["type"] == "ankan":
                seen["ankan"] += 1
            elif before["type"] == "kakan":
                seen["chained kan"] += 1
            else:
                kan = next(e for e in reversed(events[:i - 1]) if e["type"] != "dora")
                assert before["type"] == "tsumo" and kan["type"] in ("daiminkan", "kakan")
                seen["open kan"] += 1
    assert seen == {"ankan": 18, "open kan": 14, "chained kan": 1}


def test_hora_states_what_tenhou_states(records: dict[str, MahjongRecord]) -> None:
    names = set(YAKU) | set(YAKUMAN)
    for record in records.values():
        for event in record.events:
            if event["type"] != "hora":
                continue
            assert {"actor", "target", "deltas", "ura_markers", "pai", "fu", "han", "yakuman",
                    "yaku"} <= set(event)
            assert all(name in names for name, _ in event["yaku"])
            if event["yakuman"]:
                assert event["han"] == 13 * event["yakuman"]
            else:
                assert event["han"] == sum(han for _, han in event["yaku"]) + event["dora"] + \
                    event["aka"] + event.get("ura", 0)
            assert ("ura" in event) == (["riichi", 1] in event["yaku"] or
                                       ["double riichi", 2] in event["yaku"])
            if event["ura_markers"]:
                assert "ura" in event


def test_first_win_of_the_first_game(records: dict[str, MahjongRecord]) -> None:
    # <AGARI ba="0,1" ... machi="21" ten="30,7700,0" yaku="11,1,34,2,52,1" who="1" fromWho="2"
    #  sc="250,0,250,87,240,-77,250,0">
    hora = next(e for e in records[GAME].events if e["type"] == "hora")
    assert hora == {"type": "hora", "actor": 1, "target": 2, "deltas": [0, 8700, -7700, 0],
                    "ura_markers": [], "pai": "6m", "fu": 30, "han": 4, "yakuman": 0,
                    "yaku": [["yakuhai (seat wind)", 1], ["honitsu", 2]], "aka": 0, "dora": 1}


def test_ura_with_no_han_is_stated_as_zero(records: dict[str, MahjongRecord]) -> None:
    ura = Counter(e["ura"] for r in records.values() for e in r.events if e["type"] == "hora"
                  and "ura" in e)
    assert ura[0] > 0 and ura[1] > 0


def test_pao_tsumo_names_the_liable_seat(records: dict[str, MahjongRecord]) -> None:
    hora = [e for e in records["pao-tsumo.mjlog"].events if e["type"] == "hora"]
    liable = [e for e in hora if "pao" in e]
    assert len(liable) == 1
    assert liable[0]["pao"] == 0 and liable[0]["actor"] == liable[0]["target"] == 2
    assert liable[0]["yaku"] == [["daisangen", 13]] and liable[0]["yakuman"] == 1
    assert liable[0]["deltas"] == [-32000, 0, 32000, 0]


def test_double_ron_is_two_horas_before_one_end_kyoku(records: dict[str, MahjongRecord]) -> None:
    events = records["double-ron.mjlog"].events
    pairs = [i for i in range(len(events) - 2) if events[i]["type"] == events[i + 1]["type"] == "hora"]
    assert len(pairs) == 1
    first, second = events[pairs[0]], events[pairs[0] + 1]
    assert events[pairs[0] + 2] == {"type": "end_kyoku"}
    assert first["target"] == second["target"] == 3 and {first["actor"], second["actor"]} == {0, 2}
    # the first winner takes the two deposits
    assert first["deltas"] == [9700, 0, 0, -7700] and second["deltas"] == [0, 0, 8000, -8000]


def test_draws_have_reasons_and_tenpai(records: dict[str, MahjongRecord]) -> None:
    draws = [e for r in records.values() for e in r.events if e["type"] == "ryukyoku"]
    reasons = Counter(e["reason"] for e in draws)
    assert reasons == {"exhaustive_draw": 57, "kyushu_kyuhai": 5, "suucha_riichi": 1,
                       "suukaikan": 1, "suufon_renda": 1, "nagashi_mangan": 1}
    for event in draws:
        assert ("tenpais" in event) == (event["reason"] in ("exhaustive_draw", "nagashi_mangan"))
        if event["reason"] == "exhaustive_draw":
            tenpai = sum(event["tenpais"])
            if 0 < tenpai < 4:  # 3000 points from the noten seats to the tenpai seats
                assert all((d > 0) == t for d, t in zip(event["deltas"], event["tenpais"], strict=True))
            else:
                assert event["deltas"] == [0, 0, 0, 0]


def test_every_game_replays_through_the_engine(records: dict[str, MahjongRecord]) -> None:
    # Every action legal, every start and result (deltas, fu, han, yaku, dora, pao) as stated.
    from taku.formats.mahjong.replay import replay

    for name, record in records.items():  # the partial logs too: they do not claim the match's end
        report = replay(record)
        assert report.ok, f"{name}: {[str(m) for m in report.mismatches][:3]}"


def comparable(event: Event, json_event: Event) -> tuple[Event, Event]:
    """The two readers' events with what legitimately differs made alike."""
    event, json_event = dict(event), dict(json_event)
    if event["type"] == "start_game":  # the JSON logs' names are anonymised
        event["names"] = json_event.get("names")
    if event["type"] == "start_kyoku":  # the JSON logs sort the starting hands
        event["tehais"] = [sorted(tehai) for tehai in event["tehais"]]
        json_event["tehais"] = [sorted(tehai) for tehai in json_event["tehais"]]
    # JSON states no fu for limit hands, no tenpai for nagashi mangan; where it states them they
    # must agree.
    for key in ("fu", "tenpais"):
        if event["type"] in ("hora", "ryukyoku") and key not in json_event:
            event.pop(key, None)
    return event, json_event


def test_mjlog_and_tenhou_json_readers_agree(shared: Path, records: dict[str, MahjongRecord]) -> None:
    """The 31 games in both formats: the same events, apart from the dora timing and noted keys."""
    tenhou_json = pytest.importorskip("taku.formats.mahjong.tenhou_json")
    files = sorted((shared / "data" / "mahjong" / "tenhou" / "json").glob("*.json"))
    assert len(files) == 31
    for path in files:
        name = path.stem + ".mjlog"
        ours = records[name]
        theirs = tenhou_json.read_tenhou_json(path.read_text(encoding="utf-8"), path.stem)
        assert theirs.rules == ours.rules
        # Tenhou JSON does not say when a kan indicator was turned: compare the markers per hand.
        assert [[e["dora_marker"] for e in hand if e["type"] == "dora"] for hand in hands(ours)] == \
            [[e["dora_marker"] for e in hand if e["type"] == "dora"] for hand in hands(theirs)]
        # mjx's files have no final scores ("sc"), so no end_game
        assert theirs.events[-1]["type"] == "end_kyoku" and ours.events[-1]["type"] == "end_game"
        mine = [e for e in ours.events[:-1] if e["type"] != "dora"]
        other = [e for e in theirs.events if e["type"] != "dora"]
        assert len(mine) == len(other), name
        for index, (event, json_event) in enumerate(zip(mine, other, strict=True)):
            left, right = comparable(event, json_event)
            assert left == right, f"{name} event {index}"


# --- partial logs ------------------------------------------------------------------------------------
def test_a_log_cut_inside_a_hand_keeps_that_hand_as_far_as_it_goes(
        records: dict[str, MahjongRecord]) -> None:
    """Issue 9 item 8: the unfinished last hand is kept up to where the log stops (a replay plays
    it), after the complete hands; there is no end_game (no owari)."""
    full = records[f"{PARTIAL}.mjlog"].events
    assert len(hands(records[f"{PARTIAL}.mjlog"])) == 8
    part = records[f"{PARTIAL}-no-round-end.mjlog"]  # the 8th hand stops after a discard
    assert len(hands(part)) == 8 and part.events == full[:len(part.events)]
    assert part.events[-1]["type"] == "dahai"
    assert not any(e["type"] in ("hora", "ryukyoku") for e in hands(part)[-1])
    part = records[f"{PARTIAL}-no-game-end.mjlog"]  # 7 whole hands, no owari
    assert len(hands(part)) == 7 and part.events == full[:len(part.events)]
    assert part.events[-1] == {"type": "end_kyoku"}


def test_a_log_cut_anywhere_keeps_what_it_holds_and_says_where_it_is_cut(
        logs: dict[str, bytes]) -> None:
    """Issue 9 item 8, issue 17 item 3: a log cut anywhere (inside a tag, or after one) keeps its
    complete hands and the unfinished one, and ``stops_early`` says where the file is cut."""
    text = game_text(logs)
    whole = read_mjlog(text, "g")
    assert whole.stops_early == ""
    ends = [m.end() for m in re.finditer(r"<(AGARI|RYUUKYOKU) [^>]*>", text)]
    start = text.rindex("<AGARI", 0, ends[2]) + 1  # columns count from 0
    for cut, hand_count, where in (
            (ends[2] - 1, 3, f"the file is cut inside the tag at line 1, column {start - 1}"),
            (ends[2], 3, f"the file stops at line 1, column {ends[2]} without </mjloggm>, after "
                         "<AGARI>"),
            (ends[2] + 3, 3, f"the file is cut inside the tag at line 1, column {ends[2]}, after "
                             "<AGARI>"),  # the next INIT is cut
            (text.index("/>", ends[2] + 3) + 7, 4, "the file is cut inside the tag at line 1, "
                                                  "column")):  # the 4th hand's first draw
        part = read_mjlog(text[:cut], "g")
        assert len(hands(part)) == hand_count
        assert part.events == whole.events[:len(part.events)]
        assert part.stops_early.startswith(where), (part.stops_early, where)


# --- the meld code -------------------------------------------------------------------------------
@pytest.mark.parametrize(("m", "expected"), [
    (46185, MeldCode("pon", 1, (120, 121, 122), 120)),  # pon of W from the right
    (6367, MeldCode("chi", 3, (11, 14, 17), 11)),  # 3m 4m 5m, 3m called
    (3155, MeldCode("kakan", 3, (8, 9, 11), 8, 10)),  # 3m added to a pon of 3m
    (0x2302, MeldCode("daiminkan", 2, (32, 33, 34, 35), 35)),
    (0x4300, MeldCode("ankan", 0, (64, 65, 66, 67), None)),
])
def test_decode_meld(m: int, expected: MeldCode) -> None:
    assert decode_meld(m) == expected


@pytest.mark.parametrize(("m", "message"), [
    (0xFFFF, "chi base"), (0xFE0A, "kind 42"), (0x8800, "kan tile id 136"), (0x20, "nukidora"),
    (0x4 | 1, "not the left"), (0x10008, "0..65535"),
])
def test_decode_meld_rejects_codes_that_do_not_decode(m: int, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        decode_meld(m)


# --- Tenhou's wall ---------------------------------------------------------------------------------
def test_tenhou_walls_reproduce_every_hand(records: dict[str, MahjongRecord],
                                           logs: dict[str, bytes]) -> None:
    checked: Counter[str] = Counter()
    for name, record in records.items():
        seed = mjlog_seed(logs[name], name)
        assert seed is not None
        inits = [tag.attrib["seed"].split(",") for tag in ET.fromstring(logs[name]).iter("INIT")]
        walls = tenhou_walls(seed, len(inits))
        for hand, wall, init in zip(hands(record), walls, inits, strict=False):
            check_hand(hand, wall, (int(init[3]) + 1, int(init[4]) + 1))
            checked["hands"] += 1
            checked["draws"] += sum(e["type"] == "tsumo" for e in hand)
    assert checked["hands"] == sum(len(hands(record)) for record in records.values()) == 367
    assert checked["draws"] > 17000


def mjai(ids: tuple[int, ...] | list[int]) -> list[str]:
    return [Tile.from_id(tile_id).mjai for tile_id in ids]


def check_hand(hand: list[Event], wall: TenhouWall, dice: tuple[int, int]) -> None:
    start = hand[0]
    assert wall.dice == dice
    for seat, tiles in enumerate(wall.haipai(start["oya"])):
        assert Counter(mjai(tiles)) == Counter(start["tehais"][seat])
    live: list[str] = []
    rinshan: list[str] = []
    dora = [start["dora_marker"]]
    ura: list[str] = []
    after_kan = False
    for event in hand[1:]:
        if event["type"] in KANS:
            after_kan = True
        elif event["type"] == "tsumo":
            (rinshan if after_kan else live).append(event["pai"])
            after_kan = False
        elif event["type"] in ("dahai", "chi", "pon"):
            after_kan = False
        elif event["type"] == "dora":
            dora.append(event["dora_marker"])
        elif event["type"] == "hora" and event["ura_markers"]:
            ura = event["ura_markers"]
    assert live == mjai(wall.tiles[52:52 + len(live)])
    assert len(live) <= 70 - len(rinshan)
    assert rinshan == mjai(wall.rinshan[:len(rinshan)])
    assert dora == mjai(wall.dora_indicators[:len(dora)])
    assert ura in ([], mjai(wall.ura_indicators[:len(dora)]))


def test_the_first_wall_of_the_first_game(logs: dict[str, bytes]) -> None:
    seed = mjlog_seed(logs[GAME])
    assert seed is not None
    wall = tenhou_walls(seed, 1)[0]
    # <INIT seed="0,0,0,3,3,20" ... hai0="34,11,120,...">; <T77/> is the dealer's first draw
    assert wall.dice == (4, 4) and wall.dora_indicators[0] == 20 and wall.tiles[52] == 77
    assert sorted(wall.tiles) == list(range(136))
    assert len(set(wall.dora_indicators + wall.ura_indicators + wall.rinshan)) == 14
    assert set(wall.dora_indicators + wall.ura_indicators + wall.rinshan) == set(wall.tiles[122:])


def test_walls_follow_each_other_in_one_stream(logs: dict[str, bytes]) -> None:
    seed = mjlog_seed(logs[GAME])
    assert seed is not None
    assert tenhou_walls(seed, 3)[:2] == tenhou_walls(seed, 2)
    assert tenhou_walls(seed, 0) == []


@pytest.mark.parametrize(("seed", "message"), [
    ("mt19937ar-sha512-n288," + "0" * 8 * 32, "unsupported Tenhou shuffle seed form"),
    ("mt19937ar-sha512-n288-base64,@@@@", "not valid base64"),
    ("mt19937ar-sha512-n288-base64,AAAA", "holds 3 bytes, expected 2496"),
    ("", "unsupported"),
])
def test_bad_seeds_raise_record_error(seed: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        tenhou_walls(seed, 1)


def test_a_key_with_high_zero_words_is_still_used_whole() -> None:
    # Random(int) would drop the zero words at the top of the key: the state must not.
    zeros = "mt19937ar-sha512-n288-base64," + "A" * 3328
    one = "mt19937ar-sha512-n288-base64,AQAA" + "A" * 3324
    assert tenhou_walls(zeros, 1) != tenhou_walls(one, 1)
    assert tenhou_walls(zeros, 1)[0].dice == (6, 2)


# --- malformed input ---------------------------------------------------------------------------
def first_hand(logs: dict[str, bytes], tags: int) -> str:
    """The game's header, its first INIT (made East 2, 1 honba) and the next ``tags`` tags."""
    text = game_text(logs)
    init = text.index("<INIT ")
    rest = re.findall(r"<[^>]*>", text[init:])
    head = text[:init] + "".join(rest[:tags + 1])
    return head.replace('seed="0,0,0,3,3,20"', 'seed="1,1,0,3,3,20"')


def test_first_hand_helper_is_a_readable_log(logs: dict[str, bytes]) -> None:
    text = first_hand(logs, 6) + '<RYUUKYOKU type="yao9" ba="1,0" sc="250,0,250,0,250,0,250,0"/></mjloggm>'
    events = read_mjlog(text, "g").events
    assert [e["type"] for e in events][:4] == ["start_game", "start_kyoku", "tsumo", "dahai"]
    assert events[1]["kyoku"] == 2 and events[1]["honba"] == 1


@pytest.mark.parametrize(("tail", "message"), [
    ("<D5/>", r"seat 0 discards 2m \(id 5\), which it does not hold"),
    ("<T140/>", "draw: tile id 140 is not 0..135"),
    ("<U77/>", r"seat 1's draw 2s \(id 77\) is already in play"),
    ('<N who="0" m="65535"/>', "does not decode"),
    ('<N who="2" m="46185"/>', r"but the open discard is seat 0's 9p \(id 69\)"),
    ('<V2/><N who="2" m="46185"/>', "but no discard is open"),
    ('<N who="5" m="46185"/>', "who=5 is not a seat"),
    ('<N who="1" m="x"/>', "'x' is not an integer"),
    ("<XYZ/>", "unknown tag"),
    ('<REACH who="1" step="2"/>', "accepted before it is declared"),
    ('<DORA hai="20"/>', "already in play"),
    ('<AGARI who="1" fromWho="1" machi="2" ten="30,1000,0" sc="1,2"/>', "sc=.*expected 8 numbers"),
    ('<RYUUKYOKU type="odd" sc="250,0,250,0,250,0,250,0"/>', "unknown RYUUKYOKU type 'odd'"),
    ('<INIT seed="0,0,0,0,0,1"/>', "without AGARI or RYUUKYOKU"),
])
def test_malformed_tags_name_the_game_the_hand_and_the_problem(logs: dict[str, bytes], tail: str,
                                                               message: str) -> None:
    text = first_hand(logs, 6) + tail + "</mjloggm>"
    with pytest.raises(RecordError, match=f"^my-game: East 2, 1 honba: .*{message}"):
        read_mjlog(text, "my-game")


def test_a_bad_yaku_id_is_an_error(logs: dict[str, bytes]) -> None:
    text = first_hand(logs, 6) + ('<AGARI who="1" fromWho="1" machi="2" ten="30,1000,0" yaku="60,1" '
                                  'sc="250,0,250,0,250,0,250,0"/></mjloggm>')
    with pytest.raises(RecordError, match="unknown yaku id 60"):
        read_mjlog(text, "g")


@pytest.mark.parametrize(("data", "message"), [
    (b"not xml at all", "not well-formed XML"),
    ("<mjloggm><T1></mjloggm>", "not well-formed XML"),
    (b"", "empty, not a Tenhou mjlog"),
    ("<html><body/></html>", "root element is <html>"),
    ("<mjloggm ver='2.3'></mjloggm>", "no hand in the log"),
    (b"\x1f\x8b\x08\x00garbage", "gzip data does not decompress"),
    (b"<mjloggm>\xff\xfe</mjloggm>", "not well-formed XML"),
    ('<mjloggm><GO type="185"/></mjloggm>', "type=185: a 3-player game"),
    ('<mjloggm><INIT seed="0,0,0,0,0,1" ten="250,250,250,0" oya="0" hai0="1" hai1="2" hai2="3" '
     'hai3=""/></mjloggm>', "East 1, 0 honba: <INIT>: a 3-player game"),
    ('<mjloggm><INIT seed="0,0,0,0,0,1" ten="250,250,250,250" oya="0" hai0="1,2" hai1="2" '
     'hai2="3" hai3="4"/></mjloggm>', "hai0 has 2 tiles, expected 13"),
    ('<mjloggm><INIT seed="17,0,0,0,0,1"/></mjloggm>', "seed round 17 is not 0..15"),
    ('<mjloggm><INIT seed="0,0"/></mjloggm>', "expected 6 numbers"),
    ("<mjloggm><T5/></mjloggm>", "outside a hand"),
])
def test_malformed_logs_raise_record_error(data: str | bytes, message: str) -> None:
    with pytest.raises(RecordError, match=f"^game-x: .*{message}"):
        read_mjlog(data, "game-x")


def test_a_nameless_log_is_called_mjlog_in_messages() -> None:
    with pytest.raises(RecordError, match=r"^mjlog: not well-formed XML"):
        read_mjlog("<<<")


def test_yaku_tables_use_taku_names() -> None:
    assert set(YAKU_NAMES.values()) <= set(YAKU) and len(YAKU_NAMES) == 36
    assert set(YAKUMAN_NAMES.values()) <= set(YAKUMAN) and len(YAKUMAN_NAMES) == 16
