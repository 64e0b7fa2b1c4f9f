# zlc — the Zapp layout compiler. `make run` builds and compiles the demo; `make test` runs every test.
SWIFT ?= swift
PREFIX ?= /usr/local
BIN := .build/debug/zlc
RELEASE_BIN := .build/release/zlc

.PHONY: build run test release install fmt lint bench fuzz mutate embed docs golden clean

build:
	$(SWIFT) build

run: build
	$(BIN) build manifests/ -o build/
	@echo "bundle: build/bundle.json ($$(ls build/screens | wc -l | tr -d ' ') screens)"

test: build
	scripts/install-test-deps.sh
	swift-format lint --strict $(FORMATTED)
	python3 scripts/embed-families.py --check
	$(BIN) explain --markdown | diff -u docs/rules.md - || (echo "docs/rules.md is stale: run make docs" && exit 1)
	$(SWIFT) test

release:
	$(SWIFT) build -c release -Xswiftc -static-stdlib

install: release
	install -d $(PREFIX)/bin
	install -m 755 $(RELEASE_BIN) $(PREFIX)/bin/zlc

# Swift sources under swift-format, but for the generated families (scripts/embed-families.py).
FORMATTED = $(shell find Sources Tests Benchmarks Fuzz -name '*.swift' ! -name '*Generated.swift' ! -path '*/.build*') \
  Package.swift

fmt:
	swift-format format --in-place $(FORMATTED)

lint:
	swift-format lint --strict $(FORMATTED)

# Speed and memory against jq, json.load and check-jsonschema; rewrites docs/performance.md.
bench:
	$(SWIFT) build -c release
	@# SwiftPM keeps a stale plan of a path dependency when files are added to it: plan again.
	rm -f .build-bench/release.yaml .build-bench/release/description.json
	$(SWIFT) build -c release --package-path Benchmarks --scratch-path .build-bench
	python3 scripts/bench.py

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
	python3 scripts/mutate.py --seed $(MUTATE_SEED) --count $(MUTATE_COUNT) --kills $(MUTATE_KILLS)

embed:
	python3 scripts/embed-families.py

docs: build
	$(BIN) explain --markdown > docs/rules.md

# Rewrites the committed golden bundle and map tables of the demo after an intended change.
golden: build
	rm -rf Tests/Golden/demo-bundle
	$(BIN) build manifests/ -o Tests/Golden/demo-bundle
	for s in show season movie; do for d in phone tablet-landscape; do \
	  $(BIN) map $$s --project manifests --sender manifests/feeds/$$s.json --device $$d > Tests/Golden/map/$$s.$$d.txt; \
	done; done

clean:
	rm -rf .build build
