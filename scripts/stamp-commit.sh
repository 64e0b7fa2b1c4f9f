#!/usr/bin/env bash
# Writes the commit zlc is built from to Sources/zlc/BuildCommit+Generated.swift (ignored by git),
# for `make release`, which then builds with -DZLC_STAMPED_COMMIT; `--print` only prints it. The
# commit is $ZLC_COMMIT when set (CI, a build in a container), else git's HEAD with "-dirty" when
# tracked files have uncommitted changes, else "unknown".
# Usage: scripts/stamp-commit.sh [--print | OUTPUT_FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${ZLC_COMMIT:-}
if [ -z "$commit" ] && git -c safe.directory='*' rev-parse --git-dir >/dev/null 2>&1; then
  commit=$(git -c safe.directory='*' rev-parse HEAD)
  git -c safe.directory='*' diff --quiet HEAD -- 2>/dev/null || commit="$commit-dirty"
fi
commit=${commit:-unknown}
case "$commit" in *[!0-9A-Za-z._-]*) echo "stamp-commit: refusing commit '$commit'" >&2; exit 1 ;; esac
if [ "${1:-}" = "--print" ]; then
  echo "$commit"
  exit 0
fi
out=${1:-Sources/zlc/BuildCommit+Generated.swift}
tmp=$(mktemp "$out.XXXXXX")
printf '// Written by scripts/stamp-commit.sh for make release; not committed.\nlet stampedCommit = "%s"\n' "$commit" >"$tmp"
mv "$tmp" "$out"
