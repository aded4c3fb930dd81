"""The cache every app server shares: Django's database cache, with a counter that
counts.

The rate limits and the counts of failed tries (scorepad/throttle.py, through
django-ratelimit) count in this cache with ``add`` then ``incr``. Django's own database
cache increments by reading the value and setting it again: two app servers counting at
once both write the same number, and the set gives the entry the default five-minute
timeout, so an hour's count started over after five quiet minutes. Here ``incr``
locks the entry's row while it adds and leaves its expiry alone, and ``add`` looks
before it inserts.
"""

from __future__ import annotations

import base64
import pickle
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction
from django.utils.timezone import now


class CountingDatabaseCache(DatabaseCache):
    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        # Django's add of a live key tries the INSERT and takes the duplicate key error
        # for an answer: an error in the database's log at every counted request.
        if self.has_key(key, version=version):
            return False
        return super().add(key, value, timeout, version)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        table, key_column, value_column, expires_column = map(
            connection.ops.quote_name,
            (self.cache_model_class._meta.db_table, "cache_key", "value", "expires"),
        )
        # SQLite has no row locks: its IMMEDIATE transactions (settings) take the
        # database's write lock at BEGIN, which serialises the same way.
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        # As Django's has_key compares: the column holds UTC without a zone where the
        # database keeps none.
        moment = connection.ops.adapt_datetimefield_value(now().replace(microsecond=0, tzinfo=None))
        with transaction.atomic(using=db), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {value_column} FROM {table} "
                f"WHERE {key_column} = %s AND {expires_column} > %s{lock}",
                [key, moment],
            )
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found")
            stored = connection.ops.process_clob(row[0])
            value = pickle.loads(base64.b64decode(stored.encode(), validate=True)) + delta
            pickled = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            cursor.execute(
                f"UPDATE {table} SET {value_column} = %s WHERE {key_column} = %s", [pickled, key]
            )
        return value
