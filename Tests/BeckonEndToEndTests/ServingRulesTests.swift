import BeckonTestSupport
import Foundation
import Testing

/// The default site built with `serving: [nginx, caddy, netlify]` and served by the real servers
/// on 127.0.0.1 with the generated rules: every file answers with the status and content type its
/// manifest entry gives, `/` and invite links follow Accept-Language, and the rules themselves
/// are not served. The same for a site whose static files and `links.path` carry every character
/// a rule file's grammar reads (spaces, quotes, braces, `;`, `#`, `$`, `%`, non-ASCII letters,
/// attempts to add a rule answering 418): each is served as named, and names with control
/// characters are refused. Each server's tests are reported as skipped, with the reason, where it is
/// not installed; `make test-deps` installs nginx, Caddy and curl.
@Suite(.serialized) struct ServingRulesTests {
    /// One build, shared by both servers.
    static let site: TemporaryDirectory = build(static: [:])

    /// Static files named as an attacker would, each holding its own name; none has a control
    /// character, so every host can serve them. Names without an extension each get a rule.
    static let hostileNames = [
        "a b", "q\"x", "it's", "br{x}", "{$HOME}", "{path}", "se;mi", "ha#sh", "do$lar", "$uri", "café", "日本",
        "100%", "a%20b", "back\\slash", "st*r", "qm?x", "[br]", "tick`x",
        "x { } location ~ ^ { return 418; } location = y",
        "y } respond * 418 { ", "sub dir/x y", "t {x};$.txt",
    ]
    /// Names no rule file can hold: a newline ends a rule (and starts the attacker's), and so on.
    static let refusedNames = ["nl\nrespond 418", "crlf\r\n/*  /  418!", "tab\there", "esc\u{1B}[31m"]
    /// The hostile names, with `links.path: /in;valid/{code}`; it builds clean.
    static let hostile = build(
        static: Dictionary(uniqueKeysWithValues: hostileNames.map { ($0, $0) }), linksPath: "/in;valid/{code}")
    /// The hostile and the refused names, built with `--keep-going`: the build fails, and writes
    /// the rules without the refused names.
    static let refused = build(
        static: Dictionary(uniqueKeysWithValues: (hostileNames + refusedNames).map { ($0, $0) }), keepGoing: true)

