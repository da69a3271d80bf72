#!/usr/bin/env bash
# Pins the container image of a workflow by digest: `container: swift:6.3-bookworm` becomes
# `container: swift:6.3-bookworm@sha256:… # swift:6.3-bookworm`, so that a job runs the image
# that was reviewed, not whatever the tag names on the day (zizmor's unpinned-images).
#
#   scripts/pin-image.sh [WORKFLOW [DIGEST]]     WORKFLOW defaults to .github/workflows/ci.yml
#
# Without DIGEST it asks the registry for the tag's digest, with the first of crane, skopeo
# or docker buildx found on PATH, so it needs the network; run it again to move to a newer
# image of the same tag. Where the registry cannot be reached, give the DIGEST read from
# the official images' published record (github.com/docker-library/repo-info,
# repos/swift/remote/TAG.md: the first `docker pull swift@sha256:…`, the index of every
# platform). Either way a digest that is not sha256:<64 hex digits> is refused, and the
# file is written whole or not at all.
set -euo pipefail
workflow="${1:-.github/workflows/ci.yml}"
given="${2:-}"
[ -f "$workflow" ] || { echo "pin-image: no $workflow" >&2; exit 2; }
line="$(grep -E '^[[:space:]]+container:[[:space:]]+[^[:space:]#]+' "$workflow" | head -n 1 || true)"
[ -n "$line" ] || { echo "pin-image: $workflow has no container: line" >&2; exit 2; }
reference="$(sed -E 's/^[[:space:]]+container:[[:space:]]+([^[:space:]#]+).*/\1/' <<< "$line")"
image="${reference%%@*}"
if [ -n "$given" ]; then
    digest="$given"
elif command -v crane >/dev/null 2>&1; then
    digest="$(crane digest "$image")"
elif command -v skopeo >/dev/null 2>&1; then
    digest="$(skopeo inspect --format '{{.Digest}}' "docker://docker.io/library/$image")"
elif command -v docker >/dev/null 2>&1; then
    digest="$(docker buildx imagetools inspect "$image" | awk '$1 == "Digest:" { print $2; exit }')"
else
    echo "pin-image: none of crane, skopeo or docker is installed: install one to ask the registry" >&2
    exit 2
fi
if ! [[ "$digest" =~ ^sha256:[0-9a-f]{64}$ ]]; then
    echo "pin-image: the answer for $image is not a digest: '$digest'" >&2
    exit 1
fi
indent="$(sed -E 's/^([[:space:]]+).*/\1/' <<< "$line")"
temporary="$(mktemp "$(dirname "$workflow")/.pin-image.XXXXXX")"
trap 'rm -f "$temporary"' EXIT
awk -v old="$line" -v new="${indent}container: $image@$digest # $image" \
    'done == 0 && $0 == old { print new; done = 1; next } { print }' "$workflow" > "$temporary"
mv "$temporary" "$workflow"
trap - EXIT
echo "pin-image: $workflow: $image@$digest"
