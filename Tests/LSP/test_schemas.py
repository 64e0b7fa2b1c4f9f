"""Schemas that fit editors: `$schema` accepted in every input, descriptions on every key of the
manifest, feed and settings schemas, and `zlc schema --project` completing the project's own names."""
import json
import os
import shutil
import subprocess

import jsonschema

import support

SCHEMA_URL = "https://example.invalid/zlc/screens.schema.json"


def schema(kind, project=None):
    command = [support.zlc(), "schema", kind] + (["--project", project] if project else [])
    process = subprocess.run(command, capture_output=True, text=True)
    assert process.returncode == 0, process.stderr
    result = json.loads(process.stdout)
    jsonschema.Draft7Validator.check_schema(result)
    return result


def errors(kind_schema, path):
    return list(jsonschema.Draft7Validator(kind_schema).iter_errors(json.load(open(path, encoding="utf-8"))))


def with_schema(path, transform=lambda value: value):
    value = transform(json.load(open(path, encoding="utf-8")))
    if isinstance(value, dict):
        value = {"$schema": SCHEMA_URL, **value}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, indent=2, ensure_ascii=False)


def test_schema_key_is_accepted_in_every_input(tmp_path):
    project = support.demo_project(tmp_path)
    screens = os.path.join(project, "screens")
    with_schema(os.path.join(screens, "home.json"), lambda rivers: {"rivers": rivers})  # rivers wrapper
    with_schema(os.path.join(screens, "movie.json"))  # one screen
    with_schema(os.path.join(screens, "season.json"), lambda screen: {screen["id"]: screen})  # map by id
    for name in os.listdir(os.path.join(project, "components")):
        with_schema(os.path.join(project, "components", name))
    with_schema(os.path.join(project, "zlc.json"))
    with_schema(os.path.join(project, "screen_types.json"))
    os.makedirs(os.path.join(project, "families"))
    family = json.load(open(os.path.join(support.ROOT, "families", "FAMILY_2.json"), encoding="utf-8"))
    family["name"] = "STUDIO"
    json.dump({"$schema": SCHEMA_URL, **family}, open(os.path.join(project, "families", "STUDIO.json"), "w"))
    for name in os.listdir(os.path.join(project, "feeds")):
        with_schema(os.path.join(project, "feeds", name))

    process = subprocess.run([support.zlc(), "check", project], capture_output=True, text=True)
    assert process.returncode == 0, process.stderr
    assert "0 errors, 0 warnings" in process.stderr
    for path in [os.path.join(screens, n) for n in ("home.json", "movie.json", "season.json")]:
        assert errors(schema("screens"), path) == [], path
    for name in os.listdir(os.path.join(project, "components")):
        assert errors(schema("manifest"), os.path.join(project, "components", name)) == []
    assert errors(schema("settings"), os.path.join(project, "zlc.json")) == []
    assert errors(schema("screen-types"), os.path.join(project, "screen_types.json")) == []
    for name in os.listdir(os.path.join(project, "feeds")):
        assert errors(schema("feed"), os.path.join(project, "feeds", name)) == []


