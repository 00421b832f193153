"""Alembic's environment: migrations run on the connection the server hands over
(``config.attributes["connection"]``), or on ``sqlalchemy.url`` for the alembic command line."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from taku.server.store import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # the alembic command line
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("alembic: set sqlalchemy.url (the server's --db URL)")
    with create_engine(url).begin() as connection:
        context.configure(connection=connection, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
