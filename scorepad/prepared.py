"""Queries on a request's hot path whose SQL Django compiles once per process.

Compiling a query with joins, a filtered relation and a subquery costs a tap more than
sending it (2.5 ms against 0.1 ms on SQLite, as ``scripts/bench.py`` profiles a tile
saved): a ``PreparedQuery`` builds its queryset once per database with sample values,
keeps the SQL and the compiler that knows how to turn rows into model instances, and
runs it again with each request's values in place of the samples. What it returns is
what the queryset would (instances with ``select_related`` and annotations).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import Field, Model, QuerySet
from django.db.models.sql.compiler import SQLCompiler


@dataclass(frozen=True)
class Param:
    """A value the query is run with: the field it is compared to (which turns a value
    into what the database is sent) and a sample no real value takes, to find it in the
    compiled parameters."""

    field: Field[Any, Any]
    sample: Any


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    positions: dict[str, int]
    compiler: SQLCompiler


class PreparedQuery[M: Model]:
    """``build(**values)`` (a queryset), compiled once per database alias and ``shape``
    (what changes the SQL itself, such as an ``IN`` list): the values named by
    ``params`` are filled in at each run."""

    def __init__(self, build: Callable[..., QuerySet[M]], **params: Param) -> None:
        self.build = build
        self.params = params
        self._compiled: dict[tuple[str, Any], _Compiled] = {}

    def run(self, using: str = "default", shape: Any = None, **values: Any) -> list[M]:
        compiled = self._compiled.get((using, shape)) or self._compile(using, shape, values)
        connection = connections[using]
        params = list(compiled.params)
        for name, position in compiled.positions.items():
            field = self.params[name].field
            params[position] = field.get_db_prep_value(values[name], connection, False)
        compiler = copy.copy(compiled.compiler)
        # ModelIterable asks the compiler for its SQL: this one answers without compiling.
        compiler.as_sql = lambda *args, **kwargs: (compiled.sql, params)  # type: ignore[method-assign]
        query = compiler.query.chain()
        query.get_compiler = lambda *args, **kwargs: compiler  # type: ignore[method-assign]
        return list(QuerySet(compiler.query.model, query=query, using=using))

    def _compile(self, using: str, shape: Any, values: dict[str, Any]) -> _Compiled:
        connection = connections[using]
        samples = {name: param.sample for name, param in self.params.items()}
        queryset = self.build(**{**values, **samples})
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        positions = {}
        for name, param in self.params.items():
            sent = param.field.get_db_prep_value(param.sample, connection, False)
            found = [i for i, value in enumerate(params) if value == sent]
            if len(found) != 1:
                raise ValueError(f"{name}'s sample is sent {len(found)} times, not once")
            positions[name] = found[0]
        compiled = _Compiled(sql, tuple(params), positions, compiler)
        self._compiled[using, shape] = compiled
        return compiled
