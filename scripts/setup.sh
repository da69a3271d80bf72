#!/usr/bin/env bash
# Installs what ModGraph needs to build and test, and nothing that is already there:
#   - a Swift 6 toolchain (checked, not installed: get it from swift.org)
#   - Graphviz (the `dot` tool and libgvc/libcgraph with their pkg-config files)
#   - cmark-gfm, GitHub's Markdown renderer, with which the tests check that no
#     name in report.md turns into HTML
#     Debian/Ubuntu: apt-get install graphviz libgraphviz-dev pkg-config cmark-gfm
#     macOS:         brew install graphviz pkg-config cmark-gfm
#   - Chromium, in which scripts/test-viewer.py opens index.html (optional: where it
#     cannot be installed, that test says it was skipped and why)
#     Debian/Ubuntu: apt-get install chromium
#     macOS:         brew install --cask chromium
set -euo pipefail

say() { printf 'setup: %s\n' "$*" >&2; }

if ! command -v python3 >/dev/null 2>&1; then
    say "no python3 on PATH; the test suite's fuzz pass needs it (Debian: apt-get install python3)"
    exit 2
fi

if ! command -v swift >/dev/null 2>&1; then
    say "no swift on PATH; install a Swift 6 toolchain from https://swift.org/install and run again"
    exit 2
fi

have_graphviz() {
    command -v dot >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libgvc libcgraph
}

have_everything() {
    have_graphviz && command -v cmark-gfm >/dev/null 2>&1
}

have_chromium() {
    for name in chromium chromium-browser google-chrome google-chrome-stable; do
        command -v "$name" >/dev/null 2>&1 && return 0
    done
    [ -x /Applications/Chromium.app/Contents/MacOS/Chromium ] || [ -x "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" ]
}

# Chromium for the viewer's browser test: tried once, never fatal.
install_chromium() {
    have_chromium && return 0
    case "$(uname -s)" in
        Linux)
            command -v apt-get >/dev/null 2>&1 || { say "no apt-get: the viewer's browser test will be skipped (install Chromium by hand)"; return 0; }
            local sudo=""
            if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
            say "installing chromium with apt-get, for the viewer's browser test"
            { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null; } \
                || say "chromium could not be installed: the viewer's browser test will be skipped"
            ;;
        Darwin)
            if command -v brew >/dev/null 2>&1; then
                say "installing Chromium with Homebrew, for the viewer's browser test"
                brew install --cask chromium || say "Chromium could not be installed: the viewer's browser test will be skipped"
            fi
            ;;
    esac
    return 0
}

if have_everything; then
    install_chromium
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
        say "installing graphviz, libgraphviz-dev, pkg-config and cmark-gfm with apt-get"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq graphviz libgraphviz-dev pkg-config cmark-gfm >/dev/null
        ;;
    Darwin)
        if ! command -v brew >/dev/null 2>&1; then
            say "Graphviz is missing and Homebrew is not installed; install Homebrew (https://brew.sh) or Graphviz by hand"
            exit 2
        fi
        say "installing graphviz, pkg-config and cmark-gfm with Homebrew"
        brew install graphviz pkg-config cmark-gfm
        ;;
    *)
        say "unsupported system $(uname -s); install Graphviz by hand"
        exit 2
        ;;
esac

have_everything || { say "Graphviz or cmark-gfm still not found after installing"; exit 2; }
install_chromium

