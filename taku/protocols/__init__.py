"""Protocols that connect taku players to other programs (Gomocup/Piskvork brains and managers, mjai)."""
