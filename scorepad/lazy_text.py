"""Words put together before anyone reads them: a label a module builds at import time
from other marked words ("Solo: 1 player, …"), kept lazy so that it is read in the
reader's language when shown, not in the language the module was imported in.

A request's own words need none of this: ``gettext(...) % values`` is read at once,
in the request's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.functional import lazy

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise, StrPromise


def _filled(message: StrOrPromise, values: Mapping[str, Any]) -> str:
    return str(message) % values


_filled_lazy = lazy(_filled, str)


def filled_lazy(message: StrOrPromise, values: Mapping[str, Any]) -> StrPromise:
    """``message % values`` once it is read: ``message`` a ``gettext_lazy`` string with
    named placeholders, ``values`` any words (lazy ones are read with it)."""
    return _filled_lazy(message, values)  # type: ignore[return-value]  # a lazy str
