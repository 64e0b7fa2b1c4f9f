#!/usr/bin/env bash
# Packs a release binary as the release workflow publishes it: OUT/zlc-VERSION-PLATFORM.tar.gz
# (zlc, README.md, docs/ci.md at the top) and OUT/zlc-VERSION-PLATFORM.tar.gz.sha256 (sha256sum
# format). PLATFORM is linux-x86_64, linux-aarch64 or macos-universal: the names the GitHub
# Action (action.yml) and the Homebrew formula (scripts/render-formula.sh) download.
# Usage: scripts/package-release.sh BINARY VERSION PLATFORM OUT
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 BINARY VERSION PLATFORM OUT" >&2; exit 64; }
binary=$1 version=$2 platform=$3 out=$4
case "$platform" in linux-x86_64 | linux-aarch64 | macos-universal) ;; *) echo "unknown platform '$platform'" >&2; exit 64 ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
name="zlc-$version-$platform"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
install -m 755 "$binary" "$stage/zlc"
cp "$root/README.md" "$stage/README.md"
cp "$root/docs/ci.md" "$stage/ci.md"
mkdir -p "$out"
# Reproducible: files named in a fixed order, owner 0, times the commit's, no macOS extended attributes
# (no --sort=name: the tar 1.26 of Amazon Linux 2 lacks it).
mtime=$(git -C "$root" -c safe.directory='*' log -1 --format=%ct 2>/dev/null || echo 0)
if tar --version 2>/dev/null | grep -q GNU; then
  tar -C "$stage" --owner=0 --group=0 --numeric-owner --mtime="@$mtime" -cf - zlc README.md ci.md | gzip -n >"$out/$name.tar.gz"
else
  # bsdtar (macOS) has no --mtime: the files get the commit's time instead.
  stamp=$(date -u -r "$mtime" +%Y%m%d%H%M.%S 2>/dev/null || echo 197001010000.00)
  TZ=UTC touch -t "$stamp" "$stage/zlc" "$stage/README.md" "$stage/ci.md"
  COPYFILE_DISABLE=1 tar -C "$stage" --uid 0 --gid 0 --uname root --gname root -cf - zlc README.md ci.md | gzip -n >"$out/$name.tar.gz"
fi
(cd "$out" && if command -v sha256sum >/dev/null; then sha256sum "$name.tar.gz"; else shasum -a 256 "$name.tar.gz"; fi) >"$out/$name.tar.gz.sha256"
cat "$out/$name.tar.gz.sha256"
