#!/usr/bin/env bash
# Prints the Homebrew formula of a release: packaging/homebrew/zlc.rb.in with the version, the
# repository and the sha256 of each archive in DIST (the .sha256 files scripts/package-release.sh
# writes). Fails when an archive's sum is missing.
# Usage: scripts/render-formula.sh VERSION DIST
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 VERSION DIST" >&2; exit 64; }
version=$1 dist=$2
root=$(cd "$(dirname "$0")/.." && pwd)
repository=$(sed -n 's/^public let zlcRepository = "\(.*\)"$/\1/p' "$root/Sources/ZappDiagnostics/Version.swift")
sum() {
  local file="$dist/zlc-$version-$1.tar.gz.sha256"
  [ -f "$file" ] || { echo "render-formula: no $file" >&2; exit 1; }
  local value
  value=$(cut -d' ' -f1 "$file")
  [[ "$value" =~ ^[0-9a-f]{64}$ ]] || { echo "render-formula: $file holds no sha256" >&2; exit 1; }
  echo "$value"
}
macos=$(sum macos-universal)
x86=$(sum linux-x86_64)
arm=$(sum linux-aarch64)
sed -e "s|@VERSION@|$version|g" -e "s|@REPOSITORY@|$repository|g" -e "s|@SHA256_MACOS_UNIVERSAL@|$macos|" \
  -e "s|@SHA256_LINUX_X86_64@|$x86|" -e "s|@SHA256_LINUX_AARCH64@|$arm|" "$root/packaging/homebrew/zlc.rb.in"
