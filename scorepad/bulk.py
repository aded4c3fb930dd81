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

import gc
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date
from typing import Any, cast

import orjson
from django.db import DEFAULT_DB_ALIAS, connections, models
from django.utils import timezone


class NewRow:
    """A row not in the database yet, for other rows to point at; ``pk`` once it is."""

    pk: int | None = None


@contextmanager
def cycles_collected_after() -> Iterator[None]:
    """Python's cycle collector held off until the block is over (a short write
    transaction): a full pass looks at every object alive, millions once a large file
    is read and scored, most of a second that could otherwise fall due while the block
    holds the database's write lock."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


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
        readies = [_ready(f, db) for f in self.fields]
        self.rows = [
            [
                ready(row[f.name]) if f.name in row or default is REQUIRED else default
                for f, ready, default in zip(self.fields, readies, defaults, strict=True)
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


class FastJSONEncoder(json.JSONEncoder):
    """The standard encoder's output, five to seven times faster (orjson): an import
    encodes tens of thousands of entries and score sheets. A value orjson will not take
    (an integer past 64 bits) is encoded by the standard encoder."""

    def encode(self, o: Any) -> str:
        try:
            return orjson.dumps(o, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:
            return super().encode(o)


# Fields whose values, of the right Python type already, go to the database as they are.
AS_THEY_ARE = {
    "BooleanField",
    "CharField",
    "IntegerField",
    "PositiveIntegerField",
    "PositiveSmallIntegerField",
    "SmallIntegerField",
    "TextField",
}


def _ready(field: Any, db: Any) -> Callable[[Any], Any]:
    """How a value of ``field`` is made ready to send, chosen once per field: Django's
    own preparation, less its per-value layers for the plain fields and JSON."""
    if field.is_relation:
        return _kept  # a foreign key's object stays in the row until it is sent
    kind = field.get_internal_type()
    if kind in AS_THEY_ARE:
        return _kept
    if kind == "JSONField" and field.encoder is None:
        return lambda value: (
            None if value is None else db.ops.adapt_json_value(value, FastJSONEncoder)
        )
    return lambda value: field.get_db_prep_save(value, db)


def _kept(value: Any) -> Any:
    return value


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
    return _ready(field, db)(value)
