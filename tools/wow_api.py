"""Write the realm's WoW API facts, per flavour, from public mirrors of the game's data.

    python tools/wow_api.py [--wowless DIR] [--ketho DIR] [--ui-source DIR]

Reads (read-only git mirrors, no work tree needed):
- wowless (github:wowless/wowless): data/products/<product>/{build,apis,enums,events,globals,
  structures,cvars}.yaml, the client's C API, enums, event payloads and constants as the
  game reports them; wowless/runner.lua and wowless/modules/loader.lua, the order in which
  it fires the load-time events.
- Ketho's BlizzardInterfaceResources: Resources/GlobalAPI.lua (its `LuaAPI` list: Lua's
  library and WoW's aliases of it, such as strfind) and Resources/FrameXML.lua (the global
  functions Blizzard's own interface code defines in Lua, such as
  ChatFrame_AddMessageEventFilter).
- Gethe's wow-ui-source: Interface/AddOns/Blizzard_Deprecated, the globals Blizzard's
  deprecation fallbacks define when the CVar loadDeprecationFallbacks is on.

Writes pyhost/harness/data/api/<flavour>.json (one per flavour of pyhost/flavours.py) and
pyhost/harness/data/api/loading.json, each naming its sources. The realm loads them with
the standard library; this tool needs PyYAML (`pip install pyyaml`), which pyhost itself
does not.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from pathlib import Path

import yaml  # the tool's own dependency, not pyhost's

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "pyhost" / "harness" / "data" / "api"
MIRRORS = Path("/work/.mirror")

# flavour -> (wowless product, Ketho branch, wow-ui-source branch). Ketho's and Blizzard's
# interface code have no branch per Classic flavour: each uses the nearest one.
FLAVOURS = {
    "retail": ("wow", "mainline", "live"),
    "mists": ("wow_classic", "cata", "classic"),
    "tbc": ("wow_anniversary", "vanilla", "classic_era"),
    "classic_era": ("wow_classic_era", "vanilla", "classic_era"),
}
DEPRECATED = "Interface/AddOns/Blizzard_Deprecated"
ALIAS = re.compile(r"^\s*([A-Za-z_]\w*)\s*=\s*(C_\w+\.\w+)\s*;?\s*$")


class Mirror:
    def __init__(self, path: Path, rev: str = "HEAD") -> None:
        self.path = path
        self.rev = rev

    def commit(self, rev: str | None = None) -> str:
        return self._git("rev-parse", rev or self.rev).strip()

    def show(self, path: str, rev: str | None = None) -> str:
        return self._git("show", f"{rev or self.rev}:{path}")

    def _git(self, *args: str) -> str:
        return subprocess.run(["git", "-C", str(self.path), *args], check=True,
                              capture_output=True, text=True).stdout


def payload_type(field: dict) -> str:
    kind = field["type"]
    if isinstance(kind, dict):
        (key, value), = kind.items()
        kind = f"{key}:{value}"
    return kind + ("?" if field.get("nilable") else "")


def number(value: int | str) -> int:
    """An enum value: wowless writes 64-bit flags as hex text ("0x0000008000000000")."""
    return int(value, 16) if isinstance(value, str) else value


def lua_list(text: str, name: str) -> list[str]:
    """The strings of `local <name> = { "a", "b", ... }` in one of Ketho's files."""
    body = text.split(f"local {name} = {{", 1)[1].split("\n}", 1)[0]
    return re.findall(r'"([^"]+)"', body)


def deprecated_aliases(ui: Mirror, branch: str) -> dict[str, str]:
    """Blizzard's fallbacks of the form `Name = C_Namespace.Function`, from the files its
    Blizzard_Deprecated.toc loads on that branch."""
    toc = ui.show(f"{DEPRECATED}/Blizzard_Deprecated.toc", branch)
    files = [line.strip() for line in toc.splitlines()
             if line.strip().endswith(".lua") and not line.startswith("#")]
    aliases = {}
    for name in files:
        for line in ui.show(f"{DEPRECATED}/{name}", branch).splitlines():
            found = ALIAS.match(line)
            if found:
                aliases[found.group(1)] = found.group(2)
    return aliases


