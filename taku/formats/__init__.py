"""Record formats: a layer above the rules cores that reads and writes game records.

Parsers take ``str``/``bytes`` and writers return them; files are opened by the callers (the
command line). :mod:`taku.formats.renju` holds the renju and gomoku records (PSQ, SGF, move
strings, RenLib, RenjuNet).
"""
