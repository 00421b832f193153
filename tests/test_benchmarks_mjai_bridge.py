"""``benchmarks/mjai_bridge.py``: the bridge seats a TCP mjai client (mjai-manue's way) and a
``system.exe pipe`` program (akochan's way) behind ``MjaiProcessPlayer``. Here both outside bots are
stand-ins written in Python that follow those protocols (discard what they draw, never call): a
whole match through the bridge ends with no fault, and the events reach them in the form they need."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from taku.bots.simple import TsumogiriPlayer
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules
from taku.protocols.mjai_process import MjaiProcessPlayer
from tests.conftest import REPO

BRIDGE = REPO / "benchmarks" / "mjai_bridge.py"

# mjai's TCP client protocol: hello -> join, then one reply per event; leaves at end_game
FAKE_MANUE = '''
import json, socket, sys
url = sys.argv[sys.argv.index("--") + 1]
host, port = url.split("//")[1].split("/")[0].split(":")
log = open(sys.argv[1], "a")
with socket.create_connection((host, int(port))) as conn:
    stream = conn.makefile("rw")
    me = None
    for line in stream:
        event = json.loads(line)
        log.write(line)
        log.flush()
        kind = event["type"]
        if kind == "hello":
            reply = {"type": "join", "name": "fake", "room": "default"}
        elif kind == "end_game":
            break
        else:
            if kind == "start_game":
                me = event["id"]
                assert event["names"]
            reply = {"type": "none"}
            if kind == "tsumo" and event["actor"] == me:
                reply = {"type": "dahai", "actor": me, "pai": event["pai"], "tsumogiri": True}
        stream.write(json.dumps(reply) + "\\n")
        stream.flush()
'''

# akochan's pipe mode: one event a line; a move list after its own tsumo and others' dahai/kakan
FAKE_AKOCHAN = '''
import json, sys
me = int(sys.argv[3])
log = open("events.log", "a")
for line in sys.stdin:
    event = json.loads(line)
    log.write(line)
    log.flush()
    if event.get("can_act") is False or "actor" not in event:
        continue
    actor, kind = event["actor"], event["type"]
    if actor == me and kind == "tsumo":
        move = {"type": "dahai", "actor": me, "pai": event["pai"], "tsumogiri": True}
        print(json.dumps([move]), flush=True)
    elif actor != me and kind in ("dahai", "kakan"):
        print(json.dumps([{"type": "none"}]), flush=True)
'''


def play(bridge: list[str], seat: int) -> MjaiProcessPlayer:
    rules = Rules.preset("tenhou").replace(length="east")
    match = Match(rules, seed="bridge")
    outside = MjaiProcessPlayer(bridge, seat, 20.0, on_error="penalty")
    players = [outside if s == seat else TsumogiriPlayer(s) for s in range(4)]
    try:
        while not match.is_over:
            actor = match.to_act[0]
            match.apply(players[actor].choose(match.observe(actor)))
    finally:
        outside.close()
    assert match.result is not None
    return outside


def test_a_tcp_client_plays_a_match_through_the_bridge(tmp_path: Path) -> None:
    client = tmp_path / "fake_manue.py"
    client.write_text(FAKE_MANUE)
    log = tmp_path / "manue.log"
    # the bridge runs "RUBY -I mjai/lib -I manue/lib -e SCRIPT -- URL": the stand-in reads the URL
    ruby = tmp_path / "ruby"
    ruby.write_text(f"#!/bin/sh\nexec {sys.executable} {client} {log} \"$@\"\n")
    ruby.chmod(0o755)
    outside = play([sys.executable, str(BRIDGE), "manue", "--ruby", str(ruby)], 1)
    assert outside.faults == [] and outside.decisions > 20
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["type"] == "hello" and events[1] == {"names": ["taku0", "taku1", "taku2", "taku3"],
                                                         "type": "start_game", "id": 1}
    assert events[-1]["type"] == "end_game"
    # every event of the seat's view, one at a time: the others' draws are hidden
    assert any(e["type"] == "tsumo" and e["actor"] != 1 and e["pai"] == "?" for e in events)


def test_akochans_pipe_mode_through_the_bridge(tmp_path: Path) -> None:
    program = tmp_path / "system.exe"
    program.write_text(f"#!{sys.executable}\n" + textwrap.dedent(FAKE_AKOCHAN))
    program.chmod(0o755)
    (tmp_path / "tactics.json").write_text("{}")
    outside = play([sys.executable, str(BRIDGE), "akochan", "--akochan", str(tmp_path),
                    "--tactics", str(tmp_path / "tactics.json")], 2)
    assert outside.faults == [] and outside.decisions > 20
    events = [json.loads(line) for line in (tmp_path / "events.log").read_text().splitlines()]
    assert events[0] == {"type": "start_game", "id": 2, "kyoku_first": 0, "aka_flag": True}
    # only the last event of each batch may ask for an answer
    asked = [e for e in events if e.get("type") == "dahai" and e["actor"] != 2]
    assert any(e.get("can_act") is False for e in asked) and any("can_act" not in e for e in asked)
