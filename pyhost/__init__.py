"""pyhost: dice-poker games for World of Warcraft.

Rules as data (`pyhost.rules`), a generated Lua 5.1 addon, and a headless
multi-client realm to test it in.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("pyhost")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"
