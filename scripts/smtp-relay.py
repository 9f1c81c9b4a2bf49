#!/usr/bin/env python3
"""A scripted SMTP relay for the BeckonSMTP tests, on aiosmtpd (PyPI).

    scripts/smtp-relay.py --port PORT --maildir DIR [--script FILE]
                          [--starttls CERT KEY | --tls CERT KEY] [--require-tls]
                          [--auth USER:PASSWORD [--auth-mechanism MECH]]

Listens on 127.0.0.1:PORT (0: a free port) and prints the port on the first line of standard
output once it accepts connections.

Messages are numbered from 1 at each MAIL FROM, over the relay's whole life. Each accepted message
N is written to DIR as N.eml — the DATA bytes as received, dot-unstuffed, without the closing
".\\r\\n" line, nothing added — and, before it, N.json: {"from", "to": [...], "tls", "user"}.
DIR/connections holds how many connections the relay has taken; DIR/listening holds 1, or 0 once
the relay is down (SIGUSR1) and its connections are closed.

--script FILE is a JSON list whose entry N-1 scripts message N; past its end, messages are
accepted. An entry {"at": "mail" | "rcpt" | "data", ...} acts at that command (at "data", once the
data has been read): "reply": "550 5.1.1 ..." answers with that line instead; "action": "drop"
closes the connection without answering; "action": "stall" never answers. {} accepts.

--starttls offers STARTTLS with the certificate and key (PEM files); --tls speaks TLS from the
first byte instead (smtps). --require-tls refuses MAIL before STARTTLS. --auth offers AUTH PLAIN
and LOGIN (only over TLS when STARTTLS is offered) and takes only these credentials;
--auth-mechanism offers that one of the two only. Without --auth, AUTH lists no mechanism.

SIGUSR1 stops accepting connections and closes the open ones (the relay is down); SIGUSR2 listens
on the same port again. SIGTERM ends the relay. These three are unblocked first: a process started
from a thread that blocks signals (a test's) inherits the mask.
"""

import argparse
import asyncio
import json
import os
import signal
import ssl

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


def write(path, data):
    """Writes `data` (bytes) to `path` whole: a reader sees the old file or the new one."""
    with open(path + ".tmp", "wb") as file:
        file.write(data)
    os.replace(path + ".tmp", path)


class Relay:
    """The handler: numbers messages, plays the script, writes what it accepts."""

    def __init__(self, maildir, script):
        self.maildir, self.script = maildir, script
        self.messages = self.connections = 0
        self.open = set()  # the SMTP protocols of the open connections

    def connected(self, protocol):
        self.connections += 1
        self.open.add(protocol)
        write(os.path.join(self.maildir, "connections"), str(self.connections).encode())

    async def scripted(self, server, envelope, at):
        """The scripted answer at `at` for the envelope's message, or None to go on as usual."""
        number = getattr(envelope, "number", 0)
        entry = self.script[number - 1] if 0 < number <= len(self.script) else {}
        if entry.get("at") != at:
            return None
        if entry.get("action") == "drop":
            server.transport.close()
            return "421 dropped"  # never written: the connection is closed
        if entry.get("action") == "stall":
            await asyncio.Event().wait()
        return entry["reply"]

    async def handle_MAIL(self, server, session, envelope, address, options):
        self.messages += 1
        envelope.number = self.messages
        answer = await self.scripted(server, envelope, "mail")
        if answer:
            return answer
        envelope.mail_from = address
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, options):
        answer = await self.scripted(server, envelope, "rcpt")
        if answer:
            return answer
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        answer = await self.scripted(server, envelope, "data")
        if answer:
            return answer
        name = os.path.join(self.maildir, str(envelope.number))
        user = session.auth_data.login.decode() if session.authenticated else None
        tls = server.transport.get_extra_info("ssl_object") is not None
        side = {"from": envelope.mail_from, "to": envelope.rcpt_tos, "tls": tls, "user": user}
        write(name + ".json", json.dumps(side).encode())
        write(name + ".eml", envelope.original_content)
        return "250 OK"


class CountingSMTP(SMTP):
    """aiosmtpd's SMTP, telling the relay of each connection it takes and of its end."""

    def connection_made(self, transport):
        if self._original_transport is None:  # not the same connection after STARTTLS
            self.event_handler.connected(self)
        super().connection_made(transport)

    def connection_lost(self, error):
        self.event_handler.open.discard(self)
        super().connection_lost(error)


def arguments():
    parser = argparse.ArgumentParser(description="A scripted SMTP relay for tests.")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--maildir", required=True)
    parser.add_argument("--script")
    tls = parser.add_mutually_exclusive_group()
    tls.add_argument("--starttls", nargs=2, metavar=("CERT", "KEY"))
    tls.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--require-tls", action="store_true")
    parser.add_argument("--auth", metavar="USER:PASSWORD")
    parser.add_argument("--auth-mechanism", choices=["PLAIN", "LOGIN"])
    return parser.parse_args()


def context(pair):
    if not pair:
        return None
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(*pair)
    return tls


async def main():
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGUSR1, signal.SIGUSR2})
    args = arguments()
    os.makedirs(args.maildir, exist_ok=True)
    script = []
    if args.script:
        with open(args.script) as file:
            script = json.load(file)
    relay = Relay(args.maildir, script)
    user, _, password = (args.auth or "").partition(":")
    credentials = (user.encode(), password.encode())

    def authenticate(server, session, envelope, mechanism, data):
        ok = isinstance(data, LoginPassword) and (data.login, data.password) == credentials
        return AuthResult(success=ok, handled=False, auth_data=data)  # aiosmtpd answers 535

    loop = asyncio.get_running_loop()
    offered = set()
    if args.auth:
        offered = {args.auth_mechanism} if args.auth_mechanism else {"PLAIN", "LOGIN"}
    options = dict(
        hostname="relay.test", tls_context=context(args.starttls), require_starttls=args.require_tls,
        authenticator=authenticate if args.auth else None, auth_require_tls=bool(args.starttls),
        auth_exclude_mechanism={"PLAIN", "LOGIN"} - offered, loop=loop)
    implicit = context(args.tls)

    async def listen(port):
        return await loop.create_server(lambda: CountingSMTP(relay, **options), "127.0.0.1", port, ssl=implicit)

    def listening(flag):
        write(os.path.join(args.maildir, "listening"), flag)

    server = await listen(args.port)
    port = server.sockets[0].getsockname()[1]

    async def down():
        server.close()
        for protocol in list(relay.open):
            if protocol.transport:
                protocol.transport.close()
        while relay.open:  # until each connection is closed, not only asked to close
            await asyncio.sleep(0.01)
        listening(b"0")

    async def up():
        nonlocal server
        server = await listen(port)
        listening(b"1")

    loop.add_signal_handler(signal.SIGUSR1, lambda: loop.create_task(down()))
    loop.add_signal_handler(signal.SIGUSR2, lambda: loop.create_task(up()))
    listening(b"1")
    print(port, flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main())
