# Beckon's build entry points. `make install`, `make run` and `make test` work on a fresh Debian
# machine that has only the Swift toolchain: `make deps` installs the C libraries and fonts Beckon
# builds and runs with, `make test-deps` adds the programs the tests run.

DEBIAN_PACKAGES := pkg-config libcmark-dev libxml2-dev libicu-dev libpango1.0-dev libcairo2-dev zlib1g-dev libdeflate-dev libjpeg62-turbo-dev libsqlite3-dev libqrencode-dev libcurl4-openssl-dev libmimalloc-dev fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
# The email tests score every email of the default site with SpamAssassin (local rules only).
TEST_PACKAGES := spamassassin
# The serving-rules tests serve a build with the real nginx and Caddy and fetch it with curl.
TEST_PACKAGES += nginx caddy curl
# The docs' runnable examples are run as a reader pastes them (openssl makes their keys); git must
# never add the invites `beckon serve` keeps in a site.
TEST_PACKAGES += git openssl
# The XLIFF schema test validates exports with xmllint (scripts/validate-xliff.sh fetches the OASIS
# schemas from a Debian package it unpacks without installing).
TEST_PACKAGES += libxml2-utils
# The QR code tests read the codes back with zbarimg, as a phone's camera would.
TEST_PACKAGES += zbar-tools
# The PO round-trip tests convert exports with translate-toolkit's xliff2po, po2xliff and pomerge.
TEST_PACKAGES += translate-toolkit
# The store tests run the invite store's contract on PostgreSQL too, and two `beckon serve` on one
# database; they start a PostgreSQL 15 cluster of their own in a temporary folder.
TEST_PACKAGES += postgresql
# The delivery tests hand invitations to a Postfix of their own, started in a temporary folder.
TEST_PACKAGES += postfix
# The preview's, review page's and analytics beacon's real-browser tests load pages in headless
# Chromium; BECKON_NO_BROWSER=1 leaves it out (those tests are then reported as skipped).
ifeq ($(BECKON_NO_BROWSER),)
TEST_PACKAGES += chromium
endif
# The accessibility test of served landing pages runs axe-core in headless Chromium, driven by
# scripts/axe-check.py; scripts/axe-core.sh fetches axe.min.js from PyPI with pip.
TEST_PACKAGES += python3 python3-pip
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PREFIX ?= /usr/local

# Installs the packages named in $(1) that are missing.
define apt_install
	@missing=""; \
	for package in $(1); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef

.PHONY: deps test-deps build install run test format lint clean

## deps: install the Debian packages building and running beckon need, if any are missing
deps:
	$(call apt_install,$(DEBIAN_PACKAGES))

## test-deps: also install the programs the tests run (spamassassin, nginx, caddy, curl, xmllint,
## translate-toolkit, postfix, chromium, python3), if any are missing, fetch axe-core, and install
## from PyPI when missing scipy (the funnel's statistics are checked against it), dkimpy with
## pynacl (they verify DKIM signatures) and aiosmtpd (a scripted SMTP relay)
test-deps: deps
	$(call apt_install,$(TEST_PACKAGES))
	scripts/axe-core.sh
	@python3 -c 'import scipy' 2>/dev/null || python3 -m pip install --quiet scipy
	@python3 -c 'import dkim, nacl, aiosmtpd' 2>/dev/null || python3 -m pip install --quiet dkimpy pynacl aiosmtpd

## build: build beckon in release mode, with the Swift runtime and Foundation linked in (a binary
## that starts sooner, runs 7-9 % faster, and needs no Swift toolchain where it runs)
build: deps
	swift build -c release --static-swift-stdlib --product beckon

## install: build in release mode and install beckon to $(PREFIX)/bin (PREFIX=/usr/local by
## default; sudo only when that folder is not writable)
install: build
	@bin="$(DESTDIR)$(PREFIX)/bin"; existing="$$bin"; \
	while [ ! -d "$$existing" ]; do existing=$$(dirname "$$existing"); done; \
	if [ -w "$$existing" ]; then sudo=""; else sudo="$(SUDO)"; fi; \
	echo "Installing beckon to $$bin"; \
	$$sudo install -d "$$bin" && $$sudo install -m 755 .build/release/beckon "$$bin/beckon"

## run: build in release mode and build the default site (the repository root) into output/
run: build
	.build/release/beckon build

## test: run the whole test suite
test: test-deps
	swift build --product beckon
	swift test

## format: format all Swift sources in place
format:
	swift format --in-place --recursive Package.swift Sources Tests

## lint: check formatting as CI does
lint:
	swift format lint --strict --recursive Package.swift Sources Tests

clean:
	rm -rf .build output
