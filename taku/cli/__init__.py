"""The ``taku`` command line: a layer above the game cores."""
