#!/usr/bin/env bash
# Generates the invite API's types and server stubs (Sources/BeckonAPI/Generated) from
# docs/openapi.json with swift-openapi-generator, as Sources/BeckonAPI/openapi-generator-config.yaml
# asks, and records the document's SHA-256 beside them (a test fails while the two differ). The
# generated code is committed, so a build needs neither the generator nor its plugin.
#
#   scripts/generate-openapi.sh
#
# The generator is built once (release) in $BECKON_OPENAPI_GENERATOR (default
# /tmp/beckon-openapi-generator) from the version pinned below.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
version="1.14.3"
tool="${BECKON_OPENAPI_GENERATOR:-/tmp/beckon-openapi-generator}"
binary="$tool/.build/release/swift-openapi-generator"

if [ ! -x "$binary" ] || [ "$(git -C "$tool" describe --tags 2>/dev/null)" != "$version" ]; then
    echo "building swift-openapi-generator $version in $tool (a few minutes, once)" >&2
    rm -rf "$tool"
    git clone --quiet --branch "$version" --depth 1 https://github.com/apple/swift-openapi-generator.git "$tool"
    swift build --package-path "$tool" -c release --product swift-openapi-generator >&2
fi

out="$root/Sources/BeckonAPI/Generated"
rm -rf "$out"
mkdir -p "$out"
# The generator prints its configuration; shown only when it fails.
if ! log=$("$binary" generate --config "$root/Sources/BeckonAPI/openapi-generator-config.yaml" \
    --output-directory "$out" "$root/docs/openapi.json" 2>&1); then
    echo "$log" >&2
    exit 1
fi
sha256sum "$root/docs/openapi.json" | cut -d' ' -f1 >"$out/openapi.json.sha256"
echo "wrote $(ls "$out" | tr '\n' ' ')" >&2
