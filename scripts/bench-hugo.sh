#!/usr/bin/env bash
# Times `beckon build` of the default site against Hugo building an equivalent site: the same four
# languages and the same number of HTML pages (landing, expired, gone and Android pages, counted from
# Beckon's manifest), each a Markdown heading and two paragraphs in a simple layout. Beckon does far
# more (preview cards, emails, share messages, association files and every check), so it is also
# timed on copies of the site without cards, and without cards and emails.
#
#   scripts/bench-hugo.sh
#
# Needs `hugo` and `hyperfine` (Debian packages of those names, installed when missing) and the
# release binary: swift build -c release --scratch-path .build-bench --product beckon
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
beckon="$root/.build-bench/release/beckon"
[ -x "$beckon" ] || { echo "build $beckon first (see the top of this script)" >&2; exit 1; }
if ! command -v hugo >/dev/null || ! command -v hyperfine >/dev/null; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo hyperfine
fi
export CI=1 # no progress line

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The number of pages per locale Beckon writes.
"$beckon" build --output "$work/beckon-out" >/dev/null 2>&1 || { echo "beckon build failed" >&2; exit 1; }
pages=$(grep -cE '"kind" : "(landing|expired|gone|android)"' "$work/beckon-out/manifest.json")
locales=4
per_locale=$((pages / locales))

# The Hugo site: four languages, `per_locale` pages each, nothing else (no home, lists, feeds).
hugo_site="$work/hugo"
mkdir -p "$hugo_site/layouts/_default"
cat >"$hugo_site/config.toml" <<'EOF'
baseURL = "https://join.playa.app/"
title = "Playa"
defaultContentLanguage = "en"
defaultContentLanguageInSubdir = true
disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[languages.en]
languageCode = "en-US"
weight = 1
[languages.de]
languageCode = "de-DE"
weight = 2
[languages.ja]
languageCode = "ja-JP"
weight = 3
[languages.ar]
languageCode = "ar"
languageDirection = "rtl"
weight = 4
EOF
cat >"$hugo_site/layouts/_default/single.html" <<'EOF'
<!DOCTYPE html>
<html lang="{{ .Site.LanguageCode }}" dir="{{ or .Language.LanguageDirection "ltr" }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title>
<meta name="description" content="{{ .Description }}">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:description" content="{{ .Description }}">
<meta property="og:image" content="{{ .Site.BaseURL }}og/{{ .Language.Lang }}.png">
<link rel="canonical" href="{{ .Permalink }}">
{{ range .Translations }}<link rel="alternate" hreflang="{{ .Site.LanguageCode }}" href="{{ .Permalink }}">
{{ end }}<style>body{margin:0;font-family:system-ui,sans-serif;color:#1b1b1f;background:#fff}main{max-width:40rem;margin:0 auto;padding:2rem 1rem}a.button{display:inline-block;padding:.75rem 1.5rem;background:#0b57d0;color:#fff;border-radius:8px}@media (prefers-color-scheme:dark){body{color:#e6e6ec;background:#121216}}</style>
</head>
<body>
<main>
<img src="/assets/logo.svg" width="120" height="40" alt="Playa logo">
{{ .Content }}
<p><a class="button" href="https://apps.apple.com/app/id6478123450">App Store</a></p>
</main>
</body>
</html>
EOF
heading=("Maya invited you to Playa" "Maya hat dich zu Playa eingeladen" "MayaさんからPlayaへの招待が届きました" "دعتك مايا إلى Playa")
body=("Join 50K+ people staying close to the people who matter." "Schließ dich über 50.000 Menschen an, die mit den Menschen in Kontakt bleiben, die ihnen wichtig sind."
    "大切な人とつながり続ける5万人以上の仲間に加わりましょう。" "انضم إلى أكثر من 50 ألف شخص يبقون على تواصل مع من يهمهم.")
languages=(en de ja ar)
for l in 0 1 2 3; do
    for ((page = 1; page <= per_locale; page++)); do
        file="$hugo_site/content/page-$page.${languages[$l]}.md"
        mkdir -p "$(dirname "$file")"
        printf -- '---\ntitle: "%s"\ndescription: "%s"\n---\n# %s\n\n%s\n\n%s [Open the invite](https://join.playa.app/invite/7KQ2M9XJ4PW3HNT).\n' \
            "${heading[$l]}" "${body[$l]}" "${heading[$l]}" "${body[$l]}" "${body[$l]}" >"$file"
    done
done
hugo --quiet --source "$hugo_site" --destination "$work/hugo-out"
hugo_pages=$(find "$work/hugo-out" -path '*/page-*' -name '*.html' | wc -l)
echo "pages: Beckon $pages ($per_locale per locale), Hugo $hugo_pages"

# Copies of the default site without preview cards (landing pages then need a fixed
# `theme.ogImage`), and without cards and emails (no `templates/email`, no `email:` section).
copy_site() { # FOLDER TEMPLATE-FOLDER...
    local folder="$1"
    shift
    mkdir -p "$folder/templates"
    cp -R locales static "$folder/"
    for templates in "$@"; do cp -R "templates/$templates" "$folder/templates/"; done
}
no_cards="$work/no-cards"
copy_site "$no_cards" pages layouts email
awk '{ print } /^theme:/ { print "  ogImage: assets/og-logo.png" }' beckon.yml >"$no_cards/beckon.yml"
lean="$work/lean"
copy_site "$lean" pages layouts
awk '/^email:/ { skip = 1; next } skip && /^[a-z]/ { skip = 0 } !skip' "$no_cards/beckon.yml" >"$lean/beckon.yml"

hyperfine --warmup 2 \
    -n hugo "hugo --quiet --source '$hugo_site' --destination '$work/hugo-out'" \
    -n beckon "'$beckon' build --site '$root' --output '$work/beckon-out'" \
    -n "beckon without cards" "'$beckon' build --site '$no_cards' --output '$work/no-cards-out'" \
    -n "beckon without cards and emails" "'$beckon' build --site '$lean' --output '$work/lean-out'"
