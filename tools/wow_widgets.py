"""Write the realm's widget facts, per flavour, from wowless's public game data.

    python tools/wow_widgets.py [--wowless DIR]

Reads (a read-only git mirror, no work tree needed) github:wowless/wowless:
- data/products/<product>/uiobjects.yaml: every widget type the client has (Frame, Button,
  FontString, ...), what it inherits, its fields with their initial values, its methods
  (and which of them only read or write fields: `impl: getter` / `impl: setter`) and the
  script names it takes;
- data/products/<product>/xml.yaml: the UI XML elements, which widget type each creates
  and which parent method an element such as <NormalTexture> calls.

Writes pyhost/harness/data/widgets/<flavour>.json (one per flavour of pyhost/flavours.py),
naming its sources. The realm reads them with the standard library; this tool needs PyYAML
(`pip install pyyaml`), which pyhost itself does not.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import yaml  # the tool's own dependency, not pyhost's
from wow_api import FLAVOURS, MIRRORS, Mirror

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "pyhost" / "harness" / "data" / "widgets"


def method_spec(spec: dict | None) -> list[str] | None:
    """["get", field...] or ["set", field...] for a method that only reads or writes
    fields; None for any other."""
    impl = (spec or {}).get("impl") or {}
    for kind in ("getter", "setter"):
        if kind in impl:
            return [kind[:3], *(entry["name"] for entry in impl[kind])]
    return None


def arity(spec: dict | None) -> int:
    return len((spec or {}).get("inputs") or [])


def widget_types(uiobjects: dict) -> dict:
    types = {}
    for name, entry in sorted(uiobjects.items()):
        fields = {field: (spec or {}).get("init")
                  for field, spec in sorted((entry.get("fields") or {}).items())}
        fields.update(entry.get("fieldinitoverrides") or {})
        methods = entry.get("methods") or {}
        types[name] = {
            "inherits": sorted(entry.get("inherits") or {}),
            "virtual": bool(entry.get("virtual")),
            "object_type": entry.get("objectType") or name,
            "fields": fields,
            "methods": {method: method_spec(spec) for method, spec in sorted(methods.items())},
            # Setters that take optional trailing inputs: how many inputs each takes.
            "inputs": {method: arity(spec) for method, spec in sorted(methods.items())
                       if method_spec(spec) and method_spec(spec)[0] == "set"},
            "scripts": sorted(entry.get("scripts") or {}),
            "singleton": bool(entry.get("singleton")),
        }
    return types


def xml_elements(xml: dict) -> dict:
    elements = {}
    for tag, entry in sorted(xml.items()):
        impl = entry.get("impl")
        out: dict = {}
        if entry.get("extends"):
            out["extends"] = entry["extends"]
        if entry.get("virtual"):
            out["virtual"] = True
        if isinstance(impl, dict) and "uiobject" in impl:
            out["type"] = impl["uiobject"]
        elif isinstance(impl, dict) and "call" in impl:
            out["call"] = impl["call"]["parentmethod"]
        elif isinstance(impl, dict) and "script" in impl:
            out["script"] = (impl["script"] or {}).get("args", "self, ...")
        elif impl == "transparent":
            out["transparent"] = True
        out["attributes"] = sorted(entry.get("attributes") or {})
        elements[tag] = out
    return elements


def flavour_data(flavour: str, wowless: Mirror) -> dict:
    product = FLAVOURS[flavour][0]

    def load(name: str):
        return yaml.safe_load(wowless.show(f"data/products/{product}/{name}.yaml")) or {}

    return {
        "source": {"repository": "github:wowless/wowless", "commit": wowless.commit(),
                   "product": product,
                   "paths": [f"data/products/{product}/uiobjects.yaml",
                             f"data/products/{product}/xml.yaml"]},
        "flavour": flavour,
        "types": widget_types(load("uiobjects")),
        "xml": xml_elements(load("xml")),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wowless", type=Path, default=MIRRORS / "wowless+wowless" / "repo")
    args = parser.parse_args()
    wowless = Mirror(args.wowless)
    OUT.mkdir(parents=True, exist_ok=True)
    for flavour in FLAVOURS:
        data = flavour_data(flavour, wowless)
        path = OUT / f"{flavour}.json"
        path.write_text(json.dumps(data, indent=0, sort_keys=True, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {len(data['types'])} widget types, "
              f"{len(data['xml'])} XML elements")


if __name__ == "__main__":
    main()
