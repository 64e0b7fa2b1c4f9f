# zlc — the Zapp layout compiler. `make run` builds and compiles the demo; `make test` runs every test.
SWIFT ?= swift
# swift-format ships with the toolchain: on PATH on Linux, through xcrun with Xcode.
SWIFT_FORMAT ?= $(shell command -v swift-format >/dev/null 2>&1 && echo swift-format || echo xcrun swift-format)
PREFIX ?= /usr/local
BIN := .build/debug/zlc
RELEASE_BIN := .build/release/zlc

.PHONY: build run test version release dist linux-compat install fmt lint shipped bench bench-scaling bench-check bench-counts fuzz mutate mutate-ci embed registry docs golden clean

build:
	$(SWIFT) build

run: build
	$(BIN) build manifests/ -o build/
	@echo "bundle: build/bundle.json ($$(ls build/screens | wc -l | tr -d ' ') screens)"

test: build
	scripts/install-test-deps.sh
	$(SWIFT_FORMAT) lint --strict $(FORMATTED)
	python3 scripts/embed-families.py --check
	$(BIN) explain --markdown | diff -u docs/rules.md - || (echo "docs/rules.md is stale: run make docs" && exit 1)
	$(BIN) schema bundle --markdown docs/bundle.md | diff -u docs/bundle.md - || (echo "docs/bundle.md is stale: run make docs" && exit 1)
	$(SWIFT) test
	@# zlc lsp end to end: pytest-lsp's client and headless Neovim drive the built zlc.
	ZLC=$(CURDIR)/$(BIN) python3 -m pytest Tests/LSP -q -p no:cacheprovider
	$(MAKE) mutate-ci

# Releases (docs/releasing.md). The version is zlcVersion in Sources/ZappDiagnostics/Version.swift.
VERSION := $(shell sed -n 's/^public let zlcVersion = "\(.*\)"$$/\1/p' Sources/ZappDiagnostics/Version.swift)
SCRATCH ?= .build
ifeq ($(shell uname -s),Darwin)
  # One universal binary for Apple silicon and Intel; the Swift runtime is part of macOS.
  RELEASE_FLAGS := --arch arm64 --arch x86_64
  RELEASE_BIN := $(SCRATCH)/apple/Products/Release/zlc
  PLATFORM := macos-universal
  STRIP := strip -x
  # strip invalidates the linker's ad-hoc signature, which Apple silicon requires.
  SIGN := codesign --force --sign -
else
  # The Swift runtime and Foundation linked in: the binary needs only glibc (see linux-compat).
  RELEASE_FLAGS := --static-swift-stdlib
  RELEASE_BIN := $(SCRATCH)/release/zlc
  PLATFORM := linux-$(shell uname -m)
  STRIP := strip
  SIGN := true
endif

version:
	@echo $(VERSION)

# A stripped release binary, stamped with the commit it is built from (zlc --version).
release:
	scripts/stamp-commit.sh
	$(SWIFT) build -c release --scratch-path $(SCRATCH) $(RELEASE_FLAGS) -Xswiftc -DZLC_STAMPED_COMMIT
	$(STRIP) $(RELEASE_BIN)
	$(SIGN) $(RELEASE_BIN)
	$(RELEASE_BIN) --version

# dist/zlc-VERSION-PLATFORM.tar.gz and its .sha256, as the release workflow publishes them.
dist: release
	scripts/package-release.sh $(RELEASE_BIN) $(VERSION) $(PLATFORM) dist

# The Linux release for older glibc: built in the Swift image of the oldest distribution Swift
# supports (Amazon Linux 2, glibc 2.26), so it runs on Ubuntu 18.04+, Debian 10+, RHEL 8+ and
# Amazon Linux 2. Needs Docker; docs/releasing.md says why this and not the static Linux SDK.
LINUX_COMPAT_IMAGE ?= swift:6.2-amazonlinux2
linux-compat:
	docker run --rm -v "$(CURDIR)":/src -w /src -e ZLC_COMMIT="$$(scripts/stamp-commit.sh --print)" \
	  $(LINUX_COMPAT_IMAGE) bash -c 'yum install -y -q make binutils && make dist SCRATCH=.build-compat'

install: release
	install -d $(PREFIX)/bin
	install -m 755 $(RELEASE_BIN) $(PREFIX)/bin/zlc

# Swift sources under swift-format, but for the generated families (scripts/embed-families.py).
FORMATTED = $(shell find Sources Tests Benchmarks Fuzz -name '*.swift' ! -name '*Generated.swift' ! -path '*/.build*') \
  Package.swift

fmt:
	$(SWIFT_FORMAT) format --in-place $(FORMATTED)

