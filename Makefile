# bookgen — the two set-up commands from the README are `make site` and `make test`.
SWIFT ?= swift
FORMAT_CONFIG = --configuration .ci/swift-format.json

.PHONY: deps site test lint format bench release example-cache

deps:
	@.ci/deps.sh

release: deps
	$(SWIFT) build -c release --product bookgen

# Builds the example catalog into public/, offline, from the committed cache.
site: release
	.build/release/bookgen build --offline

# The whole test suite: unit and integration tests, the format lint, then the site quality gate.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel
	$(MAKE) lint
	$(MAKE) quality BOOKGEN=$(CURDIR)/.build/debug/bookgen

lint:
	$(SWIFT) format lint $(FORMAT_CONFIG) --strict --recursive --parallel Package.swift Sources Tests

format:
	$(SWIFT) format format $(FORMAT_CONFIG) --in-place --recursive --parallel Package.swift Sources Tests

# Re-records the committed caches (the example's .ci/example-cache and the stress catalog's) from
# the raw responses in Tests/Fixtures/*-api/, through the real fetch stage and a local server,
# as pinned entries (they never expire).
example-cache: deps
	BOOKGEN_RECORD_EXAMPLE_CACHE=1 $(SWIFT) test --filter ExampleCacheTests

# Performance benchmark (README, Performance): generates synthetic catalogs of 1k, 10k and 100k
# books under /dev/shm (reused while the generator is unchanged) and times `bookgen build`.
# Extra options: make bench BENCH_FLAGS="--runs 5 --disk /some/ext4/folder".
.PHONY: bench-quick bench-tools
BENCH_FLAGS ?=
bench-tools: deps
	$(SWIFT) build -c release --product bookgen
	$(SWIFT) build -c release --product bookgen-bench

bench: bench-tools
	.build/release/bookgen-bench --sizes 1000,10000,100000 $(BENCH_FLAGS)

bench-quick: bench-tools
	.build/release/bookgen-bench --sizes 1000,10000 $(BENCH_FLAGS)

# The site quality gate (README: quality gate): builds the example and stress catalogs and checks
# them with the Nu HTML Checker, headless Chromium and axe-core. Installs what it needs.
.PHONY: quality
quality: deps
	Tests/QualityGate/run.sh
