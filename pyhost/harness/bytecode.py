"""Lua chunks compiled once per Python process, loaded as bytecode into each client.

Every login starts a fresh Lua runtime that runs the same text: the realm's own Lua
(lua/*.lua) and, client after client, the same addon files. Parsing that text is about half
of a login's cost, so each chunk is compiled once, in a runtime of its own that runs
nothing, and kept as `string.dump` bytecode; a client's runtime loads the bytecode in about
a quarter of the time. Lua 5.1's bytecode keeps the debug information, so chunk names and
line numbers in errors and tracebacks are the source's.

Only bytecode made here, from source text, is ever loaded, and only by the realm: addon code
cannot load bytecode (wow.lua's `loadstring` refuses it and removes `string.dump`). For a chunk
that does not compile the caller loads its text, and Lua reports the error exactly as it
always did.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

from lupa import lua51

_lock = threading.Lock()
_dump: Any = None


def _dumper() -> Any:
    global _dump
    if _dump is None:
        runtime = lua51.LuaRuntime(encoding=None, register_eval=False, register_builtins=False)
        _dump = runtime.eval(b"function(code, name) local chunk = loadstring(code, name) "
                             b"return chunk and string.dump(chunk) end")
    return _dump


@lru_cache(maxsize=1024)
def compiled(code: bytes, chunkname: bytes) -> bytes | None:
    """The bytecode of `code` under `chunkname`, or None when it does not compile."""
    with _lock:
        dumped = _dumper()(code, chunkname)
    return dumped if isinstance(dumped, bytes) else None


def load(loadstring: Any, code: bytes, chunkname: bytes) -> Any:
    """What `loadstring(code, chunkname)` returns, from the cached bytecode when there is
    some. `loadstring` must be a runtime's own, unwrapped one (it is given bytecode)."""
    dumped = compiled(code, chunkname)
    return loadstring(code if dumped is None else dumped, chunkname)
