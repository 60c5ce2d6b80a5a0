"""Addon folders read the way the WoW client reads them.

`read_toc` picks the TOC file a client flavour would use (per-client files win over the plain
one), parses its `## Key: Value` metadata, conditional lines and file list. `lua_sources`
expands that file list into the Lua chunks the client would run, following `<Script>` and
`<Include>` in UI XML. `load_order` orders several addons the way the client loads them:
alphabetically, each after the dependencies it names.

Files are read as bytes and Lua is handed on unchanged, except for a leading UTF-8 BOM, which
the client strips too.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET
from xml.parsers import expat

FLAVOURS = ("retail", "classic_era", "mists", "tbc")

# The client's names for each flavour: the specific "game" and the broader "family".
_GAMES = {"retail": "Mainline", "classic_era": "Vanilla", "mists": "Mists", "tbc": "TBC"}
_FAMILIES = {"retail": "Mainline", "classic_era": "Classic", "mists": "Classic", "tbc": "Classic"}
# Dash suffixes from before the client settled on "_<Game>": Burning Crusade Classic was "-BCC".
# (Classic Era's old "-Classic" is the family's dash suffix already.)
_LEGACY_GAMES = {"tbc": "BCC"}
# Game types as `[AllowLoadGameType ...]` spells them; "classic" stands for the whole family.
_GAME_TYPES = {"retail": "mainline", "classic_era": "vanilla", "mists": "mists", "tbc": "tbc"}

_BOM = b"\xef\xbb\xbf"
_METADATA = re.compile(r"##\s*([^:]+?)\s*:\s*(.*?)\s*$")
_CONDITION = re.compile(r"\[([^\]]*)\]\s*")
_LIST_SEPARATORS = re.compile(r"[,\s]+")
_CHUNK_PREFIX = "@Interface/AddOns/"


class TocError(ValueError):
    """An addon folder the client could not load; the message is one line naming the file."""


@dataclass(frozen=True)
class Toc:
    name: str  # the addon folder's name
    path: Path  # the .toc file chosen
    metadata: dict[str, str]  # keys as written (e.g. "Title", "Title-frFR", "Interface")
    interfaces: tuple[int, ...]
    saved_variables: tuple[str, ...]
    saved_variables_per_character: tuple[str, ...]
    dependencies: tuple[str, ...]
    optional_dependencies: tuple[str, ...]
    files: tuple[Path, ...]  # the TOC's file lines, resolved against the folder
    warnings: tuple[str, ...]

    def get(self, key: str) -> str | None:
        """The metadata value for `key`, ignoring case as the client's GetAddOnMetadata does."""
        wanted = key.casefold()
        return next((v for k, v in self.metadata.items() if k.casefold() == wanted), None)


@dataclass(frozen=True)
class LuaSource:
    chunkname: str  # "@Interface/AddOns/Foo/core.lua", or "@Interface/AddOns/Foo/ui.xml:<line>"
    code: bytes


@dataclass
class _Parsed:
    """What one pass over a TOC's lines collects before it becomes a `Toc`."""

    metadata: dict[str, str] = field(default_factory=dict)
    files: list[tuple[str, str]] = field(default_factory=list)  # (where, line as written)
    warnings: list[str] = field(default_factory=list)


# --- Choosing and parsing the TOC -------------------------------------------------------------


def _toc_names(name: str, flavour: str) -> list[str]:
    """The TOC file names a `flavour` client tries for addon `name`, best first."""
    _check_flavour(flavour, name)
    game, family = _GAMES[flavour], _FAMILIES[flavour]
    suffixes = [f"_{game}", f"-{game}"]
    if flavour in _LEGACY_GAMES:
        suffixes.append(f"-{_LEGACY_GAMES[flavour]}")
    suffixes += [f"_{family}", f"-{family}", ""]
    return [f"{name}{suffix}.toc" for suffix in dict.fromkeys(suffixes)]


