#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml), one subcommand each, so that what the Action
# does is a script that runs, and is tested, outside GitHub (scripts/run-action.py,
# scripts/test-action.sh). docs/ci.md says what it needs and what it writes.
#
#   action.sh prepare   Graphviz (scripts/setup.sh --runtime), and the binary's cache key
#   action.sh install   the binary: from the release archive, from the cache, or built; the
#                       key of modgraph's own cache, and whether this run saves it
#   action.sh check     modgraph check --format github; its exit code as an output
#   action.sh sarif     modgraph check --format sarif into a file
#   action.sh report    modgraph report, report.md into the job summary
#   action.sh result    exits with check's code
#
# Inputs arrive in the environment (INPUT_PATH, INPUT_CONFIG, INPUT_BASELINE, INPUT_ARGS,
# INPUT_ARCHIVE, INPUT_ARCHIVE_SHA256), never as script text. Only values this script
# computes are written to GITHUB_OUTPUT and GITHUB_PATH; nothing to GITHUB_ENV.
set -euo pipefail
# macOS's /bin/bash is 3.2, where "${empty[@]}" is an unbound variable under set -u: arrays
# that may be empty are expanded as ${array[@]+"${array[@]}"}.

action="$(cd "$(dirname "$0")/.." && pwd)"

fail() { printf 'error: %s\n' "$*" >&2; exit 2; }
note() { printf 'note: %s\n' "$*" >&2; }

for variable in RUNNER_TEMP RUNNER_OS RUNNER_ARCH GITHUB_OUTPUT; do
    [ -n "${!variable:-}" ] || fail "$variable is not set: action.sh runs as the steps of action.yml"
done

# Where the Action keeps its files: all under the runner's temporary folder.
bin_dir="$RUNNER_TEMP/modgraph-bin"
source_dir="$RUNNER_TEMP/modgraph-source"
build_dir="$RUNNER_TEMP/modgraph-build"
cache_dir="$RUNNER_TEMP/modgraph-cache"
sarif_file="$RUNNER_TEMP/modgraph.sarif"
report_dir="$RUNNER_TEMP/modgraph-report"
# What fits into a job summary with room to spare (GitHub takes 1 MiB per step).
summary_limit=900000

sha256() {
    if command -v sha256sum >/dev/null 2>&1; then sha256sum | cut -d ' ' -f 1; else shasum -a 256 | cut -d ' ' -f 1; fi
}

output() { printf '%s=%s\n' "$1" "$2" >> "$GITHUB_OUTPUT"; }

# The options every command shares, from the inputs: words of INPUT_ARGS split on white
# space (no quotes, no globbing, no expansion), then --config and --baseline.
options=()
shared_options() {
    local with_baseline="$1" extra=()
    options=()
    read -r -a extra <<< "${INPUT_ARGS:-}"
    if [ -n "${INPUT_CONFIG:-}" ]; then options+=(--config "$INPUT_CONFIG"); fi
    if [ "$with_baseline" = 1 ] && [ -n "${INPUT_BASELINE:-}" ]; then options+=(--baseline "$INPUT_BASELINE"); fi
    options+=(${extra[@]+"${extra[@]}"})
}

# The version the sources say (ModGraphVersion.current), for the cache key and messages.
source_version() {
    local version
    version="$(grep -rhoE 'static let current = "[^"]+"' "$action/Sources/ModGraphKit" | head -n 1 | sed -E 's/.*"([^"]+)"/\1/')"
    [ -n "$version" ] || fail "no ModGraphVersion.current in $action/Sources/ModGraphKit"
    printf '%s' "$version"
}

