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
zlc check --format sarif ${strict[@]+"${strict[@]}"} -- "$ZLC_PROJECT" >"$sarif"
{
  echo "status=$status"
  echo "sarif-file=$sarif"
} >>"${GITHUB_OUTPUT:-/dev/null}"
exit 0
