#!/usr/bin/env bash
# Runs every libFuzzer target of Fuzz/ for SECONDS seconds (default 60) with a seed corpus made
# from the demo, and prints one line per target: executions, minutes, findings.
# Findings (crashing inputs) are written to Fuzz/findings/; each becomes a regression test by
# moving it into Tests/Fixtures/fuzz/<json|xml|feed>/ (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
targets=${FUZZ_TARGETS:-"FuzzJSON FuzzXML FuzzFeed FuzzCheck"}
bin=.build-fuzz/release
corpus=.build-fuzz/corpus
mkdir -p Fuzz/findings

seed() {
  local target=$1 dir=$corpus/$1
  mkdir -p "$dir"
  case $target in
    FuzzJSON) cp manifests/*.json manifests/screens/*.json manifests/components/*.json families/*.json ../shared/zapp-samples/*.json "$dir"/ ;;
    FuzzXML) cp families/*.xml ../shared/zapp-samples/*.xml "$dir"/ 2>/dev/null || cp families/*.xml "$dir"/ ;;
    FuzzFeed) cp manifests/feeds/*.json "$dir"/; cp ../shared/zapp-samples/*feed*.json "$dir"/ 2>/dev/null || true ;;
    FuzzCheck)
      # One seed per file of the demo: its index (the file the input replaces) and its content.
      python3 - "$dir" <<'PY'
import os, sys
root = "manifests"
files = sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs if f.endswith(".json"))
files += ["families/FUZZ.xml", "families/FUZZ.json"]
sources = [os.path.join(root, f) for f in files[:-2]] + ["families/FAMILY_1.xml", "families/FAMILY_2.json"]
for i, path in enumerate(sources):
    with open(path, "rb") as f, open(os.path.join(sys.argv[1], "seed-%02d" % i), "wb") as out:
        out.write(bytes([i]) + f.read())
PY
      ;;
  esac
}

status=0
for target in $targets; do
  seed "$target"
  log=.build-fuzz/$target.log
  set +e
  # Leak detection is off: LeakSanitizer reports Swift's lazily initialised globals (the shape
  # tables) as leaked, since their boxes are referenced through tagged enum payloads it does not
  # follow. AddressSanitizer's other checks stay on.
  ASAN_OPTIONS=detect_leaks=0 ZLC_FUZZ_DEMO=manifests "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -detect_leaks=0 \
    -artifact_prefix="Fuzz/findings/$target-" -print_final_stats=1 "$corpus/$target" >"$log" 2>&1
  code=$?
  set -e
  runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
  findings=$(ls Fuzz/findings | grep -c "^$target-" || true)
  echo "$target: ${runs:-0} executions in $(awk "BEGIN {printf \"%.1f\", $seconds / 60}") minutes, $findings findings (exit $code, log $log)"
  if [ "$code" -ne 0 ]; then status=1; fi
done
exit $status
