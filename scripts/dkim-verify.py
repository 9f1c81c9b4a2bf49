#!/usr/bin/env python3
"""Verifies the first DKIM signature of a message with dkimpy, against a DNS record given here.

    scripts/dkim-verify.py NAME RECORD < message.eml
    scripts/dkim-verify.py NAME --record-file FILE < message.eml

NAME is where the record is published, SELECTOR._domainkey.DOMAIN (the signature's s= and d=
must point there); RECORD is the TXT record's value, such as `v=DKIM1; k=ed25519; p=…`, or
FILE holds it. No DNS is asked: the lookup dkimpy makes is answered with RECORD when it is
for NAME, and with nothing otherwise.

Exit status 0 when the signature verifies; 1 when it does not, with the reason on standard
error; 2 for a usage error. Ed25519 signatures need PyNaCl besides dkimpy.
"""

import argparse
import logging
import sys

import dkim


class Reasons(logging.Handler):
    """Keeps what dkimpy logs while it verifies, to say why a signature failed."""

    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.details = []
        self.errors = []

    def emit(self, record):
        (self.errors if record.levelno >= logging.ERROR else self.details).append(record.getMessage())


def main():
    parser = argparse.ArgumentParser(description="Verify a message's DKIM signature with dkimpy.")
    parser.add_argument("name", help="where the record is published: SELECTOR._domainkey.DOMAIN")
    parser.add_argument("record", nargs="?", help="the DNS TXT record's value")
    parser.add_argument("--record-file", help="a file holding the DNS TXT record's value")
    arguments = parser.parse_args()
    if (arguments.record is None) == (arguments.record_file is None):
        parser.error("give the record, or --record-file, but not both")
    if arguments.record_file is not None:
        with open(arguments.record_file, encoding="utf-8") as file:
            record = file.read().strip()
    else:
        record = arguments.record
    expected = arguments.name.rstrip(".").lower().encode()
    asked = []

    def lookup(name, timeout=5):
        asked.append(name.decode(errors="replace"))
        return record.encode() if name.rstrip(b".").lower() == expected else None

    reasons = Reasons()
    logger = logging.getLogger("dkim-verify")
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    logger.addHandler(reasons)
    message = sys.stdin.buffer.read()
    try:
        passed = dkim.verify(message, logger=logger, dnsfunc=lookup)
    except Exception as error:  # dkimpy raises on some malformed input instead of answering False.
        reasons.errors.append(f"{type(error).__name__}: {error}")
        passed = False
    if passed:
        return 0
    if not asked:
        reasons.errors.append("no DKIM-Signature field was found, or it could not be read")
    elif asked[-1].rstrip(".").lower() != expected.decode():
        reasons.errors.append(f"the signature's key is at {asked[-1]}, not at {arguments.name}")
    elif not reasons.errors:
        reasons.errors.append("the b= signature does not match the signed header fields, or another key made it")
    print("DKIM signature did not verify:", file=sys.stderr)
    for line in reasons.details + reasons.errors:
        print(f"  {line}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
