# The two commands of the README:
#   make demo   runs modgraph on the bundled Samples/
#   make test   runs the test suite
# Both install what is missing first (scripts/setup.sh).

SWIFT ?= swift
OUT ?= out

.PHONY: setup build demo test release clean

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

clean:
	rm -rf .build "$(OUT)"