def read_toc(folder: Path, flavour: str = "retail") -> Toc:
    """The addon in `folder` as a `flavour` client sees it."""
    # abspath, not resolve(): chunk names must follow the folder as given, symlinks and all.
    folder = Path(os.path.abspath(folder))
    path = _choose_toc(folder, flavour)
    addons = folder.parent
    parsed = _parsed_toc(path, _show(path, addons), flavour)
    warnings = list(parsed.warnings)
    meta = dict(parsed.metadata)
    return Toc(
        name=folder.name,
        path=path,
        metadata=meta,
        interfaces=_interfaces(meta, _show(path, addons), warnings),
        saved_variables=_names(_values(meta, lambda k: k == "savedvariables")),
        saved_variables_per_character=_names(
            _values(meta, lambda k: k == "savedvariablespercharacter")
        ),
        dependencies=_names(_values(meta, _is_required_key)),
        optional_dependencies=_names(_values(meta, lambda k: k == "optionaldeps")),
        # (Found again at every read: a listed file may come or go while the .toc stays.)
        files=tuple(_toc_file(folder, line, where, warnings) for where, line in parsed.files),
        warnings=tuple(warnings),
    )


def _parsed_toc(path: Path, shown: str, flavour: str) -> _Parsed:
    """The .toc's lines parsed, once per file, flavour and modification (every client of a
    test reads the same addons at its login). The caller copies what it keeps."""
    stat = path.stat()
    key = (path, shown, flavour, stat.st_mtime_ns, stat.st_size, stat.st_ino)
    parsed = _PARSED_TOCS.get(key)
    if parsed is None:
        parsed = _Parsed()
        text = _decode(path, shown, parsed.warnings)
        for number, line in enumerate(text.splitlines(), start=1):
            _parse_line(line, f"{shown}:{number}", flavour, parsed)
        if len(_PARSED_TOCS) >= 256:
            _PARSED_TOCS.clear()
        _PARSED_TOCS[key] = parsed
    return parsed


_PARSED_TOCS: dict[tuple[Any, ...], _Parsed] = {}


def _check_flavour(flavour: str, name: str) -> None:
    if flavour not in FLAVOURS:
        raise TocError(
            f"{name}: unknown flavour {flavour!r} (expected one of {', '.join(FLAVOURS)})"
        )


def _choose_toc(folder: Path, flavour: str) -> Path:
    names = _toc_names(folder.name, flavour)
    try:  # the game's file systems ignore case: "myaddon/MyAddon.toc" is the addon's .toc
        present = {entry.casefold(): entry for entry in os.listdir(folder)}
    except OSError:
        present = {}
    for name in names:
        if (folder / name).is_file():
            return folder / name
        if name.casefold() in present and (folder / present[name.casefold()]).is_file():
            return folder / present[name.casefold()]
    raise TocError(
        f"{folder.name}: no TOC file for {flavour} (tried {', '.join(names)}) in {folder}"
    )


def _decode(path: Path, shown: str, warnings: list[str]) -> str:
    data = _strip_bom(path.read_bytes())
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        # The client shows such text as mojibake rather than refusing the addon; so do we.
        warnings.append(f"{shown}: not valid UTF-8, read as Latin-1")
        return data.decode("latin-1")


def _parse_line(raw: str, where: str, flavour: str, parsed: _Parsed) -> None:
    line = _apply_conditions(raw.strip(), where, flavour, parsed.warnings)
    if not line:
        return
    if line.startswith("#"):
        if match := _METADATA.match(line):
            _add_metadata(match[1], match[2], where, parsed)
        return  # anything else after "#" is a comment
    parsed.files.append((where, line))


def _apply_conditions(line: str, where: str, flavour: str, warnings: list[str]) -> str | None:
    """The line without its `[...]` prefixes, or None when a prefix rules it out."""
    while match := _CONDITION.match(line):
        condition = match[1].strip()
        word, _, rest = condition.partition(" ")
        if word.casefold() != "allowloadgametype":
            warnings.append(f"{where}: line skipped, condition [{condition}] is not understood")
            return None
        if not _game_type_allowed(rest, flavour):
            return None
        line = line[match.end() :]
    return line


