#!/usr/bin/env bash
# The diff step of the GitHub Action (action.yml), on pull requests: writes what the pull request
# changes in the resolved layouts of $ZLC_PROJECT (`zlc diff --base $ZLC_BASE_SHA --format markdown`)
# to the job summary. A shallow checkout gets the base commit first. Never fails the job: the check
# step reports the project's errors.
set -uo pipefail
summary=${GITHUB_STEP_SUMMARY:-/dev/stdout}
if [ -z "${ZLC_BASE_SHA:-}" ]; then
  echo "::notice title=zlc diff::no base commit (not a pull request): nothing to compare"
  exit 0
fi
if ! git -C "$ZLC_PROJECT" cat-file -e "$ZLC_BASE_SHA^{commit}" 2>/dev/null; then
  git -C "$ZLC_PROJECT" fetch --quiet --depth=1 origin "$ZLC_BASE_SHA" ||
    echo "::warning title=zlc diff::cannot fetch the base commit $ZLC_BASE_SHA"
fi
# A project the base commit does not hold is new: every screen is added (zlc diff needs both).
if git -C "$ZLC_PROJECT" cat-file -e "$ZLC_BASE_SHA^{commit}" 2>/dev/null &&
  ! git -C "$ZLC_PROJECT" cat-file -e "$ZLC_BASE_SHA:./" 2>/dev/null; then
  # The path as Markdown text: its punctuation escaped, HTML's special characters as entities.
  shown=$(printf '%s' "$ZLC_PROJECT" | tr '\n\r' '  ' | sed -e 's/[]\`*_[|#~!]/\\&/g' -e 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
  printf '### zlc diff\n\nThe layout project %s is new in this pull request: the base commit does not hold it, so every screen is added.\n' \
    "$shown" >>"$summary"
  exit 0
fi
markdown=$(zlc diff --base "$ZLC_BASE_SHA" --format markdown -- "$ZLC_PROJECT")
status=$?
if [ "$status" -ne 0 ]; then
  echo "::warning title=zlc diff::zlc diff exited with status $status (see the log above)"
elif [ -z "$markdown" ]; then
  printf '### zlc diff\n\nNo change in the resolved layouts.\n' >>"$summary"
else
  printf '%s\n' "$markdown" >>"$summary"
fi
exit 0
