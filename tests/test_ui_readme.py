"""README's test of an addon with a window is tests/test_readme_window.py, which the suite runs,
and docs/readme-window.png is the screenshot that test takes. After a change to how the screen
is drawn, `PYHOST_REDRAW_DOCS=1 pytest tests/test_ui_readme.py` draws it again."""

from __future__ import annotations

import os
import re
from pathlib import Path

import test_readme_window
from PIL import Image, ImageChops

from pyhost.harness import Realm

ROOT = Path(__file__).resolve().parent.parent
MARKER = "<!-- example: tests/test_readme_window.py -->"
PICTURE = ROOT / "docs" / "readme-window.png"


def readme_block() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert MARKER in readme, f"README.md has no {MARKER!r} line"
    block = re.match(r"\s*```python\n(.*?)^```$", readme.split(MARKER, 1)[1],
                     re.DOTALL | re.MULTILINE)
    assert block, f"no ```python block follows {MARKER!r} in README.md"
    return block.group(1)


def test_the_readme_window_example_is_tests_test_readme_window_py():
    assert readme_block() == (ROOT / "tests" / "test_readme_window.py").read_text(encoding="utf-8")


def test_the_readme_shows_the_screenshot_its_test_takes(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/readme-window.png)" in readme
    realm = Realm(wtf=tmp_path / "WTF")
    test_readme_window.test_a_roll_from_the_window_shows_in_both_windows(realm, tmp_path)
    drawn = tmp_path / "window.png"
    if os.environ.get("PYHOST_REDRAW_DOCS"):
        PICTURE.write_bytes(drawn.read_bytes())
    with Image.open(drawn) as new, Image.open(PICTURE) as committed:
        assert new.size == committed.size == (1024, 768)
        difference = ImageChops.difference(new.convert("RGB"), committed.convert("RGB"))
        assert difference.getbbox() is None, (
            "docs/readme-window.png is not what the README's test draws: "
            "PYHOST_REDRAW_DOCS=1 pytest tests/test_ui_readme.py")
