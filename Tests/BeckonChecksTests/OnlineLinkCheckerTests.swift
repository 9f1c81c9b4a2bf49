import BeckonChecks
import BeckonTestSupport
import Foundation
import Testing

/// `--online` against a server on 127.0.0.1 only.
@Suite(.serialized) struct OnlineLinkCheckerTests {
    /// No proxy variable: the loopback servers are reached directly whatever the test's own
    /// environment names.
    static let noProxy: [String: String] = [:]

    /// A Python program serving on a loopback port it prints first, ended when the test closes its
    /// standard input (a signal may reach only a launcher script).
    final class LoopbackScript {
        let process = Process()
        let input = Pipe()
        let port: Int

        /// Runs `source`, with `os`, `sys` and `threading` imported and `arguments` in `sys.argv[1...]`.
        init(_ source: String, arguments: [String] = []) throws {
            let preamble = """
                import os, sys, threading
                threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()

                """
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", preamble + source] + arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = input
            try process.run()
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8)
            {
                line += byte
            }
            port = Int(String(decoding: line, as: UTF8.self)) ?? 0
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            for _ in 0..<100 where process.isRunning { Thread.sleep(forTimeInterval: 0.05) }
        }
    }

    /// A tiny HTTP server (Python's standard library) answering by path.
    final class LocalServer {
        let script: LoopbackScript
        var port: Int { script.port }

        init() throws {
            let script = """
                import http.server, time
                flaky = {"n": 0}
                class H(http.server.BaseHTTPRequestHandler):
                    def log_message(self, *a): pass
                    def answer(self, body):
                        codes = {"/ok": 200, "/gone": 404, "/busy": 429, "/blocked": 999, "/moved": 301, "/loop": 302}
                        if self.path == "/slow":
                            time.sleep(2)
                            code = 200
                        elif self.path == "/flaky":
                            flaky["n"] += 1
                            code = 503 if flaky["n"] == 1 else 200
                        elif self.path == "/headless":
                            code = 405 if self.command == "HEAD" else 200
                        else:
                            code = codes.get(self.path, 404)
                        self.send_response(code)
                        if code == 301: self.send_header("Location", "/ok")
                        if code == 302: self.send_header("Location", "/loop")
                        self.send_header("Content-Length", "65536" if body and code == 200 else "0")
                        self.end_headers()
                        if body and code == 200: self.wfile.write(b"x" * 65536)
                    def do_HEAD(self): self.answer(False)
                    def do_GET(self): self.answer(True)
                server = http.server.HTTPServer(("127.0.0.1", 0), H)
                print(server.server_address[1], flush=True)
                server.serve_forever()
                """
            self.script = try LoopbackScript(script)
        }

        func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

        func stop() { script.stop() }
    }

    @Test func answersAreOkBrokenOrUnknown() throws {
        let server = try LocalServer()
        let folder = TemporaryDirectory()
        let checker = OnlineLinkChecker(
            backoff: 0.05, cache: OnlineLinkCache(file: folder.path("links.json")), environment: Self.noProxy)
        let answers = checker.check(
            ["/ok", "/gone", "/busy", "/blocked", "/flaky", "/headless", "/moved"].map(server.url))
        #expect(answers[server.url("/ok")]?.outcome == .ok)
        #expect(answers[server.url("/gone")]?.outcome == .broken)
        #expect(answers[server.url("/gone")]?.detail == "404")
        #expect(answers[server.url("/busy")]?.outcome == .unknown)
        #expect(answers[server.url("/blocked")]?.outcome == .unknown)
        #expect(answers[server.url("/flaky")]?.outcome == .ok, "a 503 is retried")
        #expect(answers[server.url("/headless")]?.outcome == .ok, "HEAD refused, GET answered")
        #expect(answers[server.url("/moved")]?.outcome == .ok)
        server.stop()
    }

    /// A server that does not answer in time, a redirect to itself and a port nobody listens on
    /// say nothing of the link: `unknown`, with why.
    @Test func failuresAreUnknownWithTheirReason() throws {
        let server = try LocalServer()
        let checker = OnlineLinkChecker(retries: 0, timeout: 0.5, cache: nil, environment: Self.noProxy)
        let closed = "http://127.0.0.1:9/none"
        let answers = checker.check([server.url("/slow"), server.url("/loop"), closed])
        #expect(answers[server.url("/slow")]?.outcome == .unknown)
        #expect(answers[server.url("/slow")]?.detail == "timed out")
        #expect(answers[server.url("/loop")]?.outcome == .unknown)
        #expect(answers[closed]?.outcome == .unknown)
        #expect(answers[closed]?.detail == "connection refused")
        server.stop()
    }

    /// A proxy that opens `CONNECT` tunnels, as HTTP proxies do for clients, and writes each
    /// tunnel's target to a file, a line each.
    final class TunnelProxy {
        let script: LoopbackScript
        let log: URL
        var port: Int { script.port }

        init(log: URL) throws {
            self.log = log
            let source = """
                import socket
                def pipe(a, b):
                    try:
                        while True:
                            data = a.recv(65536)
                            if not data: break
                            b.sendall(data)
                    except OSError: pass
                    for s in (a, b):
                        try: s.shutdown(socket.SHUT_RDWR)
                        except OSError: pass
                def handle(conn):
                    head = b""
                    while b"\\r\\n\\r\\n" not in head:
                        chunk = conn.recv(4096)
                        if not chunk: return conn.close()
                        head += chunk
                    method, target = head.split(b"\\r\\n")[0].decode().split(" ")[:2]
                    if method != "CONNECT":
                        conn.sendall(b"HTTP/1.1 405 Method Not Allowed\\r\\nContent-Length: 0\\r\\n\\r\\n")
                        return conn.close()
                    host, port = target.rsplit(":", 1)
                    upstream = socket.create_connection((host, int(port)))
                    with open(sys.argv[1], "a") as log: log.write(target + "\\n")
                    conn.sendall(b"HTTP/1.1 200 Connection established\\r\\n\\r\\n")
                    threading.Thread(target=pipe, args=(conn, upstream), daemon=True).start()
                    pipe(upstream, conn)
                server = socket.socket()
                server.bind(("127.0.0.1", 0))
                server.listen(16)
                print(server.getsockname()[1], flush=True)
                while True:
                    conn, _ = server.accept()
                    threading.Thread(target=handle, args=(conn,), daemon=True).start()
                """
            script = try LoopbackScript(source, arguments: [log.path])
        }

        /// The targets of the tunnels opened so far.
        var tunnels: [String] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func stop() { script.stop() }
    }

    /// `http_proxy` sends the requests through the proxy; `no_proxy` fetches its hosts directly;
    /// a proxy that is down makes the answer `unknown`, not `broken`.
    @Test func requestsGoThroughTheProxyTheEnvironmentNames() throws {
        let server = try LocalServer()
        let folder = TemporaryDirectory()
        let proxy = try TunnelProxy(log: folder.path("tunnels.txt"))
        let url = server.url("/ok")
        let variable = ["http_proxy": "http://127.0.0.1:\(proxy.port)"]
        let through = OnlineLinkChecker(retries: 0, timeout: 5, cache: nil, environment: variable).check([url])
        #expect(through[url]?.outcome == .ok)
        #expect(proxy.tunnels == ["127.0.0.1:\(server.port)"])
        let bypassing = variable.merging(["no_proxy": "localhost,127.0.0.1"]) { $1 }
        let direct = OnlineLinkChecker(retries: 0, timeout: 5, cache: nil, environment: bypassing).check([url])
        #expect(direct[url]?.outcome == .ok)
        #expect(proxy.tunnels.count == 1, "no_proxy's host was fetched through the proxy")
        proxy.stop()
        let down = OnlineLinkChecker(retries: 0, timeout: 2, cache: nil, environment: variable).check([url])
        #expect(down[url]?.outcome == .unknown)
        server.stop()
    }

    @Test func freshAnswersComeFromTheCache() throws {
        let folder = TemporaryDirectory()
        let file = folder.path("links.json")
        var url = ""
        do {
            let server = try LocalServer()
            url = server.url("/ok")
            _ = OnlineLinkChecker(cache: OnlineLinkCache(file: file), environment: Self.noProxy).check([url])
            server.stop()
        }
        // The server is gone; the cached answer stands.
        let again = OnlineLinkChecker(
            retries: 0, timeout: 1, cache: OnlineLinkCache(file: file), environment: Self.noProxy
        ).check([url])
        #expect(again[url]?.outcome == .ok)
        let later = OnlineLinkCache(file: file, now: { Date().addingTimeInterval(2 * 86_400) })
        let stale = OnlineLinkChecker(retries: 0, timeout: 1, cache: later, environment: Self.noProxy).check([url])
        #expect(stale[url]?.outcome == .unknown, "an expired answer is fetched again, and the server is gone")
    }
}
