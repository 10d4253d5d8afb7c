# bookgen — the two set-up commands (CONTRIBUTING.md) are `make site` and `make test`.
SWIFT ?= swift
FORMAT_CONFIG = --configuration .ci/swift-format.json

PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: deps site test lint lint-workflows format bench release example-cache dist deb dist-check install cli-doc doc-links

deps:
	@.ci/deps.sh

# The release build links the Swift runtime and Foundation (--static-swift-stdlib) and libcmark,
# libyaml, libgumbo, libsqlite3, libjpeg, libpng and libwebp (.ci/static-libs.sh) statically, so the binary runs without Swift
# (docs/getting-started.md: Install). Every release target shares it; debug builds stay dynamic.
STATIC_LIBS = $(CURDIR)/.build/static-libs
RELEASE_BUILD = PKG_CONFIG_PATH="$(STATIC_LIBS)/pkgconfig$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}" \
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath

release: deps
	.ci/static-libs.sh $(STATIC_LIBS)
	$(RELEASE_BUILD) --product bookgen

# .build/dist/bookgen-<version>-linux-<arch>.tar.gz (binary, README, LICENSE, docs/, ci/ workflows) and
# its .sha256.
dist: release
	.ci/dist.sh .build/release/bookgen .build/dist

# .build/dist/bookgen_<version>_<arch>.deb (the archive's binary, its man page and bash, zsh and
# fish completions) and its .sha256.
deb: dist
	.ci/deb.sh .build/dist

# Proves the archive works without Swift and the .deb is lintian-clean and installs
# (Tests/Dist/run.sh); `make test` runs it. With REFERENCE=path/to/bookgen the example site must
# also come out byte-identical to that binary's.
REFERENCE ?=
dist-check: deb
	@.ci/deps.sh lintian bash-completion
	REFERENCE="$(REFERENCE)" Tests/Dist/run.sh .build/dist

# For a source build: make release && sudo make install (PREFIX=/usr/local, DESTDIR staged).
# It builds nothing, so that sudo never runs the Swift build (nor needs swift on its PATH).
install:
	@test -x .build/release/bookgen || { echo "error: no .build/release/bookgen: run 'make release' first" >&2; exit 1; }
	install -D -m 755 .build/release/bookgen "$(DESTDIR)$(PREFIX)/bin/bookgen"

# Builds the example catalog into public/, offline, from the committed cache.
site: release
	.build/release/bookgen build --offline

# The whole test suite: unit and integration tests, the format lint, the documentation's links,
# the site quality gate, then the release archive (built once, then incremental) and its check.
# zsh and fish: the completion tests load the scripts into each shell (and ShellCheck reads the
# bash one); groff: the man page's.
test: deps
	@.ci/deps.sh zsh fish shellcheck groff-base
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel
	$(MAKE) lint
	$(MAKE) lint-workflows
	$(MAKE) doc-links
	$(MAKE) quality BOOKGEN=$(CURDIR)/.build/debug/bookgen
	$(MAKE) dist-check REFERENCE=$(CURDIR)/.build/debug/bookgen

# actionlint, ShellCheck and zizmor on the workflows and those `bookgen init --ci` writes (installs
# them when missing).
lint-workflows:
	Tests/ReleaseTests/actionlint.sh

# Every relative link and anchor in README.md, CONTRIBUTING.md and docs/*.md resolves, and every
# docs page is reachable from the README; the selftest proves a broken link fails it.
doc-links:
	python3 Tests/Docs/check-links.py --selftest
	python3 Tests/Docs/check-links.py

# The Benchmarks package's sources are formatted like the project's (its .build is left out).
FORMAT_PATHS = Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources Benchmarks/Tests

lint:
	$(SWIFT) format lint $(FORMAT_CONFIG) --strict --recursive --parallel $(FORMAT_PATHS)

format:
	$(SWIFT) format format $(FORMAT_CONFIG) --in-place --recursive --parallel $(FORMAT_PATHS)

# docs/cli.md, the command-line reference, from the command table (`bookgen help --markdown`);
# `make test` fails while the committed page differs (ManualTests).
cli-doc:
	$(SWIFT) build --product bookgen
	.build/debug/bookgen help --markdown >docs/cli.md

# Re-records the committed caches (the example's .ci/example-cache and the stress catalog's) from
# the raw responses in Tests/Fixtures/*-api/, through the real fetch stage and a local server,
# as pinned entries (they never expire).
example-cache: deps
	BOOKGEN_RECORD_EXAMPLE_CACHE=1 $(SWIFT) test --filter ExampleCacheTests

# The benchmarks live in Benchmarks/, a package of its own (Benchmarks/README.md): `make test`
# builds none of them. `bookgen-bench` times the static release `bookgen` on synthetic catalogs of
# 1k, 10k and 100k books under /dev/shm (kept while the generator is unchanged), each build from
# nothing. Extra options: make bench BENCH_FLAGS="--runs 8 --out /some/ext4/folder".
# With a Hugo on PATH (or HUGO=/path/to/hugo) the 10k site is also built with Hugo, in turns.
.PHONY: bench-quick bench-tools
BENCH_FLAGS ?=
HUGO ?= $(shell command -v hugo)
BENCH_HUGO = $(if $(HUGO),--hugo $(HUGO))
BENCH = Benchmarks/.build/release/bookgen-bench
bench-tools: release
	$(SWIFT) build -c release --package-path Benchmarks --product bookgen-bench

bench: bench-tools
	$(BENCH) --bookgen .build/release/bookgen --sizes 1000,10000,100000 $(BENCH_HUGO) $(BENCH_FLAGS)

bench-quick: bench-tools
	$(BENCH) --bookgen .build/release/bookgen --sizes 1000,10000 $(BENCH_HUGO) $(BENCH_FLAGS)

# The search's bytes and speed in headless Chromium on the bench's synthetic 10k catalog
# (docs/performance.md); SEARCH_BENCH_SIZES=10000,100000 adds the 100k site (a few minutes more).
.PHONY: search-bench
SEARCH_BENCH_SIZES ?= 10000
search-bench: bench-tools
	SIZES=$(SEARCH_BENCH_SIZES) Tests/QualityGate/search-bench.sh

# The site quality gate (Tests/QualityGate/README.md): builds the example and stress catalogs and checks
# them with the Nu HTML Checker, headless Chromium and axe-core. Installs what it needs.
.PHONY: quality
quality: deps
	Tests/QualityGate/run.sh