def flavour_data(flavour: str, wowless: Mirror, ketho: Mirror, ui: Mirror) -> dict:
    product, ketho_branch, ui_branch = FLAVOURS[flavour]

    def load(name: str):
        return yaml.safe_load(wowless.show(f"data/products/{product}/{name}.yaml")) or {}

    build = load("build")
    apis = load("apis")
    functions = sorted(name for name in apis if "." not in name)
    namespaces: dict[str, list[str]] = {}
    for name in sorted(apis):
        if "." in name:
            space, member = name.split(".", 1)
            namespaces.setdefault(space, []).append(member)
    events = {name: [f'{field.get("name", "")}:{payload_type(field)}'
                     for field in (entry or {}).get("payload") or []]
              for name, entry in sorted(load("events").items())}
    structures_all = load("structures")
    kinds = [entry.split(":", 1)[1] for name, payload in events.items()
             if name.startswith("CHAT_MSG_") for entry in payload]
    used = sorted({kind.split(":", 1)[1].rstrip("?") for kind in kinds
                   if kind.startswith("structure:")})
    structures = {name: {field: payload_type(spec)
                         for field, spec in sorted(structures_all[name]["fields"].items())}
                  for name in used}
    enums = {name: dict(sorted(((key, number(value)) for key, value
                                in (entry.get("values") or {}).items()), key=lambda kv: kv[1]))
             for name, entry in sorted(load("enums").items())}
    globals_ = load("globals")
    constants = {name: value for name, value in sorted(globals_.items())
                 if name != "Constants" and not isinstance(value, dict)}
    ketho_api = ketho.show("Resources/GlobalAPI.lua", ketho_branch)
    framexml = ketho.show("Resources/FrameXML.lua", ketho_branch)
    fallback_cvar = load("cvars").get("loaddeprecationfallbacks", {}).get("default")
    return {
        "source": {
            "wowless": {"repository": "github:wowless/wowless", "commit": wowless.commit(),
                        "product": product,
                        "paths": [f"data/products/{product}/{n}.yaml" for n in
                                  ("build", "apis", "enums", "events", "globals",
                                   "structures", "cvars")]},
            "lua_and_framexml": {"repository": "github:Ketho/BlizzardInterfaceResources",
                                 "branch": ketho_branch, "commit": ketho.commit(ketho_branch),
                                 "paths": ["Resources/GlobalAPI.lua (LuaAPI)",
                                           "Resources/FrameXML.lua (FrameXML)"]},
            "deprecated": {"repository": "github:Gethe/wow-ui-source", "branch": ui_branch,
                           "commit": ui.commit(ui_branch), "path": DEPRECATED},
            "note": "Ketho's and Blizzard's interface code are the nearest branches stored "
                    "for this flavour, older than the wowless build",
        },
        "flavour": flavour,
        "version": build["version"],
        "build": str(build["build"]),
        "date": build["date"],
        "interface": int(build["tocversion"]),
        "functions": functions,
        "namespaces": namespaces,
        "lua": sorted(set(lua_list(ketho_api, "LuaAPI"))),
        "framexml": sorted(name for name in set(lua_list(framexml, "FrameXML"))
                           if "." not in name and ":" not in name),
        # A fallback whose target the flavour lacks is nil there too.
        "deprecated": {name: target for name, target
                       in sorted(deprecated_aliases(ui, ui_branch).items()) if target in apis},
        "deprecation_fallbacks_default": fallback_cvar == "1",
        "enums": enums,
        "constants": constants,
        "events": events,
        "structures": structures,
    }


def loading_data(wowless: Mirror) -> dict:
    """The load-time events in the order wowless's runner fires them after the addons load."""
    runner = wowless.show("wowless/runner.lua")
    block = runner.split("system.LogIn()", 1)[1].split("if cfg.frame0", 1)[0]
    login = []
    for line in block.splitlines():
        # Only the unconditional ones, at the block's own indentation.
        found = re.fullmatch(r"    SendEvent\('(\w+)'((?:, (?:true|false))*)\)", line)
        if found:
            args = [part.strip() == "true" for part in found.group(2).split(",")[1:]]
            login.append([found.group(1), *args])
    loader = wowless.show("wowless/modules/loader.lua")
    assert "SendEvent('ADDON_LOADED', addonName, not not addon.bindings)" in loader
    return {
        "source": {"repository": "github:wowless/wowless", "commit": wowless.commit(),
                   "paths": ["wowless/modules/loader.lua (ADDON_LOADED after each addon's "
                             "files and saved variables, in load order)",
                             "wowless/runner.lua (the events after system.LogIn())"]},
        "addon_loaded": ["ADDON_LOADED", "addOnName", "containsBindings"],
        "login": login,
    }


def check_flavour(data: dict) -> None:
    """pyhost/flavours.py types each flavour's numbers (the addon build reads them); say
    where they are not the data's."""
    import sys

    sys.path.insert(0, str(ROOT))
    from pyhost.flavours import FLAVOURS as TYPED

    typed = TYPED[data["flavour"]]
    for field in ("version", "build", "interface"):
        if getattr(typed, field) != data[field]:
            print(f"pyhost/flavours.py: {data['flavour']} {field} is {getattr(typed, field)!r}; "
                  f"the data says {data[field]!r}")


def write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    path.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)} ({len(text) // 1024} KiB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wowless", type=Path, default=MIRRORS / "wowless+wowless/repo")
    parser.add_argument("--ketho", type=Path,
                        default=MIRRORS / "Ketho+BlizzardInterfaceResources/repo")
    parser.add_argument("--ui-source", type=Path, default=MIRRORS / "Gethe+wow-ui-source/repo")
    args = parser.parse_args()
    wowless, ketho, ui = Mirror(args.wowless), Mirror(args.ketho), Mirror(args.ui_source)
    for flavour in FLAVOURS:
        data = flavour_data(flavour, wowless, ketho, ui)
        write(OUT / f"{flavour}.json", data)
        check_flavour(data)
    write(OUT / "loading.json", loading_data(wowless))


if __name__ == "__main__":
    main()
