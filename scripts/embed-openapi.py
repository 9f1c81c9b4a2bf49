#!/usr/bin/env python3
"""Writes Sources/BeckonServe/OpenAPI/OpenAPIDocument.swift from docs/openapi.json, so the binary
serves the document at /v1/openapi.json without a resource bundle beside it. Run it after editing
docs/openapi.json; a test fails while the two differ.

    scripts/embed-openapi.py
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
source = (ROOT / "docs/openapi.json").read_text(encoding="utf-8")
json.loads(source)  # refuse to embed a document that does not parse
assert '"""#' not in source
out = ROOT / "Sources/BeckonServe/OpenAPI/OpenAPIDocument.swift"
out.write_text(
    "// Written by scripts/embed-openapi.py from docs/openapi.json; edit that file and run the script.\n\n"
    "/// The OpenAPI 3.1 document of the invite API, as `docs/openapi.json` holds it.\n"
    "enum OpenAPIDocument {\n"
    "    static let json = #\"\"\"\n"
    + "".join("        " + line + "\n" if line else "\n" for line in source.rstrip("\n").split("\n"))
    + "        \"\"\"#\n"
    "}\n",
    encoding="utf-8",
)
