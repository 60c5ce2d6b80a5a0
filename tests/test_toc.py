"""Addon folders read the way the WoW client reads them: TOC choice, parsing, XML, load order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyhost.harness.toc import (
    FLAVOURS,
    LuaSource,
    Toc,
    TocError,
    load_order,
    lua_sources,
    read_toc,
)

UI = '<Ui xmlns="http://www.blizzard.com/wow/ui/">\n{}\n</Ui>\n'


def addon(root: Path, name: str, files: dict[str, str | bytes]) -> Path:
    """An addon folder `root/name` holding `files` (paths relative to the folder)."""
    folder = root / name
    for relative, content in files.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        data = content.encode("utf-8") if isinstance(content, str) else content
        path.write_bytes(data)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def toc_of(tmp_path: Path, text: str, extra: dict[str, str | bytes] | None = None) -> Toc:
    return read_toc(addon(tmp_path, "Foo", {"Foo.toc": text, **(extra or {})}))


def chunks(sources: list[LuaSource]) -> list[tuple[str, bytes]]:
    return [(s.chunkname, s.code) for s in sources]


# --- Metadata ---------------------------------------------------------------------------------


def test_metadata_is_kept_as_written_and_looked_up_ignoring_case(tmp_path: Path) -> None:
    toc = toc_of(
        tmp_path,
        "## Title:   Dice Poker  \n"
        "##Notes: Roll: then bet\n"
        "## Title-frFR : Poker aux dés\n"
        "# ## Ignored: a comment, not metadata\n"
        "## not metadata, no colon\n"
        "\n",
    )
    assert toc.name == "Foo"
    assert toc.path == tmp_path / "Foo" / "Foo.toc"
    assert toc.metadata == {
        "Title": "Dice Poker",
        "Notes": "Roll: then bet",
        "Title-frFR": "Poker aux dés",
    }
    assert toc.get("title") == "Dice Poker"
    assert toc.get("TITLE-FRFR") == "Poker aux dés"
    assert toc.get("Author") is None
    assert toc.files == ()
    assert toc.warnings == ()


def test_a_repeated_key_keeps_the_first_value_with_a_warning(tmp_path: Path) -> None:
    toc = toc_of(tmp_path, "## Title: One\n## TITLE: Two\n")
    assert toc.get("Title") == "One"
    assert toc.warnings == ("Foo/Foo.toc:2: TITLE given again, the first value is kept",)


def test_interface_is_a_comma_list_of_numbers(tmp_path: Path) -> None:
    toc = toc_of(tmp_path, "## Interface: 120100, 50504,11509\n")
    assert toc.interfaces == (120100, 50504, 11509)
    assert toc.metadata["Interface"] == "120100, 50504,11509"


def test_a_bad_interface_entry_is_a_warning(tmp_path: Path) -> None:
    toc = toc_of(tmp_path, "## Interface: 110000, soon\n")
    assert toc.interfaces == (110000,)
    assert toc.warnings == ("Foo/Foo.toc: Interface entry 'soon' is not a number, ignored",)


def test_no_interface_is_empty(tmp_path: Path) -> None:
    assert toc_of(tmp_path, "## Title: x\n").interfaces == ()


def test_saved_variables_split_on_commas_and_spaces(tmp_path: Path) -> None:
    toc = toc_of(
        tmp_path,
        "## SavedVariables: FooDB, FooLog  FooCache,FooDB\n"
        "## savedvariablespercharacter: FooChar FooSeat\n",
    )
    assert toc.saved_variables == ("FooDB", "FooLog", "FooCache")
    assert toc.saved_variables_per_character == ("FooChar", "FooSeat")


def test_dependencies_from_every_required_key_and_optional_ones(tmp_path: Path) -> None:
    toc = toc_of(
        tmp_path,
        "## Dependencies: LibA, LibB\n"
        "## RequiredDeps: LibC\n"
        "## Dep2: LibD LibA\n"
        "## OptionalDeps: Ace3, LibStub\n",
    )
    assert toc.dependencies == ("LibA", "LibB", "LibC", "LibD")
    assert toc.optional_dependencies == ("Ace3", "LibStub")


# --- Choosing the TOC -------------------------------------------------------------------------

ALL_TOCS = [
    "Foo.toc",
    "Foo_Mainline.toc",
    "Foo-Mainline.toc",
    "Foo_Classic.toc",
    "Foo-Classic.toc",
    "Foo_Vanilla.toc",
    "Foo-Vanilla.toc",
    "Foo_Mists.toc",
    "Foo-Mists.toc",
    "Foo_TBC.toc",
    "Foo-TBC.toc",
    "Foo-BCC.toc",
    "Foo-WOTLKC.toc",
]

# Each flavour's preference, best first: remove the winner and the next one takes over.
PREFERENCES = {
    "retail": ["Foo_Mainline.toc", "Foo-Mainline.toc", "Foo.toc"],
    "classic_era": [
        "Foo_Vanilla.toc",
        "Foo-Vanilla.toc",
        "Foo_Classic.toc",
        "Foo-Classic.toc",
        "Foo.toc",
    ],
    "mists": ["Foo_Mists.toc", "Foo-Mists.toc", "Foo_Classic.toc", "Foo-Classic.toc", "Foo.toc"],
    "tbc": [
        "Foo_TBC.toc",
        "Foo-TBC.toc",
        "Foo-BCC.toc",
        "Foo_Classic.toc",
        "Foo-Classic.toc",
        "Foo.toc",
    ],
}


@pytest.mark.parametrize("flavour", FLAVOURS)
def test_each_flavour_prefers_its_own_toc_then_its_family_then_the_plain_one(
    tmp_path: Path, flavour: str
) -> None:
    folder = addon(tmp_path, "Foo", {name: f"## Title: {name}\n" for name in ALL_TOCS})
    for expected in PREFERENCES[flavour]:
        toc = read_toc(folder, flavour)
        assert toc.path.name == expected
        assert toc.get("Title") == expected
        (folder / expected).unlink()


def test_retail_ignores_classic_tocs(tmp_path: Path) -> None:
    folder = addon(tmp_path, "Foo", {"Foo.toc": "", "Foo_Classic.toc": "", "Foo_Vanilla.toc": ""})
    assert read_toc(folder).path.name == "Foo.toc"


def test_classic_flavours_ignore_other_games_tocs(tmp_path: Path) -> None:
    folder = addon(
        tmp_path,
        "Foo",
        {"Foo.toc": "", "Foo_Mainline.toc": "", "Foo-WOTLKC.toc": "", "Foo_Vanilla.toc": ""},
    )
    assert read_toc(folder, "mists").path.name == "Foo.toc"
    assert read_toc(folder, "tbc").path.name == "Foo.toc"
    assert read_toc(folder, "classic_era").path.name == "Foo_Vanilla.toc"


# --- Files ------------------------------------------------------------------------------------


def test_files_in_order_with_backslashes_resolved(tmp_path: Path) -> None:
    toc = toc_of(
        tmp_path,
        "## Title: Foo\n"
        "libs\\LibStub\\LibStub.lua\n"
        "  core.lua  \n"
        "# ui.lua is loaded by the XML\n"
        "ui/main.xml\r\n"
        "extra\\..\\last.lua\n",
        {
            "libs/LibStub/LibStub.lua": "",
            "core.lua": "",
            "ui/main.xml": UI.format(""),
            "last.lua": "",
        },
    )
    folder = tmp_path / "Foo"
    assert toc.files == (
        folder / "libs" / "LibStub" / "LibStub.lua",
        folder / "core.lua",
        folder / "ui" / "main.xml",
        folder / "last.lua",
    )


def test_lua_files_become_sources_with_client_chunk_names(tmp_path: Path) -> None:
    toc = toc_of(
        tmp_path,
        "libs\\Lib.lua\ncore.lua\n",
        {"libs/Lib.lua": b"local lib = 1\r\n", "core.lua": b"print('\xc3\xa9')\n"},
    )
    assert chunks(lua_sources(toc)) == [
        ("@Interface/AddOns/Foo/libs/Lib.lua", b"local lib = 1\r\n"),
        ("@Interface/AddOns/Foo/core.lua", b"print('\xc3\xa9')\n"),
    ]


def test_a_utf8_bom_is_stripped_from_toc_lua_and_xml(tmp_path: Path) -> None:
    bom = b"\xef\xbb\xbf"
    toc = toc_of(
        tmp_path,
        "",
        {
            "Foo.toc": bom + b"## Title: Foo\ncore.lua\nui.xml\n",
            "core.lua": bom + b"x = 1\n",
            "ui.xml": bom + UI.format("<Script>y = 2</Script>").encode(),
        },
    )
    assert toc.metadata == {"Title": "Foo"}
    assert chunks(lua_sources(toc)) == [
        ("@Interface/AddOns/Foo/core.lua", b"x = 1\n"),
        ("@Interface/AddOns/Foo/ui.xml:2", b"y = 2"),
    ]


def test_a_bom_later_in_a_file_is_left_alone(tmp_path: Path) -> None:
    toc = toc_of(tmp_path, "core.lua\n", {"core.lua": b"x = '\xef\xbb\xbf'\n"})
    assert lua_sources(toc)[0].code == b"x = '\xef\xbb\xbf'\n"


def test_files_that_are_not_lua_or_xml_are_listed_but_not_run(tmp_path: Path) -> None:
    toc = toc_of(tmp_path, "icon.tga\ncore.lua\n", {"icon.tga": b"\0", "core.lua": "x = 1"})
    assert [p.name for p in toc.files] == ["icon.tga", "core.lua"]
    assert toc.warnings == ("Foo/Foo.toc:1: 'icon.tga' is neither .lua nor .xml, so it is not run",)
    assert [s.chunkname for s in lua_sources(toc)] == ["@Interface/AddOns/Foo/core.lua"]


# --- XML --------------------------------------------------------------------------------------


def test_xml_scripts_includes_and_inline_code_run_in_file_order(tmp_path: Path) -> None:
    main = UI.format(
        '<Script file="first.lua"/>\n'
        '<Frame name="FooFrame"><Scripts><OnLoad>ignored()</OnLoad></Scripts></Frame>\n'
        '<Include file="widgets\\widgets.xml"/>\n'
        "<Script>\n"
        "inline = true\n"
        "</Script>\n"
        '<Script file="last.lua"/>'
    )
    widgets = UI.format(
        '<Script file="button.lua"/>\n'
        '<Include file="deeper/more.xml"/>\n'
        '<Script file="..\\shared.lua"/>'
    )
    more = '<Ui xmlns="http://www.blizzard.com/wow/ui/">\n<Script file="more.lua"/></Ui>'
    toc = toc_of(
        tmp_path,
        "before.lua\nmain.xml\nafter.lua\n",
        {
            "before.lua": "before()",
            "main.xml": main,
            "first.lua": "first()",
            "widgets/widgets.xml": widgets,
            "widgets/button.lua": "button()",
            "widgets/deeper/more.xml": more,
            "widgets/deeper/more.lua": "more()",
            "shared.lua": "shared()",
            "last.lua": "last()",
            "after.lua": "after()",
        },
    )
    assert chunks(lua_sources(toc)) == [
        ("@Interface/AddOns/Foo/before.lua", b"before()"),
        ("@Interface/AddOns/Foo/first.lua", b"first()"),
        ("@Interface/AddOns/Foo/widgets/button.lua", b"button()"),
        ("@Interface/AddOns/Foo/widgets/deeper/more.lua", b"more()"),
        ("@Interface/AddOns/Foo/shared.lua", b"shared()"),
        ("@Interface/AddOns/Foo/main.xml:5", b"\ninline = true\n"),
        ("@Interface/AddOns/Foo/last.lua", b"last()"),
        ("@Interface/AddOns/Foo/after.lua", b"after()"),
    ]


def test_xml_without_a_namespace_and_with_cdata_scripts(tmp_path: Path) -> None:
    xml = "<Ui>\n<Script><![CDATA[if a < b then print('<ok>') end]]></Script>\n</Ui>"
    toc = toc_of(tmp_path, "ui.xml\n", {"ui.xml": xml})
    assert chunks(lua_sources(toc)) == [
        ("@Interface/AddOns/Foo/ui.xml:2", b"if a < b then print('<ok>') end"),
    ]


def test_inline_script_text_is_utf8(tmp_path: Path) -> None:
    toc = toc_of(tmp_path, "ui.xml\n", {"ui.xml": UI.format("<Script>s = 'dés'</Script>")})
    assert lua_sources(toc)[0].code == "s = 'dés'".encode()


def test_an_xml_file_may_be_included_twice_without_a_cycle(tmp_path: Path) -> None:
    toc = toc_of(
        tmp_path,
        "a.xml\n",
        {
            "a.xml": UI.format('<Include file="b.xml"/><Include file="b.xml"/>'),
            "b.xml": UI.format('<Script file="b.lua"/>'),
            "b.lua": "b()",
        },
    )
    assert [s.code for s in lua_sources(toc)] == [b"b()", b"b()"]


# --- Conditional lines ------------------------------------------------------------------------

CONDITIONAL_TOC = (
    "all.lua\n"
    "[AllowLoadGameType mainline] retail.lua\n"
    "[AllowLoadGameType classic]classic.lua\n"
    "[AllowLoadGameType Vanilla, TBC] old.lua\n"
    "[AllowLoadGameType mists,mainline] pandas.lua\n"
    "[AllowLoadGameType wrath] wrath.lua\n"
    "[AllowLoadGameType mainline] [AllowLoadGameType mists] never.lua\n"
)
CONDITIONAL_FILES = {
    name: "" for name in re.findall(r"(\w+\.lua)", CONDITIONAL_TOC) if name != "never.lua"
}


@pytest.mark.parametrize(
    ("flavour", "expected"),
    [
        ("retail", ["all.lua", "retail.lua", "pandas.lua"]),
        ("classic_era", ["all.lua", "classic.lua", "old.lua"]),
        ("tbc", ["all.lua", "classic.lua", "old.lua"]),
        ("mists", ["all.lua", "classic.lua", "pandas.lua"]),
    ],
)
def test_allow_load_game_type_keeps_lines_for_listed_game_types(
    tmp_path: Path, flavour: str, expected: list[str]
) -> None:
    folder = addon(tmp_path, "Foo", {"Foo.toc": CONDITIONAL_TOC, **CONDITIONAL_FILES})
    toc = read_toc(folder, flavour)
    assert [p.name for p in toc.files] == expected
    assert toc.warnings == ()


def test_an_unknown_condition_skips_the_line_with_a_warning(tmp_path: Path) -> None:
    toc = toc_of(
        tmp_path,
        "core.lua\n[AllowLoadTextLocale frFR] fr.lua\n",
        {"core.lua": "", "fr.lua": ""},
    )
    assert [p.name for p in toc.files] == ["core.lua"]
    assert toc.warnings == (
        "Foo/Foo.toc:2: line skipped, condition [AllowLoadTextLocale frFR] is not understood",
    )


# --- Load order -------------------------------------------------------------------------------


def tocs(tmp_path: Path, deps: dict[str, str]) -> list[Toc]:
    """Addons named by `deps`' keys, each with the given extra TOC lines."""
    return [read_toc(addon(tmp_path, name, {f"{name}.toc": text})) for name, text in deps.items()]


