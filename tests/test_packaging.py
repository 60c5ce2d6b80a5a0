"""The wheel `pip install .` builds holds every file pyhost reads at run time.

`pip install .` (no `-e`) runs pyhost from the installed wheel, not from the checkout, so a
template, Lua source, ruleset, history or data file that the wheel leaves out breaks
`pyhost demo` or `pyhost build` there. The wheel is built from a copy of the source tree
(so no build/ left in the checkout can add a stale file), with JSON files added under
pyhost/harness/data/, at its top and deeper, to show that folder ships at any depth.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Data files as the realm's data modules add them: at the top of data/ and in folders.
PROBES = ("pyhost/harness/data/packaging-probe.json",
          "pyhost/harness/data/packaging-probe/deeper/probe.json")


def source_files(tree: Path) -> set[str]:
    """Every file under pyhost/, as a path inside the wheel; Python's caches aside."""
    return {path.relative_to(tree).as_posix() for path in (tree / "pyhost").rglob("*")
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    """(the copied source tree, the wheel pip built from it)."""
    tree = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, tree / name)
    shutil.copytree(ROOT / "pyhost", tree / "pyhost",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for probe in PROBES:
        (tree / probe).parent.mkdir(parents=True, exist_ok=True)
        (tree / probe).write_text('{"source": "tests/test_packaging.py"}\n', encoding="utf-8")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                    "--wheel-dir", str(out), str(tree)], check=True, timeout=300)
    [wheel] = out.glob("pyhost-*.whl")
    return tree, wheel


@pytest.mark.slow  # a long case: .ci/run runs it apart (pytest -m slow)
def test_the_wheel_holds_every_file_of_the_source_tree_and_no_other(built):
    tree, wheel = built
    names = zipfile.ZipFile(wheel).namelist()
    packaged = {name for name in names if name.startswith("pyhost/")}
    wanted = source_files(tree)
    assert sorted(wanted - packaged) == []  # nothing the package reads is left out
    assert sorted(packaged - wanted) == []  # and nothing stale comes along
    kinds = {Path(name).suffix for name in wanted}
    assert {".py", ".lua", ".j2", ".toml", ".json", ".txt", ".md"} <= kinds
    assert set(PROBES) <= packaged


def test_the_wheel_holds_the_licence_and_both_entry_points(built):
    _tree, wheel = built
    archive = zipfile.ZipFile(wheel)
    info = {Path(name).name: name for name in archive.namelist() if ".dist-info/" in name}
    assert archive.read(info["LICENSE"]) == (ROOT / "LICENSE").read_bytes()
    entry_points = archive.read(info["entry_points.txt"]).decode()
    assert "pyhost = pyhost.cli:main" in entry_points
    assert "[pytest11]" in entry_points and "pyhost = pyhost.pytest_plugin" in entry_points


def test_the_source_tree_is_what_the_wheel_test_compares():
    # The comparison above is only as good as the files it walks: each kind the package reads.
    files = source_files(ROOT)
    for expected in ("pyhost/codegen/templates/holdem/addon.toc.j2",
                     "pyhost/codegen/lua/core/Comm.lua", "pyhost/codegen/lua/.luacheckrc",
                     "pyhost/codegen/release/LICENSE.txt", "pyhost/codegen/release/CHANGELOG.md",
                     "pyhost/rulesets/tauren-holdem.toml",
                     "pyhost/histories/tauren-holdem-example.json",
                     "pyhost/harness/lua/wow.lua"):
        assert expected in files
