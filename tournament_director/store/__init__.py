"""The durable store: SQLite event log, snapshots, the shared player registry, migrations and backups.

No Qt here. The command runner (services/commands.py) is the only writer of tournament events.
"""

from tournament_director.store.errors import DatabaseRefused
from tournament_director.store.records import EventInfo, PlayerInfo, TournamentInfo
from tournament_director.store.store import Store

__all__ = ["DatabaseRefused", "EventInfo", "PlayerInfo", "Store", "TournamentInfo"]
