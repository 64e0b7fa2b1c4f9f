#!/usr/bin/env bash
# The install step of the GitHub Action (action.yml): downloads the zlc release archive for this
# runner, checks its sha256, unpacks it under $RUNNER_TEMP and puts zlc on PATH ($GITHUB_PATH).
# ZLC_VERSION: X.Y.Z, "latest", or empty for the version of the action's own checkout (zlcVersion
# in Sources/ZappDiagnostics/Version.swift). ZLC_RELEASES: where releases are downloaded from
# (the repository's releases by default; a file:// URL in the tests).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
repository=zapp-tools/zlc
releases=${ZLC_RELEASES:-https://github.com/$repository/releases}
version=${ZLC_VERSION:-}
if [ -z "$version" ]; then
  version=$(sed -n 's/^public let zlcVersion = "\(.*\)"$/\1/p' "$here/Sources/ZappDiagnostics/Version.swift")
fi
version=${version#v}
if [ "$version" = latest ]; then
  # The latest release's page redirects to its tag.
  tag_url=$(curl -fsSLI -o /dev/null -w '%{url_effective}' "$releases/latest")
  version=${tag_url##*/v}
fi
case "$version" in *[!0-9A-Za-z.-]* | "") echo "::error title=zlc::not a zlc version: '$version'" >&2; exit 1 ;; esac

case "${RUNNER_OS:-$(uname -s)}-${RUNNER_ARCH:-$(uname -m)}" in
  Linux-X64 | Linux-x86_64) platform=linux-x86_64 ;;
  Linux-ARM64 | Linux-aarch64 | Linux-arm64) platform=linux-aarch64 ;;
  macOS-* | Darwin-*) platform=macos-universal ;;
  *) echo "::error title=zlc::no zlc release for ${RUNNER_OS:-?} ${RUNNER_ARCH:-?} (Linux x86_64 or arm64, macOS)" >&2; exit 1 ;;
esac

archive="zlc-$version-$platform.tar.gz"
target="${RUNNER_TEMP:-/tmp}/zlc-$version-$platform"
mkdir -p "$target"
curl -fsSL --retry 3 -o "$target/$archive" "$releases/download/v$version/$archive"
curl -fsSL --retry 3 -o "$target/$archive.sha256" "$releases/download/v$version/$archive.sha256"
(
  cd "$target"
  if command -v sha256sum >/dev/null; then sha256sum -c "$archive.sha256"; else shasum -a 256 -c "$archive.sha256"; fi
) || { echo "::error title=zlc::$archive does not match its sha256" >&2; exit 1; }
tar -xzf "$target/$archive" -C "$target"
rm "$target/$archive"
"$target/zlc" --version
echo "$target" >>"${GITHUB_PATH:-/dev/null}"
echo "version=$version" >>"${GITHUB_OUTPUT:-/dev/null}"
