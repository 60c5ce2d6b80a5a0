"""The WoW client flavours pyhost knows, with the numbers that change every patch.

A maintainer updates this table when Blizzard patches: the generated .toc
lists every `interface` below, and the simulated realm reports each
flavour's build through `GetBuildInfo()`.
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
        Flavour(name="retail", title="Retail", version="12.1.0", build="66044",
                interface=120100, classic=False),
        Flavour(name="mists", title="Mists of Pandaria Classic", version="5.5.4", build="65921",
                interface=50504, classic=True),
        Flavour(name="tbc", title="TBC Anniversary", version="2.5.6", build="65938",
                interface=20506, classic=True),
        Flavour(name="classic_era", title="Classic Era", version="1.15.9", build="65899",
                interface=11509, classic=True),
    )
}
