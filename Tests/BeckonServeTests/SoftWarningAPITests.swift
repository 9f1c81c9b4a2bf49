import BeckonServe
import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Seed 000 R14 on the default site: invites sent one by one carry a soft warning from the
/// sender's tenth in an hour, in the sender's language, and are never refused for it.
@Suite struct SoftWarningAPITests {
    @Test func theTenthInviteInAnHourCarriesTheSessionWarning() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(site: Repository.root, in: folder).application()
        try await app.test(.router) { client in
            var headers = ServeApplicationTests.auth
            headers[.acceptLanguage] = "de-DE"
            for index in 1...11 {
                let created = try await client.execute(
                    uri: "/v1/invites", method: .post, headers: headers,
                    body: ByteBuffer(string: #"{"senderId":"u_busy","channel":"copy_link"}"#))
                #expect(created.status == .created)
                let warning = try ServeApplicationTests.json(created)["softWarning"] as? [String: Any]
                if index < 10 {
                    #expect(warning == nil, "invite \(index)")
                } else {
                    #expect(warning?["threshold"] as? Int == 10, "invite \(index)")
                    #expect((warning?["message"] as? String)?.hasPrefix("Tipp: Persönliche Einladungen") == true)
                    #expect(warning?["locale"] as? String == "de-DE")
                }
            }
            // Another sender's first invite carries none.
            let other = try await client.execute(
                uri: "/v1/invites", method: .post, headers: headers,
                body: ByteBuffer(string: #"{"senderId":"u_calm","channel":"copy_link"}"#))
            #expect(try ServeApplicationTests.json(other)["softWarning"] == nil)
        }
    }
}
