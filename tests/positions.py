"""The trust tests' positions: the same generator as the load corpus (``load/positions.py``)."""

from load.positions import MODES, choose, concrete, position, positions  # noqa: F401
