"""Tournament Director: run a live Texas Hold'em tournament from the first registration to the last hand."""

__version__ = "0.1.0"