def undescribed(node, where=""):
    """The properties of a schema (at any depth) without a description."""
    missing = []
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            if not (isinstance(value, dict) and value.get("description")):
                missing.append(f"{where}/{key}")
        for key, value in node.items():
            missing += undescribed(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            missing += undescribed(value, f"{where}/{i}")
    return missing


def test_every_manifest_feed_and_settings_key_is_described():
    for kind in ("manifest", "feed", "settings", "screen-types"):
        assert undescribed(schema(kind)) == [], kind


def test_project_schema_completes_the_projects_own_names(tmp_path):
    project = support.demo_project(tmp_path)
    screens = schema("screens", project)
    component = screens["definitions"]["component"]["properties"]
    types = component["component_type"]["enum"]
    assert {"promo_banner", "search_bar", "hero", "grid"} <= set(types)
    styles = component["styles"]["properties"]
    assert {"FAMILY_1", "FAMILY_2"} <= set(styles["family"]["enum"])
    assert {"HERO_CELL_1", "HORIZONTAL_LIST_1", "PROMO_WIDE"} <= set(styles["cell_styles"]["items"]["enum"])
    targets = component["data"]["properties"]["target"]["enum"]
    ids = set()
    for name in os.listdir(os.path.join(project, "screens")):
        value = json.load(open(os.path.join(project, "screens", name), encoding="utf-8"))
        value = value.get("rivers", [value]) if isinstance(value, dict) else value
        ids |= {screen["id"] for screen in value}
    assert ids <= set(targets)
    # The demo is accepted; a typo the plain schema accepts is now rejected.
    home = os.path.join(project, "screens", "home.json")
    assert errors(screens, home) == []
    text = open(home, encoding="utf-8").read().replace('"component_type": "hero"', '"component_type": "heroo"', 1)
    open(home, "w", encoding="utf-8").write(text)
    assert errors(schema("screens"), home) == []
    assert errors(screens, home) != []
    mappings = schema("screen-types", project)["properties"]["screen_types"]["additionalProperties"]["enum"]
    assert {"show", "Movie"} <= set(mappings)
    missing = subprocess.run([support.zlc(), "schema", "screens", "--project", str(tmp_path / "nowhere")], capture_output=True, text=True)
    assert missing.returncode == 74 and "no such folder" in missing.stderr


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, indent=2, ensure_ascii=False)


def test_forms_zlc_reads_are_valid_for_the_schemas(tmp_path):
    """Every form of an input zlc reads clean validates: Quick Brick's rivers map, a manifest file
    of several manifests or of plugin configurations, a screen plugin's own data keys, "" for an
    absent object or list, and a content type opening `{"screen_id": …}` under --project."""
    project = support.demo_project(tmp_path)
    screens = os.path.join(project, "screens")
    home = os.path.join(screens, "home.json")
    rivers = json.load(open(home, encoding="utf-8"))
    rivers = rivers if isinstance(rivers, list) else [rivers]
    rivers[0]["ui_components"][0]["rules"] = ""
    rivers[0]["advertising"] = ""
    write_json(home, {"layoutVersion": "v1", "rivers": {screen["id"]: screen for screen in rivers}})
    components = os.path.join(project, "components")
    player = os.path.join(components, "player.json")
    manifest = json.load(open(player, encoding="utf-8"))
    manifest["data"] = {"fields": [{"key": "feed_url", "type": "text_input"}]}
    write_json(player, [manifest])
    plugins = sorted(n for n in os.listdir(components) if n != "player.json")
    first = os.path.join(components, plugins[0])
    write_json(first, [{"plugin": json.load(open(first, encoding="utf-8")), "configuration_json": {}}])
    for name in os.listdir(screens):
        path = os.path.join(screens, name)
        value = json.load(open(path, encoding="utf-8"))
        for screen in value if isinstance(value, list) else [value]:
            if isinstance(screen, dict) and screen.get("type") == "player":
                screen["data"] = {**(screen.get("data") or {}), "feed_url": "https://example.com/feed"}
        write_json(path, value)
    types = os.path.join(project, "screen_types.json")
    mappings = json.load(open(types, encoding="utf-8"))
    mappings["content_types"] = {"video": {"screen_id": "movie"}}
    write_json(types, mappings)

    process = subprocess.run([support.zlc(), "check", project], capture_output=True, text=True)
    assert process.returncode == 0, process.stderr
    assert "0 errors" in process.stderr
    for kind_schema in (schema("screens"), schema("screens", project)):
        for name in os.listdir(screens):
            assert errors(kind_schema, os.path.join(screens, name)) == [], name
    for name in os.listdir(components):
        assert errors(schema("manifest"), os.path.join(components, name)) == [], name
    assert errors(schema("screen-types", project), types) == []
    # A string that is not "" is no object, and a screen id the project lacks is still refused.
    rivers[0]["ui_components"][0]["rules"] = "x"
    write_json(home, rivers)
    assert errors(schema("screens"), home) != []
    mappings["content_types"] = {"video": {"screen_id": "nowhere"}}
    write_json(types, mappings)
    assert errors(schema("screen-types", project), types) != []


