"""Many new rows written in a short transaction.

``Model.objects.bulk_create`` makes each row ready for the database (defaults, JSON
encoded, dates adapted) while it builds the INSERT, inside the transaction, and wants
a model instance per row; for an import of thousands of plays that is seconds of
holding SQLite's only write lock. Here rows are given as plain values, made ready
first, with no transaction open, and the transaction only sends them. A row may
point at a row sent before it in the same transaction (a result at its play): a
``NewRow`` stands in for that row until it is sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any, cast

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.utils import timezone


class NewRow:
    """A row not in the database yet, for other rows to point at; ``pk`` once it is."""

    pk: int | None = None


class PreparedRows:
    """New rows of one model, each given as its fields' values by field name (a foreign
    key as a saved object, a ``NewRow`` or None; a field left out takes its default),
    made ready to send."""

    def __init__(self, model: type[models.Model], rows: Sequence[Mapping[str, Any]]):
        meta = model._meta
        self.fields = [f for f in meta.local_concrete_fields if not f.primary_key]
        self.table = meta.db_table
        self.links = [i for i, f in enumerate(self.fields) if f.is_relation]
        db = connections[DEFAULT_DB_ALIAS]
        defaults = [_default(f, db) for f in self.fields]
        self.rows = [
            [
                _ready(f, row[f.name], db)
                if f.name in row or defaults[i] is REQUIRED
                else defaults[i]
                for i, f in enumerate(self.fields)
            ]
            for row in rows
        ]

    def insert(self) -> None:
        """One INSERT statement, sent once per row."""
        for row in self.rows:
            for index in self.links:
                if row[index] is not None:
                    row[index] = row[index].pk  # saved by now
        db = connections[DEFAULT_DB_ALIAS]
        quote = db.ops.quote_name
        columns = ", ".join(quote(cast(str, f.column)) for f in self.fields)
        values = ", ".join(["%s"] * len(self.fields))
        sql = f"INSERT INTO {quote(self.table)} ({columns}) VALUES ({values})"
        with db.cursor() as cursor:
            cursor.executemany(sql, self.rows)


# A field every row must give: it has no default, or one that differs from row to row
# (a fresh id, today's date). A row without it is a KeyError naming the field.
REQUIRED = object()


def _ready(field: Any, value: Any, db: Any) -> Any:
    # A foreign key's object stays in the row until it is sent.
    return value if field.is_relation else field.get_db_prep_save(value, db)


def _default(field: Any, db: Any) -> Any:
    """What a row that leaves ``field`` out holds, made ready once: its default, or for
    a date kept automatically, now."""
    if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
        value: Any = timezone.now() if isinstance(field, models.DateTimeField) else date.today()
    elif field.has_default():
        if callable(field.default) and field.default not in (dict, list):
            return REQUIRED
        value = field.get_default()
    elif field.null:
        value = None
    else:
        return REQUIRED
    return _ready(field, value, db)
