#!/usr/bin/env bash
# Checks XLIFF files against the official OASIS XML Schemas, offline.
#
#   scripts/validate-xliff.sh FILE.xlf...
#   scripts/validate-xliff.sh --schemas   # only obtain xmllint and the schemas: exit 0 when both
#                                         # are here, 1 (saying why) when they cannot be had
#
# The schema is picked from the root's version attribute:
#   1.2 -> xliff-core-1.2-strict.xsd (namespace urn:oasis:names:tc:xliff:document:1.2)
#   2.0 -> xliff-core-2.0.xsd        (namespace urn:oasis:names:tc:xliff:document:2.0)
# Exit status: 0 when every file is valid (or when the check had to be skipped, see below),
# 1 when a file is invalid (xmllint prints FILE:LINE: messages), 2 for bad usage.
#
# Where the schemas come from: no PyPI package ships them (translate-toolkit, l10n-lint and
# the other XLIFF packages hold none), and neither does any Debian package as OASIS names
# them. Debian's php-symfony-translation (bookworm: 5.4.53+dfsg-0+deb12u1) carries copies
# Symfony validates with, in /usr/share/php/Symfony/Component/Translation/Resources/schemas/:
#   xliff-core-1.2-strict.xsd  the OASIS 1.2 strict schema (trailing whitespace trimmed)
#   xliff-core-2.0.xsd         the OASIS 2.0 core schema (xliff_core_2.0.xsd, OASIS Standard
#                              05 August 2014, renamed)
#   xml.xsd                    the W3C schema for xml:lang / xml:space
# The .deb is fetched with `apt-get download` and unpacked with `dpkg-deb -x` (the package
# is NOT installed: that would pull in PHP); an installed copy is used as is. The files go to
# ${BECKON_XSD_CACHE:-/tmp/beckon-xsd}, with their xml.xsd imports pointed at the local copy,
# and xmllint runs with --nonet, so nothing is fetched over the network. If the schemas or
# xmllint (libxml2-utils) cannot be had, it prints "validate-xliff: skipped: <reason>" and
# exits 0.
#
# Size and Length Restriction module (slr, urn:oasis:names:tc:xliff:sizerestriction:2.0):
# the OASIS size_restriction.xsd is in no Debian or PyPI package. The core schema takes slr:*
# attributes and elements through lax wildcards, so without it a 2.0 file is checked against
# the core only and a note says that its slr:* markup went unchecked. To check it too, put
# the OASIS file (schemas/modules/size_restriction.xsd of the XLIFF 2.0 distribution) at
# $BECKON_XSD_CACHE/size_restriction.xsd: files that use the slr namespace are then checked
# against a small wrapper schema in the cache that imports both the core and the module.
# (A wrapper rather than Python lxml: xmllint takes one schema, a wrapper gives it both, and
# it keeps one validator with the same FILE:LINE messages for every file.)
set -euo pipefail

XLIFF12_NS="urn:oasis:names:tc:xliff:document:1.2"
XLIFF20_NS="urn:oasis:names:tc:xliff:document:2.0"
SLR_NS="urn:oasis:names:tc:xliff:sizerestriction:2.0"
DEB_PACKAGE="php-symfony-translation"
DEB_SCHEMAS="usr/share/php/Symfony/Component/Translation/Resources/schemas"
CACHE="${BECKON_XSD_CACHE:-/tmp/beckon-xsd}"

schemas_only=0
if [ "${1:-}" = --schemas ]; then
    schemas_only=1
    shift
fi

skip() {
    echo "validate-xliff: skipped: $*"
    exit "$schemas_only"
}