def names(ordered: list[Toc]) -> list[str]:
    return [toc.name for toc in ordered]


def test_load_order_is_alphabetical_ignoring_case(tmp_path: Path) -> None:
    given = tocs(tmp_path, {"zeta": "", "Beta": "", "alpha": "", "Gamma": ""})
    assert names(load_order(given)) == ["alpha", "Beta", "Gamma", "zeta"]


def test_dependencies_load_first(tmp_path: Path) -> None:
    given = tocs(
        tmp_path,
        {
            "Alpha": "## Dependencies: Zulu, mike\n",
            "Bravo": "",
            "Mike": "## RequiredDeps: Yankee\n",
            "Yankee": "",
            "Zulu": "",
        },
    )
    assert names(load_order(given)) == ["Zulu", "Yankee", "Mike", "Alpha", "Bravo"]


def test_optional_dependencies_load_first_when_present(tmp_path: Path) -> None:
    given = tocs(
        tmp_path,
        {"Alpha": "## OptionalDeps: Missing, Zulu\n", "Bravo": "", "Zulu": ""},
    )
    assert names(load_order(given)) == ["Zulu", "Alpha", "Bravo"]


def test_load_order_of_nothing_is_empty() -> None:
    assert load_order([]) == []


# --- Errors -----------------------------------------------------------------------------------


