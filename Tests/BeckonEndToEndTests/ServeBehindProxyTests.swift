import BeckonTestSupport
import CryptoExtras
import Foundation
import Testing

/// `serving: [beckon-serve]`: the real nginx and Caddy, configured with the rules the build wrote,
/// serve the output folder and send invite links, the beacon and `/v1/` to a running
/// `beckon serve`, so each link is answered by its invite's state through the public host.
@Suite(.serialized) struct ServeBehindProxyTests {

    /// The fixture with `serving: [beckon-serve]`, built, and `beckon serve` on it.
    struct Setup {
        let folder = TemporaryDirectory()
        let output: URL
        let serve: RunningServe

        init() throws {
            let site = folder.path("site")
            try SiteFixture.write(SiteFixture.served, to: site)
            let config = site.appendingPathComponent("beckon.yml")
            let text = try String(contentsOf: config, encoding: .utf8)
            try Data((text + "\nserving: [beckon-serve]\n").utf8).write(to: config)
            output = folder.path("output")
            let build = try BeckonBinary.run(
                ["build", "--site", site.path, "--output", output.path],
                environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
            #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
            serve = try RunningServe(site: site, database: folder.path("invites.sqlite"))
        }
    }

    /// A proxy on a free port in front of the output folder and the server.
    final class Proxy {
        let process = Process()
        let port = LoopbackHTTP.freePort() ?? Int.random(in: 20_000..<60_000)
        let folder = TemporaryDirectory()

        init(nginx output: URL, upstream: Int) throws {
            let temp = folder.url.path
            let config = """
                daemon off;
                pid \(temp)/nginx.pid;
                error_log \(temp)/error.log;
                worker_processes 1;
                events { worker_connections 64; }
                http {
                    include /etc/nginx/mime.types;
                    access_log off;
                    client_body_temp_path \(temp)/body;
                    proxy_temp_path \(temp)/proxy;
                    fastcgi_temp_path \(temp)/fastcgi;
                    uwsgi_temp_path \(temp)/uwsgi;
                    scgi_temp_path \(temp)/scgi;
                    upstream beckon_serve { server 127.0.0.1:\(upstream); }
                    server {
                        listen 127.0.0.1:\(port);
                        root \(output.path);
                        include \(output.path)/_serving/beckon-serve.nginx.conf;
                    }
                }
                """
            try Data(config.utf8).write(to: folder.path("nginx.conf"))
            let check = try Self.run("/usr/sbin/nginx", ["-t", "-c", folder.path("nginx.conf").path, "-p", temp])
            #expect(check.status == 0, "nginx -t: \(check.output)")
            try start("/usr/sbin/nginx", ["-c", folder.path("nginx.conf").path, "-p", temp], environment: [:])
        }

        init(caddy output: URL, upstream: Int) throws {
            let config = """
                {
                    admin off
                    auto_https off
                }
                http://127.0.0.1:\(port) {
                    root * \(output.path)
                    import \(output.path)/_serving/beckon-serve.Caddyfile
                    file_server
                }
                """
            try Data(config.utf8).write(to: folder.path("Caddyfile"))
            let environment = [
                "HOME": folder.url.path, "XDG_DATA_HOME": folder.url.path,
                "BECKON_SERVE_UPSTREAM": "127.0.0.1:\(upstream)",
            ]
            let arguments = ["--config", folder.path("Caddyfile").path, "--adapter", "caddyfile"]
            let check = try Self.run("/usr/bin/caddy", ["validate"] + arguments, environment: environment)
            #expect(check.status == 0, "caddy validate: \(check.output)")
            try start("/usr/bin/caddy", ["run"] + arguments, environment: environment)
        }

        private func start(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if !environment.isEmpty { process.environment = environment }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<600 {
                if (try? LoopbackHTTP.get(port: port, "/", timeout: 1).status) ?? 0 != 0 { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }

        static func run(
            _ executable: String, _ arguments: [String], environment: [String: String] = [:]
        ) throws -> (
            status: Int32, output: String
        ) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if !environment.isEmpty { process.environment = environment }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output)
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }

