"""Hugo sites equivalent to Beckon sites, for the benchmarks (scripts/bench.py, scripts/bench-preview.py):
the same languages and as many pages per language, each a Markdown heading and two paragraphs with a
link, in one layout with the Open Graph tags, `hreflang` alternates and a small stylesheet; home, list,
taxonomy, feed, sitemap and 404 pages are turned off. With a Beckon page's style sheet (`style`), the
layout is instead the markup of Beckon's landing page: the same head (robots, colour scheme, App Store
banner, `x-default`, Open Graph and Twitter tags), that style sheet, and the same body around the
content, so each page holds about as many bytes, tags and links as Beckon's."""
import pathlib

# Hugo language keys for Beckon's locales: the default site's four, then those
# scripts/generate-large-site.py adds, in its order.
LANGUAGES = ["en", "de", "ja", "ar", "nl", "sv", "da", "nb", "fi", "et", "el", "bg", "hu", "tr", "af", "sw", "eu",
             "gl", "is", "sq"]
TEXT = {
    "en": ("Maya invited you to Playa", "Join 50K+ people staying close to the people who matter."),
    "ja": ("MayaさんからPlayaへの招待が届きました", "大切な人とつながり続ける5万人以上の仲間に加わりましょう。"),
    "ar": ("دعتك مايا إلى Playa", "انضم إلى أكثر من 50 ألف شخص يبقون على تواصل مع من يهمهم."),
}
GERMAN = ("Maya hat dich zu Playa eingeladen",
          "Schließ dich über 50.000 Menschen an, die mit den Menschen in Kontakt bleiben, die ihnen wichtig sind.")

LAYOUT = """<!DOCTYPE html>
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
"""


def languages(count):
    """The Hugo language keys of a site with `count` locales."""
    if count > len(LANGUAGES):
        raise ValueError(f"at most {len(LANGUAGES)} languages")
    return LANGUAGES[:count]


# Beckon's landing page (templates/layouts/base.mustache and landing.mustache as the generated site
# renders them), as a Hugo layout; STYLE is replaced with the `<style>` element of a page Beckon built.
SAME_PAGE_LAYOUT = """<!DOCTYPE html>
<html lang="{{ .Site.LanguageCode }}" dir="{{ or .Language.LanguageDirection "ltr" }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title>
<meta name="description" content="{{ .Description }}">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<meta name="apple-itunes-app" content="app-id=6478123450, app-argument=https://join.playa.app/invite/{{ .File.BaseFileName | upper }}">
<link rel="canonical" href="{{ .Permalink }}">
<link rel="alternate" hreflang="{{ .Site.LanguageCode }}" href="{{ .Permalink }}">
{{ range .Translations }}<link rel="alternate" hreflang="{{ .Site.LanguageCode }}" href="{{ .Permalink }}">
{{ end }}<link rel="alternate" hreflang="x-default" href="{{ .Permalink }}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Playa">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:description" content="{{ .Description }}">
<meta property="og:url" content="{{ .Permalink }}">
<meta property="og:locale" content="{{ .Site.LanguageCode }}">
<meta property="og:image" content="{{ .Site.BaseURL }}assets/og-logo.png">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="{{ .Title }}">
<meta name="twitter:description" content="{{ .Description }}">
<meta name="twitter:image" content="{{ .Site.BaseURL }}assets/og-logo.png">
STYLE
</head>
<body>
<header class="top"><div class="wrap">
<img src="/assets/logo.svg" alt="Playa logo" width="120" height="40">
</div></header>
<main class="wrap">
<div class="layout">
<div class="story">
<div class="inviter">
<span class="avatar" aria-hidden="true">MA</span>
<div>
</div>
</div>
{{ .Content }}
</div>
<div class="panel">
<div class="actions">
<a class="button" href="https://apps.apple.com/app/id6478123450">Download on the App Store</a>
<a class="button secondary" href="playa://invite/{{ .File.BaseFileName | upper }}">Already have Playa? Open your invite in the app</a>
</div>
<p class="small"><a href="/{{ .Language.Lang }}/android/">On Android? Get notified when Playa arrives</a></p>
<p class="small">This invite is valid for 30 days.</p>
</div>
</div>
</main>
<footer><div class="wrap">
<p>Questions? <a href="https://playa.app/help">Contact support</a>&nbsp;· <a href="mailto:help@playa.app">help@playa.app</a></p>
</div></footer>
</body>
</html>
"""


def style_sheet(output: pathlib.Path):
    """The `<style>` element of a landing page Beckon built into `output`."""
    page = next(output.rglob("invite/index.html"), None)
    text = page.read_text(encoding="utf-8") if page else ""
    if "<style>" not in text or "</style>" not in text:
        raise SystemExit(f"error: no landing page with a <style> element in {output}; "
                         "the same-pages Hugo site copies its style sheet (build the site with pages)")
    return text[text.index("<style>"):text.index("</style>") + len("</style>")]


def hugo_site(folder: pathlib.Path, keys, pages_per_language, style=None):
    """Writes a Hugo site: the languages `keys`, `pages_per_language` pages each; with `style` (a
    `<style>` element), in the markup of Beckon's landing page (`SAME_PAGE_LAYOUT`)."""
    (folder / "layouts" / "_default").mkdir(parents=True, exist_ok=True)
    config = ['baseURL = "https://join.playa.app/"', 'title = "Playa"', f'defaultContentLanguage = "{keys[0]}"',
              "defaultContentLanguageInSubdir = true",
              'disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]']
    for weight, key in enumerate(keys, start=1):
        config += [f"[languages.{key}]", f'languageCode = "{key}"', f"weight = {weight}"]
        if key == "ar":
            config.append('languageDirection = "rtl"')
    (folder / "config.toml").write_text("\n".join(config) + "\n", encoding="utf-8")
    layout = LAYOUT if style is None else SAME_PAGE_LAYOUT.replace("STYLE", style)
    (folder / "layouts" / "_default" / "single.html").write_text(layout, encoding="utf-8")
    content = folder / "content"
    content.mkdir(exist_ok=True)
    for key in keys:
        heading, body = TEXT.get(key, GERMAN)
        for page in range(1, pages_per_language + 1):
            (content / f"page-{page}.{key}.md").write_text(
                f'---\ntitle: "{heading}"\ndescription: "{body}"\n---\n# {heading}\n\n{body}\n\n'
                f"{body} [Open the invite](https://join.playa.app/invite/7KQ2M9XJ4PW3HNT).\n", encoding="utf-8")
