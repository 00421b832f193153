"""Run the ``taku`` command line with ``python3 -m taku``."""

from taku.cli.main import main

raise SystemExit(main())
