"""UI XML as the client loads it: what an addon's .toc lists, in order.

`load_steps(toc)` walks the TOC's files: a .lua file is one Lua chunk; a .xml file is read
element by element under <Ui>: <Script file> and inline <Script> give Lua chunks, <Include
file> goes into that file, and every other element (frames, templates, fonts, anything the
realm does not know) is handed to lua/uixml.lua as a `UiElement`, in document order, so a
frame's mixin defined in an earlier <Script> exists when the frame is made. A UTF-8 BOM is
skipped; file names are resolved against the XML's own folder, ignoring case where the exact
name is missing (as the game's file systems do).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from . import toc as _toc
from .toc import LuaSource, Toc, TocError


@dataclass(frozen=True)
class Node:
    """One XML element: its tag, attributes (names lower-cased), children, text, line."""

    tag: str
    attributes: dict[str, str]
    children: tuple[Node, ...]
    text: str
    line: int


@dataclass(frozen=True)
class UiElement:
    where: str  # "Foo/ui.xml:12"
    chunk: str  # "@Interface/AddOns/Foo/ui.xml", for script handlers' chunk names
    node: Node
    code: bytes  # the node as a Lua table constructor (lua_source), made once per file


def load_steps(toc: Toc) -> list[LuaSource | UiElement]:
    addons = toc.path.parent.parent
    steps: list[LuaSource | UiElement] = []
    for path in toc.files:
        suffix = path.suffix.casefold()
        if suffix == ".lua":
            steps.append(_toc._file_source(path, addons))
        elif suffix == ".xml":
            steps.extend(xml_steps(path, addons, ()))
    return steps


def xml_steps(path: Path, addons: Path, including: tuple[Path, ...]
              ) -> Iterator[LuaSource | UiElement]:
    if path in including:
        chain = " -> ".join(_toc._show(p, addons) for p in (*including, path))
        raise TocError(f"{_toc._show(path, addons)}: Include cycle {chain}")
    shown = _toc._show(path, addons)
    for node, code in _parse_cached(path, shown):
        where = f"{shown}:{node.line}"
        if node.tag == "Script":
            if "file" in node.attributes:
                yield _toc._file_source(_referenced(node, path, where, addons), addons)
            if node.text.strip():
                yield LuaSource(_toc._CHUNK_PREFIX + where, node.text.encode("utf-8"))
        elif node.tag == "Include":
            included = _referenced(node, path, where, addons)
            yield from xml_steps(included, addons, (*including, path))
        else:
            yield UiElement(where=where, chunk=_toc._CHUNK_PREFIX + shown, node=node, code=code)


def parse(path: Path, shown: str) -> tuple[Node, ...]:
    """The elements under the file's <Ui>."""
    return tuple(node for node, _ in _parse_cached(path, shown))


def _parse_cached(path: Path, shown: str) -> tuple[tuple[Node, bytes], ...]:
    """Each element under <Ui> with its Lua source, read once per file and modification."""
    stat = path.stat()
    return _parse(path, shown, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _parse(path: Path, shown: str, mtime: int, size: int) -> tuple[tuple[Node, bytes], ...]:
    root, lines = _toc._parse_xml(path, path.parent.parent)
    chunk = _toc._CHUNK_PREFIX + shown
    nodes = [_node(element, lines) for element in root]
    return tuple((node, lua_source(node, chunk)) for node in nodes)


def _node(element: Any, lines: dict[Any, int]) -> Node:
    return Node(tag=_toc._local_name(element.tag),
                attributes={key.lower(): value for key, value in element.attrib.items()},
                children=tuple(_node(child, lines) for child in element),
                text=element.text or "", line=lines.get(element, 0))


def _referenced(node: Node, xml: Path, where: str, addons: Path) -> Path:
    written = node.attributes.get("file")
    if written is None:
        raise TocError(f"{where}: <{node.tag}> has no file attribute")
    found = _toc.find_file(_toc._join(xml.parent, written, where, addons), addons)
    if found is None:
        raise TocError(f"{where}: {node.tag} file '{written}' is missing")
    return found


def _quote(text: str) -> str:
    """A Lua string literal for `text` (UTF-8 bytes; every byte outside printable ASCII, and
    the quote and backslash, written as a decimal escape)."""
    out = []
    for byte in text.encode("utf-8"):
        out.append(chr(byte) if 32 <= byte < 127 and byte not in (34, 92) else f"\\{byte:03d}")
    return '"' + "".join(out) + '"'


def lua_source(node: Node, chunk: str) -> bytes:
    """`return <node>`: the node as a Lua table, tag, a (attributes), text, line, chunk and
    children 1..n, for lua/uixml.lua; Lua's own parser makes it fast in every client."""

    def table(n: Node) -> str:
        attrs = ",".join(f"[{_quote(k)}]={_quote(v)}" for k, v in n.attributes.items())
        parts = [f"tag={_quote(n.tag)}", f"a={{{attrs}}}", f"line={n.line}", "chunk=C"]
        if n.text.strip():
            parts.append(f"text={_quote(n.text)}")
        parts.extend(table(child) for child in n.children)
        return "{" + ",".join(parts) + "}"

    return f"local C={_quote(chunk)} return {table(node)}".encode()


HARNESS_UI = ("Fonts.xml", "Templates.lua", "Templates.xml", "BlizzardUI.lua", "Minimap.lua",
              "StaticPopup.lua", "Settings.lua")


@functools.cache
def harness_steps() -> tuple[LuaSource | UiElement, ...]:
    """The realm's own interface files (pyhost/harness/ui), named as Blizzard's are."""
    folder = Path(str(resources.files("pyhost.harness").joinpath("ui")))
    steps: list[LuaSource | UiElement] = []
    for name in HARNESS_UI:
        path = folder / name
        chunk = f"@Interface/FrameXML/{name}"
        if name.endswith(".lua"):
            steps.append(LuaSource(chunk, path.read_bytes()))
            continue
        for node in parse(path, name):
            steps.append(UiElement(where=f"{name}:{node.line}", chunk=chunk, node=node,
                                   code=lua_source(node, chunk)))
    return tuple(steps)
