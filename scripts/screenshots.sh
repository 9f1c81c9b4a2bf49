#!/usr/bin/env bash
# Screenshots of a site's pages and emails as people see them, in headless Chromium.
#
#   scripts/screenshots.sh [--site DIR] [--output DIR] [--locales "en-US de-DE ar ja-JP"] [--widths "390 1280"]
#
# Builds the site (default: the repository's own) into a scratch folder, serves it on 127.0.0.1
# (pages use root-relative URLs, so file:// would lose their images; emails' absolute image URLs
# are pointed at the local server), and captures every page kind (invite, expired, withdrawn,
# Android, accepted) and the invitation email, each without a sample invite and with the first
# sample that has one, at each width (390 px: a phone; 1280 px: a laptop) in the light and the dark
# palette. The PNGs go to DIR/LOCALE/KIND[-SAMPLE]-WIDTH-SCHEME.png (default DIR:
# output/screenshots), with an index.html that shows them side by side; `beckon preview` links to
# that index when it exists. Then prints each page's loading metrics (LCP, CLS, HTML bytes).
#
# Needs chromium and python3 (`make test-deps` installs chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

site=.
out=output/screenshots
locales="en-US de-DE ar ja-JP"
widths="390 1280"
while [[ $# -gt 0 ]]; do
    case $1 in
    --site) site=$2; shift 2 ;;
    --output) out=$2; shift 2 ;;
    --locales) locales=$2; shift 2 ;;
    --widths) widths=$2; shift 2 ;;
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "screenshots: unknown argument \`$1\` (see --help)" >&2; exit 2 ;;
    esac
done
chromium=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $chromium ]]; then
    echo "screenshots: chromium is not installed (make test-deps installs it)" >&2
    exit 1
fi

scratch=$(mktemp -d)
server=""
cleanup() {
    [[ -n $server ]] && kill "$server" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT

swift build --product beckon >"$scratch/swift-build.log" 2>&1 || {
    tail -20 "$scratch/swift-build.log" >&2
    exit 1
}
echo "screenshots: building $site"
.build/debug/beckon build --site "$site" --output "$scratch/site" >"$scratch/build.log" || {
    tail -20 "$scratch/build.log" >&2
    echo "screenshots: the build failed" >&2
    exit 1
}

# Emails load their images from the site's public address: point them at the local server.
find "$scratch/site/emails" -name '*.html' -exec sed -i -E 's#(src=")https?://[^/"]+/#\1/#g' {} + 2>/dev/null || true

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$scratch/site" >/dev/null 2>&1 &
server=$!
for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
    sleep 0.1
done

# The pages and emails to capture: per locale and kind, the one without a sample and the first
# with one.
python3 - "$scratch/site/manifest.json" "$locales" >"$scratch/targets" <<'EOF'
import json, sys
artifacts = json.load(open(sys.argv[1]))["artifacts"]
wanted = sys.argv[2].split()
kinds = ["landing", "expired", "gone", "android", "accepted", "email-html"]
chosen = {}
for artifact in artifacts:
    locale, kind = artifact.get("locale"), artifact["kind"]
    if locale not in wanted or kind not in kinds:
        continue
    key = (locale, kind, artifact.get("sample") is None)
    chosen.setdefault(key, artifact)
for (locale, kind, _), artifact in sorted(chosen.items(), key=lambda item: (wanted.index(item[0][0]), kinds.index(item[0][1]), not item[0][2])):
    name = kind + ("-" + artifact["sample"] if artifact.get("sample") else "")
    print(locale, name, artifact["path"])
EOF

mkdir -p "$out"
count=0
index="<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Screenshots</title>"
index+="<style>body{font:15px system-ui,sans-serif;margin:1.5rem}figure{display:inline-block;margin:0 1rem 1rem 0;vertical-align:top}img{border:1px solid #ccc;max-width:640px}</style></head><body><h1>Screenshots</h1>"
while read -r locale name path; do
    mkdir -p "$out/$locale"
    index+="<h2>$locale $name</h2>"
    for width in $widths; do
        height=844
        [[ $width -ge 1000 ]] && height=800
        for scheme in light dark; do
            preference=1
            [[ $scheme == dark ]] && preference=0
            file="$locale/$name-$width-$scheme.png"
            "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars \
                --user-data-dir="$scratch/profile" --window-size="$width,$height" \
                --blink-settings=preferredColorScheme=$preference --virtual-time-budget=3000 \
                --screenshot="$out/$file" "http://127.0.0.1:$port/$path" >/dev/null 2>&1
            index+="<figure><img src=\"$file\" alt=\"$locale $name at $width px, $scheme\" loading=\"lazy\"><figcaption>$width px, $scheme</figcaption></figure>"
            count=$((count + 1))
        done
    done
done <"$scratch/targets"
index+="</body></html>"
printf '%s\n' "$index" >"$out/index.html"
echo "screenshots: $count screenshots in $out (index: $out/index.html)"

# Loading metrics of each page at 390 px, as the browser reports them: Largest Contentful Paint
# and Cumulative Layout Shift (PerformanceObserver, buffered), and the HTML's size. Over loopback
# LCP is the rendering cost alone; a run that reports no LCP entry in its window shows 0.
cat >"$scratch/site/_metrics.html" <<'EOF'
<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>metrics</title></head><body><pre id="out">pending</pre><script>
var p=location.hash.slice(1),f=document.createElement("iframe");f.style.width="390px";f.style.height="844px";f.title=p;
f.onload=function(){var w=f.contentWindow,lcp=0,cls=0;
new w.PerformanceObserver(function(l){l.getEntries().forEach(function(e){lcp=Math.max(lcp,e.startTime)})}).observe({type:"largest-contentful-paint",buffered:true});
new w.PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(!e.hadRecentInput)cls+=e.value})}).observe({type:"layout-shift",buffered:true});
setTimeout(function(){var n=w.performance.getEntriesByType("navigation")[0];
document.getElementById("out").textContent="lcp="+lcp.toFixed(0)+"ms cls="+cls.toFixed(3)+" html="+(n?n.encodedBodySize:0)+"B"},1500)};
f.src=p;document.body.appendChild(f);
</script></body></html>
EOF
echo "screenshots: loading metrics at 390 px (LCP, CLS, HTML bytes):"
while read -r locale name path; do
    [[ $name == email-html* ]] && continue
    metrics=$("$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
        --user-data-dir="$scratch/profile" --virtual-time-budget=5000 \
        --dump-dom "http://127.0.0.1:$port/_metrics.html#/$path" 2>/dev/null | sed -n 's/.*<pre id="out">\([^<]*\)<.*/\1/p')
    echo "  $locale $name: $metrics"
done <"$scratch/targets"