def test_a_required_key_holds_a_value(tmp_path):
    """A required key written "" or null is missing to zlc (ZL0201), and to the schema."""
    project = support.demo_project(tmp_path)
    home = os.path.join(project, "screens", "home.json")
    original = json.load(open(home, encoding="utf-8"))
    for kind_schema in (schema("screens"), schema("screens", project)):
        assert errors(kind_schema, home) == []
        for key, empty in (("id", ""), ("type", None)):
            value = json.loads(json.dumps(original))
            screens = value if isinstance(value, list) else [value]
            screens[0][key] = empty
            write_json(home, value)
            assert errors(kind_schema, home) != [], key
        value = json.loads(json.dumps(original))
        screens = value if isinstance(value, list) else [value]
        screens[0]["ui_components"][0]["component_type"] = ""
        write_json(home, value)
        assert errors(kind_schema, home) != []
        write_json(home, original)
    process = subprocess.run([support.zlc(), "check", project], capture_output=True, text=True)
    assert process.returncode == 0, process.stderr
    settings = os.path.join(project, "zlc.json")
    value = json.load(open(settings, encoding="utf-8"))
    value["devices"] = [{"name": "phone", "width": ""}]
    write_json(settings, value)
    assert errors(schema("settings"), settings) != []


def test_a_list_of_objects_holds_no_null(tmp_path):
    """null in a list of objects is an error to zlc (ZL0202), and to the schema."""
    project = support.demo_project(tmp_path)
    home = os.path.join(project, "screens", "home.json")
    value = json.load(open(home, encoding="utf-8"))
    screens = value if isinstance(value, list) else [value]
    screens[0]["ui_components"].append(None)
    write_json(home, value)
    process = subprocess.run([support.zlc(), "check", project], capture_output=True, text=True)
    assert process.returncode == 1 and "[ZL0202]" in process.stderr, process.stderr
    assert errors(schema("screens"), home) != []


def test_the_family_schema_takes_what_zlc_reads(tmp_path):
    """"" or null for a list, the responsive rule or a size-class mapping is none, and a number
    may be a string with spaces or a plus sign: zlc reads them so, and so does the schema."""
    project = support.demo_project(tmp_path)
    os.makedirs(os.path.join(project, "families"))
    path = os.path.join(project, "families", "J.json")
    family = {"name": "J", "responsive": "", "footers": "", "headers": None, "screens": None,
              "components": [{"type": "grid", "sizeClassMapping": None, "insetLeft": " 8", "insetRight": "+8"}]}
    write_json(path, family)
    process = subprocess.run([support.zlc(), "check", project], capture_output=True, text=True)
    assert process.returncode == 0 and "0 errors" in process.stderr, process.stderr
    assert errors(schema("family"), path) == []
    write_json(path, {**family, "screens": "x"})
    assert errors(schema("family"), path) != []


def test_a_family_replacement_is_closed(tmp_path):
    """A family's size-class replacement holds component_type and cell_style alone: zlc reports a
    misspelled key (ZL0206), and the schema refuses it; "hide" and a whole replacement pass both."""
    project = support.demo_project(tmp_path)
    os.makedirs(os.path.join(project, "families"))
    path = os.path.join(project, "families", "J.json")
    mapping = {"S": "hide", "L": {"component_type": "grid", "cell_style": "G"}}
    family = {"name": "J", "components": [
        {"type": "grid", "columns": 2, "cells": [{"name": "G", "aspectCellRatio": 1}], "sizeClassMapping": mapping}]}
    write_json(path, family)
    process = subprocess.run([support.zlc(), "check", project], capture_output=True, text=True)
    assert process.returncode == 0 and "0 errors" in process.stderr, process.stderr
    assert errors(schema("family"), path) == []
    mapping["L"] = {"component_type": "grid", "cell_stlye": "G"}
    write_json(path, family)
    process = subprocess.run([support.zlc(), "check", project], capture_output=True, text=True)
    assert process.returncode == 1 and "misspelled attribute 'cell_stlye' on <replacement>" in process.stderr, process.stderr
    assert errors(schema("family"), path) != []


