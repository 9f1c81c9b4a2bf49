import BeckonStore
import BeckonStoreSQLite
import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import BeckonServe

/// The Android waiting list the default site's Android page posts to (seed 001 §8), in-process.
@Suite struct WaitlistTests {
    static func post(
        _ client: some TestClientProtocol, _ body: String, headers extra: HTTPFields = [:],
        from address: String = "203.0.113.9"
    ) async throws -> TestResponse {
        var headers: HTTPFields = [
            .contentType: "application/x-www-form-urlencoded", HTTPField.Name("X-Forwarded-For")!: address,
        ]
        headers.append(contentsOf: extra)
        return try await client.execute(
            uri: "/android-waitlist", method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// An address is kept once, lowercased, with the consent sentence the page showed in its
    /// language; the answer is the Android page in that language with thanks. A bad address gets
    /// the form again with what was wrong (400), another site's post 403, a client posting too
    /// often 429; the Android page's policy lets its form post here.
    @Test func anAddressIsKeptOnceWithItsConsent() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            let joined = try await Self.post(client, "email=+Ana%40Example.ORG+&locale=de-DE")
            #expect(joined.status == .ok)
            let page = String(buffer: joined.body)
            #expect(page.contains("<html lang=\"de-DE\"") && page.contains("Danke! Wir schreiben dir einmal"))
            #expect(!page.contains("<form"))
            #expect(joined.headers[.contentSecurityPolicy]?.contains("form-action https://join.playa.app") == true)
            #expect(try await Self.post(client, "email=ana%40example.org&locale=en-US").status == .ok)

            let invalid = try await Self.post(client, "email=not-an-address&locale=ja-JP")
            #expect(invalid.status == .badRequest)
            #expect(String(buffer: invalid.body).contains("role=\"alert\">メールアドレスの"))
            #expect(String(buffer: invalid.body).contains("aria-invalid=\"true\" aria-describedby=\"email-error\""))
            #expect(String(buffer: invalid.body).contains("<form"))
            let foreign = try await Self.post(
                client, "email=lou%40example.org", headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(foreign.status == .forbidden)
            var last = HTTPResponse.Status.ok
            for index in 0..<11 {
                last = try await Self.post(client, "email=x\(index)%40example.org", from: "198.51.100.77").status
            }
            #expect(last == .tooManyRequests)

            let android = try await client.execute(uri: "/en-US/android/", method: .get)
            #expect(android.headers[.contentSecurityPolicy]?.contains("form-action https://join.playa.app") == true)
            #expect(String(buffer: android.body).contains("action=\"https://join.playa.app/android-waitlist\""))
        }
        let store = try SQLiteInviteStore(path: folder.path("invites.sqlite").path)
        let list = try await store.waitlist()
        let ana = try #require(list.first)
        #expect(ana.address == "ana@example.org" && ana.locale == "de-DE")
        #expect(
            ana.consent == "Wir verwenden deine Adresse nur, um dir zu sagen, wann Playa für Android verfügbar ist.")
        #expect(list.count == 11)
    }

    @Test(arguments: [
        ("ana@example.org", true), (" Ana@Example.Org ", true), ("a@b.co", true), ("ana", false),
        ("@example.org", false),
        ("ana@example", false), ("ana@@example.org", false), ("an a@example.org", false), ("ana@-x.org", false),
        ("ana@example..org", false), (String(repeating: "a", count: 65) + "@example.org", false),
    ])
    func addressesAreCheckedForShape(_ text: String, _ valid: Bool) {
        #expect((WaitlistController.address(text) != nil) == valid, "\(text)")
    }
}
