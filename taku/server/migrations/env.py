"""Alembic's environment: migrations run on the connection the server hands over
(``config.attributes["connection"]``), or on ``sqlalchemy.url`` for the alembic command line."""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import create_engine

from taku.server.store import Base


def run(config: Any) -> None:
    """Run the migrations on the server's connection, else on the configured URL."""
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("alembic: set sqlalchemy.url (the server's --db URL)")
    with create_engine(url).begin() as own:
        context.configure(connection=own, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()


_config: Any
try:
    _config = context.config
except AttributeError:  # imported outside a migration (a doctest collection): nothing to run
    _config = None
if _config is not None:
    run(_config)
