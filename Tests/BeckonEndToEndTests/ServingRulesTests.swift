import BeckonTestSupport
import Foundation
import Testing

/// The default site built with `serving: [nginx, caddy]` and served by the real servers on
/// 127.0.0.1 with the generated rules: every file answers with the status and content type its
/// manifest entry gives, `/` and invite links follow Accept-Language, and the rules themselves
/// are not served. `make deps` installs nginx, Caddy and curl.
@Suite(.serialized) struct ServingRulesTests {
    /// One build, shared by both servers.
    static let site: TemporaryDirectory = {
        let site = TemporaryDirectory()
        for folder in ["templates", "locales", "static"] {
            try? FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent(folder), to: site.path(folder))
        }
        let config = (try? String(contentsOf: Repository.root.appendingPathComponent("beckon.yml"), encoding: .utf8))
        try? Data(((config ?? "") + "\nserving: [nginx, caddy, netlify]\n").utf8).write(to: site.path("beckon.yml"))
        _ = try? BeckonBinary.run(["build", "--site", site.url.path, "--output", site.path("out").path])
        return site
    }()

    enum Server: String, CaseIterable, CustomTestStringConvertible {
        case nginx, caddy
        var testDescription: String { rawValue }
        var executable: String { self == .nginx ? "/usr/sbin/nginx" : "/usr/bin/caddy" }
    }

    /// A server running on a free port until `stop()`.
    final class Running {
        let process = Process()
        let port = Int.random(in: 20_000..<60_000)
        let folder = TemporaryDirectory()

        /// Starts `server` on the output folder `root`; `nginxLocations` go into nginx's server block
        /// before the generated rules.
        init(_ server: Server, root: URL, nginxLocations: String = "", logFormat: String? = nil) throws {
            let rules = root.appendingPathComponent("_serving/\(server == .nginx ? "nginx.conf" : "Caddyfile")").path
            let config: String
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
                process.arguments = ["-c", folder.path("server.conf").path, "-p", temp]
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
                process.arguments = ["run", "--config", folder.path("server.conf").path, "--adapter", "caddyfile"]
                process.environment = ["HOME": folder.url.path, "XDG_DATA_HOME": folder.url.path]
            }
            try Data(config.utf8).write(to: folder.path("server.conf"))
            process.executableURL = URL(fileURLWithPath: server.executable)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<100 {
                if let answer = try? fetch(["/"]).first, answer.status != 0 { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }

        /// Status, content type and redirect target of each path, fetched by one curl run.
        func fetch(
            _ paths: [String], language: String = "en-US,en;q=0.9"
        ) throws -> [(
            status: Int, contentType: String, location: String
        )] {
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            var arguments = [
                "-s", "-H", "Accept-Language: \(language)", "-w", "%{http_code}\t%{content_type}\t%{redirect_url}\n",
            ]
            for path in paths { arguments += ["-o", "/dev/null", "http://127.0.0.1:\(port)\(path)"] }
            curl.arguments = arguments
            let pipe = Pipe()
            curl.standardOutput = pipe
            try curl.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            curl.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                return (Int(fields[0]) ?? 0, fields.count > 1 ? fields[1] : "", fields.count > 2 ? fields[2] : "")
            }
        }
    }

    static func installed(_ server: Server) -> Bool {
        FileManager.default.isExecutableFile(atPath: server.executable)
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
    }

    @Test(arguments: Server.allCases)
    func everyFileAnswersAsTheManifestSays(server: Server) throws {
        try #require(Self.installed(server), "\(server) or curl is not installed: run `make deps`")
        let output = Self.site.path("out")
        let data = try Data(contentsOf: output.appendingPathComponent("manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let artifacts = try #require(manifest["artifacts"] as? [[String: Any]])
        let running = try Running(server, root: output)
        defer { running.stop() }
        let paths = artifacts.map { entry -> String in
            let path = entry["path"] as? String ?? ""
            return "/" + (path.hasSuffix("/index.html") ? String(path.dropLast("index.html".count)) : path)
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

    @Test(arguments: Server.allCases)
    func theEntryAndInviteLinksFollowTheVisitorsLanguage(server: Server) throws {
        try #require(Self.installed(server), "\(server) or curl is not installed: run `make deps`")
        let running = try Running(server, root: Self.site.path("out"))
        defer { running.stop() }
        for (language, locale) in [("de-DE,de;q=0.9,en;q=0.5", "de-DE"), ("ja", "ja-JP"), ("fr-FR", "en-US")] {
            let root = try #require(try running.fetch(["/"], language: language).first)
            #expect(root.status == 302)
            #expect(root.location.hasSuffix("/\(locale)/invite/"), "\(server) \(language): \(root.location)")
        }
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "-H", "Accept-Language: ar", "http://127.0.0.1:\(running.port)/invite/K7QM2ZP4"]
        let pipe = Pipe()
        curl.standardOutput = pipe
        try curl.run()
        let page = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        #expect(page.contains("<html lang=\"ar\" dir=\"rtl\""), "\(server)")
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
}
