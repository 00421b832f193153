"""Mahjong game records: mjai JSON lines, Tenhou JSON (tenhou.net/6) and Tenhou mjlog XML."""
