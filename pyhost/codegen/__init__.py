"""Generating a WoW addon from a ruleset: plain Lua sources + the ruleset's data.

The Lua code is plain `.lua` source in `lua/` (`core/` for what every game shares, one folder
per game flow), copied as it is; only what comes from the ruleset is rendered from Jinja2
templates: `Rules.lua` (the data the code reads) and the `.toc`.

`build(ruleset)` returns every file of the addon folder as bytes, the same
bytes on every build; `write` puts them in a folder and `differences`
compares a folder with what a build would write (for `pyhost build --check`).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import jinja2

from ..rules import Ruleset
from ..rules.families.poker_hands import PokerHandRules
from .context import draw_context, holdem_context, vitaji_context
from .handtable import hand_table
from .luadata import lua

# Each game flow with an addon: its files in .toc load order, as `folder/name` under `lua/`,
# but for the rendered Rules.lua, which comes first: every other file reads it.
RULES_FILE = "Rules.lua"
FLOWS: dict[str, tuple[str, ...]] = {
    "holdem": ("core/Text.lua", "core/Lists.lua", "core/CoreLocales.lua", "holdem/Locales.lua",
               "holdem/Dice.lua", "holdem/Hands.lua",
               "holdem/Pots.lua", "holdem/Betting.lua", "holdem/Holdem.lua",
               "holdem/HoldemHand.lua", "holdem/GuidedHand.lua", "holdem/ManualHand.lua",
               "core/Banks.lua", "holdem/HoldemTable.lua",
               "core/Sha256.lua",
               "core/Messages.lua", "core/Protocol.lua", "core/Comm.lua", "core/Restricted.lua",
               "holdem/Fair.lua",
               "holdem/HandLog.lua", "core/Ledger.lua", "core/Rolls.lua", "core/Witness.lua",
               "core/Fingerprint.lua", "holdem/HoldemFlow.lua", "core/Session.lua",
               "core/Record.lua", "core/Heartbeat.lua", "core/Takeover.lua",
               "core/SnapCheck.lua", "core/CatchUp.lua",
               "holdem/Rollers.lua",
               "holdem/FairDeal.lua", "holdem/Actions.lua", "holdem/Game.lua", "holdem/Deputy.lua",
               "holdem/HoldemSession.lua", "core/SlashCommands.lua",
               "core/EventFrame.lua", "holdem/Slash.lua"),
    # The draw games share hold'em's dice and hands (Dice.lua, Hands.lua), the table core and
    # draw/ (open rolls, the draw table's flow); each brings its engine, words and commands.
    "dice-poker": ("core/Text.lua", "core/Lists.lua", "core/CoreLocales.lua",
                   "draw/DrawLocales.lua", "dicepoker/DicePokerLocales.lua",
                   "holdem/Dice.lua", "holdem/Hands.lua", "dicepoker/DicePoker.lua",
                   "core/Sha256.lua", "core/Messages.lua", "core/Protocol.lua", "core/Comm.lua",
                   "core/Restricted.lua", "core/Ledger.lua", "core/Rolls.lua",
                   "core/Witness.lua", "core/Fingerprint.lua", "draw/OpenRolls.lua",
                   "core/Session.lua", "core/Record.lua", "core/Heartbeat.lua",
                   "core/Takeover.lua", "core/SnapCheck.lua", "core/CatchUp.lua",
                   "draw/DrawTable.lua", "draw/DrawCommands.lua", "core/SlashCommands.lua",
                   "core/EventFrame.lua", "draw/DrawSlash.lua",
                   "dicepoker/DicePokerGame.lua"),
    "poker-dice": ("core/Text.lua", "core/Lists.lua", "core/CoreLocales.lua",
                   "draw/DrawLocales.lua", "pokerdice/PokerDiceLocales.lua",
                   "holdem/Dice.lua", "holdem/Hands.lua", "holdem/Pots.lua", "holdem/Betting.lua",
                   "pokerdice/PokerDice.lua", "pokerdice/PokerDiceRound.lua",
                   "pokerdice/PokerDiceTurn.lua", "pokerdice/PokerDiceDraw.lua",
                   "core/Sha256.lua", "core/Messages.lua", "core/Protocol.lua", "core/Comm.lua",
                   "core/Restricted.lua", "core/Ledger.lua", "core/Rolls.lua",
                   "core/Witness.lua", "core/Fingerprint.lua", "draw/OpenRolls.lua",
                   "core/Session.lua", "core/Record.lua", "core/Heartbeat.lua",
                   "core/Takeover.lua", "core/SnapCheck.lua", "core/CatchUp.lua",
                   "draw/DrawTable.lua", "draw/DrawCommands.lua", "core/SlashCommands.lua",
                   "core/EventFrame.lua", "draw/DrawSlash.lua",
                   "pokerdice/PokerDiceGame.lua"),
    # Vitaji: one numbered die a round; its engine (vitaji/), then the draw table.
    "vitaji": ("core/Text.lua", "core/Lists.lua", "core/CoreLocales.lua", "draw/DrawLocales.lua",
               "vitaji/VitajiLocales.lua",
               "holdem/Dice.lua", "vitaji/VitajiWords.lua", "vitaji/VitajiScore.lua",
               "vitaji/VitajiBetting.lua", "vitaji/VitajiRolling.lua", "vitaji/Vitaji.lua",
               "vitaji/VitajiEnd.lua", "vitaji/VitajiSheet.lua",
               "core/Sha256.lua", "core/Messages.lua", "core/Protocol.lua", "core/Comm.lua",
               "core/Restricted.lua", "core/Ledger.lua", "core/Rolls.lua",
               "core/Witness.lua", "core/Fingerprint.lua", "draw/OpenRolls.lua",
               "core/Session.lua", "core/Record.lua", "core/Heartbeat.lua",
               "core/Takeover.lua", "core/SnapCheck.lua", "core/Kept.lua", "core/CatchUp.lua",
               "draw/DrawTable.lua", "draw/DrawCommands.lua", "core/SlashCommands.lua",
               "core/EventFrame.lua", "draw/DrawSlash.lua",
               "vitaji/VitajiResume.lua", "vitaji/VitajiGame.lua",
               "vitaji/VitajiTeams.lua",
               # Tournaments and side bets: their engines, then their place at the table.
               "vitaji/VitajiTournament.lua", "vitaji/VitajiSideBets.lua",
               "vitaji/VitajiTournamentTable.lua", "vitaji/VitajiCupText.lua",
               "vitaji/VitajiCupBets.lua"),
}
# What the templates know of a ruleset, by game flow.
CONTEXTS = {"holdem": holdem_context, "dice-poker": draw_context, "poker-dice": draw_context,
            "vitaji": vitaji_context}
SOURCES = resources.files("pyhost.codegen") / "lua"


class BuildError(ValueError):
    """A ruleset that cannot become an addon (yet)."""


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("pyhost.codegen", "templates"),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,  # Lua, not HTML
    )
    env.filters["lua"] = lua
    return env


def build(ruleset: Ruleset) -> dict[str, bytes]:
    """The addon's files by path inside its folder: the .toc first, then the Lua files."""
    files = FLOWS.get(ruleset.family)
    if files is None:
        flows = ", ".join(FLOWS)
        raise BuildError(f"{ruleset.name} ({ruleset.family}) has no addon yet; addons exist for "
                         f"the {flows} game flows")
    out = rendered(ruleset, tuple(source.rsplit("/", 1)[-1] for source in files))
    for source in files:
        out[source.rsplit("/", 1)[-1]] = (SOURCES / source).read_text(encoding="utf-8")
    # Not loaded by WoW: the settings luacheck checks the Lua files with.
    out[".luacheckrc"] = (SOURCES / ".luacheckrc").read_text(encoding="utf-8")
    return {path: text.encode("utf-8") for path, text in out.items()}


