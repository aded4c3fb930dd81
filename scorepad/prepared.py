"""Queries on a request's hot path whose SQL Django compiles once per process.

Compiling a query with joins, a filtered relation and a subquery costs a tap more than
sending it (2.5 ms against 0.1 ms on SQLite, as ``scripts/bench.py`` profiles a tile
saved): a prepared query builds its queryset once per database with sample values,
keeps the SQL, and sends it again with each request's values in place of the samples.
``PreparedQuery`` returns what the queryset would (instances with ``select_related``
and annotations); ``PreparedUpdate`` what ``QuerySet.update`` would (the rows changed).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model, QuerySet
from django.db.models.sql import UpdateQuery
from django.db.models.sql.compiler import SQLCompiler


@dataclass(frozen=True)
class Param:
    """A value the query is sent with: the field it is compared to or stored in (which
    turns a value into what the database is sent) and a sample no real value takes, to
    find it among the compiled parameters."""

    field: Field[Any, Any]
    sample: Any


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    positions: dict[str, tuple[int, ...]]
    compiler: SQLCompiler


class _Prepared:
    def __init__(self, **params: Param) -> None:
        self.params = params
        self._compiled: dict[tuple[str, Any], _Compiled] = {}

    def _sql(self, using: str, shape: Any, values: dict[str, Any]) -> tuple[_Compiled, list[Any]]:
        """The query compiled for this database and shape, and its parameters with
        ``values`` in place of the samples."""
        connection = connections[using]
        compiled = self._compiled.get((using, shape))
        if compiled is None:
            samples = {name: param.sample for name, param in self.params.items()}
            compiler = self._compiler(using, {**values, **samples})
            sql, sample_params = compiler.as_sql()
            positions = {
                name: _positions(name, sample_params, _sent(param, param.sample, connection))
                for name, param in self.params.items()
            }
            compiled = _Compiled(sql, tuple(sample_params), positions, compiler)
            self._compiled[using, shape] = compiled
        params = list(compiled.params)
        for name, found in compiled.positions.items():
            sent = _sent(self.params[name], values[name], connection)
            for position in found:
                params[position] = sent
        return compiled, params

    def _compiler(self, using: str, values: dict[str, Any]) -> SQLCompiler:
        raise NotImplementedError


def _sent(param: Param, value: Any, connection: BaseDatabaseWrapper) -> Any:
    return param.field.get_db_prep_value(value, connection, prepared=False)


def _positions(name: str, params: Any, sent: Any) -> tuple[int, ...]:
    """Where the query sends a value (a user's id, say, both to filter and to select)."""

    # psycopg sends JSON wrapped (Jsonb), compared by identity: compared here by what it wraps.
    def unwrapped(value: Any) -> Any:
        return getattr(value, "obj", value)

    found = tuple(i for i, value in enumerate(params) if unwrapped(value) == unwrapped(sent))
    if not found:
        raise ValueError(f"{name}'s sample is not sent: the query does not use {name}")
    return found


class PreparedQuery[M: Model](_Prepared):
    """``build(**values)`` (a queryset), compiled once per database alias and ``shape``
    (what changes the SQL itself, such as an ``IN`` list): the values named by
    ``params`` are filled in at each run."""

    def __init__(self, build: Callable[..., QuerySet[M]], **params: Param) -> None:
        super().__init__(**params)
        self.build = build

    def run(self, using: str = "default", shape: Any = None, **values: Any) -> list[M]:
        compiled, params = self._sql(using, shape, values)
        compiler = copy.copy(compiled.compiler)
        # Connections are per thread: the one that compiled may be another thread's.
        compiler.connection = connections[using]
        # ModelIterable asks the compiler for its SQL: this one answers without compiling.
        compiler.as_sql = lambda *args, **kwargs: (compiled.sql, params)  # type: ignore[method-assign,assignment]
        query = compiler.query.chain()
        query.get_compiler = lambda *args, **kwargs: compiler  # type: ignore[method-assign]
        return list(QuerySet(compiler.query.model, query=query, using=using))

    def _compiler(self, using: str, values: dict[str, Any]) -> SQLCompiler:
        return self.build(**values).query.get_compiler(using=using)


class PreparedUpdate[M: Model](_Prepared):
    """``build(**values)``: the rows to update (a queryset) and what they are set to
    (``QuerySet.update``'s keywords, expressions allowed), compiled once per database."""

    def __init__(
        self, build: Callable[..., tuple[QuerySet[M], dict[str, Any]]], **params: Param
    ) -> None:
        super().__init__(**params)
        self.build = build

    def run(self, using: str = "default", **values: Any) -> int:
        compiled, params = self._sql(using, None, values)
        with connections[using].cursor() as cursor:
            cursor.execute(compiled.sql, params)
            return cursor.rowcount

    def _compiler(self, using: str, values: dict[str, Any]) -> SQLCompiler:
        rows, changes = self.build(**values)
        query = cast(UpdateQuery, rows.query.chain(UpdateQuery))
        query.add_update_values(changes)
        return query.get_compiler(using=using)
