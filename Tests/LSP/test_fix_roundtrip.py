"""Every fix-it, applied by `zlc lsp`'s quick fix and by `zlc check --fix`, gives the same file, on
lines whose text around the fixed span is not ASCII: for each rule that fixes, the text the quick
fixes leave in the editor is the file `zlc check --fix` writes (in a copy of the project), only the
fixed span changed, and that file reads back and checks clean of the rule."""
import json
import os
import subprocess
import xml.etree.ElementTree as ElementTree
from typing import NamedTuple

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

import support
from support import published, uri

HOME = (
    '[{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},\n'
    '  "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}],\n'
    '  "navigations": [{"category": "menu", "nav_items": [{"title": "Other", "data": {"target": "other"}}], "navigation_type": "TwoLevelRNMenu"}]}]'
)
OTHER = (
    '[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", '
    '"data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]'
)
# The project each case's files are written over: a home screen and a screen `other` it opens.
BASE = {"screens/home.json": HOME, "screens/o.json": OTHER}

# What each case's fixed line holds before its span (at `⟪`) and after it (at `⟫`): letters
# outside ASCII, an emoji (two UTF-16 units, four bytes), a combining accent, a tab. In JSON, a
# member of the object that holds the span (or of objects beside it, where a member of its own
# would be a finding of the rule); in XML, an attribute of its element.
JSON_AROUND = ('"ñé😀e\u0301": "Ω😀",\t', ',\t"zü😀": "é😀"')
XML_AROUND = ('lbl="ñé😀e\u0301Ω"\t', '\tnote="😀ü"')


class Case(NamedTuple):
    code: str  # the rule whose fix-it is applied
    label: str
    path: str  # the file fixed; `⟪` and `⟫` mark the text around the span
    old: str  # the span fixed, written once between the marks
    new: str  # what the fix-it writes there
    files: dict  # written over BASE


