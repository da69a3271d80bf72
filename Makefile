# The two commands of the README:
#   make demo   runs modgraph on the bundled Samples/
#   make test   runs the test suite
# Both install what is missing first (scripts/setup.sh).

SWIFT ?= swift
OUT ?= out

.PHONY: setup build demo test release bench clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

demo: build
	@scripts/demo.sh "$(OUT)"

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@echo "modgraph check on ModGraph itself (.modgraph.yml):"
	"$$($(SWIFT) build --show-bin-path)/modgraph" check .

# Benchmarks in release mode (docs/performance.md); BENCH_ARGS=--end-to-end adds the
# real modgraph and SwiftPM on generated workspaces (tens of minutes).
bench: setup
	@scripts/bench.sh $(BENCH_ARGS)

clean:
	rm -rf .build "$(OUT)"
