"""The pytest plugin (`pyhost.pytest_plugin`, loaded by its pytest11 entry point), and the
README's example test kept identical to tests/test_readme_example.py."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
README_MARKER = "<!-- example: tests/test_readme_example.py -->"

# A test module for pytester: writes a tiny addon whose /boom raises a Lua error.
ADDON = '''
import pytest

TOC = "## Interface: 120100\\n## Title: Boom\\nboom.lua\\n"
LUA = """
SLASH_BOOM1 = "/boom"
SlashCmdList.BOOM = function(message) error("boom: " .. message) end
SLASH_SAY1 = "/hi"
SlashCmdList.SAY = function(message) print("hi " .. message) end
"""


@pytest.fixture
def boom(tmp_path):
    folder = tmp_path / "Boom"
    folder.mkdir()
    (folder / "Boom.toc").write_text(TOC, encoding="utf-8")
    (folder / "boom.lua").write_text(LUA, encoding="utf-8")
    return folder
'''


def make_tests(pytester: pytest.Pytester, body: str) -> None:
    pytester.makepyfile(test_addon=ADDON + textwrap.dedent(body))


def test_a_project_using_the_realm_fixture_passes(pytester: pytest.Pytester) -> None:
    make_tests(pytester, """
        from pyhost.harness import Realm


        def test_two_clients(realm, boom, tmp_path):
            assert isinstance(realm, Realm)
            assert realm.wtf == tmp_path / "WTF"
            skoll = realm.login("Skoll", addons=[boom])
            riggs = realm.login("Riggs", addons=[boom])
            realm.party(skoll, riggs)
            skoll.type("/hi there")
            realm.run_until_quiet()
            assert "hi there" in skoll.chat
            assert "hi there" not in riggs.chat


        def test_each_test_gets_a_fresh_realm(realm):
            assert realm.clients == {}
            assert realm.seed == 0


        def test_errors_the_test_cleared_do_not_fail_it(realm, boom):
            skoll = realm.login("Skoll", addons=[boom])
            skoll.type("/boom expected")
            assert [e.message for e in skoll.errors] == [
                "Interface/AddOns/Boom/boom.lua:3: boom: expected"]
            skoll.errors.clear()
    """)
    result = pytester.runpytest()
    result.assert_outcomes(passed=3)


@pytest.mark.slow  # starts pytest with two workers in a subprocess
def test_the_realm_fixture_runs_under_xdist(pytester: pytest.Pytester) -> None:
    # Two workers, each test's realm in its own tmp_path: the same folder names in every test
    # do not collide, and each realm's WTF folder is under its worker's own base folder.
    make_tests(pytester, """
        import os

        import pytest


        @pytest.mark.parametrize("n", range(4))
        def test_saved_variables_apart(realm, boom, tmp_path, n):
            worker = os.environ["PYTEST_XDIST_WORKER"]
            assert worker in str(realm.wtf)
            skoll = realm.login("Skoll", addons=[boom])
            skoll.type(f"/hi {n}")
            realm.run_until_quiet()
            assert f"hi {n}" in skoll.chat
            skoll.logout()
    """)
    result = pytester.runpytest_subprocess("-n", "2", "-p", "xdist")
    result.assert_outcomes(passed=4)


def test_a_failed_in_on_a_chat_frame_shows_its_lines(pytester: pytest.Pytester) -> None:
    make_tests(pytester, """
        def test_missing_line(realm, boom):
            skoll = realm.login("Skoll", addons=[boom])
            skoll.type("/hi one")
            skoll.type("/hi two")
            assert "hi three" in skoll.chat


        def test_unwanted_line(realm, boom):
            skoll = realm.login("Skoll", addons=[boom])
            skoll.type("/hi one")
            skoll.type("/hi two")
            assert "two" not in skoll.chat
    """)
    result = pytester.runpytest()
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines([
        "*assert 'hi three' in chat frame: in none of its lines",
        "*the chat frame has 2 lines:",
        "*  1: hi one",
        "*  2: hi two",
        "*assert 'two' not in chat frame: in 1 of its lines",
        "*the chat frame has 2 lines (> marks a match):",
        "*  1: hi one",
        "*> 2: hi two",
    ])


def test_a_failed_equality_with_a_list_shows_both(pytester: pytest.Pytester) -> None:
    make_tests(pytester, """
        def test_frame_is_list(realm, boom):
            skoll = realm.login("Skoll", addons=[boom])
            skoll.type("/hi one")
            assert skoll.chat == ["hi two"]


        def test_list_is_frame(realm, boom):
            skoll = realm.login("Skoll", addons=[boom])
            skoll.type("/hi one")
            assert ["hi one"] == skoll.chat  # a chat frame equals the list of its lines
            assert ["hi two"] == skoll.chat
    """)
    result = pytester.runpytest("-vv")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines([
        "*assert chat frame == list",
        "*the chat frame has 1 line:",
        "*  1: hi one",
        "*the list has 1 line:",
        "*  1: hi two",
        "*diff (- chat frame, + list):",
        "*- hi one",
        "*+ hi two",
        "*assert list == chat frame",
    ])


def test_a_lua_error_fails_the_test_at_teardown(pytester: pytest.Pytester) -> None:
    make_tests(pytester, """
        def test_boom(realm, boom):
            skoll = realm.login("Skoll", addons=[boom])
            riggs = realm.login("Riggs", addons=[boom])
            skoll.type("/boom first")
            riggs.type("/boom second")
    """)
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines([
        "*ERROR at teardown of test_boom*",
        "2 Lua errors not cleared by the test*pyhost_allow_errors*",
        "Skoll-Thunderhorn:",
        "    Interface/AddOns/Boom/boom.lua:3: boom: first",
        "    stack traceback:",
        "*Riggs-Thunderhorn:",
        "    Interface/AddOns/Boom/boom.lua:3: boom: second",
    ])


def test_the_marker_allows_lua_errors(pytester: pytest.Pytester) -> None:
    make_tests(pytester, """
        @pytest.mark.pyhost_allow_errors
        def test_boom(realm, boom):
            skoll = realm.login("Skoll", addons=[boom])
            skoll.type("/boom tolerated")
            assert skoll.errors
    """)
    result = pytester.runpytest("--strict-markers")
    result.assert_outcomes(passed=1)


def test_the_seed_option_is_in_the_header_and_seeds_the_realm(
        pytester: pytest.Pytester) -> None:
    make_tests(pytester, """
        def test_seed(realm, request):
            assert realm.seed == request.config.getoption("expected_seed")
    """)
    pytester.makeconftest("""
        def pytest_addoption(parser):
            parser.addoption("--expected-seed", type=int)
    """)
    result = pytester.runpytest("--pyhost-seed", "7", "--expected-seed", "7")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["pyhost: realm seed 7"])

    result = pytester.runpytest("--expected-seed", "0")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["pyhost: realm seed 0"])

    pytester.makeini("[pytest]\npyhost_seed = 5\n")
    result = pytester.runpytest("--expected-seed", "5")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["pyhost: realm seed 5"])
    result = pytester.runpytest("--pyhost-seed", "7", "--expected-seed", "7")
    result.assert_outcomes(passed=1)


def test_loading_the_plugin_does_not_import_the_realm() -> None:
    code = ("import sys, pyhost.pytest_plugin; "
            "print(sorted(m for m in sys.modules if m.startswith(('pyhost.', 'lupa'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "['pyhost.pytest_plugin']"


def readme_example() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert README_MARKER in readme, f"README.md has no {README_MARKER!r} line"
    after = readme.split(README_MARKER, 1)[1]
    block = re.match(r"\s*```python\n(.*?)^```$", after, re.DOTALL | re.MULTILINE)
    assert block, f"no ```python block follows {README_MARKER!r} in README.md"
    return block.group(1)


def test_the_readme_example_is_tests_test_readme_example_py() -> None:
    example = (ROOT / "tests" / "test_readme_example.py").read_text(encoding="utf-8")
    assert readme_example() == example