def error(call: object, *args: object) -> str:
    assert callable(call)
    with pytest.raises(TocError) as caught:
        call(*args)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_error_missing_toc(tmp_path: Path) -> None:
    folder = addon(tmp_path, "Foo", {"Foo_Mainline.toc": "", "core.lua": ""})
    assert error(read_toc, folder, "mists") == (
        "Foo: no TOC file for mists (tried Foo_Mists.toc, Foo-Mists.toc, Foo_Classic.toc, "
        f"Foo-Classic.toc, Foo.toc) in {folder}"
    )


def test_error_unknown_flavour(tmp_path: Path) -> None:
    folder = addon(tmp_path, "Foo", {"Foo.toc": ""})
    assert error(read_toc, folder, "wrath") == (
        "Foo: unknown flavour 'wrath' (expected one of retail, classic_era, mists, tbc)"
    )


def test_error_listed_file_missing(tmp_path: Path) -> None:
    folder = addon(tmp_path, "Foo", {"Foo.toc": "## Title: Foo\nlibs\\Gone.lua\n"})
    assert error(read_toc, folder) == "Foo/Foo.toc:2: listed file 'libs\\Gone.lua' is missing"


def test_error_listed_file_outside_the_addons_folder(tmp_path: Path) -> None:
    folder = addon(tmp_path / "AddOns", "Foo", {"Foo.toc": "..\\..\\secret.lua\n"})
    (tmp_path / "secret.lua").write_text("")
    assert error(read_toc, folder) == (
        "Foo/Foo.toc:1: '..\\..\\secret.lua' points outside the AddOns folder"
    )


