"""A test's hands and eyes on one client's interface: widgets found by name or path, clicked,
typed into, checked; keys pressed; the visible layout, and a picture of it.

`Client.widget(path)` returns a `Widget`, a handle on a live widget inside the client's Lua;
`Client.layout()` the visible widgets' rectangles (`Box`), in drawing order; and
`Client.screenshot(path)` draws them to a PNG with Pillow. The Lua half is
lua/widget_hands.lua; scripts the actions fire run as the game runs them, so an error in one
is recorded in `client.errors` and does not reach the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .luavalues import to_python

if TYPE_CHECKING:
    from .client import Client


class WidgetError(RuntimeError):
    """A test asked for something a player could not do (click a hidden button, ...)."""


def _one(value: Any, client: Client) -> Any:
    return to_python([value], client.lua)[0]


def _text(value: Any) -> Any:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


class Widget:
    """One widget of one client: read its state, act on it as a player would."""

    def __init__(self, client: Client, obj: Any) -> None:
        self.client = client
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Widget) and self.client is other.client and \
            self.client.lua.eval("rawequal")(self.obj, other.obj)

    def __hash__(self) -> int:
        return hash(self.info["index"])

    def __repr__(self) -> str:
        info = self.info
        return f"<Widget {info['type']} {info['path']}>"

    @property
    def info(self) -> dict[str, Any]:
        return _one(self.client._api.widget_info(self.obj), self.client)

    name = property(lambda self: self.info.get("name"))
    path = property(lambda self: self.info["path"])
    object_type = property(lambda self: self.info["type"])  # GetObjectType()
    text = property(lambda self: self.info.get("text"))
    shown = property(lambda self: self.info["shown"])
    visible = property(lambda self: self.info["visible"])

    @property
    def enabled(self) -> bool:
        return bool(self.call("IsEnabled"))

    @property
    def checked(self) -> bool:
        return bool(self.call("GetChecked"))

    @property
    def rect(self) -> tuple[float, float, float, float] | None:
        """(left, bottom, width, height) as GetRect gives it; None without a position."""
        found = self.call("GetRect")
        return found if isinstance(found, tuple) else None

    def call(self, method: str, *args: Any) -> Any:
        """obj:method(args) inside the client; results as Client.run_lua gives them."""
        return self.client._invoke(self.obj, method, args)

    def __getitem__(self, key: str) -> Widget:
        found = self.client._api.find_widget(key.encode(), self.obj)
        if found is None:
            raise KeyError(f"{self.path} has no widget {key!r}")
        return Widget(self.client, found)

    def children(self) -> list[Widget]:
        """GetChildren(): the child frames, in the order made."""
        kids, _, _ = self.client._api.widget_lists(self.obj)
        return [Widget(self.client, kid) for kid in kids.values()]

    def regions(self) -> list[Widget]:
        """GetRegions(): the textures and font strings, in the order made."""
        _, regions, _ = self.client._api.widget_lists(self.obj)
        return [Widget(self.client, region) for region in regions.values()]

    @property
    def parent(self) -> Widget | None:
        _, _, parent = self.client._api.widget_lists(self.obj)
        return None if parent is None else Widget(self.client, parent)

    # -- a player's hands --------------------------------------------------------------------

    def _reachable(self, action: str) -> None:
        if not self.visible:
            raise WidgetError(f"cannot {action} {self.path}: it is not on the screen")

    def click(self, button: str = "LeftButton") -> None:
        """Click it as a player does (a hardware event): OnMouseDown, then PreClick, OnClick
        and PostClick if it is an enabled button registered for `button`, then OnMouseUp."""
        self._reachable("click")
        self.client._hardware_action(lambda: self.client._api.user_click(self.obj, button.encode()))

    def hover(self) -> None:
        """Move the mouse onto it as a player does: the mouse rests on its middle; OnLeave
        fires on the mouse-enabled frame it left and OnEnter(self, true) on the one it
        enters (this widget or its nearest mouse-enabled ancestor)."""
        self._reachable("hover over")
        self.client._hardware_action(lambda: self.client._api.hover(self.obj))

    def scroll(self, delta: int) -> bool:
        """Turn the mouse wheel over it as a player does (the mouse moves onto it first,
        hover): OnMouseWheel(frame, delta) on it or its nearest ancestor with the mouse wheel
        enabled (EnableMouseWheel); delta 1 is a notch up, -1 down. False when none takes
        it."""
        self.hover()
        result: list[Any] = []
        self.client._hardware_action(
            lambda: result.append(self.client._api.user_scroll(self.obj, delta)))
        return bool(result[0])

    def check(self, checked: bool = True) -> None:
        """Click a check button until it is `checked` (no click when it already is)."""
        if self.checked != checked:
            self.click()

    def drag(self, x: float, y: float, button: str = "LeftButton") -> None:
        """Drag it with the mouse to (x, y) on the screen: OnMouseDown and, if it is
        registered for dragging with `button`, OnDragStart; the cursor (GetCursorPosition)
        moves there and one frame passes (OnUpdate); then OnDragStop and OnMouseUp."""
        self._reachable("drag")
        client = self.client
        client._hardware_action(lambda: client._api.drag_start(self.obj, x, y, button.encode()))
        client.realm.run_for(1.0 / client.realm.fps)
        client._hardware_action(lambda: client._api.drag_stop(self.obj, button.encode()))

    def type(self, text: str) -> None:
        """Focus this edit box and type `text` letter by letter: OnChar and
        OnTextChanged(self, true) for each ("\\n" presses Enter, "\\t" Tab)."""
        self._reachable("type into")
        if not self.enabled:
            raise WidgetError(f"cannot type into {self.path}: it is disabled")
        self.client._hardware_action(lambda: self.client._api.type_text(self.obj, text.encode()))


@dataclass(frozen=True)
class Box:
    """One visible widget as the screen shows it: the game's coordinates (left, bottom from
    the bottom left of the screen), in screen units (UIParent is the whole screen)."""

    path: str
    type: str
    left: float
    bottom: float
    width: float
    height: float
    text: str | None = None
    texture: str | None = None
    strata: str = "MEDIUM"
    level: int = 0
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def rect(self) -> tuple[float, float, float, float]:
        return (round(self.left, 2), round(self.bottom, 2), round(self.width, 2),
                round(self.height, 2))


def layout(client: Client) -> list[Box]:
    entries = _one(client._api.layout(), client)
    boxes = []
    for entry in entries:
        extra = {key: entry.get(key) for key in ("color", "fill", "tint", "backdrop", "border",
                                                 "checked", "enabled", "alpha", "justify",
                                                 "layer", "art", "lines", "clipped")}
        boxes.append(Box(path=entry["path"], type=entry["type"], left=entry["left"],
                         bottom=entry["bottom"], width=entry["width"], height=entry["height"],
                         text=entry.get("text"), texture=entry.get("texture"),
                         strata=entry["strata"], level=entry["level"], extra=extra))
    return boxes


# --- Drawing ----------------------------------------------------------------------------------

def _rgba(colour: list[float] | None, alpha: float = 1.0, dim: float = 1.0) -> tuple[int, ...]:
    r, g, b, a = colour if colour else (1, 1, 1, 1)
    return (int(r * dim * 255), int(g * dim * 255), int(b * dim * 255), int(a * alpha * 255))


def _font(size: int) -> Any:
    from PIL import ImageFont

    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow without FreeType sizes
        return ImageFont.load_default()


def screenshot(client: Client, path: Path | str, size: tuple[int, int]) -> list[Box]:
    """Draw the client's visible widgets to a PNG at `path`; returns what was drawn."""
    from PIL import Image, ImageDraw

    height = size[1]
    image = Image.new("RGBA", size, (24, 26, 32, 255))
    boxes = layout(client)
    for box in boxes:
        layer = Image.new("RGBA", size, (0, 0, 0, 0))
        draw = ImageDraw.Draw(layer)
        x0, y1 = box.left, height - box.bottom
        x1, y0 = box.left + box.width, height - box.bottom - box.height
        if x1 - x0 < 0.5 and y1 - y0 < 0.5:
            continue
        _draw(draw, box, (x0, y0, max(x0, x1 - 1), max(y0, y1 - 1)))
        image = Image.alpha_composite(image, layer)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    image.convert("RGB").save(path, "PNG")
    return boxes