    /// The default site with `files` added to static/ (path: content), built into `out`; the
    /// run's report is in `build.txt`.
    static func build(
        static files: [String: String], linksPath: String? = nil, keepGoing: Bool = false
    )
        -> TemporaryDirectory
    {
        let site = TemporaryDirectory()
        for folder in ["templates", "locales", "static"] {
            try? FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent(folder), to: site.path(folder))
        }
        for (path, content) in files {
            try? FileManager.default.createDirectory(
                at: site.path("static/" + path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(content.utf8).write(to: site.path("static/" + path))
        }
        var config =
            (try? String(contentsOf: Repository.root.appendingPathComponent("beckon.yml"), encoding: .utf8)) ?? ""
        if let linksPath {
            config = config.replacingOccurrences(of: "  path: /invite/{code}\n", with: "  path: '\(linksPath)'\n")
        }
        try? Data((config + "\nserving: [nginx, caddy, netlify]\n").utf8).write(to: site.path("beckon.yml"))
        let run = try? BeckonBinary.run(
            ["build", "--site", site.url.path, "--output", site.path("out").path] + (keepGoing ? ["--keep-going"] : []))
        try? Data("\(run?.status ?? -1)\n\(run?.stdout ?? "")\(run?.stderr ?? "")".utf8).write(
            to: site.path("build.txt"))
        return site
    }

    /// The exit status and report of a site's build.
    static func report(_ site: TemporaryDirectory) throws -> (status: Int32, text: String) {
        let text = try String(contentsOf: site.path("build.txt"), encoding: .utf8)
        let status = Int32(text.prefix { $0 != "\n" }) ?? -1
        return (status, String(text.drop { $0 != "\n" }))
    }

    /// `path` as a URL path: everything but ASCII letters, digits, `-._~/` percent-encoded.
    static func urlPath(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    enum Server: String, CaseIterable, CustomTestStringConvertible {
        case nginx, caddy
        var testDescription: String { rawValue }
        var executable: String { self == .nginx ? "/usr/sbin/nginx" : "/usr/bin/caddy" }
    }

    /// A server's configuration for the output folder `root` on `port`, in `folder`, and the
    /// arguments that run it (`check`: that only check it, `nginx -t` or `caddy validate`).
    static func configure(
        _ server: Server, root: URL, port: Int, folder: TemporaryDirectory, check: Bool = false,
        nginxLocations: String = "", logFormat: String? = nil
    ) throws -> [String] {
        let rules = root.appendingPathComponent("_serving/\(server == .nginx ? "nginx.conf" : "Caddyfile")").path
        let config: String
        let arguments: [String]
        switch server {
        case .nginx:
            let temp = folder.url.path
            config = """
                daemon off;
                pid \(temp)/nginx.pid;
                error_log \(temp)/error.log;
                worker_processes 1;
                events { worker_connections 64; }
                http {
                    include /etc/nginx/mime.types;
                    \(logFormat.map { "log_format test '\($0)';\naccess_log \(temp)/access.log test;" } ?? "access_log off;")
                    client_body_temp_path \(temp)/body;
                    proxy_temp_path \(temp)/proxy;
                    fastcgi_temp_path \(temp)/fastcgi;
                    uwsgi_temp_path \(temp)/uwsgi;
                    scgi_temp_path \(temp)/scgi;
                    server {
                        listen 127.0.0.1:\(port);
                        root \(root.path);
                        \(nginxLocations)
                        include \(rules);
                    }
                }
                """
            arguments = (check ? ["-t"] : []) + ["-c", folder.path("server.conf").path, "-p", temp]
        case .caddy:
            config = """
                {
                    admin off
                    auto_https off
                }
                http://127.0.0.1:\(port) {
                    root * \(root.path)
                    import \(rules)
                    file_server
                }
                """
            arguments = [
                check ? "validate" : "run", "--config", folder.path("server.conf").path, "--adapter", "caddyfile",
            ]
        }
        try Data(config.utf8).write(to: folder.path("server.conf"))
        return arguments
    }

    /// `nginx -t` or `caddy validate` on the rules in the output folder `root`: the exit status and
    /// what it printed.
    static func validate(_ server: Server, root: URL) throws -> (status: Int32, output: String) {
        let folder = TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: server.executable)
        process.arguments = try configure(server, root: root, port: 8080, folder: folder, check: true)
        process.environment = ["HOME": folder.url.path, "XDG_DATA_HOME": folder.url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// A server running on a free port until `stop()`.
    final class Running {
        let process = Process()
        let port = LoopbackHTTP.freePort() ?? Int.random(in: 20_000..<60_000)
        let folder = TemporaryDirectory()

        /// Starts `server` on the output folder `root`; `nginxLocations` go into nginx's server block
        /// before the generated rules.
        init(_ server: Server, root: URL, nginxLocations: String = "", logFormat: String? = nil) throws {
            process.arguments = try ServingRulesTests.configure(
                server, root: root, port: port, folder: folder, nginxLocations: nginxLocations, logFormat: logFormat)
            if server == .caddy {
                process.environment = ["HOME": folder.url.path, "XDG_DATA_HOME": folder.url.path]
            }
            process.executableURL = URL(fileURLWithPath: server.executable)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Up to 30 seconds: a loaded machine (the whole suite at once) starts servers slowly.
            for _ in 0..<600 {
                if let answer = try? fetch(["/"]).first, answer.status != 0 { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }

        /// Status, content type and redirect target of each path (a URL path, percent-encoded),
        /// fetched by one curl run.
        func fetch(
            _ paths: [String], language: String = "en-US,en;q=0.9"
        ) throws -> [(
            status: Int, contentType: String, location: String
        )] {
            var arguments = [
                "-s", "-H", "Accept-Language: \(language)", "-w", "%{http_code}\t%{content_type}\t%{redirect_url}\n",
            ]
            for path in paths { arguments += ["-o", "/dev/null", "http://127.0.0.1:\(port)\(path)"] }
            return try Self.curl(arguments).split(separator: "\n").map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                return (Int(fields[0]) ?? 0, fields.count > 1 ? fields[1] : "", fields.count > 2 ? fields[2] : "")
            }
        }

        /// The body answered for `path` (a URL path, percent-encoded).
        func body(_ path: String, language: String = "en-US,en;q=0.9") throws -> String {
            try Self.curl(["-s", "-H", "Accept-Language: \(language)", "http://127.0.0.1:\(port)\(path)"])
        }

        private static func curl(_ arguments: [String]) throws -> String {
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = arguments
            let pipe = Pipe()
            curl.standardOutput = pipe
            try curl.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            curl.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
    }

    static func installed(_ server: Server) -> Bool {
        server == .nginx ? TestTool.nginx.isAvailable : TestTool.caddy.isAvailable
    }

    /// Every file of `site`'s manifest fetched from `server`: each answers with the manifest's
    /// status and content type, and the four gone pages with 410.
    static func everyFileAnswersAsTheManifestSays(_ server: Server, site: TemporaryDirectory) throws {
        let output = site.path("out")
        let data = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let artifacts = try #require(manifest["artifacts"] as? [[String: Any]])
        let running = try Running(server, root: output)
        defer { running.stop() }
        let paths = artifacts.map { entry -> String in
            let path = entry["path"] as? String ?? ""
            return urlPath("/" + (path.hasSuffix("/index.html") ? String(path.dropLast("index.html".count)) : path))
        }
        let answers = try running.fetch(paths)
        #expect(answers.count == artifacts.count)
        var gone = 0
        for (entry, (path, answer)) in zip(artifacts, zip(paths, answers)) {
            let status = entry["status"] as? Int ?? 0
            if entry["kind"] as? String == "serving-rules" {
                if path.hasPrefix("/_serving/") { #expect(answer.status == 404, "\(path)") }
                continue
            }
            #expect(answer.status == status, "\(server) \(path)")
            #expect(answer.contentType == entry["contentType"] as? String, "\(server) \(path)")
            if status == 410 { gone += 1 }
        }
        #expect(gone == 4, "one gone page per locale")
    }

    /// `/` and an invite link (at `invitePath`) on `server` for German, Japanese, French and Arabic
    /// visitors.
    static func theEntryAndInviteLinksFollowTheVisitorsLanguage(
        _ server: Server, site: TemporaryDirectory, invitePath: String = "/invite/"
    ) throws {
        let running = try Running(server, root: site.path("out"))
        defer { running.stop() }
        for (language, locale) in [("de-DE,de;q=0.9,en;q=0.5", "de-DE"), ("ja", "ja-JP"), ("fr-FR", "en-US")] {
            let root = try #require(try running.fetch(["/"], language: language).first)
            #expect(root.status == 302)
            #expect(root.location.hasSuffix("/\(locale)/invite/"), "\(server) \(language): \(root.location)")
        }
        let page = try running.body(invitePath + "K7QM2ZP4", language: "ar")
        #expect(page.contains("<html lang=\"ar\" dir=\"rtl\""), "\(server)")
    }

    /// Each of the hostile names fetched from `server`: the file of that name comes back, with
    /// the manifest's content type; nothing answers 418.
    static func hostileNamesAreServedAsNamed(_ server: Server) throws {
        let build = try report(hostile)
        #expect(build.status == 0, "\(build.text)")
        let running = try Running(server, root: hostile.path("out"))
        defer { running.stop() }
        for name in hostileNames {
            #expect(try running.body(urlPath("/" + name)) == name, "\(server) \(name)")
        }
        let answers = try running.fetch(
            hostileNames.map { urlPath("/" + $0) } + ["/", "/en-US/invite/"])
        #expect(!answers.contains { $0.status == 418 }, "\(server)")
        try everyFileAnswersAsTheManifestSays(server, site: hostile)
        try theEntryAndInviteLinksFollowTheVisitorsLanguage(server, site: hostile, invitePath: "/in;valid/")
    }

    /// The kept-going build with refused names: its rules are valid, hold none of them, and
    /// `server` answers as for any site.
    static func refusedNamesLeaveTheRulesIntact(_ server: Server) throws {
        let output = refused.path("out")
        let rules = try String(
            contentsOf: output.appendingPathComponent(server == .nginx ? "_serving/nginx.conf" : "_serving/Caddyfile"),
            encoding: .utf8)
        #expect(!refusedNames.contains { rules.contains($0) })
        #expect(!rules.split(separator: "\n").contains { $0.hasPrefix("respond 418") })
        let validation = try validate(server, root: output)
        #expect(validation.status == 0, "\(validation.output)")
        let running = try Running(server, root: output)
        defer { running.stop() }
        let answers = try running.fetch(["/", "/en-US/invite/"] + hostileNames.map { urlPath("/" + $0) })
        #expect(answers.map(\.status) == [302] + Array(repeating: 200, count: hostileNames.count + 1), "\(server)")
    }

    /// Every rule file the three builds wrote for `server` passes its check.
    static func everyRuleFileIsValid(_ server: Server) throws {
        for site in [site, hostile, refused] {
            let validation = try validate(server, root: site.path("out"))
            #expect(validation.status == 0, "\(server): \(validation.output)")
        }
    }

    @Suite(.enabled(if: installed(.nginx), "nginx or curl is not installed: run `make test-deps`"))
    struct Nginx {
        @Test func everyFileAnswersAsTheManifestSays() throws {
            try ServingRulesTests.everyFileAnswersAsTheManifestSays(.nginx, site: site)
        }
        @Test func theEntryAndInviteLinksFollowTheVisitorsLanguage() throws {
            try ServingRulesTests.theEntryAndInviteLinksFollowTheVisitorsLanguage(.nginx, site: site)
        }
        @Test func everyRuleFileIsValid() throws { try ServingRulesTests.everyRuleFileIsValid(.nginx) }
        @Test func hostileNamesAreServedAsNamed() throws { try ServingRulesTests.hostileNamesAreServedAsNamed(.nginx) }
        @Test func refusedNamesLeaveTheRulesIntact() throws {
            try ServingRulesTests.refusedNamesLeaveTheRulesIntact(.nginx)
        }
    }

    @Suite(.enabled(if: installed(.caddy), "caddy or curl is not installed: run `make test-deps`"))
    struct Caddy {
        @Test func everyFileAnswersAsTheManifestSays() throws {
            try ServingRulesTests.everyFileAnswersAsTheManifestSays(.caddy, site: site)
        }
        @Test func theEntryAndInviteLinksFollowTheVisitorsLanguage() throws {
            try ServingRulesTests.theEntryAndInviteLinksFollowTheVisitorsLanguage(.caddy, site: site)
        }
        @Test func everyRuleFileIsValid() throws { try ServingRulesTests.everyRuleFileIsValid(.caddy) }
        @Test func hostileNamesAreServedAsNamed() throws { try ServingRulesTests.hostileNamesAreServedAsNamed(.caddy) }
        @Test func refusedNamesLeaveTheRulesIntact() throws {
            try ServingRulesTests.refusedNamesLeaveTheRulesIntact(.caddy)
        }
    }

    /// The build with refused names fails, naming each at its folder with the character spelled.
    @Test func namesWithControlCharactersFailTheBuild() throws {
        let (status, text) = try Self.report(Self.refused)
        #expect(status != 0)
        #expect(
            text.components(separatedBy: "error[serving.unsafe-name]").count - 1 == Self.refusedNames.count, "\(text)")
        #expect(text.contains("static:1:1: error[serving.unsafe-name]: `nl{U+000A}respond 418` cannot be written"))
        #expect(!text.contains("\nrespond 418"))
    }

    /// Netlify cannot run here: its files are checked for the rules they must hold.
    @Test func netlifyFilesHoldTheSameRules() throws {
        let redirects = try String(contentsOf: Self.site.path("out/_redirects"), encoding: .utf8)
        #expect(redirects.contains("/de-DE/gone/  /de-DE/gone/index.html  410!"))
        #expect(redirects.contains("/invite/*  /ja-JP/invite/index.html  200  Language=ja"))
        #expect(redirects.contains("\n/  /en-US/invite/  302\n"))
        let headers = try String(contentsOf: Self.site.path("out/_headers"), encoding: .utf8)
        #expect(headers.contains("/.well-known/apple-app-site-association\n  Content-Type: application/json"))
    }

    /// Netlify's files for the hostile names: one rule per line, every path percent-encoded, the
    /// invite path among them.
    @Test func netlifyFilesKeepOneRulePerLine() throws {
        for site in [Self.hostile, Self.refused] {
            let headers = try String(contentsOf: site.path("out/_headers"), encoding: .utf8)
            for line in headers.split(separator: "\n") where !line.hasPrefix("#") {
                #expect(line.hasPrefix("  ") || (line.hasPrefix("/") && !line.contains(" ")), "\(line)")
            }
            #expect(headers.contains("\n/a%20b\n  Content-Type: application/octet-stream\n"))
            #expect(headers.contains("\n/caf%C3%A9\n") && headers.contains("\n/100%25\n"))
            let redirects = try String(contentsOf: site.path("out/_redirects"), encoding: .utf8)
            for line in redirects.split(separator: "\n") where !line.hasPrefix("#") {
                #expect((3...4).contains(line.split(separator: " ").count), "\(line)")
            }
            #expect(!redirects.contains("418"))
        }
        let redirects = try String(contentsOf: Self.hostile.path("out/_redirects"), encoding: .utf8)
        #expect(redirects.contains("/in;valid/*  /ja-JP/invite/index.html  200  Language=ja"))
    }
}
