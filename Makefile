# Beckon's build entry points. `make run` and `make test` work on a fresh Debian machine that has
# only the Swift toolchain: `make deps` installs the C libraries Beckon links against.

DEBIAN_PACKAGES := pkg-config libcmark-dev libxml2-dev libicu-dev libpango1.0-dev libcairo2-dev zlib1g-dev libdeflate-dev fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
# The email tests score every email of the default site with SpamAssassin (local rules only).
DEBIAN_PACKAGES += spamassassin
# The serving-rules tests serve a build with the real nginx and Caddy and fetch it with curl.
DEBIAN_PACKAGES += nginx caddy curl
# The XLIFF schema test validates exports with xmllint (scripts/validate-xliff.sh fetches the OASIS
# schemas from a Debian package it unpacks without installing).
DEBIAN_PACKAGES += libxml2-utils
# The preview's real-browser test loads pages in headless Chromium; BECKON_NO_BROWSER=1 leaves it
# out (the test then says it was skipped).
ifeq ($(BECKON_NO_BROWSER),)
DEBIAN_PACKAGES += chromium
endif
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build run test format lint clean

## deps: install the Debian packages the build needs, if any are missing
deps:
	@missing=""; \
	for package in $(DEBIAN_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

## build: build beckon in release mode
build: deps
	swift build -c release --product beckon

## run: build in release mode and build the default site (the repository root) into output/
run: build
	.build/release/beckon build

## test: run the whole test suite
test: deps
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