def test_a_number_in_a_string_is_one_zlc_reads(tmp_path):
    """A number written as a string is a JSON number, spaces around it allowed: "+375" is none, to
    zlc (ZL0202) and to the schema."""
    project = support.demo_project(tmp_path)
    settings = os.path.join(project, "zlc.json")
    value = json.load(open(settings, encoding="utf-8"))
    value["devices"] = [{"name": "phone", "class": "phone", "width": " 375"}, {"name": "tablet", "class": "tablet", "width": "1024"}]
    write_json(settings, value)
    process = subprocess.run([support.zlc(), "check", project], capture_output=True, text=True)
    assert process.returncode == 0, process.stderr
    assert errors(schema("settings"), settings) == []
    value["devices"][0]["width"] = "+375"
    write_json(settings, value)
    process = subprocess.run([support.zlc(), "check", project], capture_output=True, text=True)
    assert process.returncode == 1 and "[ZL0202]" in process.stderr, process.stderr
    assert errors(schema("settings"), settings) != []


def findings(project, path):
    """`zlc check`'s errors in one file: (line, column, code, message, notes)."""
    return [(d["line"], d["column"], d["code"], d["message"], d["notes"]) for d in support.check_json(project)
            if os.path.abspath(d["file"]) == os.path.abspath(path) and d["severity"] == "error"]


def test_null_or_empty_string_alone_is_refused(tmp_path):
    """A file holding null or "" alone, or null for a screen or a manifest, is an error (ZL0202): the
    schemas refuse it too."""
    project = support.demo_project(tmp_path)
    cases = [
        ("screens", "screens/plugins.json", None, "a screens file holds a rivers array of screens or one screen object, found null", (1, 1)),
        ("screens", "screens/plugins.json", [None], "a screen is an object, found null", (1, 2)),
        ("screens", "screens/plugins.json", {"rivers": [None]}, "a screen is an object, found null", (1, 13)),
        ("screens", "screens/plugins.json", {"x": None}, "a screen is an object, found null", (1, 7)),
        ("manifest", "components/settings.json", None, "a manifest file holds an object (or an array of manifests), found null", (1, 1)),
        ("manifest", "components/settings.json", [None], "a manifest is an object, found null", (1, 2)),
        ("settings", "zlc.json", None, "zlc.json must be an object, found null", (1, 1)),
        ("screen-types", "screen_types.json", None, "screen_types.json must be an object, found null", (1, 1)),
        ("registry", "registries/ios.json", None, "registry must be an object, found null", (1, 1)),
        ("settings", "zlc.json", "", "zlc.json must be an object, found a string", (1, 1)),
        ("screen-types", "screen_types.json", "", "screen_types.json must be an object, found a string", (1, 1)),
        ("registry", "registries/ios.json", "", "registry must be an object, found a string", (1, 1)),
        ("screens", "screens/plugins.json", "", "a screens file holds a rivers array of screens or one screen object, found a string", (1, 1)),
        ("manifest", "components/settings.json", "", "a manifest file holds an object (or an array of manifests), found a string", (1, 1)),
    ]
    for kind, name, value, message, (line, column) in cases:
        path = os.path.join(project, name)
        original = open(path, encoding="utf-8").read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(value, separators=(", ", ": ")))
        assert (line, column, "ZL0202", message, []) in findings(project, path), (name, value)
        assert errors(schema(kind), path) != [], (name, value)
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)
    # A feed is read by zlc map, which refuses null as well.
    feed = os.path.join(project, "feeds", "show.json")
    with open(feed, "w", encoding="utf-8") as f:
        f.write("null")
    process = subprocess.run([support.zlc(), "map", "show", "--project", project, "--sender", feed], capture_output=True, text=True)
    assert f"{feed}:1:1: error: a feed is an object, found null [ZL0202]" in process.stderr, process.stderr
    assert errors(schema("feed"), feed) != []


