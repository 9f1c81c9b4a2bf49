import BeckonChecks
import BeckonTestSupport
import Foundation
import Testing

/// `--online` against a server on 127.0.0.1 only.
@Suite(.serialized) struct OnlineLinkCheckerTests {
    /// A tiny HTTP server (Python's standard library) answering by path.
    final class LocalServer {
        let process = Process()
        let input = Pipe()
        let port: Int

        init() throws {
            let script = """
                import http.server, os, sys, threading, time
                # The server ends when the test closes its standard input.
                threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
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
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script]
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

        func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

        /// Stops the server by closing its input (a signal may reach only a launcher script).
        func stop() {
            try? input.fileHandleForWriting.close()
            for _ in 0..<100 where process.isRunning { Thread.sleep(forTimeInterval: 0.05) }
        }
    }

    @Test func answersAreOkBrokenOrUnknown() throws {
        let server = try LocalServer()
        let folder = TemporaryDirectory()
        let checker = OnlineLinkChecker(backoff: 0.05, cache: OnlineLinkCache(file: folder.path("links.json")))
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
        let checker = OnlineLinkChecker(retries: 0, timeout: 0.5, cache: nil)
        let closed = "http://127.0.0.1:9/none"
        let answers = checker.check([server.url("/slow"), server.url("/loop"), closed])
        #expect(answers[server.url("/slow")]?.outcome == .unknown)
        #expect(answers[server.url("/slow")]?.detail == "timed out")
        #expect(answers[server.url("/loop")]?.outcome == .unknown)
        #expect(answers[closed]?.outcome == .unknown)
        #expect(answers[closed]?.detail == "connection refused")
        server.stop()
    }

    @Test func freshAnswersComeFromTheCache() throws {
        let folder = TemporaryDirectory()
        let file = folder.path("links.json")
        var url = ""
        do {
            let server = try LocalServer()
            url = server.url("/ok")
            _ = OnlineLinkChecker(cache: OnlineLinkCache(file: file)).check([url])
            server.stop()
        }
        // The server is gone; the cached answer stands.
        let again = OnlineLinkChecker(retries: 0, timeout: 1, cache: OnlineLinkCache(file: file)).check([url])
        #expect(again[url]?.outcome == .ok)
        let later = OnlineLinkCache(file: file, now: { Date().addingTimeInterval(2 * 86_400) })
        let stale = OnlineLinkChecker(retries: 0, timeout: 1, cache: later).check([url])
        #expect(stale[url]?.outcome == .unknown, "an expired answer is fetched again, and the server is gone")
    }
}
