"""One-line TypeErrors for arguments the native module's signatures refuse.

The native functions check their arguments' types against their signatures and, when none
matches, raise a TypeError of several lines (the signatures, then the arguments). Wrapped
here, the same error is one line naming the function, the argument and what it must be:
"search(): level must be an int, got str". Only functions and methods that take arguments
are wrapped; the wrapper costs a Python call, and nothing when the arguments are good.
"""

from __future__ import annotations

import functools
import re

_INCOMPATIBLE = re.compile(r"^(\w+)\(\): incompatible (?:function|constructor) arguments")
_SIGNATURE = re.compile(r"^\s+1\. (?:[\w.]+)?\((.*)\)(?: -> .*)?$", re.MULTILINE)
_FRIENDLY = {"int": "an int", "float": "a number", "str": "a str", "bool": "a bool",
             "List[int]": "a list of ints", "object": "any object", "handle": "any object"}


def _split_top_level(text):
    """`text` split at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def _parameters(signature):
    """[(name, annotation)] of a pybind11 signature, without self, *, *args and **kwargs."""
    out = []
    for part in _split_top_level(signature):
        if part in ("*", "/") or part.startswith("*"):
            continue
        name, _, rest = part.partition(":")
        annotation = rest.split("=")[0].strip()
        if name.strip() != "self":
            out.append((name.strip(), annotation))
    return out


def _type_name(annotation):
    return annotation.rsplit(".", 1)[-1]


def _fits(value, annotation):
    optional = re.fullmatch(r"Optional\[(.*)\]", annotation)
    if optional:
        return value is None or _fits(value, optional.group(1))
    if annotation in ("object", "handle") or annotation.startswith("Callable"):
        return True
    if annotation == "int":
        return not isinstance(value, (bool, float)) and hasattr(value, "__index__")
    if annotation == "float":
        return isinstance(value, (int, float)) or hasattr(value, "__float__")
    if annotation == "str":
        return isinstance(value, str)
    if annotation == "bool":
        return isinstance(value, bool) or hasattr(value, "__bool__") and not isinstance(
            value, str)
    if annotation.startswith("List["):
        return isinstance(value, (list, tuple))
    return type(value).__name__ == _type_name(annotation)


def _describe(annotation):
    optional = re.fullmatch(r"Optional\[(.*)\]", annotation)
    if optional:
        return _describe(optional.group(1)) + " or None"
    return _FRIENDLY.get(annotation, "a " + _type_name(annotation))


def _one_line(message, args, kwargs, display):
    """The one-line form of pybind11's message for these arguments, or None to keep it."""
    head = _INCOMPATIBLE.match(message)
    signatures = _SIGNATURE.findall(message)
    if not head or len(signatures) != 1:
        return None
    name = display or head.group(1)
    parameters = _parameters(signatures[0])
    named = dict(parameters)
    if len(args) > len(parameters):
        return f"{name}(): takes at most {len(parameters)} arguments, got {len(args)}"
    for (parameter, annotation), value in zip(parameters, args):
        if not _fits(value, annotation):
            return (f"{name}(): {parameter} must be {_describe(annotation)}, "
                    f"got {type(value).__name__}")
    accepts_any_keyword = "**" in signatures[0]
    for key, value in kwargs.items():
        if key not in named:
            if accepts_any_keyword:
                continue
            return f"{name}(): no argument named {key!r}"
        if not _fits(value, named[key]):
            return f"{name}(): {key} must be {_describe(named[key])}, got {type(value).__name__}"
    return f"{name}(): the arguments do not fit ({signatures[0]})"


def wrap(function, skip_first=False, display=None):
    """`function` raising pybind11's argument TypeErrors as one line, named `display` (else as
    the native message names it). With skip_first the first argument (self) is not matched
    against the signature."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except TypeError as error:
            line = _one_line(str(error), args[1:] if skip_first else args, kwargs, display)
            if line is None:
                raise
            raise TypeError(line) from None

    return wrapper


def _takes_arguments(method):
    """Whether a native method's signature has parameters besides self that pybind11 checks
    (one taken as an object is checked by the method itself, in one line)."""
    doc = (getattr(method, "__doc__", None) or "").split("\n", 1)[0]
    match = re.match(r"^\w+\((.*)\)", doc)
    return bool(match) and any(annotation not in ("object", "handle")
                               for _, annotation in _parameters(match.group(1)))


def wrap_module(namespace, functions, classes):
    """Wraps the named functions of `namespace` (a dict) and the methods taking arguments of
    each class in `classes`, in place."""
    for name in functions:
        namespace[name] = wrap(namespace[name])
    for cls in classes:
        for name, method in list(vars(cls).items()):
            if name.startswith("__") and name != "__init__":
                continue
            if callable(method) and _takes_arguments(method):
                display = cls.__name__ if name == "__init__" else f"{cls.__name__}.{name}"
                setattr(cls, name, wrap(method, skip_first=True, display=display))