def _draw(draw: Any, box: Box, xy: tuple[float, float, float, float]) -> None:
    e = box.extra
    alpha = e.get("alpha") or 1.0
    if box.type in ("FontString",):
        _label(draw, xy, box.text or "", _rgba(e.get("color"), alpha), e.get("justify") or "CENTER")
    elif box.type in ("Texture", "Line", "MaskTexture"):
        if e.get("art"):
            return  # the button is drawn for its art
        if e.get("fill"):
            draw.rectangle(xy, fill=_rgba(e["fill"], alpha))
        elif box.texture is not None:
            # Art files are not here: a faint box, labelled with the file's name where it fits.
            tint = _rgba(e.get("tint"), alpha * 0.5)
            draw.rectangle(xy, fill=_rgba(e.get("tint"), alpha * 0.08), outline=tint)
            name = str(box.texture).replace("\\", "/").rsplit("/", 1)[-1]
            _label(draw, (xy[0] + 2, xy[1] + 1, xy[2], xy[1] + 11), name, tint, "LEFT",
                   small=True, fit=(xy[2] - xy[0] - 4, xy[3] - xy[1]))
    elif box.type == "EditBox":
        draw.rectangle(xy, fill=(0, 0, 0, int(200 * alpha)),
                       outline=(150, 150, 150, int(255 * alpha)))
        _label(draw, (xy[0] + 4, xy[1], xy[2], xy[3]), box.text or "",
               _rgba(e.get("color"), alpha), "LEFT")
    elif box.type == "CheckButton":
        side = min(xy[2] - xy[0], xy[3] - xy[1])
        square = (xy[0] + 3, xy[1] + 3, xy[0] + side - 3, xy[1] + side - 3)
        draw.rectangle(square, fill=(10, 10, 10, int(230 * alpha)),
                       outline=(200, 170, 60, int(255 * alpha)))
        if e.get("checked"):
            draw.line((square[0] + 3, square[1] + 3, square[2] - 3, square[3] - 3),
                      fill=(255, 210, 0, int(255 * alpha)), width=3)
            draw.line((square[0] + 3, square[3] - 3, square[2] - 3, square[1] + 3),
                      fill=(255, 210, 0, int(255 * alpha)), width=3)
    elif box.type == "Button":
        live = e.get("enabled", True)
        draw.rectangle(xy, fill=(130, 20, 20, int(230 * alpha)) if live else
                       (70, 70, 70, int(230 * alpha)), outline=(220, 180, 60, int(255 * alpha)))
    elif e.get("lines") is not None:
        # A scrolling message frame: its lines that show, the newest at the bottom.
        font = _font(12)
        y = xy[3]
        for line in reversed(e["lines"]):
            y -= 14
            draw.text((xy[0] + 2, y), line, fill=(255, 255, 255, int(255 * alpha)), font=font)
    elif e.get("backdrop"):
        draw.rectangle(xy, fill=_rgba(e["backdrop"], alpha, dim=0.3),
                       outline=_rgba(e.get("border"), alpha) if e.get("border") else None, width=2)
    else:
        draw.rectangle(xy, outline=(90, 90, 110, int(160 * alpha)))


def _label(draw: Any, xy: tuple[float, float, float, float], text: str, fill: tuple[int, ...],
           justify: str, small: bool = False, fit: tuple[float, float] | None = None) -> None:
    if not text:
        return
    font = _font(9 if small else 12)
    x0, y0, x1, y1 = xy
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    w, h = right - left, bottom - top
    if fit and (w > fit[0] or h > fit[1]):
        return
    x = x0 if justify == "LEFT" else x1 - w if justify == "RIGHT" else (x0 + x1 - w) / 2
    draw.text((x - left, (y0 + y1 - h) / 2 - top), text, fill=fill, font=font)


def find(client: Client, kind: str | None, text: str | None, visible: bool
         ) -> Iterator[Widget]:
    for obj in client._api.all_widgets().values():
        widget = Widget(client, obj)
        info = widget.info
        if visible and not info["visible"]:
            continue
        if kind is not None and not widget.call("IsObjectType", kind):
            continue
        if text is not None and _text(info.get("text")) != text:
            continue
        yield widget
