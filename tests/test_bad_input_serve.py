"""``taku serve``: a bad option stops the command with one line naming it, before any database is
opened or port listened on."""

from __future__ import annotations

from pathlib import Path

import pytest

from taku.cli.main import main


@pytest.mark.parametrize(
    "option", ["--action-seconds", "--bank-seconds", "--grace-seconds", "--bot-delay", "--hand-pause-seconds"]
)
@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_serve_rejects_non_finite_or_negative_seconds(option: str, value: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "taku.sqlite3"
    code = main(["serve", "--db", f"sqlite:///{db}", "--port", "0", option, value])
    err = capsys.readouterr().err
    assert code != 0
    assert "Traceback" not in err and option in err and len(err.strip().splitlines()) == 1
    assert not db.exists()  # stopped before the database was opened
