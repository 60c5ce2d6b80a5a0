"""Every login reads the addon's files as they are now: what the client keeps between logins
(parsed .toc lines, file contents) is kept per file and modification, so a changed, added or
removed file is read again."""

from __future__ import annotations

import os

import pytest

from conftest import make_addon
from pyhost.harness import Realm
from pyhost.harness.toc import TocError


def _touch_later(path):
    # (A later modification time, whatever the file system's clock granularity.)
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))


def test_a_changed_lua_file_is_read_again_at_the_next_login(tmp_path):
    folder = make_addon(tmp_path, "Fresh", {"a.lua": "Seen = 'one'"})
    realm = Realm(wtf=tmp_path / "WTF")
    assert realm.login("Skoll", addons=[folder]).run_lua("return Seen") == "one"
    (folder / "a.lua").write_text("Seen = 'two'", encoding="utf-8")  # (same size)
    _touch_later(folder / "a.lua")
    client = realm.login("Hati", addons=[folder])
    assert client.run_lua("return Seen") == "two"
    client.type("/reload")
    realm.run_until_quiet()
    assert client.run_lua("return Seen") == "two"


def test_a_changed_toc_is_read_again_and_its_files_found_again(tmp_path):
    folder = make_addon(tmp_path, "Fresh", {"a.lua": "Seen = 'a'", "b.lua": "Seen = 'b'"})
    realm = Realm(wtf=tmp_path / "WTF")
    assert realm.login("Skoll", addons=[folder]).run_lua("return Seen") == "b"
    toc = folder / "Fresh.toc"
    toc.write_text(toc.read_text(encoding="utf-8").replace("\nb.lua", "\n"), encoding="utf-8")
    _touch_later(toc)
    assert realm.login("Hati", addons=[folder]).run_lua("return Seen") == "a"
    # A listed file that went away while the .toc stayed: the folder is refused again.
    (folder / "a.lua").unlink()
    with pytest.raises(TocError, match=r"listed file 'a\.lua' is missing"):
        realm.login("Mani", addons=[folder])
