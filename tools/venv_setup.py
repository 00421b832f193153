"""The clone's ``.venv`` and its in-place compiled build, shared by ``tools/run_tests.py`` and
``tools/serve.py`` (the README's two Quick start commands).

Both install taku into ``.venv`` as an editable, pure-Python install (``TAKU_PURE=1``: quick), then,
when a C compiler is present and ``TAKU_PURE`` is not set, compile the cores with mypyc in place
(``setup.py build_ext --inplace``: a few minutes the first time, only the changed modules after an
edit). Standard library only: these run on the system's python3.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sysconfig
import venv
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")

Runner = Callable[..., None]
"""``run(title, *command, env=None)``: announce ``title``, run ``command`` in the clone, stop on failure."""


def pure_requested() -> bool:
    """Whether ``TAKU_PURE`` asks for the pure-Python build (set and not ``0``)."""
    return os.environ.get("TAKU_PURE", "") not in ("", "0")


def compiler_present() -> bool:
    """Whether the C compiler that setup.py looks for is on the PATH."""
    if os.name == "nt":
        return shutil.which("cl") is not None
    command = shlex.split(sysconfig.get_config_var("CC") or "cc")
    return bool(command) and shutil.which(command[0]) is not None


def venv_output(code: str) -> str:
    """What ``code`` prints, run by the environment's Python in the repository root."""
    return subprocess.run([str(PYTHON), "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()


def create_venv() -> None:
    """Make ``.venv`` (with pip) if it is not there."""
    if not PYTHON.exists():
        print(f"== creating the virtual environment {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)


def install(run: Runner, extras: str, stamp_name: str) -> None:
    """Install taku (editable, pure Python) with ``extras`` into ``.venv`` unless the stamp file
    ``stamp_name`` there is newer than pyproject.toml; touch it afterwards."""
    create_venv()
    stamp = VENV / stamp_name
    if stamp.exists() and stamp.stat().st_mtime >= (ROOT / "pyproject.toml").stat().st_mtime:
        print(f"== .venv is up to date (delete .venv/{stamp_name} to reinstall)", flush=True)
        return
    pip = (PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar", "off")
    run("upgrading pip (first run only)", *pip, "--upgrade", "pip")
    # The editable install itself is pure Python: the compiled modules are built in place by
    # ``compile_in_place`` (and rebuilt there when a source changes), not by pip in a build environment.
    run(f"installing taku{extras} into .venv (first run: a minute or two)", *pip, "-e", f".{extras}",
        env={"TAKU_PURE": "1"})
    stamp.touch()


def compile_in_place(run: Runner) -> bool:
    """Compile the cores with mypyc in the clone when a C compiler is present, ``TAKU_PURE`` is not
    set and a compiled module is missing or older than its source; return whether the compiled
    build is the one that will run."""
    if not compiler_present() or pure_requested():
        return False
    stale = venv_output("from taku.build import installed_extensions as i, stale_extensions as s\n"
                        "print('\\n'.join(s() if i() else ['nothing is compiled yet']))")
    if stale:
        print("== the compiled modules do not match the sources:", *stale.splitlines()[:5], sep="\n   ")
        run("compiling the cores with mypyc in place (setup.py build_ext --inplace; a few minutes the "
            "first time)", PYTHON, "setup.py", "--quiet", "build_ext", "--inplace")
    # mypyc's shared runtime module (taku_native__mypyc) is built at the clone's root, outside the
    # package the editable install maps: a .pth file puts the root on the path, so that programs
    # started from elsewhere (scripts, subprocesses of the tests) find it too
    site = Path(venv_output("import sysconfig; print(sysconfig.get_paths()['purelib'])"))
    (site / "taku-inplace-build.pth").write_text(f"{ROOT}\n", encoding="utf-8")
    return True