prepare() {
    case "$RUNNER_OS" in
        Linux | macOS) ;;
        *) fail "modgraph's action runs on Linux and macOS runners, not $RUNNER_OS" ;;
    esac
    if [ -n "${INPUT_ARCHIVE:-}" ]; then
        "$action/scripts/setup.sh" --runtime --no-swift
        output build false
        output key ""
    else
        "$action/scripts/setup.sh" --runtime
        # One binary per version of the sources, system, architecture and toolchain.
        local sources toolchain listed=(Package.swift Sources)
        if [ -f "$action/Package.resolved" ]; then listed+=(Package.resolved); fi
        sources="$(cd "$action" && find "${listed[@]}" -type f | LC_ALL=C sort \
            | while IFS= read -r file; do printf '%s\n' "$file"; sha256 < "$file"; done | sha256)"
        toolchain="$(swift --version 2>/dev/null | sha256)"
        output build true
        output key "modgraph-$(source_version)-${sources:0:16}-$RUNNER_OS-$RUNNER_ARCH-swift-${toolchain:0:16}"
    fi
    output bin-dir "$bin_dir"
}

install_archive() {
    local archive="$INPUT_ARCHIVE" download="" unpacked
    unpacked="$(mktemp -d "$RUNNER_TEMP/modgraph-archive.XXXXXX")"
    case "$archive" in
        https://*)
            [ -n "${INPUT_ARCHIVE_SHA256:-}" ] || fail "archive is a URL: give its SHA-256 as archive-sha256"
            download="$unpacked.tar.gz"
            curl --fail --silent --show-error --location --proto '=https' --max-time 600 --output "$download" -- "$archive" \
                || fail "could not download $archive"
            archive="$download"
            ;;
        *://*) fail "archive: only https URLs or paths in the workspace are read, not $archive" ;;
        *) [ -f "$archive" ] || fail "archive $archive is not a file (relative paths start at the workspace)" ;;
    esac
    if [ -n "${INPUT_ARCHIVE_SHA256:-}" ]; then
        local actual
        actual="$(sha256 < "$archive")"
        [ "$actual" = "$INPUT_ARCHIVE_SHA256" ] || fail "archive's SHA-256 is $actual, not the archive-sha256 given"
    fi
    tar -xzf "$archive" -C "$unpacked" || fail "$archive is not a gzip'd tar archive"
    # make dist's layout: modgraph-VERSION-OS-ARCH/bin/modgraph, a regular file.
    local binaries=("$unpacked"/modgraph-*/bin/modgraph)
    if [ "${#binaries[@]}" != 1 ] || [ ! -f "${binaries[0]}" ] || [ -L "${binaries[0]}" ]; then
        fail "$archive does not hold one modgraph-*/bin/modgraph, as make dist writes it"
    fi
    mkdir -p "$bin_dir"
    install -m 0755 "${binaries[0]}" "$bin_dir/modgraph"
    rm -rf "$unpacked" ${download:+"$download"}
}

build_from_source() {
    note "building modgraph $(source_version) from $action (once per version, system and toolchain: then it is cached)"
    # From a copy: SwiftPM writes Package.resolved beside Package.swift, and the action's own
    # folder stays as it came, so the next step computes the same cache key.
    rm -rf "$source_dir"
    mkdir -p "$source_dir"
    tar -C "$action" --exclude ./.build --exclude ./.git -cf - . | tar -C "$source_dir" -xf -
    local static=()
    # Linux links the Swift runtime into the binary, so the cached binary needs no toolchain's libraries.
    if [ "$RUNNER_OS" = Linux ]; then static=(--static-swift-stdlib); fi
    swift build -c release --product modgraph --package-path "$source_dir" --scratch-path "$build_dir" ${static[@]+"${static[@]}"}
    local built
    built="$(swift build -c release --package-path "$source_dir" --scratch-path "$build_dir" --show-bin-path)/modgraph"
    mkdir -p "$bin_dir"
    install -m 0755 "$built" "$bin_dir/modgraph"
}

install_binary() {
    if [ -n "${INPUT_ARCHIVE:-}" ]; then
        install_archive
        output built false
    elif [ -x "$bin_dir/modgraph" ] && "$bin_dir/modgraph" --version >/dev/null 2>&1; then
        note "modgraph $("$bin_dir/modgraph" --version) restored from the cache"
        output built false
    else
        build_from_source
        output built true
    fi
    "$bin_dir/modgraph" --version >/dev/null || fail "$bin_dir/modgraph does not run"
    output modgraph "$bin_dir/modgraph"
    cache_keys
    # The later steps of the job find it as `modgraph`.
    printf '%s\n' "$bin_dir" >> "${GITHUB_PATH:?GITHUB_PATH is not set}"
}

