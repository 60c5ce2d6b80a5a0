"""Reading a ruleset file's TOML tables with one clear error per mistake.

A `Table` hands out the keys of one TOML table and remembers which it gave
out, so that `done()` can refuse whatever key nobody asked for (a typo in a
modder's file must not be silently ignored). Every refusal is a
`RulesetError` naming the file, the dotted key and the reason.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from typing import Any

_MISSING = object()

TYPE_NAMES = {
    bool: "true or false",
    int: "a whole number",
    str: "a string",
    list: "a list",
    dict: "a table",
    object: "a value",
}


def shown(text: str) -> str:
    """Text for an error line: anything unprintable (a newline, say) escaped, so the line stays
    one line and shows what is really there."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def key_name(key: str) -> str:
    """A key for an error line: as written, or quoted and escaped if it is empty, has spaces
    at an end or anything unprintable."""
    if key and key == key.strip() and shown(key) == key:
        return key
    return '"' + shown(key).replace('"', '\\"') + '"'


class FileError(ValueError):
    """A data file that cannot be used: which file, which key, why."""

    def __init__(self, file: str, key: str, reason: str) -> None:
        where = shown(file)
        super().__init__(f"{where}: {key}: {reason}" if key else f"{where}: {reason}")
        self.file = file
        self.key = key
        self.reason = reason


class RulesetError(FileError):
    """A ruleset file that cannot be used."""


def load_text_data(raw: bytes, file: str, loads: Callable[[str], Any], language: str,
                   error: type[FileError]) -> Any:
    """A data file's bytes as data (`loads`: tomllib.loads, json.loads), or one `error`
    line: not UTF-8, not valid `language`."""
    try:
        return loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise error(file, "", "not UTF-8 text") from None
    except ValueError as exc:  # both parsers' errors are ValueErrors
        # Python's own limit on reading a whole number (4300 digits) is not a parser's error.
        reason = "a whole number with more than 4300 digits" if "4300 digits" in str(exc) \
            else exc
        raise error(file, "", f"not valid {language}: {reason}") from None


def describe(value: Any) -> str:
    """A short rendering of a bad value for an error line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_type(value: Any, kind: type) -> bool:
    # TOML booleans are Python bools, which are also ints: keep them apart.
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


class Table:
    """One TOML table of a ruleset file, read key by key."""

    def __init__(
        self, file: str, data: Any, path: str = "", error: type[FileError] = RulesetError
    ) -> None:
        if not isinstance(data, dict):
            raise error(file, path, f"must be a table, not {describe(data)}")
        self.file = file
        self.path = path
        self.error_type = error
        self._data = data
        self._taken: set[str] = set()

    def key_path(self, key: str) -> str:
        return f"{self.path}.{key_name(key)}" if self.path else key_name(key)

    def error(self, key: str, reason: str) -> FileError:
        return self.error_type(self.file, self.key_path(key), reason)

    def has(self, key: str) -> bool:
        return key in self._data

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        self._taken.add(key)
        if key not in self._data:
            if default is _MISSING:
                unread = [k for k in self._data if k not in self._taken]
                close = difflib.get_close_matches(key, unread, n=1)
                hint = f" (is {close[0]!r} a misspelling?)" if close else ""
                raise self.error(key, f"missing key{hint}")
            return default
        return self._data[key]

    def get(
        self,
        key: str,
        kind: type,
        *,
        default: Any = _MISSING,
        low: int | None = None,
        high: int | None = None,
        choices: Iterable[Any] | None = None,
        check: Callable[[Any], str | None] | None = None,
    ) -> Any:
        """The value of `key`, checked for type, range, choices and `check`."""
        value = self.raw(key, default)
        if value is default and default is not _MISSING and key not in self._data:
            return value
        if not _is_type(value, kind):
            raise self.error(key, f"must be {TYPE_NAMES[kind]}, not {describe(value)}")
        if choices is not None:
            allowed = list(choices)
            if value not in allowed:
                raise self.error(
                    key,
                    f"must be one of {', '.join(map(repr, allowed))}, not {describe(value)}",
                )
        if low is not None and value < low:
            raise self.error(key, f"must be at least {low}, not {value}")
        if high is not None and value > high:
            raise self.error(key, f"must be at most {high}, not {value}")
        if check is not None:
            reason = check(value)
            if reason:
                raise self.error(key, reason)
        return value

    def int_list(self, key: str, *, low: int, high: int, length: tuple[int, int]) -> list[int]:
        values = self.get(key, list)
        if not length[0] <= len(values) <= length[1]:
            raise self.error(
                key, f"must list {length[0]} to {length[1]} numbers, not {len(values)}"
            )
        for i, value in enumerate(values):
            if not _is_type(value, int) or not low <= value <= high:
                raise self.error(
                    f"{key}[{i}]", f"must be a whole number from {low} to {high}, not "
                    f"{describe(value)}"
                )
        return values

    def table(self, key: str) -> Table:
        return Table(self.file, self.raw(key), self.key_path(key), self.error_type)

    def tables(self, key: str) -> list[Table]:
        """An array of tables, such as `hands.categories`."""
        items = self.get(key, list)
        if not items:
            raise self.error(key, "must not be empty")
        path = self.key_path(key)
        return [Table(self.file, item, f"{path}[{i}]", self.error_type)
                for i, item in enumerate(items)]

    def done(self) -> None:
        """Refuse any key that was not read: it is a typo or belongs elsewhere."""
        for key in self._data:
            if key not in self._taken:
                close = difflib.get_close_matches(key, sorted(self._taken), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise self.error(key, f"unknown key{hint}")
