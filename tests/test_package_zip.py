"""`pyhost package`: the addon zip that addon sites and managers take, loaded in every flavour."""

from __future__ import annotations

import tomllib
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyhost import __version__, codegen
from pyhost.cli import main
from pyhost.flavours import FLAVOURS
from pyhost.harness import Realm
from pyhost.harness.toc import read_toc

ROOT = Path(__file__).resolve().parent.parent
ADDON = ROOT / "addon" / "TaurenHoldem"
ZIP = f"TaurenHoldem-{__version__}.zip"


def run(*args: str):
    return CliRunner().invoke(main, list(args), prog_name="pyhost")


@pytest.fixture(scope="module")
def packaged(tmp_path_factory) -> Path:
    """The zip `pyhost package tauren-holdem --out DIR` writes."""
    out = tmp_path_factory.mktemp("dist")
    result = run("package", "tauren-holdem", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{out / ZIP}: TaurenHoldem {__version__}, for Interface/AddOns/\n"
    assert [p.name for p in out.iterdir()] == [ZIP]
    return out / ZIP


@pytest.fixture(scope="module")
def unzipped(packaged, tmp_path_factory) -> Path:
    """The zip unpacked as an addon manager does, into an AddOns folder."""
    addons = tmp_path_factory.mktemp("AddOns")
    with zipfile.ZipFile(packaged) as archive:
        archive.extractall(addons)
    return addons


def test_one_folder_named_as_the_addon_and_nothing_else_at_the_top(packaged, unzipped):
    names = zipfile.ZipFile(packaged).namelist()
    assert {name.split("/")[0] for name in names} == {"TaurenHoldem"}
    assert [p.name for p in unzipped.iterdir()] == ["TaurenHoldem"]
    assert not [p for p in (unzipped / "TaurenHoldem").iterdir() if p.is_dir()]


def test_the_folder_holds_the_built_addon_the_licence_and_the_changelog(unzipped):
    folder = unzipped / "TaurenHoldem"
    shipped = {p.name for p in folder.iterdir()}
    committed = {p.name for p in ADDON.iterdir()} - {".luacheckrc"}  # for developers only
    assert shipped == committed | {"LICENSE.txt", "CHANGELOG.md"}
    for name in committed:
        assert (folder / name).read_bytes() == (ADDON / name).read_bytes(), name
    toc = read_toc(folder, "retail")  # the folder's name is the .toc's
    assert toc.path == folder / "TaurenHoldem.toc"
    assert all(path.parent == folder and path.is_file() for path in toc.files)
    assert sorted(path.name for path in toc.files) == sorted(
        name for name in committed if name.endswith(".lua"))
    assert f"\n## Version: {__version__}\n" in (folder / "TaurenHoldem.toc").read_text("utf-8")


def test_the_licence_is_the_projects_mit_licence(unzipped):
    licence = (unzipped / "TaurenHoldem" / "LICENSE.txt").read_text("utf-8")
    assert licence == (ROOT / "LICENSE").read_text("utf-8")
    assert licence.startswith("MIT License\n")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["license"] == {"text": "MIT"}


def test_the_changelogs_newest_entry_is_the_version_the_toc_states(unzipped):
    changelog = (unzipped / "TaurenHoldem" / "CHANGELOG.md").read_text("utf-8")
    headings = [line[3:] for line in changelog.splitlines() if line.startswith("## ")]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert headings[0] == project["version"] == __version__


@pytest.mark.parametrize("flavour", list(FLAVOURS))
def test_the_unzipped_addon_loads_and_plays_in_every_flavour(unzipped, flavour, tmp_path):
    realm = Realm(flavour=flavour, wtf=tmp_path / "WTF")
    skoll = realm.login("Skoll", addons=[unzipped / "TaurenHoldem"])
    riggs = realm.login("Riggs", addons=[unzipped / "TaurenHoldem"])
    assert skoll.addons["TaurenHoldem"].loaded
    realm.party(skoll, riggs)
    skoll.type("/tholdem open")
    realm.run_until_quiet()
    riggs.type("/tholdem join")
    realm.run_until_quiet()
    skoll.type("/tholdem status")
    assert "Riggs" in skoll.chat.lines[-1]
    assert realm.errors() == []


def test_the_same_ruleset_and_version_give_the_same_bytes(packaged, tmp_path):
    assert run("package", "--out", str(tmp_path)).exit_code == 0  # the committed addons
    assert (tmp_path / ZIP).read_bytes() == packaged.read_bytes()


@pytest.mark.parametrize(("args", "code", "says"), [
    (["poker-dice"], 2, "(poker-dice) has no addon yet; addons exist for the holdem"),
    (["nowhere.toml"], 2, "error: nowhere.toml: cannot read the file"),
    (["--out", ""], 2, "pyhost package: Invalid value for '--out': the folder must not be empty"),
    (["--out", "{file}"], 2, "Invalid value for '--out': Directory"),
    (["--out", "{file}/dist"], 1, "/dist: cannot write the zip there (Not a directory)"),
])
def test_a_bad_ruleset_or_out_gets_one_line_and_writes_nothing(tmp_path, monkeypatch, args, code,
                                                                says):
    monkeypatch.chdir(tmp_path)
    # (Every shipped family has an addon now: Poker Dice's flow taken away, it has none.)
    monkeypatch.setattr(codegen, "FLOWS", {family: files for family, files in
                                           codegen.FLOWS.items() if family != "poker-dice"})
    (tmp_path / "file").write_text("not a folder")
    args = [arg.replace("{file}", str(tmp_path / "file")) for arg in args]
    result = run("package", *args)
    assert result.exit_code == code
    assert says in result.stderr and result.stderr.count("\n") == 1
    assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]