def test_item_limit_is_a_whole_number_from_1_to_999999999(tmp_path):
    """What zlc check refuses as an item limit (ZL0410, or ZL0202 for a number written with a
    leading zero), the schema refuses; what it accepts, the schema accepts."""
    project = support.demo_project(tmp_path)
    home = os.path.join(project, "screens", "home.json")
    original = json.load(open(home, encoding="utf-8"))
    for value, accepted in [(True, False), ("-5", False), (0, False), ("06", False), (1000000000, False), (6.5, False),
                            ("1e3", False), (6, True), ("6", True), (6.0, True), (None, True), ("", True), ("999999999", True)]:
        screens = json.loads(json.dumps(original))
        screens = screens if isinstance(screens, list) else [screens]
        screens[0]["ui_components"][0]["rules"] = {"item_limit": value}
        write_json(home, screens)
        codes = [f[2] for f in findings(project, home)]
        assert (codes == []) == accepted and set(codes) <= {"ZL0410", "ZL0202"}, (value, codes)
        assert (errors(schema("screens"), home) == []) == accepted, value


def test_a_manifest_holds_zappifests_keys_alone(tmp_path):
    """A manifest without zappifest's mandatory keys (ZL0601) or with a key it does not permit
    (ZL0602) is refused by the schema too; a delivered one (plugin_configurations) is held to
    neither, by zlc and by the schema."""
    project = support.demo_project(tmp_path)
    path = os.path.join(project, "components", "promo_banner.json")
    manifest = json.load(open(path, encoding="utf-8"))
    write_json(path, {})
    assert [f[2] for f in findings(project, path)] == ["ZL0601"]
    assert errors(schema("manifest"), path) != []
    write_json(path, {**manifest, "latest_version": "1"})
    assert [f[2:4] for f in findings(project, path)] == [("ZL0602", "Manifest contains unpermitted key 'latest_version'")]
    assert errors(schema("manifest"), path) != []
    write_json(path, [manifest, {**manifest, "identifier": "promo_banner_2", "latest_version": "1"}])
    assert errors(schema("manifest"), path) != []
    delivered = {key: value for key, value in manifest.items() if key not in ("author_email", "description")}
    write_json(path, [{"plugin": {**delivered, "react_packages": []}, "configuration_json": {}}])
    assert findings(project, path) == []
    assert errors(schema("manifest"), path) == []


def test_devices_list_one_device_at_least(tmp_path):
    """`devices: []` is an error (ZL0203) and refused by the schema; null leaves the defaults."""
    project = support.demo_project(tmp_path)
    settings = os.path.join(project, "zlc.json")
    value = json.load(open(settings, encoding="utf-8"))
    for devices, accepted in [([], False), (None, True), (value["devices"][:1], True)]:
        write_json(settings, {**value, "devices": devices})
        assert (findings(project, settings) == []) == accepted, devices
        assert (errors(schema("settings"), settings) == []) == accepted, devices


def test_a_footer_key_speaks_of_the_footer():
    styles = schema("screens")["definitions"]["component"]["properties"]["styles"]["properties"]
    assert styles["header"]["properties"]["visible"]["description"] == "whether the header shows"
    assert styles["footer"]["properties"]["visible"]["description"] == "whether the footer shows"


def test_real_manifests_zlc_accepts_validate(tmp_path):
    """Every real manifest beside the repository that zlc check accepts validates."""
    samples = os.path.join(os.path.dirname(support.ROOT), "shared", "zapp-samples")
    if not os.path.isdir(samples):
        assert os.environ.get("CI") != "true", f"{samples} is missing"
        return
    manifest_schema = schema("manifest")
    paths = [os.path.join(samples, "real-manifests", n) for n in sorted(os.listdir(os.path.join(samples, "real-manifests")))
             if n.endswith(".json")]
    paths += [os.path.join(samples, n) for n in sorted(os.listdir(samples)) if n.startswith(("qb-", "zee-")) and n.endswith(".json")]
    paths.append(os.path.join(samples, "android-fixture-plugin_configurations.json"))
    accepted = 0
    for path in paths:
        project = support.demo_project(tmp_path / os.path.basename(path))
        copy = os.path.join(project, "components", "sample.json")
        shutil.copy(path, copy)
        if findings(project, copy) == []:
            accepted += 1
            assert errors(manifest_schema, copy) == [], path
    assert accepted >= 40, accepted


