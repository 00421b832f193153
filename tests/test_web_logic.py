"""The browser client's own game logic against taku's core: the beginner help's waits
(web/src/mahjong/waits.ts) agree with ``taku.mahjong.waits`` on seeded random and tenpai hands, and
the sort order of web/src/mahjong/tiles.ts is taku's. The TypeScript is bundled with the client's
esbuild and run by Node (both come with the client's build, tools/build_web.py)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from taku.mahjong import waits
from taku.mahjong.tiles import kind_to_str, parse_kinds

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
ESBUILD = WEB / "node_modules" / ".bin" / "esbuild"

MJAI = {f"{n}z": h for n, h in zip("1234567", ["E", "S", "W", "N", "P", "F", "C"], strict=True)}


def run_typescript(module: str, script: str, tmp_path: Path) -> object:
    """Bundle ``web/src/<module>.ts`` and run ``script`` (ES module code that may use its exports as
    ``m``) with Node; the JSON it prints."""
    node = shutil.which("node")
    if node is None or not ESBUILD.exists():
        pytest.skip("the web client's packages are not installed (python3 tools/build_web.py)")
    bundle = tmp_path / "module.mjs"
    subprocess.run(
        [str(ESBUILD), str(WEB / "src" / f"{module}.ts"), "--bundle", "--format=esm", f"--outfile={bundle}"],
        check=True,
        capture_output=True,
    )
    runner = tmp_path / "run.mjs"
    runner.write_text(f"import * as m from {json.dumps(str(bundle))};\n{script}\n", encoding="utf-8")
    done = subprocess.run([node, str(runner)], check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def mjai_tiles(text: str) -> list[str]:
    tiles = [kind_to_str(k) for k, n in enumerate(parse_kinds(text)) for _ in range(n)]
    return [MJAI.get(t, t) for t in tiles]


def test_waits_agree_with_the_core(tmp_path: Path) -> None:
    rng = random.Random(12)
    wall = [k for k in range(34) for _ in range(4)]
    hands = ["33m111s12345678p", "1112345678999m", "19m19p19s1234567z", "1122334455667z"]
    for _ in range(300):
        rng.shuffle(wall)
        hands.append("".join(kind_to_str(k) for k in sorted(wall[:13])))
    # Tenpai hands: a complete hand minus one tile.
    for _ in range(200):
        rng.shuffle(wall)
        kinds = sorted(wall[:14])
        hands.append("".join(kind_to_str(k) for k in kinds[1:]))
    cases = [mjai_tiles(h) for h in hands]
    found = run_typescript(
        "mahjong/waits", f"console.log(JSON.stringify({json.dumps(cases)}.map(h => m.waitsOf(h))))", tmp_path
    )
    assert isinstance(found, list)
    expected = [[MJAI.get(kind_to_str(k), kind_to_str(k)) for k in waits(parse_kinds(h))] for h in hands]
    assert found == expected
    assert found[0] == ["3p", "6p", "9p"]
    assert found[1] == [f"{n}m" for n in range(1, 10)]  # the nine gates
    assert len(found[2]) == 13  # thirteen orphans, thirteen-sided


def test_furiten_when_a_wait_is_in_the_river(tmp_path: Path) -> None:
    found = run_typescript(
        "mahjong/waits",
        'console.log(JSON.stringify([m.furiten(["3p", "6p"], ["1m", "6p"]), m.furiten(["3p"], ["5pr", "1m"]),'
        ' m.furiten(["5p"], ["5pr"])]))',
        tmp_path,
    )
    assert found == [True, False, True]
