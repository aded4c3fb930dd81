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


# Rows an INSERT statement carries: SQLite runs one statement of a hundred rows faster
# than a hundred of one (82,500 small rows of events in a third of the time, alone), and a
# hundred keep well under any database's limit on a statement's values.
ROWS_PER_STATEMENT = 100


class PreparedRows:
    """New rows of one model, each given as its fields' values by field name (a foreign
    key as a saved object, a ``NewRow`` or None, or as an id by its column's name:
    ``play_id``; a field left out takes its default),
    made ready to send: their values in batches, a batch's rows one after the other, one
    batch to a statement."""

    def __init__(self, model: type[models.Model], rows: Sequence[Mapping[str, Any]]):
        meta = model._meta
        self.fields = [f for f in meta.local_concrete_fields if f is not meta.auto_field]
        self.table = meta.db_table
        self.links = [i for i, f in enumerate(self.fields) if f.is_relation]
        db = connections[DEFAULT_DB_ALIAS]
        defaults = [_default(f, db) for f in self.fields]
        readies = [_ready(f, db) for f in self.fields]
        self.per_statement = max(
            1, min(ROWS_PER_STATEMENT, db.ops.bulk_batch_size(self.fields, rows))
        )
        values = [
            row[f.attname]
            if f.is_relation and f.attname in row
            else ready(row[f.name])
            if f.name in row or default is REQUIRED
            else default
            for row in rows
            for f, ready, default in zip(self.fields, readies, defaults, strict=True)
        ]
        size = self.per_statement * len(self.fields)
        self.batches = [values[at : at + size] for at in range(0, len(values), size)]

    def insert(self) -> None:
        """The batches sent in order: every one but the last is full, and goes by one
        statement run once for each."""
        if not self.batches:
            return
        width = len(self.fields)
        for batch in self.batches:
            for link in self.links:
                for at in range(link, len(batch), width):
                    if isinstance(batch[at], (models.Model, NewRow)):
                        batch[at] = batch[at].pk  # saved by now
        *whole, last = self.batches
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            if whole:
                cursor.executemany(self._statement(self.per_statement), whole)
            cursor.execute(self._statement(len(last) // width), last)

    def _statement(self, rows: int) -> str:
        quote = connections[DEFAULT_DB_ALIAS].ops.quote_name
        columns = ", ".join(quote(cast(str, f.column)) for f in self.fields)
        row = f"({', '.join(['%s'] * len(self.fields))})"
        return f"INSERT INTO {quote(self.table)} ({columns}) VALUES {', '.join([row] * rows)}"


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
