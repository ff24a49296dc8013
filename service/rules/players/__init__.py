"""Computer players for every seat, every phase, every game (issue 32): ``decide``."""
