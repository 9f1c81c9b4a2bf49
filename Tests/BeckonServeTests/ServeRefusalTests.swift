import BeckonTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import BeckonServe

/// Requests the API refuses, held in-process: each a 400 (or the status the document gives)
/// problem naming its field where there is one, never echoing what was sent, and storing nothing.
@Suite struct ServeRefusalTests {
    static let auth: HTTPFields = [.authorization: "Bearer \(ServeApplicationTests.token)"]

    static func problem(_ response: TestResponse) throws -> [String: Any] {
        #expect(response.headers[.contentType] == "application/problem+json")
        return try ServeApplicationTests.json(response)
    }

    static func noEvents(_ client: some TestClientProtocol) async throws {
        let events = try await client.execute(uri: "/v1/events?after=0", method: .get, headers: auth)
        #expect((try ServeApplicationTests.json(events)["events"] as? [Any])?.isEmpty == true, "nothing was stored")
    }

    @Test func badRequestsAreRefusedWithTheFieldAndNothingIsStored() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(in: folder).application()
        try await app.test(.router) { client in
            let cases: [(body: [UInt8], field: String?)] = [
                (Array(#"{"senderId":42,"channel":"sms"}"#.utf8), "senderId"),
                (Array(#"{"senderId":"u_1","channel":"sms","recipient":"+14155550123","admin":true}"#.utf8), "admin"),
                (Array(#"{"senderId":"u_1","channel":"carrier-pigeon"}"#.utf8), "channel"),
                (Array(#"{"senderId":"u_1","channel":"copy_link","context":"party"}"#.utf8), "context"),
                (
                    Array(
                        #"{"senderId":"u_1","channel":"copy_link","senderFirstName":"Maya\r\nBcc: x@evil.test"}"#.utf8),
                    "senderFirstName"
                ),
                (
                    Array(#"{"senderId":"u_1","channel":"copy_link","senderFirstName":"Maya\u202Egnp.exe"}"#.utf8),
                    "senderFirstName"
                ),
                (Array(#"{"senderId":"u_1","channel":"copy_link","senderFirstName":"   "}"#.utf8), "senderFirstName"),
                (Array(#"{"senderId":"u 1","channel":"copy_link"}"#.utf8), "senderId"),
                (Array(#"{"senderId":"u_1","channel":"email","recipient":"not-an-address"}"#.utf8), "recipient"),
                (Array(#"{"senderId":"u_1","channel":"sms"}"#.utf8), "recipient"),
                (Array(#"{"senderId":"u_1","channel":"copy_link","locale":"../etc"}"#.utf8), "locale"),
                (Array(#"{"senderId":"u_1","channel":"copy_link","variant":"b"}"#.utf8), "variant"),
                (Array(#"{"channel":"copy_link"}"#.utf8), "senderId"),
                (Array(#"{"senderId":"u_1","senderId":"u_2","channel":"copy_link"}"#.utf8), "senderId"),
                (Array(#"["senderId"]"#.utf8), nil),
                (Array(#"{"senderId":"u_1","#.utf8), nil),
                (
                    Array(#"{"senderId":"u_1","channel":"copy_link","senderFirstName":""#.utf8) + [0xC3, 0x28]
                        + Array(#""}"#.utf8), nil
                ),
                (
                    Array(
                        #"{"senderId":"u_1","channel":"copy_link","senderFirstName":"\#(String(repeating: "a", count: 1_001))"}"#
                            .utf8), "senderFirstName"
                ),
            ]
            for (body, field) in cases {
                let response = try await client.execute(
                    uri: "/v1/invites", method: .post, headers: Self.auth, body: ByteBuffer(bytes: body))
                let text = String(decoding: body.prefix(80), as: UTF8.self)
                let answer = String(buffer: response.body)
                #expect(response.status == .badRequest, "\(text): \(answer)")
                let problem = try Self.problem(response)
                #expect(problem["status"] as? Int == 400)
                if let field { #expect(problem["field"] as? String == field, "\(text): \(answer)") }
                #expect(!answer.contains("evil.test") && !answer.contains("gnp.exe"))
            }
            let oversize =
                [UInt8](#"{"senderId":"u_1","channel":"copy_link","senderFirstName":""#.utf8)
                + [UInt8](repeating: 0x61, count: 70 * 1024) + [UInt8](#""}"#.utf8)
            let tooLarge = try await client.execute(
                uri: "/v1/invites", method: .post, headers: Self.auth, body: ByteBuffer(bytes: oversize))
            #expect(tooLarge.status == .contentTooLarge && tooLarge.headers[.connection] == "close")
            // Without the token nothing is answered.
            let anonymous = try await client.execute(
                uri: "/v1/invites", method: .post,
                body: ByteBuffer(string: #"{"senderId":"u_1","channel":"copy_link"}"#))
            #expect(anonymous.status == .unauthorized)
            let wrong = try await client.execute(
                uri: "/v1/events", method: .get, headers: [.authorization: "Bearer wrong"])
            #expect(wrong.status == .unauthorized)
            try await Self.noEvents(client)
        }
    }

    /// Requests the API document does not allow are problems with the generated server's
    /// status, naming the member where there is one and never repeating what was sent.
    @Test func requestsTheDocumentDoesNotAllowAreProblems() async throws {
        let folder = TemporaryDirectory()
        let app = try await ServeApplicationTests.server(in: folder).application()
        try await app.test(.router) { client in
            let body = ByteBuffer(string: #"{"senderId":"u_1","channel":"copy_link"}"#)
            var plain = Self.auth
            plain[.contentType] = "text/plain"
            var html = Self.auth
            html[.accept] = "text/html"
            let bulk = ByteBuffer(
                string: #"{"senderId":"u_1","recipients":[{"channel":"copy_link"},{"channel":"pigeon-post"}]}"#)
            let cases:
                [(
                    uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?, status: Int,
                    field: String?
                )] = [
                    ("/v1/invites", .post, plain, body, 415, nil),
                    ("/v1/events?limit=ten", .get, Self.auth, nil, 400, "limit"),
                    ("/v1/users/u_1/invites?before=X&limit=1.5", .get, Self.auth, nil, 400, "limit"),
                    ("/v1/events", .get, html, nil, 406, nil),
                    ("/v1/invites/bulk", .post, Self.auth, bulk, 400, "recipients[1].channel"),
                    ("/v1/invites/ABCDEFGHJK/accept", .post, Self.auth, ByteBuffer(string: "{}"), 400, "inviteeId"),
                ]
            for item in cases {
                let response = try await client.execute(
                    uri: item.uri, method: item.method, headers: item.headers, body: item.body)
                let answer = String(buffer: response.body)
                #expect(Int(response.status.code) == item.status, "\(item.uri): \(answer)")
                let problem = try Self.problem(response)
                #expect(
                    problem["status"] as? Int == item.status && problem["field"] as? String == item.field, "\(answer)")
                #expect(!answer.contains("pigeon"))
            }
            // Refused before anything is done: no invite was made by the request accepting HTML.
            #expect(
                try await client.execute(uri: "/v1/invites", method: .post, headers: html, body: body).status
                    == .notAcceptable)
            try await Self.noEvents(client)
            // A member given twice is refused whatever the body claims to be.
            for type in ["*/*", "foo", "application/*"] {
                var headers = Self.auth
                headers[.contentType] = type
                let twice = try await client.execute(
                    uri: "/v1/invites", method: .post, headers: headers,
                    body: ByteBuffer(string: #"{"senderId":"u_1","senderId":"u_2","channel":"copy_link"}"#))
                #expect(twice.status == .badRequest, "\(type): \(String(buffer: twice.body))")
            }
            // An unknown member is named as printable ASCII, at most 64 characters.
            let name = "x\u{202E}" + String(repeating: "y", count: 100)
            let unknown = try await client.execute(
                uri: "/v1/invites", method: .post, headers: Self.auth,
                body: ByteBuffer(string: #"{"senderId":"u_1","channel":"copy_link","\#(name)":1}"#))
            #expect(try Self.problem(unknown)["field"] as? String == "x?" + String(repeating: "y", count: 62))
            // Idempotency keys are taken as sent: `a%41` and `aA` are two keys.
            func create(key: String) async throws -> TestResponse {
                var headers = Self.auth
                headers[HTTPField.Name("Idempotency-Key")!] = key
                return try await client.execute(uri: "/v1/invites", method: .post, headers: headers, body: body)
            }
            let first = try await create(key: "a%41")
            let second = try await create(key: "aA")
            let retried = try await create(key: "a%41")
            #expect(first.status == .created && second.status == .created && retried.status == .ok)
            #expect(
                try ServeApplicationTests.json(retried)["code"] as? String
                    == ServeApplicationTests.json(first)["code"] as? String)
        }
    }
}