def test_error_script_file_missing(tmp_path: Path) -> None:
    toc = toc_of(tmp_path, "ui.xml\n", {"ui.xml": UI.format('<Script file="sub\\gone.lua"/>')})
    assert error(lua_sources, toc) == "Foo/ui.xml:2: Script file 'sub\\gone.lua' is missing"


def test_error_include_file_missing(tmp_path: Path) -> None:
    toc = toc_of(tmp_path, "ui.xml\n", {"ui.xml": UI.format('<Include file="gone.xml"/>')})
    assert error(lua_sources, toc) == "Foo/ui.xml:2: Include file 'gone.xml' is missing"


def test_error_include_without_file(tmp_path: Path) -> None:
    toc = toc_of(tmp_path, "ui.xml\n", {"ui.xml": UI.format("<Include/>")})
    assert error(lua_sources, toc) == "Foo/ui.xml:2: <Include> has no file attribute"


def test_error_xml_does_not_parse(tmp_path: Path) -> None:
    toc = toc_of(tmp_path, "ui.xml\n", {"ui.xml": UI.format("<Script>x = 1</Scrip>")})
    assert error(lua_sources, toc) == (
        "Foo/ui.xml: XML does not parse (mismatched tag: line 2, column 15)"
    )


def test_error_include_cycle(tmp_path: Path) -> None:
    toc = toc_of(
        tmp_path,
        "a.xml\n",
        {
            "a.xml": UI.format('<Include file="sub/b.xml"/>'),
            "sub/b.xml": UI.format('<Include file="..\\a.xml"/>'),
        },
    )
    assert (
        error(lua_sources, toc)
        == "Foo/a.xml: Include cycle Foo/a.xml -> Foo/sub/b.xml -> Foo/a.xml"
    )


def test_error_xml_including_itself(tmp_path: Path) -> None:
    toc = toc_of(tmp_path, "a.xml\n", {"a.xml": UI.format('<Include file="a.xml"/>')})
    assert error(lua_sources, toc) == "Foo/a.xml: Include cycle Foo/a.xml -> Foo/a.xml"


def test_error_missing_required_dependency(tmp_path: Path) -> None:
    given = tocs(tmp_path, {"Alpha": "## Dependencies: Bravo, Missing\n", "Bravo": ""})
    assert error(load_order, given) == "Alpha: required dependency Missing is not present"


def test_error_dependency_cycle(tmp_path: Path) -> None:
    given = tocs(
        tmp_path,
        {
            "Alpha": "## Dependencies: Bravo\n",
            "Bravo": "## Dependencies: Charlie\n",
            "Charlie": "## OptionalDeps: bravo\n",
        },
    )
    assert error(load_order, given) == "Bravo: dependency cycle Bravo -> Charlie -> Bravo"


def test_error_two_addons_with_one_name(tmp_path: Path) -> None:
    first = tocs(tmp_path / "one", {"Foo": ""})
    second = tocs(tmp_path / "two", {"foo": ""})
    assert error(load_order, first + second) == "foo: two addons have this name"
