"""Bad input to the CLI, fuzzed: random and mutated ruleset files for `build`, `rules` and
`odds`, and random command lines. Each is accepted (a built addon then loads in the realm
without a Lua error) or refused in one line on stderr with exit code 1 or 2, never a traceback.
The generators are in tests/input_fuzz.py; tools/fuzz_inputs.py runs them for longer."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from conftest import write_variant
from input_fuzz import CASES, check_cli, mutate_text, ruleset_file, run_cli

CASES_PER_SEED = {"ruleset": 250, "argv": 100}


@pytest.mark.parametrize("kind", sorted(CASES))
@pytest.mark.parametrize("seed", [1, 2])
def test_fuzzed_input_is_accepted_or_refused_in_one_line(tmp_path, kind, seed):
    problems, accepted = [], 0
    for number in range(CASES_PER_SEED[kind]):
        case_seed = seed * 100_000 + number
        folder = tmp_path / str(number)
        folder.mkdir()
        ok, problem = CASES[kind](random.Random(case_seed), folder, number)
        accepted += ok
        if problem:
            problems.append(f"seed {case_seed}: {problem}")
    assert problems == []
    assert 0 < accepted < CASES_PER_SEED[kind]  # the fuzz reaches both outcomes


def refusal(argv: list[str]) -> str:
    """The one stderr line of a refused command line."""
    result = run_cli(argv)
    assert check_cli(argv) == (False, None)
    assert result.exit_code in (1, 2)
    return result.stderr.strip()


# Each bug the fuzz found, pinned.

def test_a_key_with_a_newline_is_named_on_one_line(tmp_path):
    path = write_variant(tmp_path, "tauren-holdem", {"wrap = true": 'wrap = true\n"a\\nb" = 1'})
    assert refusal(["rules", str(path)]) == f'error: {path}: hands."a\\nb": unknown key'


def test_a_number_too_long_to_read_is_a_toml_error(tmp_path):
    path = write_variant(tmp_path, "tauren-holdem", {"hidden = 2": "hidden = " + "9" * 5000})
    assert refusal(["build", str(path), "--out", str(tmp_path / "out")]) == (
        f"error: {path}: not valid TOML: a whole number with more than 4300 digits")


def test_a_name_too_long_to_look_up_is_no_such_ruleset():
    assert "x: no such ruleset; shipped:" in refusal(["odds", "x" * 5000])


def test_a_path_with_a_nul_or_a_newline_is_named_escaped():
    assert refusal(["rules", "a\0b.toml"]) == (
        "error: a\\x00b.toml: cannot read the file (embedded null byte)")
    assert refusal(["rules", "a\nb.toml"]) == (
        "error: a\\nb.toml: cannot read the file (No such file or directory)")
    assert "no demo for 'x\\ny'" in refusal(["demo", "x\ny"])  # (demo takes a RULESET)


def test_a_file_that_never_ends_is_refused_unread():
    assert refusal(["rules", "/dev/zero"]) == (
        "error: /dev/zero: larger than 1 MB: not a ruleset (the shipped ones are under 4 KB)")


def test_build_refuses_an_empty_out_and_a_folder_it_cannot_write(tmp_path):
    assert "'--out': the folder must not be empty" in refusal(["build", "tauren-holdem",
                                                               "--out", ""])
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    assert refusal(["build", "tauren-holdem", "--out", str(blocker / "x")]) == (
        f"error: {blocker / 'x'}: cannot write the addon (Not a directory)")
    missing = tmp_path / "missing"
    assert refusal(["build", "tauren-holdem", "--out", str(missing), "--check"]) == (
        f"{missing}: no such folder; `pyhost build tauren-holdem` writes it")


def test_pyhost_alone_prints_the_help():
    result = run_cli([])
    assert result.exit_code == 0 and "Commands:" in result.stdout and not result.stderr


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_the_installed_command_refuses_a_broken_file_in_one_line(tmp_path, seed):
    path = tmp_path / "broken.toml"
    while True:  # a file the loader refuses
        path.unlink(missing_ok=True)
        path = ruleset_file(random.Random(seed), tmp_path, 0)
        if check_cli(["rules", str(path)])[0] is False:
            break
        seed += 1000
    result = subprocess.run([sys.executable, "-m", "pyhost", "rules", str(path)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"error: {path}")


def test_the_installed_command_refuses_binary_junk_in_one_line(tmp_path):
    path = tmp_path / "junk.toml"
    path.write_bytes(mutate_text(random.Random(3), "x") + b"\xff\xfe")
    result = subprocess.run([sys.executable, "-m", "pyhost", "build", str(path)],
                            capture_output=True, text=True, check=False)
    assert (result.returncode, result.stderr) == (2, f"error: {path}: not UTF-8 text\n")
