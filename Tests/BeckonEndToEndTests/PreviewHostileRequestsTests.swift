import BeckonTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `beckon preview` against what another web page, or another program on the machine, can send it:
/// other `Host` names (DNS rebinding), script in every query parameter of every route, requests
/// that could change state from another origin, paths that try to leave the screenshots folder,
/// and more connections than it keeps.
@Suite(.serialized) struct PreviewHostileRequestsTests {
    /// Script that would run if a parameter were written back unescaped.
    static let payload = "\"><script>alert(1)</script><img src=x onerror=alert(2)>'"

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    @Test func onlyItsOwnHostNamesAreAnswered() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(PreviewFixture.site, to: site.url)
        let preview = try RunningPreview(site: site.url)
        defer { _ = preview.interrupt() }
        let port = preview.port
        for host in ["attacker.example", "attacker.example:\(port)", "127.0.0.1.attacker.example", "localhost.evil"] {
            for path in ["/", "/_beckon/state.json", "/en-US/samples/maya/invite/index.html", "/_beckon/events"] {
                let reply = try LoopbackHTTP.raw(
                    port: port, "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                #expect(reply.status == 421, "\(host) \(path): \(reply.status)")
                #expect(!reply.body.contains("Minimo"), "\(host) \(path)")
            }
        }
        // No Host at all (HTTP/1.0) is not the preview's name either.
        #expect(try LoopbackHTTP.raw(port: port, "GET / HTTP/1.0\r\n\r\n").status == 421)
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "[::1]:\(port)", "127.0.0.1"] {
            let reply = try LoopbackHTTP.raw(port: port, "GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
            #expect(reply.status == 200, "\(host)")
        }
    }

