"""The attributes of an object, listed from its class's source: a class compiled with mypyc has no
``__dict__`` (``vars()`` fails on its objects) and cannot be created empty, so tests that look at
or copy an object's whole state list its attributes this way, in both builds."""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path
from typing import Any


@cache
def state_names(cls: type) -> tuple[str, ...]:
    """The instance attributes of ``cls`` (its ``__slots__``, those its body declares, and every
    ``self.name`` its methods assign), read from its module's source: a class compiled with mypyc
    has no ``__dict__`` to list them, and cannot be created empty (so :func:`copy.deepcopy` cannot
    copy it)."""
    module = sys.modules[cls.__module__]
    path = Path(module.__file__ or "")
    tree = ast.parse((path.parent / (path.name.split(".", 1)[0] + ".py")).read_text(encoding="utf-8"))
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    names: set[str] = set()
    for item in ast.walk(node):
        if isinstance(item, ast.Attribute) and isinstance(item.ctx, ast.Store) and \
                isinstance(item.value, ast.Name) and item.value.id == "self":
            names.add(item.attr)
        elif isinstance(item, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__"
                                                  for t in item.targets):
            names.update(ast.literal_eval(item.value))
    names.update(item.target.id for item in node.body  # attributes declared in the class body
                 if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name))
    return tuple(sorted(names))


def state(thing: Any) -> dict[str, Any]:
    """The attributes of ``thing`` that are set (see :func:`state_names`)."""
    return {name: getattr(thing, name) for name in state_names(type(thing)) if hasattr(thing, name)}
