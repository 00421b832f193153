"""Every code example of README.md and docs/*.md runs as written (issue 17 item 4).

* ``python`` blocks written as sessions (``>>>``) are doctests: README.md by pytest's
  ``--doctest-glob``, ``docs/renju*.md`` by tests/test_renju_docs.py, any other doc here.
* ``python`` blocks written as scripts run here, each in a fresh namespace in a scratch directory.
* ``sh`` blocks: a ``$ taku mahjong ...`` line runs and must print the lines shown under it; a
  plain ``taku mahjong ...`` (or ``python3 -m taku mahjong ...``) line must run without an error.
  Synopsis lines (with ``[OPTIONS]`` or placeholders) and other games' commands, which need files
  the docs only name, are left to those games' tests.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
_SLOW: set[tuple[str, int]] = set()
"""Examples too slow for the fast set (none now: docs/mjai.md's four bot processes take ~2 s)."""


@dataclass(frozen=True)
class Example:
    path: Path
    number: int
    language: str
    body: str

    @property
    def id(self) -> str:
        return f"{self.path.name}-{self.language}{self.number}"


def _examples(language: str) -> list[Example]:
    found = []
    for path in DOCS:
        blocks = [m for m in _FENCE.finditer(path.read_text(encoding="utf-8")) if m.group(1) == language]
        found += [Example(path, n, language, m.group(2)) for n, m in enumerate(blocks, 1)]
    return found


SCRIPTS = [e for e in _examples("python") if ">>>" not in e.body]
SESSIONS = [e for e in _examples("python") if ">>>" in e.body]
SHELL = _examples("sh")


def _param(example: Example) -> object:
    marks = [pytest.mark.slow] if (example.path.name, example.number) in _SLOW else []
    return pytest.param(example, id=example.id, marks=marks)


@pytest.mark.parametrize("example", [_param(e) for e in SCRIPTS])
def test_python_script_examples_run(example: Example, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code = compile(example.body, f"{example.path.name} python example {example.number}", "exec")
    exec(code, {"__name__": "__docs_example__"})


def test_session_examples_are_doctested_somewhere() -> None:
    """README.md is a doctest (pyproject's ``--doctest-glob``); docs/renju*.md are doctested by
    tests/test_renju_docs.py; any other doc with sessions is doctested below."""
    assert SESSIONS and {e.path.name for e in SESSIONS} <= {
        "README.md", *(p.name for p in (REPO / "docs").glob("renju*.md")), *_OTHER_SESSION_DOCS}


_OTHER_SESSION_DOCS = sorted({e.path.name for e in SESSIONS if e.path.name != "README.md"
                              and not e.path.name.startswith("renju")})


def test_other_docs_sessions() -> None:
    """Sessions in docs other than README.md and the renju docs (docs/envs.md and
    docs/mahjong-table.md today) are doctested."""
    for name in _OTHER_SESSION_DOCS:
        result = doctest.testfile(str(REPO / "docs" / name), module_relative=False)
        assert result.failed == 0, name


def _taku(command: str) -> list[str] | None:
    """The argv of a mahjong command line of the docs, or None for other lines."""
    command = command.split("  #", 1)[0].strip()
    for prefix in ("python3 -m taku mahjong ", "taku mahjong "):
        if command.startswith(prefix) and "[" not in command and " N " not in command:
            return [sys.executable, "-m", "taku", "mahjong", *shlex.split(command[len(prefix):])]
    return None


def _run(argv: list[str], tail: int | None) -> tuple[int, list[str]]:
    done = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    lines = (done.stdout + done.stderr).splitlines()
    return done.returncode, lines[-tail:] if tail else lines


COMMANDS: list[tuple[Example, str, list[str]]] = []
for _example in SHELL:
    _lines = _example.body.splitlines()
    _prompted = any(_line.startswith("$ ") for _line in _lines)  # then other lines are output
    for _index, _line in enumerate(_lines):
        _prompt = _line.startswith("$ ")
        if _prompted and not _prompt:
            continue
        _command = _line[2:] if _prompt else _line
        _piped = _command.split(" | ")[0]
        if _taku(_piped) is None:
            continue
        _shown: list[str] = []
        if _prompt:
            for _after in _lines[_index + 1:]:
                if _after.startswith("$ "):
                    break
                _shown.append(_after)
        COMMANDS.append((_example, _command, _shown))


@pytest.mark.parametrize(("example", "command", "shown"), COMMANDS,
                         ids=[f"{e.id}: {c[:60]}" for e, c, _ in COMMANDS])
def test_shell_examples_run_and_print_what_the_docs_show(example: Example, command: str,
                                                         shown: list[str]) -> None:
    piped, _, pipe = command.partition(" | ")
    argv = _taku(piped)
    assert argv is not None
    tail = int(pipe.split()[-1].lstrip("-")) if pipe.startswith("tail") else None
    status, lines = _run(argv, tail)
    if shown:
        assert lines == shown, f"{example.id}: {command}"
    else:
        assert status == 0, f"{example.id}: {command}: {lines}"


def test_every_mahjong_doc_has_its_examples_checked() -> None:
    """The mahjong docs' examples are all in the lists above (nothing silently skipped)."""
    names = {e.path.name for e in SCRIPTS} | {e.path.name for e, _, _ in COMMANDS}
    assert {"mahjong-bots.md", "mahjong-simulate.md", "mahjong-table.md", "mjai.md", "play.md",
            "README.md"} <= names