# modgraph's cache (MODGRAPH_CACHE_DIR: manifests read, each Swift file's scan) across runs: one
# per version, system and architecture, the newest restored. Only a push to the default branch
# saves one, so that what a pull request's check trusts was written by the default branch's runs
# (a pull request's own runs could write only caches its own runs read; docs/ci.md).
cache_keys() {
    local version prefix
    version="$("$bin_dir/modgraph" --version)"
    [[ "$version" =~ ^[A-Za-z0-9._+-]{1,64}$ ]] || fail "modgraph --version printed an unexpected version: $version"
    prefix="modgraph-cache-$RUNNER_OS-$RUNNER_ARCH-$version-"
    output cache-dir "$cache_dir"
    output cache-prefix "$prefix"
    [[ "${GITHUB_SHA:-}" =~ ^[0-9a-f]{40,64}$ ]] || fail "GITHUB_SHA is not a commit id: ${GITHUB_SHA:-unset}"
    output cache-key "$prefix$GITHUB_SHA"
    if [ "${GITHUB_EVENT_NAME:-}" = push ] && [ -n "${DEFAULT_BRANCH:-}" ] && [ "${GITHUB_REF:-}" = "refs/heads/$DEFAULT_BRANCH" ]; then
        output saves-cache true
    else
        output saves-cache false
    fi
}

check() {
    shared_options 1
    local code=0
    MODGRAPH_CACHE_DIR="$cache_dir" "$bin_dir/modgraph" check "${INPUT_PATH:-.}" --format github ${options[@]+"${options[@]}"} || code=$?
    output exit-code "$code"
}

sarif() {
    shared_options 1
    local code=0
    MODGRAPH_CACHE_DIR="$cache_dir" "$bin_dir/modgraph" check "${INPUT_PATH:-.}" --format sarif --output "$sarif_file" ${options[@]+"${options[@]}"} \
        || code=$?
    # 1 means findings, which is what the file is for.
    [ "$code" = 0 ] || [ "$code" = 1 ] || exit "$code"
    output sarif-file "$sarif_file"
}

report() {
    shared_options 0
    local code=0
    MODGRAPH_CACHE_DIR="$cache_dir" "$bin_dir/modgraph" report "${INPUT_PATH:-.}" --output "$report_dir" ${options[@]+"${options[@]}"} || code=$?
    if [ "$code" != 0 ]; then
        note "modgraph report exited $code; the job summary has no report"
        return 0
    fi
    output report-dir "$report_dir"
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -f "$report_dir/report.md" ]; then
        local size
        size="$(wc -c < "$report_dir/report.md" | tr -d ' ')"
        if [ "$size" -le "$summary_limit" ]; then
            cat "$report_dir/report.md" >> "$GITHUB_STEP_SUMMARY"
        else
            # Cut at a line end, and say so: a summary over GitHub's limit is dropped whole.
            head -c "$summary_limit" "$report_dir/report.md" | sed '$d' >> "$GITHUB_STEP_SUMMARY"
            printf '\n\n*report.md is %s bytes; the rest is in the modgraph-report artifact.*\n' "$size" >> "$GITHUB_STEP_SUMMARY"
        fi
    fi
}

result() {
    case "${CHECK_EXIT_CODE:-}" in
        0) ;;
        1) printf 'error: modgraph check found violations (the annotations and the report say which)\n' >&2; exit 1 ;;
        '') fail "modgraph check did not run" ;;
        *) printf 'error: modgraph check exited %s: the input or the configuration is wrong (its error is above)\n' "$CHECK_EXIT_CODE" >&2
           if [[ "$CHECK_EXIT_CODE" =~ ^[0-9]{1,3}$ ]]; then exit "$CHECK_EXIT_CODE"; else exit 2; fi ;;
    esac
}

case "${1:-}" in
    prepare) prepare ;;
    install) install_binary ;;
    check) check ;;
    sarif) sarif ;;
    report) report ;;
    result) result ;;
    *) fail "usage: action.sh prepare|install|check|sarif|report|result" ;;
esac
