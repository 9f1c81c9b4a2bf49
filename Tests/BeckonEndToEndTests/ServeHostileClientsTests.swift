import BeckonTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `beckon serve` against clients that mean harm, as an attacker on the network would try it:
/// pictures built to take memory or hold a thread, bodies sent a byte at a time, requests refused
/// before their body, bulk creates across the daily limit, invisible names, cross-site beacons,
/// and an erasure that must reach the outbox.
@Suite(.serialized) struct ServeHostileClientsTests {
    static let auth = "Authorization: Bearer \(RunningServe.token)"

    /// A PNG of one pixel with a `tEXt` chunk that declares 0x7FFFFFF0 bytes and holds none.
    static let chunkBomb: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0] + [0x1F, 0x15, 0xC4, 0x89]
        + [0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXt".utf8) + [UInt8](repeating: 0x41, count: 1_600)

    /// A 4096² grey progressive JPEG of 3,000 identical empty scans.
    static let scanBomb: [UInt8] = {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC2, 0x00, 0x0B, 0x08, 0x10, 0x00, 0x10, 0x00, 0x01, 0x01, 0x11, 0x00]
        bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
        for _ in 0..<3_000 { bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00] }
        return bytes + [0xFF, 0xD9]
    }()

    /// The most resident memory the process has had, in MB.
    static func peakMegabytes(_ process: Process) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 / 1024 }
    }

    @Test func picturesBuiltToTakeTheServerDownAreRefusedWithinBounds() throws {
        let running = try ServeTests.Running()
        let server = running.server
        defer { _ = server.stop() }
        let png = try server.raw(
            "PUT", "/v1/users/u_1/avatar", body: Self.chunkBomb, headers: [Self.auth, "Content-Type: image/png"])
        #expect(png.status == 415, "\(png.head)\(png.body)")
        #expect(png.body.contains("chunk `tEXt` that declares 2147483632 bytes"), "\(png.body)")
        let jpeg = try server.raw(
            "PUT", "/v1/users/u_1/avatar", body: Self.scanBomb, headers: [Self.auth, "Content-Type: image/jpeg"])
        #expect(jpeg.status == 415, "\(jpeg.head)\(jpeg.body)")
        #expect(jpeg.body.contains("progressive scans"), "\(jpeg.body)")
        // Eight at once while a new connection asks for /healthz: the pictures are decoded off
        // the event loops (some are told the server is busy), and the health check answers.
        let group = DispatchGroup()
        let statuses = Mutex<[Int]>([])
        let port = server.port
        for _ in 0..<8 {
            DispatchQueue.global().async(group: group) {
                let head =
                    "PUT /v1/users/u_2/avatar HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(Self.auth)\r\nContent-Type: image/jpeg\r\nContent-Length: \(Self.scanBomb.count)\r\n\r\n"
                let reply = try? LoopbackHTTP.raw(port: port, bytes: Array(head.utf8) + Self.scanBomb)
                statuses.withLock { $0.append(reply?.status ?? 0) }
            }
        }
        // A stall of the event loops would hold it for the pictures' whole decoding (minutes before the
        // scan limit); 3 s leaves room for a loaded test machine.
        let health = try LoopbackHTTP.get(port: server.port, "/healthz", timeout: 3)
        #expect(health.status == 200)
        group.wait()
        #expect(statuses.withLock { $0.allSatisfy { $0 == 415 || $0 == 503 } }, "\(statuses.withLock { $0 })")
        let peak = try #require(Self.peakMegabytes(server.process))
        #expect(peak < 800, "peak resident memory \(peak) MB")
    }

    @Test func slowAndRefusedBodiesDoNotHoldConnections() throws {
        let running = try ServeTests.Running()
        let server = running.server
        defer { _ = server.stop() }
        // Refused before its body: the 401 comes at once and the connection is closed.
        let refused = try LoopbackHTTP.openIdle(port: server.port)
        defer { close(refused) }
        LoopbackHTTP.write(
            refused,
            Array("POST /v1/invites HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{\"senderId\"".utf8))
        let answer = LoopbackHTTP.reply(refused, timeout: 10)
        #expect(answer.status == 401, "\(answer.head)")
        // A body a byte every two seconds: each byte would reset an idle timer; it is cut after
        // its grace.
        let slow = try LoopbackHTTP.openIdle(port: server.port)
        defer { close(slow) }
        LoopbackHTTP.write(
            slow,
            Array(
                "POST /v1/invites HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.auth)\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
                    .utf8))
        var closedAfter: Int?
        for second in 1...20 {
            Thread.sleep(forTimeInterval: 1)
            if LoopbackHTTP.isClosedByPeer(slow) {
                closedAfter = second
                break
            }
            if second % 2 == 0 { LoopbackHTTP.write(slow, [0x20]) }
        }
        let after = try #require(closedAfter, "a trickling body was never cut")
        #expect(after >= 10, "cut after \(after) s, within its grace")
        #expect(try LoopbackHTTP.get(port: server.port, "/healthz").status == 200)
    }

    /// The stores the API cases run on: SQLite, and PostgreSQL where it is installed.
    static let stores = ["SQLite"] + (PostgresCluster.isInstalled ? ["PostgreSQL"] : [])

    /// The server on the fixture site, on a new SQLite file or a new PostgreSQL database.
    static func serve(
        on store: String, arguments: [String] = [], in folder: TemporaryDirectory
    ) async throws
        -> RunningServe
    {
        try SiteFixture.write(SiteFixture.served, to: folder.path("site"))
        let database =
            store == "PostgreSQL"
            ? try await PostgresCluster.shared.get().makeDatabase() : folder.path("invites.sqlite").path
        return try RunningServe(site: folder.path("site"), database: database, arguments: arguments)
    }

    @Test(arguments: stores)
    func theAPIRefusesWhatAnAttackerWouldTry(store: String) async throws {
        let folder = TemporaryDirectory()
        let server = try await Self.serve(on: store, arguments: ["--invites-per-day", "5"], in: folder)
        defer { _ = server.stop() }
        // The bearer scheme in any case (RFC 9110).
        let lower = try server.raw(
            "POST", "/v1/invites", body: Array(#"{"senderId":"u_1","channel":"copy_link"}"#.utf8),
            headers: ["Authorization: bearer \(RunningServe.token)"])
        #expect(lower.status == 201, "\(lower.body)")
        // Names that draw nothing, and one "character" of thousands of marks.
        for name in [
            "\u{3164}", "\u{2800}\u{2800}", "\u{AD}", "\u{FEFF}", "\u{200B} ",
            "a" + String(repeating: "\u{301}", count: 6_000),
        ] {
            let body = #"{"senderId":"u_2","channel":"copy_link","senderFirstName":"\#(name)"}"#
            let reply = try server.api("POST", "/v1/invites", body: body)
            #expect(reply.status == 400, "\(reply.body)")
            #expect(try ServeTests.json(reply)["field"] as? String == "senderFirstName", "\(reply.body)")
        }
        // A member given twice is named.
        let twice = try server.api(
            "POST", "/v1/invites", body: #"{"senderId":"u_2","senderId":"u_3","channel":"copy_link"}"#)
        let twiceField = try ServeTests.json(twice)["field"] as? String
        #expect(twice.status == 400 && twiceField == "senderId", "\(twice.body)")
        // A bulk that would cross the daily limit stores nothing, and a retry cannot recover part.
        for _ in 0..<3 {
            #expect(
                try server.api("POST", "/v1/invites", body: #"{"senderId":"u_4","channel":"copy_link"}"#).status == 201)
        }
        let bulk =
            #"{"senderId":"u_4","recipients":[{"channel":"copy_link"},{"channel":"copy_link"},{"channel":"copy_link"}]}"#
        let over = try server.api("POST", "/v1/invites/bulk", body: bulk, headers: ["Idempotency-Key: batch-1"])
        #expect(over.status == 429, "\(over.body)")
        let listed = try ServeTests.json(server.api("GET", "/v1/users/u_4/invites"))
        #expect((listed["invites"] as? [Any])?.count == 3)
        // A client's own key spelled like the old internal keys is its own.
        let keyed = try server.api(
            "POST", "/v1/invites", body: #"{"senderId":"u_5","channel":"copy_link"}"#,
            headers: ["Idempotency-Key: batch-2#0"])
        #expect(keyed.status == 201)
        let two = #"{"senderId":"u_5","recipients":[{"channel":"copy_link"},{"channel":"copy_link"}]}"#
        #expect(
            try server.api("POST", "/v1/invites/bulk", body: two, headers: ["Idempotency-Key: batch-2"]).status == 201)
    }

    @Test(arguments: stores)
    func aCrossSiteBeaconOpensNothingAndOnlyFirstOpensAreCounted(store: String) async throws {
        let folder = TemporaryDirectory()
        let server = try await Self.serve(on: store, in: folder)
        defer { _ = server.stop() }
        let created = try ServeTests.json(
            server.api("POST", "/v1/invites", body: #"{"senderId":"u_1","channel":"copy_link"}"#))
        let code = try #require(created["code"] as? String)
        let link = ServeTests.path(try #require(created["link"] as? String))
        let beacon = Array(#"{"event":"invite_link_opened","link":"\#(link)"}"#.utf8)
        let browser = "User-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)"
        for header in ["Origin: https://evil.example", "Sec-Fetch-Site: cross-site"] {
            #expect(try server.raw("POST", "/e", body: beacon, headers: [browser, header]).status == 204)
        }
        #expect(try ServeTests.json(server.api("GET", "/v1/invites/\(code)"))["status"] as? String == "created")
        let unknown = Array(#"{"event":"invite_link_opened","link":"/invite/ABCDEFGHJK"}"#.utf8)
        #expect(try server.raw("POST", "/e", body: unknown, headers: [browser]).status == 204)
        for _ in 0..<3 {
            _ = try server.raw("POST", "/e", body: beacon, headers: [browser, "Origin: https://join.minimo.test"])
        }
        #expect(try ServeTests.json(server.api("GET", "/v1/invites/\(code)"))["status"] as? String == "opened")
        let metrics = try LoopbackHTTP.get(port: server.port, "/metrics").body
        #expect(
            metrics.contains("beckon_invites_opened_total 1\n"),
            "\(metrics.split(separator: "\n").filter { $0.contains("opened") })")
    }

    /// Under a file limit of 200, hundreds of clients that connect and send nothing, or send a
    /// body a byte at a time, never make the server unreachable: the longest idle connections
    /// are closed to make room, slow bodies are cut after their grace, and the process stays
    /// within its files.
    @Test func manyIdleAndSlowClientsUnderALowFileLimitLeaveTheServerReachable() throws {
        let running = try ServeTests.Running(launcher: ["/usr/bin/prlimit", "--nofile=200:200"])
        let server = running.server
        defer { _ = server.stop() }
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for _ in 0..<250 {
            guard let socket = try? LoopbackHTTP.openIdle(port: server.port) else { continue }
            sockets.append(socket)
        }
        // Whether `/healthz` answers within `seconds`, asked again a second after each failure.
        func reachable(within seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            repeat {
                if (try? LoopbackHTTP.get(port: server.port, "/healthz", timeout: 3))?.status == 200 { return true }
                Thread.sleep(forTimeInterval: 1)
            } while Date() < deadline
            return false
        }
        // Room is made as the server accepts what is queued, well before the idle timeout (30 s)
        // would close anything.
        #expect(reachable(within: 12), "the server stayed unreachable behind idle connections")
        let head = Array(
            "POST /v1/invites HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.auth)\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"
                .utf8)
        for _ in 0..<150 {
            guard let socket = try? LoopbackHTTP.openIdle(port: server.port) else { continue }
            LoopbackHTTP.write(socket, head)
            sockets.append(socket)
        }
        #expect(reachable(within: 50), "the server stayed unreachable behind slow bodies")
        let files =
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.processIdentifier)/fd"))
        #expect((files?.count ?? 0) < 200, "\(files?.count ?? 0) files open")
        #expect(server.process.isRunning)
    }

    /// An erasure while the sender's pages and cards are being fetched reaches everything: after
    /// it, no file of the server's — the database and its log, the outbox, the invites' cache —
    /// holds the name or an address, and the cache keeps no page or card made with them.
    @Test func anErasureUnderLoadLeavesTheNameNowhere() throws {
        let folder = TemporaryDirectory()
        let server = try RunningServe(
            site: Repository.root, database: folder.path("invites.sqlite"),
            arguments: ["--outbox", folder.path("outbox").path, "--cache", folder.path("cache").path])
        defer { _ = server.stop() }
        var links: [String] = []
        for index in 0..<8 {
            let body =
                #"{"senderId":"u_erase","senderFirstName":"Wilhelmina","channel":"email","recipient":"wil.\#(index)@erase.example"}"#
            let created = try server.api(
                "POST", "/v1/invites", body: body, headers: ["Idempotency-Key: erase-\(index)"])
            #expect(created.status == 201, "\(created.body.prefix(300))")
            links.append(ServeTests.path(try #require(try ServeTests.json(created)["link"] as? String)))
        }
        let port = server.port
        let opened = links
        let fetches = DispatchGroup()
        let stop = Mutex(false)
        for worker in 0..<4 {
            DispatchQueue.global().async(group: fetches) {
                var round = 0
                while !stop.withLock({ $0 }) {
                    let link = opened[(round + worker) % opened.count]
                    _ = try? LoopbackHTTP.get(port: port, link)
                    _ = try? LoopbackHTTP.get(port: port, link + "&og=en-US")
                    round += 1
                }
            }
        }
        Thread.sleep(forTimeInterval: 1)
        let erased = try server.api("POST", "/v1/users/u_erase/erase")
        #expect(erased.status == 200, "\(erased.body)")
        Thread.sleep(forTimeInterval: 1)
        stop.withLock { $0 = true }
        fetches.wait()
        Thread.sleep(forTimeInterval: 1)
        var held: [String] = []
        var records = 0
        let files = FileManager.default.enumerator(at: folder.url, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = files?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                let bytes = FileManager.default.contents(atPath: url.path)
            else { continue }
            if url.path.contains("/cache/invites/") && url.path.contains("/steps/") { records += 1 }
            for secret in ["Wilhelmina", "erase.example"] where bytes.range(of: Data(secret.utf8)) != nil {
                held.append("\(url.lastPathComponent): \(secret)")
            }
        }
        #expect(held.isEmpty, "\(held)")
        #expect(records == 0, "\(records) pages or cards still kept")
        // The links still answer, without the name.
        let page = try LoopbackHTTP.get(port: port, links[0])
        #expect(page.status == 200 && !page.body.contains("Wilhelmina"))
    }

}
