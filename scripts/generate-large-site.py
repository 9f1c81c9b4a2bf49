#!/usr/bin/env python3
"""Writes a large Beckon site for benchmarks: the default site (the repository root) with more
locales and sample invites. With the defaults (10 locales, 24 samples) it builds about 2,000
artifacts: 520 pages, 960 email files, 250 cards, 200 share messages and the site files.

    scripts/generate-large-site.py OUT [--locales 10] [--samples 24]

The extra locales reuse the German strings under other locale ids (the text only has to be there);
the extra samples are generated names in every context.
"""
import argparse
import pathlib
import re
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Locales whose CLDR plural categories are German's (one, other), so the German strings fit them.
EXTRA_LOCALES = ["nl-NL", "sv-SE", "da-DK", "nb-NO", "fi-FI", "et-EE", "el-GR", "bg-BG", "hu-HU", "tr-TR",
                 "af-ZA", "sw-KE", "eu-ES", "gl-ES", "is-IS", "sq-AL"]
CONTEXTS = ["generic", "achievement", "content", "collaborative"]
FIRST = ["Maya", "Jonas", "Lea", "Noah", "Emma", "Luca", "Sofia", "Elias", "Mila", "Ben", "Ida", "Paul"]
LAST = ["Schneider", "Rossi", "García", "Nowak", "Jensen", "Dubois"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--locales", type=int, default=10)
    parser.add_argument("--samples", type=int, default=24)
    args = parser.parse_args()
    out = args.out
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for folder in ["templates", "locales", "static"]:
        shutil.copytree(ROOT / folder, out / folder)
    config = (ROOT / "beckon.yml").read_text(encoding="utf-8")
    base = ["en-US", "de-DE", "ja-JP", "ar"]
    extra = EXTRA_LOCALES[: max(0, args.locales - len(base))]
    locales = base[: args.locales] + extra
    config = re.sub(r"list: \[.*\]", "list: [" + ", ".join(locales) + "]", config)
    german = (ROOT / "locales" / "de-DE.yml").read_text(encoding="utf-8")
    for locale in extra:
        (out / "locales" / f"{locale}.yml").write_text(german, encoding="utf-8")
    for locale in base[args.locales:]:
        (out / "locales" / f"{locale}.yml").unlink()
    samples = config[config.index("samples:"):]
    generated = ["samples:"]
    existing = len(re.findall(r"^  - id:", samples, flags=re.M))
    generated.append(samples[len("samples:"):].rstrip("\n"))
    for index in range(existing, args.samples):
        first = FIRST[index % len(FIRST)]
        last = LAST[index % len(LAST)]
        generated += [
            f"  - id: sample-{index}",
            f"    inviterFirstName: {first}",
            f"    inviterName: {first} {last}",
            f"    context: {CONTEXTS[index % len(CONTEXTS)]}",
        ]
        if CONTEXTS[index % len(CONTEXTS)] != "generic":
            generated.append(f"    contextTitle: Plan number {index}")
    config = config[: config.index("samples:")] + "\n".join(generated) + "\n"
    (out / "beckon.yml").write_text(config, encoding="utf-8")
    print(f"{out}: {len(locales)} locales, {max(existing, args.samples)} samples")


if __name__ == "__main__":
    main()
