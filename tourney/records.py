"""``dataclass`` as the standard library's, at a fraction of its import cost.

Python 3.11 writes each dataclass's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``
and, when frozen, ``__setattr__`` and ``__delattr__`` as source text and compiles them
when the class is created: about 1.2 ms a class, so ``tourney.model``'s 22 classes were
37 ms of every command's start (docs/robustness.md, "Start-up"). Here the standard
``dataclasses.dataclass`` still reads the fields (the same ``Field`` objects,
``fields()``, ``replace()``, ``__match_args__``, ``__slots__``), but compiles nothing:

* ``__repr__``, ``__eq__``, ``__hash__``, the frozen ``__setattr__`` and ``__delattr__``
  and the pickling of a frozen class with slots are closures over the field names that
  do what the generated methods do (the same tuples compared and hashed, the same text);
* ``__init__`` is compiled by ``dataclasses`` itself the first time the class is
  instantiated (a class a command never builds never pays for it), from a copy of the
  class as it was written, and then replaces the stub.

Anything else (``order``, ``unsafe_hash``, ``weakref_slot``, a base class, no docstring,
a dunder written in the class, a ``ClassVar``, ``InitVar`` or ``KW_ONLY`` annotation) goes
to ``dataclasses.dataclass`` unchanged. Type checkers see ``dataclasses.dataclass``
itself. Use it as ``from tourney.records import dataclass`` (``field`` still comes from
``dataclasses``); tests/test_records.py holds each behaviour to the standard one's.
"""

from __future__ import annotations

import dataclasses
import inspect  # dataclasses imports it anyway
import operator
from _thread import get_ident
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

# methods this module would write: a class that writes one itself is left to dataclasses
_WRITTEN = frozenset(
    {"__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"}
    | {"__getstate__", "__setstate__", "__slots__"}
)
_PSEUDO = ("ClassVar", "InitVar", "KW_ONLY")  # annotations that are not plain fields


def _record(
    cls: type,
    *,
    init: bool = True,
    repr: bool = True,
    eq: bool = True,
    order: bool = False,
    unsafe_hash: bool = False,
    frozen: bool = False,
    match_args: bool = True,
    kw_only: bool = False,
    slots: bool = False,
    weakref_slot: bool = False,
) -> type:
    annotations = inspect.get_annotations(cls)  # its own, as written
    if (
        order
        or unsafe_hash
        or weakref_slot
        or cls.__bases__ != (object,)
        or not cls.__doc__
        or _WRITTEN & cls.__dict__.keys()
        or any(not isinstance(a, str) or any(p in a for p in _PSEUDO) for a in annotations.values())
    ):
        return dataclasses.dataclass(
            cls,
            init=init,
            repr=repr,
            eq=eq,
            order=order,
            unsafe_hash=unsafe_hash,
            frozen=frozen,
            match_args=match_args,
            kw_only=kw_only,
            slots=slots,
            weakref_slot=weakref_slot,
        )
    written = {  # the class as written, for compiling its __init__ when first needed
        k: v
        for k, v in cls.__dict__.items()
        if k in annotations or k in ("__module__", "__doc__", "__post_init__")
    }
    written["__annotations__"] = dict(annotations)
    written["__qualname__"] = cls.__qualname__  # not in the class's __dict__
    built: Any = dataclasses.dataclass(
        cls,
        init=False,
        repr=False,
        eq=False,
        frozen=False,
        match_args=match_args,
        kw_only=kw_only,
        slots=slots,
    )
    params = built.__dataclass_params__  # as asked (a subclass checks ``frozen``)
    params.init, params.repr, params.eq, params.frozen = init, repr, eq, frozen
    fields = dataclasses.fields(built)
    methods: dict[str, Callable[..., Any] | None] = {}
    if init:
        methods["__init__"] = _lazy_init(built, written, frozen, kw_only)
    if repr:
        methods["__repr__"] = _repr(tuple(f.name for f in fields if f.repr))
    if eq:
        methods["__eq__"] = _eq(_key(tuple(f.name for f in fields if f.compare)))
        if frozen:
            hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
            methods["__hash__"] = _hash(_key(hashed))
        else:
            methods["__hash__"] = None  # dataclasses: eq without frozen is unhashable
    if frozen:
        names = frozenset(f.name for f in fields)
        methods["__setattr__"], methods["__delattr__"] = _frozen(built, names)
        if slots:
            methods["__getstate__"], methods["__setstate__"] = _state(tuple(f.name for f in fields))
    for name, method in methods.items():
        if method is not None:
            method.__qualname__ = f"{built.__qualname__}.{name}"
        setattr(built, name, method)
    return built  # type: ignore[no-any-return]


def _key(names: tuple[str, ...]) -> Callable[[object], tuple[object, ...]]:
    """The tuple of these fields' values, as the generated methods build it."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return operator.attrgetter(*names)


def _eq(key: Callable[[object], tuple[object, ...]]) -> Callable[[object, object], object]:
    def __eq__(self: object, other: object) -> object:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash(key: Callable[[object], tuple[object, ...]]) -> Callable[[object], int]:
    def __hash__(self: object) -> int:
        return hash(key(self))

    return __hash__


def _repr(names: tuple[str, ...]) -> Callable[[object], str]:
    running: set[tuple[int, int]] = set()  # dataclasses' guard against a cycle: "..."

    def __repr__(self: object) -> str:
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
            return f"{self.__class__.__qualname__}({shown})"
        finally:
            running.discard(key)

    return __repr__


def _frozen(
    cls: Any, names: frozenset[str]
) -> tuple[Callable[[object, str, object], None], Callable[[object, str], None]]:
    def __setattr__(self: object, name: str, value: object) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: object, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _state(
    names: tuple[str, ...],
) -> tuple[Callable[[object], list[object]], Callable[[object, list[object]], None]]:
    """Pickling a frozen class with slots, as dataclasses does it."""

    def __getstate__(self: object) -> list[object]:
        return [getattr(self, name) for name in names]

    def __setstate__(self: object, state: list[object]) -> None:
        for name, value in zip(names, state, strict=False):
            object.__setattr__(self, name, value)

    return __getstate__, __setstate__


def _lazy_init(
    cls: Any, written: dict[str, object], frozen: bool, kw_only: bool
) -> Callable[..., None]:
    def __init__(self: object, *args: object, **kwargs: object) -> None:
        copy = type(cls.__name__, (object,), dict(written))
        compiled = vars(
            dataclasses.dataclass(
                copy, repr=False, eq=False, frozen=frozen, match_args=False, kw_only=kw_only
            )
        )["__init__"]
        cls.__init__ = compiled  # from now on, the class's own compiled __init__
        compiled(self, *args, **kwargs)

    return __init__


if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:

    def dataclass(cls=None, /, **options):
        """``dataclasses.dataclass``, with or without options (see the module docstring)."""
        if cls is None:
            return lambda cls: _record(cls, **options)
        return _record(cls, **options)
