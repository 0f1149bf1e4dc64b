"""Command line for the hold'em rules engine: ``python -m tournament_director.rules replay|legal FILE.phh``."""