    @Test func theOwnPagesForbidFramingAndForeignScript() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(PreviewFixture.site, to: site.url)
        let preview = try RunningPreview(site: site.url)
        defer { _ = preview.interrupt() }
        for path in ["/", "/_beckon/email?path=emails/en-US/maya/invite", "/_beckon/page?path=x"] {
            let head = try LoopbackHTTP.get(port: preview.port, path).head.lowercased()
            #expect(head.contains("content-security-policy: default-src 'none'; script-src 'self'"), "\(path)")
            #expect(head.contains("frame-ancestors 'none'"), "\(path)")
            #expect(head.contains("x-frame-options: deny"), "\(path)")
            #expect(head.contains("x-content-type-options: nosniff"), "\(path)")
        }
        // The site's pages are framed by the viewers, and by nothing else.
        let page = try LoopbackHTTP.get(port: preview.port, "/en-US/samples/maya/invite/index.html").head.lowercased()
        #expect(page.contains("content-security-policy: frame-ancestors 'self'"))
        #expect(page.contains("cross-origin-resource-policy: same-origin"))
    }

    @Test func noParameterOfAnyRouteIsWrittenBackAsMarkup() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(PreviewFixture.site, to: site.url)
        let preview = try RunningPreview(site: site.url)
        defer { _ = preview.interrupt() }
        let value = Self.encoded(Self.payload)
        let page = "en-US/samples/maya/invite/index.html"
        let requests = [
            "/_beckon/page?path=\(page)&scheme=\(value)",
            "/_beckon/page?path=\(value)&scheme=dark",
            "/_beckon/page?path=\(page)&scheme=dark&extra=\(value)",
            "/_beckon/email?path=\(value)", "/_beckon/email?path=emails/en-US/maya/invite&scheme=\(value)",
            "/_beckon/card?path=\(value)", "/_beckon/message?path=\(value)",
            "/\(page)?beckon-scheme=\(value)&beckon-images=\(value)", "/?\(value)=\(value)", "/\(value)",
            "/_beckon/screenshots/\(value)", "/_beckon/state.json?\(value)",
        ]
        for request in requests {
            let reply = try LoopbackHTTP.get(port: preview.port, request)
            #expect([200, 404].contains(reply.status), "\(request): \(reply.status)")
            #expect(!reply.body.contains("<script>alert(1)"), "\(request)")
            #expect(!reply.body.contains("onerror=alert(2)"), "\(request)")
            #expect(!reply.head.contains("alert("), "\(request)")
        }
        // The palette is one of two words, whatever was asked.
        let viewer = try LoopbackHTTP.get(port: preview.port, "/_beckon/page?path=\(page)&scheme=\(value)")
        #expect(viewer.body.contains("scheme=light\""))
    }

    @Test func requestsThatCouldChangeStateNeedThePreviewsOrigin() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(PreviewFixture.site, to: site.url)
        let preview = try RunningPreview(site: site.url)
        defer { _ = preview.interrupt() }
        let port = preview.port
        func post(_ origin: String?) throws -> Int {
            let originLine = origin.map { "Origin: \($0)\r\n" } ?? ""
            return try LoopbackHTTP.raw(
                port: port,
                "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(originLine)Content-Length: 0\r\nConnection: close\r\n\r\n"
            ).status
        }
        #expect(try post(nil) == 403)
        #expect(try post("https://attacker.example") == 403)
        #expect(try post("null") == 403)
        // From the preview's own page it passes the guard, and no route takes a POST.
        let own = try post("http://127.0.0.1:\(port)")
        #expect(own != 403 && own != 421 && own >= 400, "\(own)")
    }

    @Test func nothingOutsideTheScreenshotsFolderIsServed() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(PreviewFixture.site, to: site.url)
        let secret = TemporaryDirectory()
        try Data("SECRET-OUTSIDE".utf8).write(to: secret.path("secret.png"))
        let folder = site.path("output/screenshots")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("en-US"), withIntermediateDirectories: true)
        try Data("<!DOCTYPE html><title>Screenshots</title>".utf8).write(
            to: folder.appendingPathComponent("index.html"))
        try Data("INSIDE".utf8).write(to: folder.appendingPathComponent("en-US/in.png"))
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("out.png").path, withDestinationPath: secret.path("secret.png").path)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("away").path, withDestinationPath: secret.url.path)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("inside.png").path, withDestinationPath: "en-US/in.png")
        #expect(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600) == 0)
        let preview = try RunningPreview(site: site.url)
        defer { _ = preview.interrupt() }
        let attempts = [
            "/_beckon/screenshots/out.png", "/_beckon/screenshots/away/secret.png", "/_beckon/screenshots/pipe.png",
            "/_beckon/screenshots/../../beckon.yml", "/_beckon/screenshots/%2e%2e/%2e%2e/beckon.yml",
            "/_beckon/screenshots/..%2f..%2fbeckon.yml", "/_beckon/screenshots/%252e%252e/beckon.yml",
            "/_beckon/screenshots/.%2e/.%2e/beckon.yml", "/_beckon/screenshots//etc/passwd",
            "/_beckon/screenshots/en-US/../../../beckon.yml", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
            "//etc/passwd", "/_beckon/screenshots/%00.png", "/_beckon/screenshots/en-US%2f..%2f..%2fbeckon.yml",
        ]
        for path in attempts {
            let reply = try LoopbackHTTP.get(port: preview.port, path, timeout: 10)
            #expect(reply.status == 404, "\(path): \(reply.status)")
            #expect(!reply.body.contains("SECRET-OUTSIDE") && !reply.body.contains("root:"), "\(path)")
        }
        // A link that stays inside is followed.
        #expect(try LoopbackHTTP.get(port: preview.port, "/_beckon/screenshots/inside.png").body == "INSIDE")
    }

    @Test func manyIdleConnectionsDoNotKeepOthersOut() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(PreviewFixture.site, to: site.url)
        let preview = try RunningPreview(site: site.url)
        defer { _ = preview.interrupt() }
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        for _ in 0..<1_100 { sockets.append(try LoopbackHTTP.openIdle(port: preview.port)) }
        // A slow client: half a request head, never finished.
        let slow = try LoopbackHTTP.openIdle(port: preview.port)
        sockets.append(slow)
        _ = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".withCString { write(slow, $0, strlen($0)) }
        // Answered before its own 10-second timeout, so not by the idle timeout's closing (15 s).
        let reply = try LoopbackHTTP.get(port: preview.port, "/", timeout: 10)
        #expect(reply.status == 200)
        // Most of the idle connections were closed to make room.
        usleep(500_000)
        let closed = sockets.filter(LoopbackHTTP.isClosedByPeer).count
        #expect(closed >= 1_100 - 256, "\(closed) closed")
    }
}