        func request(
            _ method: String, _ path: String, body: String? = nil, headers: [String] = []
        ) throws
            -> LoopbackHTTP.Reply
        {
            let bytes = body.map { Array($0.utf8) } ?? []
            var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            for header in headers { head += header + "\r\n" }
            if method == "POST" { head += "Content-Type: application/json\r\nContent-Length: \(bytes.count)\r\n" }
            return try LoopbackHTTP.raw(port: port, bytes: Array((head + "\r\n").utf8) + bytes)
        }
    }

    /// The same walk through either proxy: an invite created through the public host, its link in
    /// German, its beacon, its cancellation (410), a tampered link (404), and the static files.
    static func walk(_ proxy: Proxy) throws {
        let auth = "Authorization: Bearer \(RunningServe.token)"
        let created = try proxy.request(
            "POST", "/v1/invites", body: #"{"senderId":"u_1","channel":"copy_link"}"#, headers: [auth])
        #expect(created.status == 201, "\(created.head)\n\(created.body)")
        let invite = try ServeTests.json(created)
        let link = ServeTests.path(try #require(invite["link"] as? String))
        let code = try #require(invite["code"] as? String)
        let page = try proxy.request("GET", link, headers: ["Accept-Language: de"])
        #expect(page.status == 200)
        #expect(page.body.contains("<html lang=\"de-DE\""))
        #expect(page.head.lowercased().contains("referrer-policy: no-referrer"))
        let beacon = #"{"event":"invite_link_opened","code":"\#(code)","link":"\#(link)"}"#
        let person = "User-Agent: Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0"
        #expect(try proxy.request("POST", "/e", body: beacon, headers: [person]).status == 204)
        #expect(
            try ServeTests.json(proxy.request("GET", "/v1/invites/\(code)", headers: [auth]))["status"] as? String
                == "opened")
        #expect(try proxy.request("POST", "/v1/invites/\(code)/cancel", headers: [auth]).status == 200)
        #expect(try proxy.request("GET", link).status == 410)
        #expect(try proxy.request("GET", link.replacingOccurrences(of: "sig=", with: "sig=A")).status == 404)
        // Everything else comes from the output folder, as the static rules serve it.
        #expect(try proxy.request("GET", "/en-US/gone/").status == 410)
        let entry = try proxy.request("GET", "/", headers: ["Accept-Language: de"])
        #expect(entry.status == 302 && entry.head.contains("/de-DE/invite/"))
        #expect(try proxy.request("GET", "/_serving/beckon-serve.nginx.conf").status == 404)
    }

    @Test(.enabled(if: TestTool.nginx.isAvailable, "nginx is not installed: run `make test-deps`"))
    func throughNginx() throws {
        let setup = try Setup()
        defer { _ = setup.serve.stop() }
        let proxy = try Proxy(nginx: setup.output, upstream: setup.serve.port)
        defer { proxy.stop() }
        try Self.walk(proxy)
    }

    @Test(.enabled(if: TestTool.caddy.isAvailable, "caddy is not installed: run `make test-deps`"))
    func throughCaddy() throws {
        let setup = try Setup()
        defer { _ = setup.serve.stop() }
        let proxy = try Proxy(caddy: setup.output, upstream: setup.serve.port)
        defer { proxy.stop() }
        try Self.walk(proxy)
    }

    /// The sites the proxy rules are proven on: the default site, both examples, and both
    /// starters `beckon init` writes.
    static let sites = ["default", "examples/playa", "examples/selffull", "invite-friends", "coach-email"]

    /// A copy of a site (its settings, templates, bundles and static files) with
    /// `serving: [beckon-serve]`, built, and `beckon serve` on it with a token key.
    struct SiteSetup {
        let folder = TemporaryDirectory()
        let output: URL
        let serve: RunningServe

        init(_ name: String) throws {
            let site = folder.path("site")
            switch name {
            case "invite-friends", "coach-email":
                let made = try BeckonBinary.run(["init", site.path, "--kind", name])
                #expect(made.status == 0, "\(made.stderr)")
            default:
                let source = name == "default" ? Repository.root : Repository.root.appendingPathComponent(name)
                try SiteFixture.copySite(from: source, to: site)
            }
            let config = site.appendingPathComponent("beckon.yml")
            let text = try String(contentsOf: config, encoding: .utf8)
            #expect(!text.contains("\nserving:"), "the test adds `serving:` itself")
            try Data((text + "\nserving: [beckon-serve]\n").utf8).write(to: config)
            output = folder.path("output")
            let key = Self.tokenKey
            let environment = ["BECKON_LINK_KEY": BeckonBinary.testLinkKey, "BECKON_TOKEN_KEY": key]
            let build = try BeckonBinary.run(
                ["build", "--site", site.path, "--output", output.path], environment: environment)
            #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
            serve = try RunningServe(
                site: site, database: folder.path("invites.sqlite"), environment: ["BECKON_TOKEN_KEY": key])
        }

        /// An RSA key for invite tokens, made once for every site.
        static let tokenKey = (try? _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation) ?? ""
    }

    /// Through a proxy, every path the server answers from its store answers as the server
    /// answers it directly (status, `Location`, body): an invite's own link, its accept link on a
    /// token site, the beacon, the API; and the same once the invite is cancelled.
    static func sameThroughProxy(_ proxy: Proxy, _ serve: RunningServe) throws {
        let auth = "Authorization: Bearer \(RunningServe.token)"
        func both(_ method: String, _ path: String, body: String? = nil, headers: [String] = []) throws {
            let through = try proxy.request(method, path, body: body, headers: headers)
            let direct = try serve.raw(method, path, body: Array((body ?? "").utf8), headers: headers)
            #expect(through.status == direct.status, "\(method) \(path): \(through.head)")
            #expect(Self.location(through) == Self.location(direct), "\(path)")
            #expect(through.body == direct.body, "\(path): \(through.body.prefix(200))")
        }
        let created = try proxy.request(
            "POST", "/v1/invites",
            body:
                #"{"senderId":"u_1","senderFirstName":"Dana","channel":"email","recipient":"kim@example.org","contextTitle":"Strength basics"}"#,
            headers: [auth])
        #expect(created.status == 201, "\(created.head)\n\(created.body)")
        let invite = try ServeTests.json(created)
        let link = ServeTests.path(try #require(invite["link"] as? String))
        let code = try #require(invite["code"] as? String)
        try both("GET", link)
        // A token site's email carries an accept link on the site's host: it answers through the proxy too.
        let emails = invite["emails"] as? [[String: Any]] ?? []
        let accept = (emails.first?["text"] as? String)?.split(whereSeparator: \.isWhitespace)
            .first { $0.contains("token=") }.map { ServeTests.path(String($0)) }
        if let accept { try both("GET", accept) }
        #expect(try proxy.request("POST", "/v1/invites/\(code)/cancel", headers: [auth]).status == 200)
        try both("GET", link)
        if let accept { try both("GET", accept) }
        try both("GET", "/v1/invites/\(code)", headers: [auth])
        #expect(try proxy.request("GET", "/_serving/beckon-serve.nginx.conf").status == 404)
    }

    /// The `Location` header of a reply, if any.
    static func location(_ reply: LoopbackHTTP.Reply) -> String? {
        reply.head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("location:") }?.dropFirst(9)
            .trimmingCharacters(in: .whitespaces)
    }

    @Test(
        .enabled(
            if: TestTool.nginx.isAvailable && TestTool.caddy.isAvailable,
            "nginx or caddy is missing: run `make test-deps`"),
        arguments: sites)
    func everySiteAnswersThroughNginxAndCaddyAsDirectly(site: String) throws {
        let setup = try SiteSetup(site)
        defer { _ = setup.serve.stop() }
        let nginx = try Proxy(nginx: setup.output, upstream: setup.serve.port)
        defer { nginx.stop() }
        try Self.sameThroughProxy(nginx, setup.serve)
        let caddy = try Proxy(caddy: setup.output, upstream: setup.serve.port)
        defer { caddy.stop() }
        try Self.sameThroughProxy(caddy, setup.serve)
    }
}
