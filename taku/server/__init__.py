"""The play server (``taku serve``): mahjong tables and renju games for people and bots, persisted,
over HTTP and WebSocket. A layer above the cores, the formats and the bots; none of them imports it.

- :mod:`taku.server.app`: the ASGI application (FastAPI routes, the OpenAPI description).
- :mod:`taku.server.mahjong_table` and :mod:`taku.server.renju_game`: one asyncio actor per table or
  game, the only code that changes its ``Match`` or ``Position``; every accepted action is committed
  before it is broadcast, as a numbered event.
- :mod:`taku.server.store`: the database (SQLAlchemy 2; Alembic migrations in ``migrations/``).
- :mod:`taku.server.auth`: guests, registered players, sessions, CSRF, the login rate limit.
- :mod:`taku.server.protocol`: message shapes and size limits; :mod:`taku.server.clocks`: clocks.
- :mod:`taku.server.mjai_seat`: an outside mjai bot at a table; :mod:`taku.server.lobby`: the live
  lobby.

See ``docs/server.md``.
"""
