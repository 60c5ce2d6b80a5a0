"""Python data as Lua source text, the same bytes every time.

Templates write the ruleset's data into the addon with `{{ value | lua }}`:
tables with sorted keys, strings as Lua literals that keep every byte
(UTF-8 glyphs included), numbers that read back exactly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_KEYWORDS = frozenset(
    "and break do else elseif end false for function if in local nil not or repeat return "
    "then true until while".split()
)


def lua_string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\{ord(ch):03d}")
        else:
            out.append(ch)  # UTF-8 passes through: glyphs stay readable in the file
    out.append('"')
    return "".join(out)


def lua(value: Any, indent: int = 0) -> str:
    """A Lua literal for `value`: None, bools, ints, floats, strings, lists and mappings."""
    if value is None:
        return "nil"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if value != int(value) else str(int(value))
    if isinstance(value, str):
        return lua_string(value)
    pad, inner = "\t" * indent, "\t" * (indent + 1)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        items = []
        for key in sorted(value, key=lambda k: (isinstance(k, str), k)):
            shown = key if isinstance(key, str) and _IDENTIFIER.fullmatch(key) and \
                key not in _KEYWORDS else f"[{lua(key)}]"
            items.append(f"{inner}{shown} = {lua(value[key], indent + 1)},")
        return "{\n" + "\n".join(items) + f"\n{pad}}}"
    if isinstance(value, Sequence):
        if not value:
            return "{}"
        flat = [lua(item, indent + 1) for item in value]
        if all("\n" not in item for item in flat) and sum(len(i) + 2 for i in flat) < 80:
            return "{ " + ", ".join(flat) + " }"
        return "{\n" + "\n".join(f"{inner}{item}," for item in flat) + f"\n{pad}}}"
    raise TypeError(f"no Lua literal for {type(value).__name__}")
