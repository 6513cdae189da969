"""The database router installed with a replica (DATABASE_REPLICA_URL, config/settings.py): a read goes to the
replica only inside a read page's switch (`league.replica.scope`) and outside a transaction on the primary (a read
that a write of the same transaction depends on is the primary's); every write, every row lock
(`select_for_update` counts as a write) and every migration is the primary's."""

from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model

from league.replica.health import REPLICA
from league.replica.scope import reads_on_replica


class ReplicaRouter:
    def db_for_read(self, model: type[Model], **hints: Any) -> str:
        if reads_on_replica() and not connections[DEFAULT_DB_ALIAS].in_atomic_block:
            return REPLICA
        return DEFAULT_DB_ALIAS

    def db_for_write(self, model: type[Model], **hints: Any) -> str:
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Model, obj2: Model, **hints: Any) -> bool:
        # one database's rows, whichever copy they were read from
        return {obj1._state.db, obj2._state.db} <= {DEFAULT_DB_ALIAS, REPLICA, None}

    def allow_migrate(self, db: str, app_label: str, model_name: str | None = None, **hints: Any) -> bool:
        return db == DEFAULT_DB_ALIAS