def rendered(ruleset: Ruleset, names: tuple[str, ...] = ()) -> dict[str, str]:
    """The addon's files rendered from the ruleset: its .toc (loading Rules.lua, then
    `names`) and Rules.lua, from templates/<family>/ and the family's context."""
    env = _environment()
    context = CONTEXTS[ruleset.family](ruleset) | {"files": (RULES_FILE, *names)}
    if isinstance(ruleset, PokerHandRules):  # Hands.lua's table of every deal's hand
        context["hand_table"] = hand_table(ruleset)
    family = ruleset.family
    return {f"{ruleset.addon.name}.toc": env.get_template(f"{family}/addon.toc.j2").render(context),
            RULES_FILE: env.get_template(f"{family}/Rules.lua.j2").render(context)}


def write(files: dict[str, bytes], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for path in _stale(files, folder):
        (folder / path).unlink()
    for path, data in files.items():
        (folder / path).write_bytes(data)


def _stale(files: dict[str, bytes], folder: Path) -> list[str]:
    """Files a previous build left that this one does not write."""
    return sorted(p.name for p in folder.glob("*") if p.name not in files and
                  (p.suffix in (".lua", ".toc", ".xml") or p.name == ".luacheckrc"))


def differences(files: dict[str, bytes], folder: Path) -> list[str]:
    """Each file that differs between a build and `folder`: changed, missing or extra."""
    changed = [path for path, data in files.items()
               if not (folder / path).is_file() or (folder / path).read_bytes() != data]
    return sorted(changed + _stale(files, folder)) if folder.is_dir() else sorted(files)
