"""Alembic environment: the program passes an open connection in ``config.attributes["connection"]``.

No alembic.ini is needed at run time. A developer generating a new revision can point Alembic at a file with
``-x database=PATH`` (see README.md in this folder).
"""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

from tournament_director.store import models  # noqa: F401  (registers the tables on SQLModel.metadata)

config = context.config
target_metadata = SQLModel.metadata


def _run(connection) -> None:
    # SQLite DDL is transactional; run the whole upgrade in one transaction so a crash leaves the old schema
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        transactional_ddl=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:  # developer use from the command line
    from pathlib import Path

    from tournament_director.store.engine import make_engine

    database = context.get_x_argument(as_dictionary=True).get("database")
    if not database:
        raise SystemExit("give the database file: alembic -x database=PATH ...")
    with make_engine(Path(database)).connect() as developer_connection:
        _run(developer_connection)