lint:
	$(SWIFT_FORMAT) lint --strict $(FORMATTED)

# Every speed and memory figure of issue 17 beside its goal (scripts/bench.py); rewrites the generated
# part of docs/performance.md. `make bench BENCH="--quick"` tries it in a few minutes;
# `BENCH="--only memory,reader"` runs some sections.
BENCH ?=
# The benchmarks measure zlc as `make release` ships it (on Linux, the Swift runtime and Foundation
# linked in: 12 M fewer instructions at start-up than a plain release build), in a folder of its own
# so that switching between this and `swift build -c release` rebuilds neither.
SHIPPED_SCRATCH := .build-shipped
SHIPPED_ZLC := $(SHIPPED_SCRATCH)/release/zlc
ifeq ($(shell uname -s),Darwin)
  SHIPPED_FLAGS :=
else
  SHIPPED_FLAGS := --static-swift-stdlib
endif
shipped:
	$(SWIFT) build -c release --product zlc --scratch-path $(SHIPPED_SCRATCH) $(SHIPPED_FLAGS)

bench: shipped
	@# SwiftPM keeps a stale plan of a path dependency when files are added to it: plan again.
	rm -f .build-bench/release.yaml .build-bench/release/description.json
	$(SWIFT) build -c release --package-path Benchmarks --scratch-path .build-bench
	python3 scripts/bench.py --zlc $(SHIPPED_ZLC) $(BENCH)

# Growth from 1,000 to 10,000 screens of one kind of project, quickly (renamed, variety, fields,
# cells): `make bench-scaling SCALING="--only renamed"`. `make bench` measures all of them.
bench-scaling: shipped
	python3 scripts/bench_scaling.py --zlc $(SHIPPED_ZLC) $(SCALING)

# Instruction counts (callgrind) of the 1,000-screen checks and start-up against
# Benchmarks/instructions.json: fails on a regression above 10%. `make bench-counts` records them.
bench-check: shipped
	python3 scripts/bench.py --zlc $(SHIPPED_ZLC) --only counts --check-counts Benchmarks/instructions.json

bench-counts: shipped
	python3 scripts/bench.py --zlc $(SHIPPED_ZLC) --only counts --write-counts Benchmarks/instructions.json

# libFuzzer targets (Fuzz/), each run FUZZ_SECONDS seconds; see docs/fuzzing.md.
FUZZ_SECONDS ?= 60
fuzz:
	rm -f .build-fuzz/release.yaml .build-fuzz/release/description.json
	cd Fuzz && $(SWIFT) build -c release --scratch-path ../.build-fuzz \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld
	scripts/fuzz.sh $(FUZZ_SECONDS)

# The mutation campaign (scripts/mutate.py; see docs/fuzzing.md): MUTATE_COUNT mutated projects
# through check, build, map and verify, then MUTATE_KILLS killed builds of 10,000 screens. Long: not
# part of make test. Reproducers of findings go to mutate-findings/.
MUTATE_SEED ?= 1
MUTATE_COUNT ?= 10000
MUTATE_KILLS ?= 30
mutate: release
	python3 scripts/mutate.py --zlc $(RELEASE_BIN) --seed $(MUTATE_SEED) --count $(MUTATE_COUNT) --kills $(MUTATE_KILLS)

# A short campaign on the debug binary that make test runs (about 2.5 minutes on 2 cores): 200
# projects, and 2 killed builds of 1,000 screens. The debug binary is several times slower than
# the release one, so each run has 60 s rather than 10 before it counts as a hang (a section of 20,000 cell styles
# gives a bundle of 68 MB, which the debug `zlc verify` loads in about 40 s on a busy machine).
mutate-ci: build
	python3 scripts/mutate.py --zlc $(BIN) --seed $(MUTATE_SEED) --count 200 --kills 2 --kill-screens 1000 --jobs 2 --timeout 60

embed:
	python3 scripts/embed-families.py

# Lists every rule file in Sources/ZappRules/RuleRegistry+Generated.swift, in code order.
registry:
	python3 scripts/generate-rule-registry.py

docs: build
	$(BIN) explain --markdown > docs/rules.md
	$(BIN) schema bundle --markdown docs/bundle.md > docs/bundle.md.new && mv docs/bundle.md.new docs/bundle.md

# Rewrites the committed golden bundles (compact and expanded) and map tables of the demo after an intended change: the
# golden tests record what they see instead of comparing (ZLC_RECORD_GOLDEN=1).
golden: build
	ZLC_RECORD_GOLDEN=1 $(SWIFT) test --filter 'EndToEndTests.EndToEndTests/test(BuildMatchesGolden|MapTablesOfTheDemoMatchGolden)'

clean:
	rm -rf .build build dist
