"""The WoW client flavours pyhost knows, with the numbers that change every patch.

A maintainer updates this table when Blizzard patches: the generated .toc
lists every `interface` below. The numbers are those of the game data the
realm's API comes from (pyhost/harness/data/api/<flavour>.json, written by
tools/wow_api.py, which says when they differ; a test holds them equal): the
realm reports that data's build through `GetBuildInfo()`. They stay typed here
so that building an addon does not read the realm's API data.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Flavour:
    name: str  # pyhost's name for it
    title: str
    version: str  # GetBuildInfo's first value
    build: str
    interface: int  # the .toc `## Interface` number
    classic: bool


FLAVOURS: dict[str, Flavour] = {
    flavour.name: flavour
    for flavour in (
        Flavour(name="retail", title="Retail", version="12.1.0", build="69404",
                interface=120100, classic=False),
        Flavour(name="mists", title="Mists of Pandaria Classic", version="5.5.4", build="69383",
                interface=50504, classic=True),
        Flavour(name="tbc", title="TBC Anniversary", version="2.5.6", build="69110",
                interface=20506, classic=True),
        Flavour(name="classic_era", title="Classic Era", version="1.15.9", build="69109",
                interface=11509, classic=True),
    )
}
