#!/usr/bin/env bash
# The check step of the GitHub Action (action.yml): checks $ZLC_PROJECT once for annotations
# (--format github) and once for code scanning (--format sarif to $ZLC_SARIF), and records the exit
# status as the step's output; the action fails after the SARIF upload, so findings are always seen.
set -uo pipefail
strict=()
[ "${ZLC_STRICT:-false}" = true ] && strict=(--warnings-as-errors)
sarif=${ZLC_SARIF:-zlc.sarif}
# The project after `--`: a folder whose name begins with '-' is not read as an option.
zlc check --format github ${strict[@]+"${strict[@]}"} -- "$ZLC_PROJECT"
status=$?
# The log is written beside, then copied to $sarif: a log zlc could not write whole (a full disk, a
# file-size limit), or one that cannot be put at $sarif (a directory there, a folder that cannot be
# made), is not uploaded, and the step's status says the run failed. A log of a project with an unreadable
# file (status 74 too) is whole, and is uploaded.
log=$(mktemp)
errors=$(mktemp)
# A sarif-file in a folder that does not exist yet (reports/zlc.sarif) gets its folder.
mkdir -p -- "$(dirname -- "$sarif")" 2>/dev/null
zlc check --format sarif ${strict[@]+"${strict[@]}"} -- "$ZLC_PROJECT" >"$log" 2>"$errors"
cat "$errors" >&2
if [ ! -s "$log" ] || grep -q "cannot write to standard output" "$errors" || [ -d "$sarif" ] || ! cat "$log" >"$sarif"; then
  echo "::warning::zlc could not write $sarif whole; nothing is uploaded to code scanning"
  sarif=""
  [ "$status" -eq 0 ] && status=74
fi
rm -f "$log" "$errors"
{
  echo "status=$status"
  echo "sarif-file=$sarif"
} >>"${GITHUB_OUTPUT:-/dev/null}"
exit 0
