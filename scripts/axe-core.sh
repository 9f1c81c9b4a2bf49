#!/usr/bin/env bash
# Puts axe-core's axe.min.js at .build/axe-core/axe.min.js, for the test that runs axe in landing
# pages `beckon serve` answers (scripts/axe-check.py; `make test-deps` calls this).
#
# axe-core (Deque Systems, MPL-2.0) is a JavaScript library; the one PyPI package that carries a
# current build of it is axe-playwright-python (MIT; axe.min.js inside is axe-core 4.12.1). Its
# wheel is fetched with `pip download` (pinned by version and SHA-256, without its dependencies:
# nothing is installed) and only axe.min.js is taken out of it. Does nothing when the file is
# already there with the expected SHA-256. Exit status 0 when the file is in place, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

WHEEL="axe-playwright-python==0.1.8"
WHEEL_SHA256="fdd263c998388f1a8e67cad02677e612d946248bd44d163be5e8650ea31f95f8"
AXE_SHA256="84494fec757e4710dc751c8d7a636e457f4532f08f85c86dc9070133fbff53bc"
TARGET=.build/axe-core/axe.min.js

have() { [ -f "$TARGET" ] && [ "$(sha256sum "$TARGET" | cut -d' ' -f1)" = "$AXE_SHA256" ]; }
have && exit 0

download=$(mktemp -d)
trap 'rm -rf "$download"' EXIT
echo "$WHEEL --hash=sha256:$WHEEL_SHA256" >"$download/requirements.txt"
python3 -m pip download --quiet --no-deps --only-binary=:all: --require-hashes \
    -r "$download/requirements.txt" -d "$download"
mkdir -p "$(dirname "$TARGET")"
python3 - "$download" "$TARGET" <<'PYTHON'
import pathlib, sys, zipfile
wheel = next(pathlib.Path(sys.argv[1]).glob("*.whl"))
with zipfile.ZipFile(wheel) as archive:
    pathlib.Path(sys.argv[2]).write_bytes(archive.read("axe_playwright_python/axe.min.js"))
PYTHON
if ! have; then
    echo "axe-core: $TARGET does not have the expected SHA-256" >&2
    rm -f "$TARGET"
    exit 1
fi
echo "axe-core: $TARGET (axe-core 4.12.1)"