if [ $# -eq 0 ] && [ "$schemas_only" = 0 ]; then
    echo "usage: $0 FILE.xlf... | $0 --schemas" >&2
    exit 2
fi

sudo=""
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; fi
fi
can_apt() { [ "$(id -u)" = 0 ] || [ -n "$sudo" ]; }

# --- xmllint --------------------------------------------------------------------------------
if ! command -v xmllint >/dev/null 2>&1; then
    if can_apt && command -v apt-get >/dev/null 2>&1; then
        { $sudo apt-get update -qq &&
          $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils; } \
            >/dev/null 2>&1 || true
    fi
    command -v xmllint >/dev/null 2>&1 || skip "xmllint not found and libxml2-utils could not be installed"
fi

# --- schemas into the cache -----------------------------------------------------------------
# Fails (returns 1) on anything that is not the schema we expect.
check_namespace() { # file namespace
    [ "$(xmllint --nonet --xpath 'string(/*/@targetNamespace)' "$1" 2>/dev/null)" = "$2" ]
}

fetch_schemas() {
    local work src deb
    work="$(mktemp -d "$CACHE/.fetch.XXXXXX")" || return 1
    if [ -f "/$DEB_SCHEMAS/xliff-core-2.0.xsd" ]; then
        src="/$DEB_SCHEMAS"
        dpkg-query -W -f='${Package} ${Version} (installed)\n' "$DEB_PACKAGE" >"$work/SOURCE" 2>/dev/null ||
            echo "$src (installed)" >"$work/SOURCE"
    else
        command -v apt-get >/dev/null 2>&1 && command -v dpkg-deb >/dev/null 2>&1 || {
            echo "apt-get/dpkg-deb not available to fetch $DEB_PACKAGE" >"$work/ERROR"; return 1; }
        if ! (cd "$work" && apt-get download -qq "$DEB_PACKAGE") >/dev/null 2>&1; then
            # Package lists may be missing (fresh machine): refresh them once, when allowed.
            can_apt && $sudo apt-get update -qq >/dev/null 2>&1 || true
            (cd "$work" && apt-get download -qq "$DEB_PACKAGE") >/dev/null 2>&1 || {
                echo "could not download Debian package $DEB_PACKAGE" >"$work/ERROR"; return 1; }
        fi
        deb="$(ls "$work"/*.deb)"
        dpkg-deb -x "$deb" "$work/deb" || { echo "could not unpack $deb" >"$work/ERROR"; return 1; }
        dpkg-deb --show --showformat='${Package} ${Version} (Debian package, unpacked)\n' "$deb" >"$work/SOURCE"
        src="$work/deb/$DEB_SCHEMAS"
    fi
    echo "paths: $DEB_SCHEMAS/{xliff-core-1.2-strict.xsd,xliff-core-2.0.xsd,xml.xsd}" >>"$work/SOURCE"
    cp "$src/xml.xsd" "$work/xml.xsd" 2>/dev/null &&
    sed 's#schemaLocation="http://www.w3.org/2001/xml.xsd"#schemaLocation="xml.xsd"#' \
        "$src/xliff-core-1.2-strict.xsd" >"$work/xliff-core-1.2-strict.xsd" 2>/dev/null &&
    sed 's#schemaLocation="[^"]*xml.xsd"#schemaLocation="xml.xsd"#' \
        "$src/xliff-core-2.0.xsd" >"$work/xliff-core-2.0.xsd" 2>/dev/null || {
        echo "$DEB_PACKAGE does not hold the XLIFF schemas at $DEB_SCHEMAS" >"$work/ERROR"; return 1; }
    check_namespace "$work/xml.xsd" "http://www.w3.org/XML/1998/namespace" &&
    check_namespace "$work/xliff-core-1.2-strict.xsd" "$XLIFF12_NS" &&
    check_namespace "$work/xliff-core-2.0.xsd" "$XLIFF20_NS" || {
        echo "the schemas in $DEB_PACKAGE are not the OASIS XLIFF schemas" >"$work/ERROR"; return 1; }
    rm -rf "$work/deb" "$work"/*.deb
    mv "$work/xml.xsd" "$work/xliff-core-1.2-strict.xsd" "$work/xliff-core-2.0.xsd" "$work/SOURCE" "$CACHE/"
    rm -rf "$work"
}

mkdir -p "$CACHE" 2>/dev/null || skip "cannot create the schema cache $CACHE"
if ! [ -s "$CACHE/xliff-core-1.2-strict.xsd" ] || ! [ -s "$CACHE/xliff-core-2.0.xsd" ] ||
   ! [ -s "$CACHE/xml.xsd" ]; then
    if ! fetch_schemas; then
        reason="$(cat "$CACHE"/.fetch.*/ERROR 2>/dev/null | head -n 1)"
        rm -rf "$CACHE"/.fetch.*
        skip "${reason:-could not obtain the XLIFF schemas}"
    fi
fi

# Optional slr module: only a file that really is the OASIS module schema is used.
slr_schema=""
if [ -s "$CACHE/size_restriction.xsd" ]; then
    check_namespace "$CACHE/size_restriction.xsd" "$SLR_NS" ||
        skip "$CACHE/size_restriction.xsd is not the OASIS Size and Length Restriction schema"
    # Point its imports (core, xml.xsd) at the cached copies; the OASIS layout has them in ../
    sed -e 's#schemaLocation="[^"]*xliff_core_2\.0\.xsd"#schemaLocation="xliff-core-2.0.xsd"#' \
        -e 's#schemaLocation="[^"]*xliff-core-2\.0\.xsd"#schemaLocation="xliff-core-2.0.xsd"#' \
        -e 's#schemaLocation="[^"]*/xml\.xsd"#schemaLocation="xml.xsd"#' \
        "$CACHE/size_restriction.xsd" >"$CACHE/size_restriction.local.xsd"
    cat >"$CACHE/xliff20-slr.xsd" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by scripts/validate-xliff.sh: XLIFF 2.0 core + Size and Length Restriction module. -->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="$XLIFF20_NS" schemaLocation="xliff-core-2.0.xsd"/>
  <xs:import namespace="$SLR_NS" schemaLocation="size_restriction.local.xsd"/>
</xs:schema>
EOF
    slr_schema="$CACHE/xliff20-slr.xsd"
fi

[ "$schemas_only" = 1 ] && exit 0

# --- validation -----------------------------------------------------------------------------
failed=0
for file in "$@"; do
    if ! [ -r "$file" ]; then
        echo "$file: cannot read the file"; failed=1; continue
    fi
    if ! xmllint --nonet --noout "$file" 2>&1; then
        failed=1; continue   # not well-formed: xmllint has said FILE:LINE: why
    fi
    version="$(xmllint --nonet --xpath 'string(/*/@version)' "$file" 2>/dev/null || true)"
    namespace="$(xmllint --nonet --xpath 'namespace-uri(/*)' "$file" 2>/dev/null || true)"
    case "$version" in
        1.2) schema="$CACHE/xliff-core-1.2-strict.xsd"; expected="$XLIFF12_NS" ;;
        2.0) schema="$CACHE/xliff-core-2.0.xsd"; expected="$XLIFF20_NS" ;;
        *) echo "$file:1: the root's version is '${version}', not 1.2 or 2.0"; failed=1; continue ;;
    esac
    if [ "$namespace" != "$expected" ]; then
        echo "$file:1: version $version but the root's namespace is '$namespace', not $expected"
        failed=1; continue
    fi
    if [ "$version" = 2.0 ] &&
       [ "$(xmllint --nonet --xpath "boolean(//*[namespace-uri()='$SLR_NS'] | //@*[namespace-uri()='$SLR_NS'])" "$file" 2>/dev/null)" = true ]; then
        if [ -n "$slr_schema" ]; then
            schema="$slr_schema"
        else
            echo "validate-xliff: note: $file: slr:* markup not checked (no size_restriction.xsd in $CACHE)"
        fi
    fi
    if ! xmllint --nonet --noout --schema "$schema" "$file" 2>&1; then
        failed=1
    fi
done
exit "$failed"
