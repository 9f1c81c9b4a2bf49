import BeckonAPI
import BeckonStore
import Crypto
import Foundation
import HTTPTypes
import InviteModel
import OpenAPIRuntime
import Testing

@testable import BeckonServe

/// The generated API code and the document it was generated from, and what the server writes
/// through it.
struct APIDocumentTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Sources/BeckonAPI/Generated` was generated from the `docs/openapi.json` of this commit.
    @Test func theGeneratedCodeIsTheDocumentsOfThisCommit() throws {
        let document = try Data(contentsOf: Self.root.appendingPathComponent("docs/openapi.json"))
        let recorded = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/BeckonAPI/Generated/openapi.json.sha256"),
            encoding: .utf8)
        let digest = SHA256.hash(data: document).map { String(format: "%02x", $0) }.joined()
        #expect(recorded.trimmingCharacters(in: .whitespacesAndNewlines) == digest, "run scripts/generate-openapi.sh")
    }

    /// Every status, context, channel and event name of the invite model is one the document
    /// lists, and the document lists no other.
    @Test func theModelsValuesAreTheDocumentsValues() throws {
        func same<Model: CaseIterable & RawRepresentable<String>, Schema: CaseIterable & RawRepresentable<String>>(
            _: Model.Type, _: Schema.Type
        ) {
            #expect(Set(Model.allCases.map(\.rawValue)) == Set(Schema.allCases.map(\.rawValue)), "\(Model.self)")
        }
        same(InviteStatus.self, Components.Schemas.Invite.StatusPayload.self)
        same(InviteContext.self, Components.Schemas.Context.self)
        same(InviteChannel.self, Components.Schemas.Channel.self)
        same(InviteEvent.Name.self, Components.Schemas.Event.EventPayload.self)
        same(InviteEvent.Source.self, Components.Schemas.Event.SourcePayload.self)
    }

    /// Timestamps are written with their milliseconds rounded, as the store keeps them (a
    /// formatter would truncate 0.017 stored as 0.01699…), and absent values are left out.
    @Test func anEventIsWrittenCompactWithItsMilliseconds() throws {
        let event = InviteEvent(
            sequence: 7, name: .opened, inviteID: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!,
            code: InviteCode("AAAAAAAAAAAAAAA")!, senderID: "u_1", context: .generic, channel: .copyLink,
            at: Date(timeIntervalSince1970: 1_600_000_000.017))
        let json = String(decoding: try APIJSON.encoded(try InviteResource.event(event)), as: UTF8.self)
        #expect(
            json == #"{"at":"2020-09-13T12:26:40.017Z","channel":"copy_link","code":"AAAAAAAAAAAAAAA","#
                + #""context":"generic","event":"invite_link_opened","inviteId":"6f9619ff-8b86-d011-b42d-00c04fc964ff","#
                + #""senderId":"u_1","sequence":7,"source":"server"}"#)
        #expect(try TimestampTranscoder().decode("2020-09-13T12:26:40.017Z") == event.at)
        #expect(throws: DecodingError.self) { try TimestampTranscoder().decode("yesterday") }
    }

    /// A request the document does not allow becomes a problem with the generated server's
    /// status; a problem a handler threw comes out as it was; a server failure stays an error.
    @Test func generatedServerErrorsBecomeProblems() {
        func error(_ status: HTTPResponse.Status, underlying: any Error) -> ServerError {
            ServerError(
                operationID: "listEvents", request: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/"),
                requestBody: nil, requestMetadata: .init(), causeDescription: "cause", underlyingError: underlying,
                httpStatus: status, httpHeaderFields: [:], httpBody: nil)
        }
        let mismatch = DecodingError.typeMismatch(
            Int.self, .init(codingPath: [Key(stringValue: "limit")], debugDescription: "not a number"))
        let refused = APIProblem(error(.badRequest, underlying: mismatch))
        #expect(refused?.status == .badRequest && refused?.field == "limit" && refused?.title == "Bad request")
        let thrown = APIProblem.notFound("No invite has this code.")
        #expect(APIProblem(error(.internalServerError, underlying: thrown)) == thrown)
        #expect(APIProblem(error(.internalServerError, underlying: CancellationError())) == nil)
    }

    /// `Accept` allows the API's answers only when one of its ranges, with a non-zero quality, does.
    @Test(
        arguments: [
            (nil, true), ("application/json", true), ("*/*", true), ("text/html, application/*;q=0.5", true),
            ("application/problem+json", true), ("text/html", false), ("application/json;q=0", false),
            ("image/png, text/*", false), ("", false),
        ] as [(String?, Bool)])
    func acceptAllowsJSONOnlyWhenItSaysSo(header: String?, allows: Bool) {
        #expect(APIAccept.allowsJSON(header) == allows)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
