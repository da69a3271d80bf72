# The two commands of the README:
#   make demo   runs modgraph on the bundled Samples/
#   make test   runs the test suite
# Both install what is missing first (scripts/setup.sh). Building and installing need only
# the runtime part (a Swift toolchain and Graphviz: `setup.sh --runtime`); the tests also
# need cmark-gfm, Ruby, ShellCheck, Chromium and PyPI tools.

SWIFT ?= swift
OUT ?= out
# The fuzz pass `make test` runs: a fixed seed and a bounded number of cases, so CI is
# repeatable; `make fuzz FUZZ_SECONDS=3600` runs a long one (docs/security.md).
FUZZ_SEED ?= 1
FUZZ_CASES ?= 400
# The bound on that pass: all FUZZ_CASES must run within it (about 60-90 s on a 2-core machine with
# a debug build), or the pass fails, so every machine runs the same cases.
FUZZ_BOUND ?= 400
FUZZ_SECONDS ?= 600

# make install PREFIX=... DESTDIR=...: the release binary, bash/zsh/fish completions
# and the man page (swift-argument-parser generates both); make uninstall removes them.
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1

.PHONY: setup setup-runtime build demo test fuzz release bench clean install uninstall test-plugin dist test-dist test-action format docs

setup:
	@scripts/setup.sh

setup-runtime:
	@scripts/setup.sh --runtime

build: setup-runtime
	$(SWIFT) build

release: setup-runtime
	$(SWIFT) build -c release

demo: build
	@scripts/demo.sh "$(OUT)"

# The tests' Python tools live in .build/venv (scripts/setup.sh): first on PATH for the recipes below.
test fuzz test-action: export PATH := $(CURDIR)/.build/venv/bin:$(PATH)

test: setup
	@scripts/build-without-warnings.sh $(SWIFT) build --build-tests
	MODGRAPH_EXECUTABLE="$$($(SWIFT) build --show-bin-path)/modgraph" $(SWIFT) test --skip-build --disable-xctest
	@echo "modgraph check on ModGraph itself (.modgraph.yml):"
	"$$($(SWIFT) build --show-bin-path)/modgraph" check .
	@echo "the GitHub Action and the workflows: schemas, zizmor, actionlint, ShellCheck:"
	scripts/validate-ci-files.sh
	@echo "the viewer's script (viewer.js) with ESLint:"
	scripts/lint-viewer.sh
	@echo "the GitHub Action's steps from a clean clone, modgraph from a release archive (docs/ci.md):"
	MODGRAPH="$$($(SWIFT) build --show-bin-path)/modgraph" scripts/test-action.sh
	@echo "the Homebrew formula: syntax, fields, and its test block on this build:"
	MODGRAPH="$$($(SWIFT) build --show-bin-path)/modgraph" scripts/test-formula.sh
	@echo "fuzz: a short pass over hostile inputs (docs/security.md):"
	python3 scripts/fuzz/fuzz.py --modgraph "$$($(SWIFT) build --show-bin-path)/modgraph" --seed $(FUZZ_SEED) --cases $(FUZZ_CASES) --seconds $(FUZZ_BOUND) --timeout 10
	@echo "index.html in headless Chromium (skipped with a message where there is none):"
	python3 scripts/test-viewer.py --modgraph "$$($(SWIFT) build --show-bin-path)/modgraph" --screenshots "$(OUT)/viewer-screenshots" --timeout 60 --total 240

fuzz: setup
	$(SWIFT) build -c release
	python3 scripts/fuzz/fuzz.py --modgraph "$$($(SWIFT) build -c release --show-bin-path)/modgraph" --seconds $(FUZZ_SECONDS) --timeout 20 --out fuzz-out

# Benchmarks in release mode (docs/performance.md); BENCH_ARGS=--end-to-end adds the
# real modgraph and SwiftPM on generated workspaces (tens of minutes).
bench: setup
	@scripts/bench.sh $(BENCH_ARGS)

clean:
	rm -rf .build "$(OUT)"

install: setup-runtime
	$(SWIFT) build -c release --product modgraph
	$(SWIFT) package generate-manual
	install -d "$(BINDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)" "$(MANDIR)"
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/modgraph" "$(BINDIR)/modgraph"
	"$(BINDIR)/modgraph" --generate-completion-script bash > "$(BASHDIR)/modgraph"
	"$(BINDIR)/modgraph" --generate-completion-script zsh > "$(ZSHDIR)/_modgraph"
	"$(BINDIR)/modgraph" --generate-completion-script fish > "$(FISHDIR)/modgraph.fish"
	install -m 0644 .build/plugins/GenerateManual/outputs/modgraph/modgraph.1 "$(MANDIR)/modgraph.1"

uninstall:
	rm -f "$(BINDIR)/modgraph" "$(BASHDIR)/modgraph" "$(ZSHDIR)/_modgraph" "$(FISHDIR)/modgraph.fish" "$(MANDIR)/modgraph.1"

# The SwiftPM command plugins end to end, from a package that depends on this one (docs/ci.md).
test-plugin: setup
	scripts/test-plugin.sh

# The release archive: dist/modgraph-VERSION-OS-ARCH.tar.gz with the binary (Swift runtime
# linked statically on Linux), completions, man page, README and LICENSE (README.md, "Install").
dist: setup-runtime
	scripts/make-dist.sh

# The archive extracted into an empty folder and run with no toolchain on PATH.
test-dist: setup-runtime
	scripts/test-dist.sh

# The GitHub Action building modgraph from a clean clone, then restoring it from its cache
# (docs/ci.md): minutes, a release build; `make test` runs the action with an archive instead.
test-action: setup
	scripts/test-action.sh --build

# The project's formatting (.swift-format: 140 columns, 4 spaces), with the toolchain's swift-format.
format:
	$(SWIFT) format --in-place --recursive --parallel Sources Tests Plugins Package.swift

# The DocC catalogs of ModGraphKit and ModGraphCore, as static sites under .build/plugins/Swift-DocC/outputs.
docs: setup
	$(SWIFT) package --disable-sandbox generate-documentation --target ModGraphKit --target ModGraphCore
