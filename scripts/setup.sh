#!/usr/bin/env bash
# Installs what ModGraph needs to build and test, and nothing that is already there:
#   - a Swift 6 toolchain (checked, not installed: get it from swift.org)
#   - Graphviz (the `dot` tool and libgvc/libcgraph with their pkg-config files)
#     Debian/Ubuntu: apt-get install graphviz libgraphviz-dev pkg-config
#     macOS:         brew install graphviz pkg-config
set -euo pipefail

say() { printf 'setup: %s\n' "$*" >&2; }

if ! command -v swift >/dev/null 2>&1; then
    say "no swift on PATH; install a Swift 6 toolchain from https://swift.org/install and run again"
    exit 2
fi

have_graphviz() {
    command -v dot >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libgvc libcgraph
}

if have_graphviz; then
    exit 0
fi

case "$(uname -s)" in
    Linux)
        if ! command -v apt-get >/dev/null 2>&1; then
            say "Graphviz is missing; install graphviz, its development files and pkg-config with your package manager"
            exit 2
        fi
        sudo=""
        if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
        say "installing graphviz, libgraphviz-dev and pkg-config with apt-get"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq graphviz libgraphviz-dev pkg-config >/dev/null
        ;;
    Darwin)
        if ! command -v brew >/dev/null 2>&1; then
            say "Graphviz is missing and Homebrew is not installed; install Homebrew (https://brew.sh) or Graphviz by hand"
            exit 2
        fi
        say "installing graphviz and pkg-config with Homebrew"
        brew install graphviz pkg-config
        ;;
    *)
        say "unsupported system $(uname -s); install Graphviz by hand"
        exit 2
        ;;
esac

have_graphviz || { say "Graphviz still not found after installing"; exit 2; }