def _game_type_allowed(listed: str, flavour: str) -> bool:
    types = {t.casefold() for t in _LIST_SEPARATORS.split(listed) if t}
    return _GAME_TYPES[flavour] in types or (_FAMILIES[flavour] == "Classic" and "classic" in types)


def _add_metadata(key: str, value: str, where: str, parsed: _Parsed) -> None:
    if any(k.casefold() == key.casefold() for k in parsed.metadata):
        parsed.warnings.append(f"{where}: {key} given again, the first value is kept")
        return
    parsed.metadata[key] = value


def _values(metadata: dict[str, str], wanted: Callable[[str], bool]) -> list[str]:
    return [value for key, value in metadata.items() if wanted(key.casefold())]


def _is_required_key(key: str) -> bool:
    # The client takes "Dependencies", "RequiredDeps" and any other "Dep..." key as required.
    return key.startswith("dep") or key == "requireddeps"


def _names(values: list[str]) -> tuple[str, ...]:
    """Names from comma- and/or space-separated lists, first occurrence kept."""
    names = (name for value in values for name in _LIST_SEPARATORS.split(value) if name)
    return tuple(dict.fromkeys(names))


def _interfaces(metadata: dict[str, str], shown: str, warnings: list[str]) -> tuple[int, ...]:
    numbers = []
    for value in _values(metadata, lambda k: k == "interface"):
        for part in (p.strip() for p in value.split(",")):
            if part.isdigit():
                numbers.append(int(part))
            elif part:
                warnings.append(f"{shown}: Interface entry '{part}' is not a number, ignored")
    return tuple(numbers)


def _toc_file(folder: Path, line: str, where: str, warnings: list[str]) -> Path:
    found = find_file(_join(folder, line, where, folder.parent), folder.parent)
    if found is None:
        raise TocError(f"{where}: listed file '{line}' is missing")
    path = found
    if path.suffix.casefold() not in (".lua", ".xml"):
        warnings.append(f"{where}: '{line}' is neither .lua nor .xml, so it is not run")
    return path


def _join(base: Path, written: str, where: str, addons: Path) -> Path:
    """`written` (backslashes allowed) relative to `base`; it must stay in the AddOns folder
    (or, for a library's own files, in the library folders the realm was given)."""
    return _joined(base, written, where, addons, _LIBRARIES.get())


@functools.lru_cache(maxsize=4096)
def _joined(base: Path, written: str, where: str, addons: Path,
            roots: tuple[Path, ...]) -> Path:
    # (Only paths, no file system: the same answer every time, kept.)
    path = Path(os.path.normpath(base / written.replace("\\", "/")))
    if not path.is_relative_to(addons) and not any(
            path.is_relative_to(root) for root in roots):
        raise TocError(f"{where}: '{written}' points outside the AddOns folder")
    return path


# --- Files as the game finds them: any case, and libraries installed elsewhere ----------------

# The folders of libraries an author has installed (Realm(libraries=...), PYHOST_LIBRARIES):
# set while a client reads and loads its addons.
_LIBRARIES: ContextVar[tuple[Path, ...]] = ContextVar("pyhost_libraries", default=())
LIBRARIES_ENV = "PYHOST_LIBRARIES"


def library_roots(given: Sequence[Path | str] | None) -> tuple[Path, ...]:
    """The library folders: those given, else the PYHOST_LIBRARIES variable's (separated
    by os.pathsep); each must be a folder."""
    if given is None:
        given = [part for part in os.environ.get(LIBRARIES_ENV, "").split(os.pathsep) if part]
    roots = tuple(Path(os.path.abspath(Path(root).expanduser())) for root in given)
    for root in roots:
        if not root.is_dir():
            raise ValueError(f"libraries: {root} is not a folder")
    return roots


@contextmanager
def libraries(roots: tuple[Path, ...]) -> Iterator[None]:
    token = _LIBRARIES.set(roots)
    try:
        yield
    finally:
        _LIBRARIES.reset(token)