# One case per rule that offers a fix-it `zlc check --fix` applies (its bad example as `zlc
# explain` shows it, or one whose suggestion is not tied, where the example's is a hint), and the
# fix-its that trim or correct a value or an attribute's name in a family XML file.
CASES = [
    Case('ZL0206', '', 'screens/o.json', '"stlyes"', '"styles"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{⟪\"component_type\": \"grid\", \"stlyes\": {\"cell_styles\": [\"GRID_1\"]}, \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}⟫}]}]"}),
    Case('ZL0303', '', 'screens/o.json', '"gird"', '"grid"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{⟪\"component_type\": \"gird\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}⟫}]}]"}),
    Case('ZL0307', '', 'screens/o.json', '"hom"', '"home"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"grid\", \"data\": {⟪\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\", \"target\": \"hom\"⟫}, \"styles\": {\"cell_styles\": [\"GRID_1\"]}}]}]"}),
    Case('ZL0314', '', 'screens/o.json', '"gird"', '"grid"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"hero\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"HERO_CELL_1\"]}, \"size_class_mapping\": {\"L\": {⟪\"component_type\": \"gird\", \"cell_style\": \"GRID_1\"⟫}}}]}]"}),
    Case('ZL0319', '', 'zlc.json', '"landscpe"', '"landscape"', {"zlc.json": "{\"devices\": [{\"name\": \"phone\", \"width\": 375}, {⟪\"name\": \"ipad\", \"width\": 1024, \"state\": \"landscpe\"⟫}]}"}),
    Case('ZL0322', '', 'screens/o.json', '"hom"', '"home"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"my_login\", \"general\": {⟪\"post_login_screen\": \"hom\"⟫}, \"ui_components\": []}]", "components/l.json": "\n{\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"my_login\", \"type\": \"login\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true, \"screen\": true, \"general\": {\"fields\": [{\"key\": \"post_login_screen\", \"type\": \"screen_selector\"}]}}"}),
    Case('ZL0324', '', 'screen_types.json', '"vidoe"', '"video"', {"screen_types.json": "{\"content_types\": {⟪\"vidoe\": \"other\"⟫}}"}),
    Case('ZL0325', '', 'screens/o.json', '"TwoLeveRNMenu"', '"TwoLevelRNMenu"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"navigations\": [{⟪\"category\": \"menu\", \"navigation_type\": \"TwoLeveRNMenu\", \"nav_items\": []⟫}], \"ui_components\": [{\"component_type\": \"grid\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"GRID_1\"]}}]}]"}),
    Case('ZL0326', '', 'screens/o.json', '"aplicaster_settings"', '"applicaster_settings"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"navigations\": [{\"category\": \"menu\", \"nav_items\": [{⟪\"title\": \"Settings\", \"type\": \"aplicaster_settings\"⟫}]}], \"ui_components\": [{\"component_type\": \"grid\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"GRID_1\"]}}]}]"}),
    Case('ZL0330', '', 'screens/o.json', '"true"', 'true', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"grid\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"GRID_1\"], \"header\": {⟪\"visible\": \"true\", \"style\": \"HEADER_1\"⟫}}}]}]", "zlc.json": "\n{\"platforms\": {\"ios\": {}, \"android\": {}}}"}),
    Case('ZL0331', '', 'screens/o.json', '"datasource_limit"', '"item_limit"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"grid\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"rules\": {⟪\"datasource_limit\": 6⟫}, \"styles\": {\"cell_styles\": [\"GRID_1\"]}}]}]", "zlc.json": "\n{\"platforms\": {\"ios\": {}, \"android_for_quickbrick\": {}}}"}),
    Case('ZL0332', '', 'components/rail.json', '"data_source_limit"', '"item_limit"', {"screens/o.json": "\n[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"rail\"}]}]", "zlc.json": "\n{\"platforms\": {\"ios\": {}, \"android_for_quickbrick\": {}}}", "components/rail.json": "{\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"rail\", \"type\": \"ui_component\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true, \"rules\": {\"fields\": [{⟪\"key\": \"data_source_limit\", \"type\": \"number_input\", \"initial_value\": 6⟫}]}}"}),
    Case('ZL0333', '', 'screens/o.json', '"main-bar "', '"main-bar"', {"screens/o.json": "[{⟪\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"nav_bar_id\": \"main-bar \", \"navigations\": [{\"id\": \"main-bar\", \"category\": \"nav_bar\", \"navigation_type\": \"navigation_bar\"}], \"ui_components\": [{\"component_type\": \"grid\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"GRID_1\"]}}]⟫}]"}),
    Case('ZL0402', '', 'screens/o.json', '"APPLICASTER_COLECTION"', '"APPLICASTER_COLLECTION"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"grid\", \"data\": {⟪\"source\": \"1\", \"type\": \"APPLICASTER_COLECTION\"⟫}, \"styles\": {\"cell_styles\": [\"GRID_1\"]}}]}]", "components/r.json": "\n{\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"rail\", \"type\": \"ui_component\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true, \"data_types\": [\"APPLICASTER_ATOM_FEED\", \"APPLICASTER_COLECTION\"]}"}),
    Case('ZL0206', 'a misspelled ui_components', 'screens/o.json', '"ui_component"', '"ui_components"', {"screens/o.json": "[{⟪\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_component\": []⟫}]"}),
    Case('ZL0421', '', 'screens/o.json', '"htps://news.example.com/ticker"', '"https://news.example.com/ticker"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"html_ticker\", \"data\": {⟪\"source\": \"htps://news.example.com/ticker\", \"type\": \"WEB_URL\"⟫}, \"styles\": {\"cell_styles\": [\"TICKER_1\"]}}]}]"}),
    Case('ZL0422', '', 'screens/o.json', '"ontop"', '"on_top"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"navigations\": [{\"category\": \"nav_bar\", \"navigation_type\": \"navigation_bar\", \"styles\": {⟪\"state\": \"ontop\"⟫}}], \"ui_components\": [{\"component_type\": \"grid\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"GRID_1\"]}}]}]"}),
    Case('ZL0510', '', 'families/f.json', '"aspectCelRatio"', '"aspectCellRatio"', {"families/f.json": "{\"name\": \"F\", \"components\": [{\"type\": \"grid\", \"columns\": 2, \"cells\": [{⟪\"name\": \"G\", \"aspectCelRatio\": 0.66⟫}]}]}"}),
    Case('ZL0517', '', 'families/f.xml', '"ATOM_VIDEO"', '"ATOM_PLAYLIST"', {"families/f.xml": "<Family name=\"F\"><Components><Component type=\"list\"><Cell name=\"L\"><DisplayRules>\n<DisplayRule type=\"ATOM_PLAYLIST\"><View name=\"playButton\" visibility=\"VISIBLE\"/></DisplayRule>\n<DisplayRule type=\"ATOM_VIDEO\" copyOf=\"ATOM_PLAYLIST\"/>\n<DisplayRule type=\"ATOM_EPG\" ⟪copyOf=\"ATOM_VIDEO\"⟫/>\n</DisplayRules></Cell></Component></Components></Family>"}),
    Case('ZL0518', '', 'families/f.xml', '"ATOM_PLAYLST"', '"ATOM_PLAYLIST"', {"families/f.xml": "<Family name=\"F\"><Components><Component type=\"list\"><Cell name=\"L\"><DisplayRules>\n<DisplayRule type=\"ATOM_PLAYLIST\"><View name=\"playButton\" visibility=\"VISIBLE\"/></DisplayRule>\n<DisplayRule type=\"ATOM_VIDEO\" ⟪copyOf=\"ATOM_PLAYLST\"⟫/>\n</DisplayRules></Cell></Component></Components></Family>"}),
    Case('ZL0607', '', 'components/m.json', '"text_imput"', '"text_input"', {"components/m.json": "{\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"x\", \"type\": \"ui_component\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true, \"styles\": {\"fields\": [{⟪\"key\": \"a\", \"type\": \"text_imput\"⟫}]}}"}),
    Case('ZL0609', '', 'components/m.json', '"component"', '"ui_component"', {"components/m.json": "{⟪\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"x\", \"type\": \"component\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true⟫}"}),
    Case('ZL0613', '', 'components/x_tv.json', '"andriod_tv"', '"android_tv"', {"zlc.json": "\n{\"platforms\": {\"andriod\": {}}}", "components/x_tv.json": "{⟪\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"x\", \"type\": \"ui_component\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true, \"platform\": \"andriod_tv\"⟫}"}),
    Case('ZL0615', '', 'components/m.json', '"Color"', '"color"', {"components/m.json": "{\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"x\", \"type\": \"ui_component\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true, \"styles\": {\"fields\": [{⟪\"key\": \"kind\", \"type\": \"select\", \"options\": [\"color\", \"image\"], \"initial_value\": \"Color\"⟫}]}}"}),
    Case('ZL0620', '', 'components/m.json', '"colour"', '"color"', {"components/m.json": "{\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"x\", \"type\": \"ui_component\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true, \"styles\": {\"fields\": [{\"key\": \"kind\", \"type\": \"select\", \"options\": [\"color\", \"image\"]}, {\"key\": \"tint\", \"type\": \"color_picker\", \"conditional_fields\": [{⟪\"key\": \"styles/kind\", \"condition_value\": \"colour\"⟫}]}]}}"}),
    Case('ZL0203', 'source with a no-break space', 'screens/o.json', '"3119\xa0"', '"3119"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"grid\", \"data\": {⟪\"source\": \"3119\u00a0\", \"type\": \"APPLICASTER_COLLECTION\"⟫}, \"styles\": {\"cell_styles\": [\"GRID_1\"]}}]}]"}),
    Case('ZL0202', 'item_limit with a space', 'screens/o.json', '" 6"', '"6"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"grid\", \"rules\": {⟪\"item_limit\": \" 6\"⟫}, \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"GRID_1\"]}}]}]"}),
    Case('ZL0203', 'layoutId with spaces', 'families/f.xml', '"&#32;cell&amp;1 "', '"cell&amp;1"', {"families/f.xml": "<Family name=\"F\"><Components><Component type=\"list\"><Cell name=\"L\" ⟪layoutId=\"&#32;cell&amp;1 \"⟫><DisplayRules>\n<DisplayRule type=\"ATOM_PLAYLIST\"><View name=\"playButton\" visibility=\"VISIBLE\"/></DisplayRule>\n<DisplayRule type=\"ATOM_VIDEO\" copyOf=\"ATOM_PLAYLIST\"/>\n</DisplayRules></Cell></Component></Components></Family>"}),
    Case('ZL0203', 'layoutId in single quotes', 'families/f.xml', "' cell_1\t'", "'cell_1'", {"families/f.xml": "<Family name=\"F\"><Components><Component type=\"list\"><Cell name='L' ⟪layoutId=' cell_1\t'⟫><DisplayRules>\n<DisplayRule type=\"ATOM_PLAYLIST\"><View name=\"playButton\" visibility=\"VISIBLE\"/></DisplayRule>\n<DisplayRule type=\"ATOM_VIDEO\" copyOf=\"ATOM_PLAYLIST\"/>\n</DisplayRules></Cell></Component></Components></Family>"}),
    Case('ZL0203', 'visibility', 'families/f.xml', '"VISIBL"', '"VISIBLE"', {"families/f.xml": "<Family name=\"F\"><Components><Component type=\"list\"><Cell name=\"L\"><DisplayRules>\n<DisplayRule type=\"ATOM_PLAYLIST\"><View name=\"playButton\" ⟪visibility=\"VISIBL\"⟫/></DisplayRule>\n<DisplayRule type=\"ATOM_VIDEO\" copyOf=\"ATOM_PLAYLIST\"/>\n</DisplayRules></Cell></Component></Components></Family>"}),
    Case('ZL0510', 'attribute name', 'families/f.xml', 'aspectCelRatio', 'aspectCellRatio', {"families/f.xml": "<Family name=\"F\"><Components><Component type=\"list\"><Cell name=\"L\" ⟪aspectCelRatio=\"1.5\"⟫><DisplayRules>\n<DisplayRule type=\"ATOM_PLAYLIST\"><View name=\"playButton\" visibility=\"VISIBLE\"/></DisplayRule>\n<DisplayRule type=\"ATOM_VIDEO\" copyOf=\"ATOM_PLAYLIST\"/>\n</DisplayRules></Cell></Component></Components></Family>"}),
    Case('ZL0206', 'namespaced attribute', 'families/f.xml', 'android:layoutId', 'layoutId', {"families/f.xml": "<Family name=\"F\"><Components><Component type=\"list\"><Cell name=\"L\" ⟪android:layoutId=\"c\"⟫><DisplayRules>\n<DisplayRule type=\"ATOM_PLAYLIST\"><View name=\"playButton\" visibility=\"VISIBLE\"/></DisplayRule>\n<DisplayRule type=\"ATOM_VIDEO\" copyOf=\"ATOM_PLAYLIST\"/>\n</DisplayRules></Cell></Component></Components></Family>"}),
    Case('ZL0203', 'display rule type with spaces', 'families/f.xml', '" ATOM_VIDEO "', '"ATOM_VIDEO"', {"families/f.xml": "<Family name=\"F\"><Components><Component type=\"list\"><Cell name=\"L\"><DisplayRules>\n<DisplayRule type=\"ATOM_PLAYLIST\"><View name=\"playButton\" visibility=\"VISIBLE\"/></DisplayRule>\n<DisplayRule ⟪type=\" ATOM_VIDEO \"⟫ copyOf=\"ATOM_PLAYLIST\"/>\n</DisplayRules></Cell></Component></Components></Family>"}),
    Case('ZL0301', '', 'screens/o.json', '"FAMLY_1"', '"FAMILY_1"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"favorites\", \"styles\": {⟪\"family\": \"FAMLY_1\"⟫}, \"ui_components\": []}]"}),
    Case('ZL0304', '', 'screens/o.json', '"GRID_1 "', '"GRID_1"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"grid\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {⟪\"cell_styles\": [\"GRID_1 \"]⟫}}]}]"}),
    Case('ZL0305', '', 'screens/o.json', '"HRO_1"', '"HERO_1"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"hero\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {⟪\"cell_styles\": [\"HERO_CELL_1\"], \"layout\": \"HRO_1\"⟫}}]}]"}),
    Case('ZL0306', '', 'screens/o.json', '"HEADR_1"', '"HEADER_1"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"grid\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"GRID_1\"], \"header\": {⟪\"style\": \"HEADR_1\"⟫}}}]}]"}),
    Case('ZL0312', '', 'screens/o.json', '"setings"', '"settings"', {"screens/o.json": "[{⟪\"id\": \"other\", \"type\": \"setings\", \"ui_components\": []⟫}]", "components/s.json": "{\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"settings\", \"type\": \"general\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true, \"screen\": true}"}),
    Case('ZL0315', '', 'screens/o.json', '"GRD_1"', '"GRID_1"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"hero\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"HERO_CELL_1\"]}, \"size_class_mapping\": {\"L\": {⟪\"component_type\": \"grid\", \"cell_style\": \"GRD_1\"⟫}}}]}]"}),
    Case('ZL0317', '', 'screens/o.json', '"xl"', '"XL"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{⟪\"component_type\": \"grid\", \"data\": {\"source\": \"1\", \"type\": \"APPLICASTER_COLLECTION\"}, \"styles\": {\"cell_styles\": [\"GRID_1\"]}, \"size_class_mapping\": {\"xl\": \"hide\"}⟫}]}]"}),
    Case('ZL0602', '', 'components/m.json', '"thumbnial"', '"thumbnail"', {"components/m.json": "{\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"x\", \"type\": \"ui_component\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true, \"about\": {⟪\"text\": \"a\"}, \"thumbnial\": \"1\", \"preview\": {\"text\": \"b\"⟫}}"}),
    Case('ZL0608', '', 'components/m.json', '"style/a"', '"styles/a"', {"components/m.json": "{\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"x\", \"type\": \"ui_component\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true, \"styles\": {\"fields\": [{\"key\": \"a\", \"type\": \"switch\"}, {\"key\": \"b\", \"type\": \"text_input\", \"conditional_fields\": [{⟪\"key\": \"style/a\", \"condition_value\": true⟫}]}]}}"}),
    Case('ZL0614', '', 'screens/o.json', '"colr"', '"color"', {"screens/o.json": "[{\"id\": \"other\", \"type\": \"general_content\", \"styles\": {\"family\": \"FAMILY_1\"}, \"ui_components\": [{\"component_type\": \"banner\", \"styles\": {⟪\"kind\": \"colr\"⟫}}]}]", "components/b.json": "{\"author_name\": \"a\", \"author_email\": \"a@b.c\", \"manifest_version\": \"1.0.0\", \"name\": \"N\", \"description\": \"D\", \"identifier\": \"banner\", \"type\": \"ui_component\", \"min_zapp_sdk\": \"1.0\", \"ui_builder_support\": true, \"styles\": {\"fields\": [{\"key\": \"kind\", \"type\": \"select\", \"options\": [\"color\", \"image\"]}]}}"}),
]


# How a case's file is written and opened: its line ends, a byte order mark (that the editor keeps
# as a character, or drops), no line end after the fixed line (the last one), and an invalid UTF-8
# byte earlier on the line (the editor shows it as U+FFFD; `zlc check --fix` keeps the byte).
VARIANTS = ["lf", "crlf", "cr", "bom kept", "bom dropped", "no final newline", "invalid byte"]


def written(case, variant):
    """The case's file as the variant writes it: its bytes on disk and the text the editor opens."""
    before, after = XML_AROUND if case.path.endswith(".xml") else JSON_AROUND
    text = case.files[case.path].replace("⟪", before).replace("⟫", after)
    text = text if variant == "no final newline" else text + "\n"
    if variant == "crlf":
        text = text.replace("\n", "\r\n")
    if variant == "cr":
        text = text.replace("\n", "\r")
    data = text.encode("utf-8")
    if variant.startswith("bom"):
        data = b"\xef\xbb\xbf" + data
    if variant == "invalid byte":
        data = data.replace("Ω".encode("utf-8"), b"\xff", 1)
    editor = data.decode("utf-8", "replace")
    if variant == "bom dropped":
        editor = editor[1:]
    return data, editor


def expected_span(case, data):
    """`data` with the case's span (the one between its marks) replaced by the fix."""
    before, _ = XML_AROUND if case.path.endswith(".xml") else JSON_AROUND
    around = data.index(before[:3].encode("utf-8"))
    start = data.index(case.old.encode("utf-8"), around)
    return data[:start] + case.new.encode("utf-8") + data[start + len(case.old.encode("utf-8")):]


def write_project(root, case, data):
    for path, text in {**BASE, **case.files}.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data if path == case.path else text.encode("utf-8"))


def line_starts(text):
    """The offsets at which LSP's lines start: after "\r\n", "\r" and "\n"."""
    starts = [0]
    i = 0
    while i < len(text):
        if text[i] == "\r" and text[i + 1 : i + 2] == "\n":
            i += 1
        if text[i] in "\r\n":
            starts.append(i + 1)
        i += 1
    return starts


def offset(text, position, encoding):
    """The index in `text` of an LSP position counted in `encoding`'s units."""
    starts = line_starts(text)
    if position.line >= len(starts):
        return len(text)
    i = starts[position.line]
    end = starts[position.line + 1] if position.line + 1 < len(starts) else len(text)
    while end > i and text[end - 1] in "\r\n":
        end -= 1
    units = 0
    while i < end and units < position.character:
        ch = text[i]
        units += {"utf-8": len(ch.encode("utf-8")), "utf-16": 2 if ord(ch) > 0xFFFF else 1}.get(encoding, 1)
        i += 1
    return i


def applied(text, edits, encoding):
    """`text` with LSP edits made, the last one first, as a client applies a workspace edit."""
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        start, end = offset(text, edit.range.start, encoding), offset(text, edit.range.end, encoding)
        text = text[:start] + edit.new_text + text[end:]
    return text


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[support.ZLC, "lsp"]))
async def client(lsp_client: LanguageClient, tmp_path):
    support.zlc()

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        pass

    capabilities = pytest_lsp.client_capabilities("visual-studio-code")
    # The client can count in any encoding: the server picks the one it counts in.
    capabilities.general.position_encodings = [
        types.PositionEncodingKind.Utf8,
        types.PositionEncodingKind.Utf32,
        types.PositionEncodingKind.Utf16,
    ]
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=capabilities, root_uri=uri(tmp_path), workspace_folders=[types.WorkspaceFolder(uri=uri(tmp_path), name="w")])
    )
    lsp_client.encoding = result.capabilities.position_encoding or types.PositionEncodingKind.Utf16
    yield
    await lsp_client.shutdown_session()


async def quick_fixed(client, path, text):
    """The editor's text after every preferred quick fix of the file is applied, one at a time as a
    person would (each edit sent as the incremental change a client sends), and the diagnostics
    published last."""
    document = uri(path)
    language = "xml" if path.endswith(".xml") else "json"
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(document, language, 1, text)))
    diagnostics = await published(client, document)
    for version in range(2, 10):
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                types.TextDocumentIdentifier(document),
                types.Range(types.Position(0, 0), types.Position(len(line_starts(text)), 0)),
                types.CodeActionContext(diagnostics=diagnostics),
            )
        )
        fixes = [a for a in actions or [] if a.is_preferred and a.edit and document in (a.edit.changes or {})]
        if not fixes:
            break
        edits = fixes[0].edit.changes[document]
        text = applied(text, edits, client.encoding)
        changes = [
            types.TextDocumentContentChangePartial(range=e.range, text=e.new_text)
            for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True)
        ]
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(types.VersionedTextDocumentIdentifier(uri=document, version=version), changes)
        )
        diagnostics = await published(client, document)
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(document)))
    return text, diagnostics


@pytest.mark.parametrize("case", CASES, ids=[f"{c.code}-{c.label or c.path}" for c in CASES])
async def test_quick_fix_and_check_fix_write_the_same_file(client: LanguageClient, tmp_path, case):
    assert client.encoding == types.PositionEncodingKind.Utf16
    for variant in VARIANTS:
        if variant == "invalid byte" and (case.path.endswith(".xml") or case.code == "ZL0307"):
            # A family XML file with an invalid byte is not read (ZL0106 alone); a screen
            # reference's fix waits while a screens file has an error (ZL0106 here), which the
            # editor's text, holding U+FFFD, has not.
            continue
        data, editor = written(case, variant)
        name = variant.replace(" ", "-")
        project, copy = str(tmp_path / name / "app"), str(tmp_path / name / "fixed")
        write_project(project, case, data)
        write_project(copy, case, data)
        subprocess.run([support.zlc(), "check", copy, "--fix"], capture_output=True)
        with open(os.path.join(copy, case.path), "rb") as f:
            fixed = f.read()
        # Only the span changed, and the file reads back.
        assert fixed == expected_span(case, data), variant
        plain = fixed.decode("utf-8", "replace").lstrip("\ufeff")
        if case.path.endswith(".xml"):
            ElementTree.fromstring(plain)
        else:
            json.loads(plain)
        again = [d for d in support.check_json(copy) if d["code"] == case.code and d["file"].endswith(case.path)]
        assert again == [], variant
        # The editor's quick fixes leave the same text, the byte order mark as it kept it.
        text, diagnostics = await quick_fixed(client, os.path.join(project, case.path), editor)
        shown = fixed.decode("utf-8", "replace")
        assert text == (shown[1:] if variant == "bom dropped" else shown), variant
        assert [d for d in diagnostics if d.code == case.code] == [], variant


async def test_adjacent_fixes_on_a_line_of_emoji_are_made_alike(client: LanguageClient, tmp_path):
    # A misspelled key and its misspelled value, one byte apart, after an emoji and a combining
    # accent on a CRLF line: both quick fixes leave the text both fix-its of `zlc check --fix` write.
    line = '[{"id": "other", "name": "Ñ😀e\u0301", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "tpye":"APPLICASTER_COLECTION"}}]}]'
    data = ("\r\n" + line + "\r\n").encode("utf-8")
    case = Case("", "", "screens/o.json", "", "", {"screens/o.json": ""})
    project, copy = str(tmp_path / "app"), str(tmp_path / "fixed")
    write_project(project, case, data)
    write_project(copy, case, data)
    subprocess.run([support.zlc(), "check", copy, "--fix"], capture_output=True)
    with open(os.path.join(copy, "screens/o.json"), "rb") as f:
        fixed = f.read()
    assert fixed == data.replace(b'"tpye":"APPLICASTER_COLECTION"', b'"type":"APPLICASTER_COLLECTION"')
    text, diagnostics = await quick_fixed(client, os.path.join(project, "screens/o.json"), data.decode("utf-8"))
    assert text == fixed.decode("utf-8")
    assert [d.code for d in diagnostics if d.code in ("ZL0206", "ZL0402")] == []


async def test_a_quick_fix_of_an_unsaved_buffer_fixes_the_buffer(client: LanguageClient, tmp_path):
    # The file on disk is clean; the editor's unsaved text misspells a component type on a line of
    # emoji and accents. The quick fix edits that text as `zlc check --fix` edits it saved, and the
    # file on disk is left as it is.
    case = next(c for c in CASES if c.code == "ZL0303")
    data, editor = written(case, "crlf")
    project, copy = str(tmp_path / "app"), str(tmp_path / "fixed")
    write_project(project, case, data.replace(b'"gird"', b'"grid"'))
    write_project(copy, case, data)
    subprocess.run([support.zlc(), "check", copy, "--fix"], capture_output=True)
    with open(os.path.join(copy, case.path), "rb") as f:
        fixed = f.read()
    assert fixed == data.replace(b'"gird"', b'"grid"')
    text, diagnostics = await quick_fixed(client, os.path.join(project, case.path), editor)
    assert text == fixed.decode("utf-8")
    assert [d for d in diagnostics if d.code == "ZL0303"] == []
    with open(os.path.join(project, case.path), "rb") as f:
        assert f.read() == data.replace(b'"gird"', b'"grid"')
