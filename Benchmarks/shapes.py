"""The benchmark's projects by name (scripts/bench.py): what writes each, and how tables label it.

Each writer takes a size and an empty folder. The clean shapes of 10,000 screens that the goals
are measured on: `generated` (Benchmarks/generate.py), `variety` (the demo's screens repeated,
scripts/bench_scaling.py) and `rich` (real plugin manifests, Benchmarks/rich.py); the stale-UUID
project `uuids` (bench_scaling.py), and the error-heavy and single-input projects of
Benchmarks/projects.py.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
import bench_scaling  # noqa: E402
import generate  # noqa: E402
import projects  # noqa: E402
import rich  # noqa: E402

WRITERS = {
    "generated": generate.generate,
    "renamed": lambda n, d: bench_scaling.write_repeated(n, d, keep_references=False),
    "variety": lambda n, d: bench_scaling.write_repeated(n, d, keep_references=True),
    "rich": rich.generate,
    "uuids": bench_scaling.write_stale_uuids,
    "typos": projects.write_typos,
    "unknown-keys": projects.write_unknown_keys,
    "duplicates": projects.write_duplicates,
    "fields": bench_scaling.write_fields,
    "cells": bench_scaling.write_cells,
    "types": bench_scaling.write_types,
    "attributes": bench_scaling.write_attributes,
    "size_classes": bench_scaling.write_size_classes,
    "conditions": bench_scaling.write_conditions,
    "wide": projects.write_wide_screen,
    "plugins": bench_scaling.write_plugins,
    "families": bench_scaling.write_family_typos,
}
LABELS = {
    "generated": "generated (clean)",
    "renamed": "renamed ids (every reference unresolved)",
    "variety": "demo variety (clean)",
    "rich": "rich real manifests (clean)",
    "uuids": "stale UUIDs (every reference unresolved)",
    "typos": "cell-style typos (5 errors a screen)",
    "unknown-keys": "unknown keys everywhere (11 warnings a screen)",
    "duplicates": "duplicate ids (every screen twice)",
}


def clean_shapes():
    """The clean shapes the goals are measured on; `rich` only when its real manifests are there."""
    return ["variety", "generated"] + (["rich"] if rich.available() else [])