def find_file(path: Path, addons: Path) -> Path | None:
    """The file at `path` as the game finds it: exactly, else matched part by part without
    regard to case, else (a file under a library's folder the addon's packager would have
    filled, such as Libs/LibStub/LibStub.lua) in an installed library folder of that name."""
    if path.is_file():
        return path
    for base in (addons, *_LIBRARIES.get()):
        if path.is_relative_to(base):
            found = _any_case(base, path.relative_to(base).parts)
            if found is not None:
                return found
    if path.is_relative_to(addons):
        return _library_file(path.relative_to(addons).parts)
    return None


def _any_case(base: Path, parts: Sequence[str]) -> Path | None:
    current = base
    for part in parts:
        try:
            names = {name.casefold(): name for name in os.listdir(current)}
        except OSError:
            return None
        if part.casefold() not in names:
            return None
        current = current / names[part.casefold()]
    return current if current.is_file() else None


def _library_file(parts: Sequence[str]) -> Path | None:
    """For Addon/Libs/LibFoo/LibFoo.lua: LibFoo/LibFoo.lua in a library root, or in a folder
    of one (Ace3/AceGUI-3.0/...), the deepest folder on the way tried first."""
    for at in range(len(parts) - 2, 0, -1):
        for folder in _library_folders(parts[at]):
            found = _any_case(folder, parts[at + 1:])
            if found is not None:
                return found
    return None


def _library_folders(name: str) -> Iterator[Path]:
    wanted = name.casefold()
    for root in _LIBRARIES.get():
        for parent in (root, *sorted(p for p in root.iterdir() if p.is_dir())):
            for entry in sorted(parent.iterdir()):
                if entry.is_dir() and entry.name.casefold() == wanted:
                    yield entry


def library_addon(name: str) -> Path | None:
    """An installed library that is an addon of its own (Ace3, LibStub): the folder of that
    name in a library root, or the root itself if it is named so."""
    wanted = name.casefold()
    for root in _LIBRARIES.get():
        if root.name.casefold() == wanted:
            return root
        for entry in sorted(root.iterdir()):
            if entry.is_dir() and entry.name.casefold() == wanted:
                return entry
    return None


# --- Lua sources, through UI XML --------------------------------------------------------------


def lua_sources(toc: Toc) -> list[LuaSource]:
    """Every Lua chunk the addon runs, in load order, with XML files expanded."""
    addons = toc.path.parent.parent
    sources: list[LuaSource] = []
    for path in toc.files:
        suffix = path.suffix.casefold()
        if suffix == ".lua":
            sources.append(_file_source(path, addons))
        elif suffix == ".xml":
            sources.extend(_xml_sources(path, addons, ()))
    return sources


def _file_source(path: Path, addons: Path) -> LuaSource:
    """The file's chunk, read once per file and modification (every login reads it)."""
    stat = path.stat()
    return _read_source(path, _show(path, addons), stat.st_mtime_ns, stat.st_size, stat.st_ino)


@functools.lru_cache(maxsize=1024)
def _read_source(path: Path, shown: str, _mtime: int, _size: int, _inode: int) -> LuaSource:
    return LuaSource(_CHUNK_PREFIX + shown, _strip_bom(path.read_bytes()))


def _xml_sources(path: Path, addons: Path, including: tuple[Path, ...]) -> Iterator[LuaSource]:
    if path in including:
        chain = " -> ".join(_show(p, addons) for p in (*including, path))
        raise TocError(f"{_show(path, addons)}: Include cycle {chain}")
    root, lines = _parse_xml(path, addons)
    for element in root:  # Script and Include are only valid directly under <Ui>
        where = f"{_show(path, addons)}:{lines[element]}"
        tag = _local_name(element.tag)
        if tag == "Script":
            yield from _script_sources(element, path, where, addons)
        elif tag == "Include":
            included = _referenced(element, path, where, addons)
            yield from _xml_sources(included, addons, (*including, path))


def _script_sources(
    element: ET.Element, xml: Path, where: str, addons: Path
) -> Iterator[LuaSource]:
    if element.get("file") is not None:
        yield _file_source(_referenced(element, xml, where, addons), addons)
    # Kept verbatim so Lua's line numbers count from the <Script> tag's line.
    if element.text and element.text.strip():
        yield LuaSource(_CHUNK_PREFIX + where, element.text.encode("utf-8"))