def test_a_family_key_written_null_is_absent(tmp_path):
    """A family's, component's or cell's key written null is absent to zlc, and valid to the
    schema; a cell's style may be a string (a style of the client's own)."""
    project = support.demo_project(tmp_path)
    os.makedirs(os.path.join(project, "families"))
    path = os.path.join(project, "families", "J.json")
    family = {"name": "J", "version": None, "showBottomPadding": None,
              "components": [{"type": "grid", "columns": None, "layout": None, "insetTop": None,
                              "cells": [{"name": "G", "layoutId": None, "aspectCellRatio": 1,
                                         "style": "ClientCardStyle", "elements": None}]}]}
    write_json(path, family)
    process = subprocess.run([support.zlc(), "check", project], capture_output=True, text=True)
    assert process.returncode == 0 and "0 errors" in process.stderr, process.stderr
    assert errors(schema("family"), path) == []
    write_json(path, {**family, "version": 3})
    assert errors(schema("family"), path) != []


def test_a_mandatory_manifest_key_written_null_is_missing(tmp_path):
    """A mandatory manifest key written null is missing to zlc (ZL0601), and to the schema."""
    project = support.demo_project(tmp_path)
    path = os.path.join(project, "components", "promo_banner.json")
    manifest = json.load(open(path, encoding="utf-8"))
    assert errors(schema("manifest"), path) == []
    for key in ("name", "ui_builder_support", "identifier"):
        write_json(path, {**manifest, key: None})
        assert "ZL0601" in [f[2] for f in findings(project, path)], key
        assert errors(schema("manifest"), path) != [], key


def test_a_project_mapping_names_a_screen(tmp_path):
    """Under --project, a mapping's screen and a content type's screen_id name a screen: "" or
    null there names none (ZL0307, ZL0201), and the schema refuses it too."""
    project = support.demo_project(tmp_path)
    path = os.path.join(project, "screen_types.json")
    mappings = json.load(open(path, encoding="utf-8"))
    project_schema = schema("screen-types", project)
    assert errors(project_schema, path) == []
    for value in ({**mappings, "screen_types": {**mappings["screen_types"], "show": ""}},
                  {**mappings, "content_types": {"video": {"screen_id": ""}}},
                  {**mappings, "content_types": {"video": {"screen_id": None}}}):
        write_json(path, value)
        assert [f[2] for f in findings(project, path)] != [], value
        assert errors(project_schema, path) != [], value


def test_every_item_limit_is_a_whole_number_from_1(tmp_path):
    """item_limit's older names and each size class's limit are held to the same range (ZL0410)
    by zlc and by the schema; a valid limit passes both."""
    project = support.demo_project(tmp_path)
    home = os.path.join(project, "screens", "home.json")
    original = json.load(open(home, encoding="utf-8"))
    screens_schema = schema("screens")
    cases = [({"data_source_limit": 0}, True), ({"datasource_limit": "abc"}, True), ({"data_source_limit": 5}, False),
             ({"item_limit_by_size_class": {"S": 0}}, True), ({"item_limit_by_size_class": {"S": None}}, True),
             ({"item_limit_by_size_class": ""}, True), ({"item_limit_by_size_class": {"S": "4"}}, False),
             ({"item_limit_by_size_class": None}, False)]
    for rules, refused in cases:
        value = json.loads(json.dumps(original))
        screens = value if isinstance(value, list) else [value]
        screens[0]["ui_components"][0].setdefault("rules", {}).update(rules)
        write_json(home, value)
        assert bool(findings(project, home)) == refused, rules
        assert bool(errors(screens_schema, home)) == refused, rules
