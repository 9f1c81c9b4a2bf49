import BeckonJSON
import BeckonTestSupport
import NIOCore
import Testing

@testable import BeckonServe

/// A JSON body is checked on its bytes before the generated code decodes it: strict JSON, no
/// member twice, no member the document does not list (named with its place), and a refusal
/// never echoes what was sent.
@Suite struct RequestBodyTests {
    static let create = APIBodyShape.of("post", "/v1/invites")!
    static let bulk = APIBodyShape.of("post", "/v1/invites/bulk")!

    static func check(_ text: String, _ shape: APIBodyShape = create) throws(APIProblem) {
        try shape.check(try RequestBody.parse(ByteBuffer(string: text)))
    }

    /// The shapes are the document's: what a create, a bulk create, an accept and a batch of the
    /// app's events take.
    @Test func theShapesAreReadFromTheDocument() {
        #expect(Self.create.members.contains("senderFirstName") && Self.create.members.contains("channel"))
        #expect(!Self.create.members.contains("recipients"))
        #expect(Self.bulk.entries["recipients"] == ["recipient", "channel", "locale", "inviteeFirstName"])
        #expect(
            APIBodyShape.of("post", "/v1/events")?.entries["events"]
                == ["id", "event", "at", "code", "senderId", "platform", "appVersion", "properties"])
        #expect(APIBodyShape.of("post", "/v1/invites/{code}/accept")?.members == ["inviteeId"])
        #expect(APIBodyShape.of("get", "/v1/events") == nil)
    }

    @Test(
        arguments: [
            (#"{"senderId":"u_1","colour":1}"#, "colour"), (#"{"senderId":"u_1","senderId":"u_2"}"#, "senderId"),
            (#"{"senderId":"u_1","recipients":[]}"#, "recipients"),
        ])
    func anUnknownOrRepeatedMemberIsNamed(body: String, field: String) {
        do {
            try Self.check(body)
            Issue.record("accepted \(body)")
        } catch {
            #expect(error.field == field && error.status == .badRequest)
        }
    }

    @Test func aRecipientsUnknownMemberIsNamedWithItsPlace() {
        do {
            try Self.check(
                #"{"senderId":"u_1","recipients":[{"channel":"sms"},{"channel":"sms","colour":"x"}]}"#, Self.bulk)
            Issue.record("accepted a recipient's unknown member")
        } catch {
            #expect(error.field == "recipients[1].colour")
            #expect(error.detail.contains("`recipients[1].colour` is not a member"))
        }
    }

    @Test(arguments: [#"{"name":"a","name":"b"}"#, "[]", "{", #""text""#, "{}x"])
    func malformedBodiesAreRefused(body: String) {
        #expect(throws: APIProblem.self) { try Self.check(body) }
    }

    @Test func invalidUTF8IsRefused() {
        var buffer = ByteBuffer(string: #"{"senderId":""#)
        buffer.writeBytes([0xC3, 0x28])
        buffer.writeString(#""}"#)
        #expect(throws: APIProblem.self) { _ = try RequestBody.parse(buffer) }
    }

    /// Whatever text arrives, a refusal never echoes more than a printable, bounded member name.
    @Test func refusalsNeverEchoWhatWasSent() {
        var generator = SeededGenerator(seed: 11)
        let alphabet = Array("ab\"{}:,\\\n\u{202E}<>é ")
        for _ in 0..<2_000 {
            let text = String(
                (0..<Int(generator.next() % 24)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            do {
                try Self.check("{\"" + text + "\":1}")
            } catch {
                #expect(!error.detail.contains("\n") && !error.detail.contains("\u{202E}"))
                #expect((error.field ?? "").unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 })
            }
        }
    }
}

/// The rules a decoded value is held to: opaque ids and text a person wrote.
@Suite struct FieldRulesTests {
    @Test(
        arguments: [
            "a\nb", "a\u{202E}b", "a\u{2066}b", "  ", "a\u{10FFF0}b", "\u{3164}", "\u{2800}", "\u{AD}", "\u{FEFF}",
            "\u{200B}", "a" + String(repeating: "\u{301}", count: 50), String(repeating: "x", count: 11),
        ])
    func textThatDrawsNothingOrBreaksALineIsRefused(text: String) {
        do {
            _ = try FieldRules.text(text, "name", maximum: 10)
            Issue.record("accepted \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        } catch {
            #expect(error.field == "name" && error.status == .badRequest)
        }
    }

    @Test(arguments: ["Maya", "Zoë", "李", "Lou 👩🏽‍💻", "مريم", "Ann-Marie O’Neil"])
    func namesPeopleHaveAreKept(text: String) throws {
        #expect(try FieldRules.text(text, "name", maximum: 40) == text)
    }

    @Test func identifiersAreOpaque() throws {
        #expect(try FieldRules.identifier("u_1-A", "id") == "u_1-A")
        #expect(try FieldRules.identifier(nil, "id") == nil)
        #expect(throws: APIProblem.self) { _ = try FieldRules.identifier("u@x", "id") }
        #expect(throws: APIProblem.self) { _ = try FieldRules.identifier(String(repeating: "a", count: 65), "id") }
    }
}