def _referenced(element: ET.Element, xml: Path, where: str, addons: Path) -> Path:
    """The file an element's `file` attribute names, relative to the XML's own folder."""
    tag = _local_name(element.tag)
    written = element.get("file")
    if written is None:
        raise TocError(f"{where}: <{tag}> has no file attribute")
    path = find_file(_join(xml.parent, written, where, addons), addons)
    if path is None:
        raise TocError(f"{where}: {tag} file '{written}' is missing")
    return path


def _parse_xml(path: Path, addons: Path) -> tuple[ET.Element, dict[ET.Element, int]]:
    """The XML's root element, and the line each element starts on (for chunk names).

    ElementTree's own parsers keep no line numbers, so expat feeds an ElementTree builder and
    notes each start tag's line on the way.
    """
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}
    parser = expat.ParserCreate(namespace_separator="}")
    parser.buffer_text = True

    def start(tag: str, attributes: dict[str, str]) -> None:
        lines[builder.start(_et_tag(tag), attributes)] = parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: builder.end(_et_tag(tag))
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(_strip_bom(path.read_bytes()), True)
    except expat.ExpatError as error:
        raise TocError(f"{_show(path, addons)}: XML does not parse ({error})") from None
    return builder.close(), lines


def _et_tag(expat_name: str) -> str:
    # expat writes "uri}Name"; ElementTree's convention is "{uri}Name".
    return "{" + expat_name if "}" in expat_name else expat_name


def _local_name(tag: str) -> str:
    return tag.rpartition("}")[2]


# --- Load order -------------------------------------------------------------------------------


def load_order(tocs: Sequence[Toc]) -> list[Toc]:
    """Addons alphabetically (ignoring case), each after the dependencies it names that exist."""
    by_name: dict[str, Toc] = {}
    for toc in tocs:
        if toc.name.casefold() in by_name:
            raise TocError(f"{toc.name}: two addons have this name")
        by_name[toc.name.casefold()] = toc
    ordered: dict[str, Toc] = {}
    for toc in sorted(by_name.values(), key=lambda t: t.name.casefold()):
        _visit(toc, by_name, (), ordered)
    return list(ordered.values())


def _visit(
    toc: Toc, by_name: dict[str, Toc], chain: tuple[str, ...], ordered: dict[str, Toc]
) -> None:
    """Add `toc` to `ordered` after its dependencies; `chain` is who asked, to spot cycles."""
    key = toc.name.casefold()
    if key in ordered:
        return
    if key in chain:
        names = [by_name[k].name for k in (*chain[chain.index(key) :], key)]
        raise TocError(f"{toc.name}: dependency cycle {' -> '.join(names)}")
    for name in toc.dependencies:
        if name.casefold() not in by_name:
            raise TocError(f"{toc.name}: required dependency {name} is not present")
    for name in (*toc.dependencies, *toc.optional_dependencies):
        if dependency := by_name.get(name.casefold()):
            _visit(dependency, by_name, (*chain, key), ordered)
    ordered[key] = toc


# --- Shared -----------------------------------------------------------------------------------


def _strip_bom(data: bytes) -> bytes:
    return data[len(_BOM) :] if data.startswith(_BOM) else data


def _show(path: Path, addons: Path) -> str:
    """`path` as the client names it under Interface/AddOns, e.g. "Foo/ui.xml" (a library's
    file from an installed library folder by that folder's name: "LibFoo/LibFoo.lua")."""
    return _shown(path, addons, _LIBRARIES.get())


@functools.lru_cache(maxsize=4096)
def _shown(path: Path, addons: Path, roots: tuple[Path, ...]) -> str:
    # (Only paths, no file system: the same answer every time, kept.)
    if not path.is_relative_to(addons):
        for root in roots:
            if path.is_relative_to(root):
                return path.relative_to(root.parent).as_posix()
    return path.relative_to(addons).as_posix()
