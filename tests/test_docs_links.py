"""The docs stand on their own: no file in docs/, README.md or addon/README.md points
outside the repository, and every relative link in them reaches a file of the
repository and, for `file.md#anchor`, a heading of that file (by GitHub's anchor rules)."""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*(ROOT / "docs").glob("*.md"), ROOT / "README.md", ROOT / "addon" / "README.md"])
# What users do not have: the notes kept beside the checkout while pyhost was written.
OUTSIDE = ("../shared", "RULES.md")

FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
# [text](target) or ![alt](target), the text may hold one level of brackets; an optional title.
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//")


def prose(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) outside fenced code blocks: what Markdown renders as text."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            yield number, line


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the rendered text lowercased, punctuation dropped
    (letters, digits, `_`, `-` and spaces stay), each space a hyphen."""
    text = heading.replace("`", "")
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link renders as its text
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor; a repeated one gets -1, -2, ... as on GitHub."""
    seen: dict[str, int] = {}
    result = set()
    for _, line in prose(text):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return result


def links(text: str) -> Iterator[tuple[int, str]]:
    """(line number, target) of every link in the prose, code spans left out."""
    for number, line in prose(text):
        for match in LINK.finditer(CODE_SPAN.sub("code", line)):
            yield number, match.group(1)


def broken_links(path: Path, root: Path = ROOT) -> list[str]:
    """Each relative link of `path` that does not reach a file under `root`, or a heading."""
    problems = []
    for number, target in links(path.read_text(encoding="utf-8")):
        if SCHEME.match(target):
            continue  # a web address: not ours to check offline
        where = f"{path.relative_to(root)}:{number}: {target}"
        name, _, fragment = target.partition("#")
        goal = (path.parent / name).resolve() if name else path
        if not goal.is_relative_to(root):
            problems.append(f"{where}: points outside the repository")
        elif not goal.exists():
            problems.append(f"{where}: no such file")
        elif fragment and goal.suffix == ".md" and \
                fragment not in anchors(goal.read_text(encoding="utf-8")):
            problems.append(f"{where}: {goal.name} has no heading with the anchor #{fragment}")
    return problems


def test_the_files_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in FILES}
    assert {"README.md", "addon/README.md", "docs/games.md", "docs/rulesets.md"} <= names
    assert all(path.is_file() for path in FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_file_points_outside_the_repository(path: Path) -> None:
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if any(name in line for name in OUTSIDE)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_relative_link_reaches_a_file_and_a_heading(path: Path) -> None:
    problems = broken_links(path)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("heading, anchor", [
    ("The hand log: proving a night's table was fair",
     "the-hand-log-proving-a-nights-table-was-fair"),
    ("Straights: `wrap` and `straight_order`", "straights-wrap-and-straight_order"),
    ("[addon.commands]", "addoncommands"),
    ("Dice Poker (Witcher-style)", "dice-poker-witcher-style"),
    ("Tauren Hold'em: options", "tauren-holdem-options"),
    ("A - B", "a---b"),
    ("See [the guide](addon.md) first", "see-the-guide-first"),
])
def test_anchors_follow_githubs_rules(heading: str, anchor: str) -> None:
    assert slug(heading) == anchor


def test_the_checker_finds_each_kind_of_broken_link(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Other\n\n## Part two\n\n## Part two\n", "utf-8")
    page = tmp_path / "page.md"
    page.write_text("\n".join([
        "# Page",
        "[fine](other.md) [fine](other.md#part-two) [fine](other.md#part-two-1)",
        "[fine](#page) [web](https://example.com/x.md#nope) ![image](other.md)",
        "[missing](gone.md)",
        "[bad anchor](other.md#part-three)",
        "[bad own anchor](#nowhere)",
        "[outside](../elsewhere.md)",
        "`[in a code span](gone.md)`",
        "```",
        "[in a fence](gone.md)",
        "# not a heading",
        "```",
        "[fenced heading](#not-a-heading)",
    ]), "utf-8")
    problems = broken_links(page, root=tmp_path)
    assert [problem.split(": ", 1)[0] for problem in problems] == [
        "page.md:4", "page.md:5", "page.md:6", "page.md:7", "page.md:13"]
    assert "no such file" in problems[0]
    assert "no heading with the anchor #part-three" in problems[1]
    assert "points outside the repository" in problems[3]
