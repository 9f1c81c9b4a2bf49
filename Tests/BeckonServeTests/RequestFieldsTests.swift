import BeckonTestSupport
import NIOCore
import Testing

@testable import BeckonServe

@Suite struct RequestFieldsTests {
    static func fields(
        _ text: String, allowed: Set<String> = ["name", "id", "kind"]
    ) throws(APIProblem) -> RequestFields {
        try RequestFields(RequestFields.parse(ByteBuffer(string: text)), allowed: allowed)
    }

    @Test(
        arguments: [
            (#"{"name":"Maya","extra":1}"#, "extra"), (#"{"name":1}"#, "name"), (#"{"name":"a\nb"}"#, "name"),
            (#"{"name":"a\u202Eb"}"#, "name"), (#"{"name":"a\u2066b"}"#, "name"), (#"{"name":"  "}"#, "name"),
            (#"{"name":"a\uDBFF\uDFF0b"}"#, "name"),
            (#"{"id":"u@x"}"#, "id"), (#"{"kind":"nope"}"#, "kind"),
        ])
    func eachRefusalNamesItsField(body: String, field: String) throws {
        do {
            let fields = try Self.fields(body)
            _ = try fields.text("name", maximum: 10)
            _ = try fields.identifier("id")
            _ = try fields.choice("kind", of: Kind.self)
            Issue.record("accepted \(body)")
        } catch {
            #expect(error.field == field)
            #expect(error.status == .badRequest)
        }
    }

    /// An entry's unknown member is named with its place in the list; `null` is absent at
    /// either level, so an entry's `null` leaves the request's own member in place.
    @Test func listEntriesAreReadWithTheirOwnMembers() throws {
        let fields = try Self.fields(
            #"{"name":"Maya","id":null,"list":[{"name":null},{"name":"Ana","kind":"x"}]}"#,
            allowed: ["name", "id", "list"])
        #expect(try fields.identifier("id") == nil)
        do {
            _ = try fields.objects("list", allowed: ["name"], maximum: 5)
            Issue.record("accepted an entry's unknown member")
        } catch {
            #expect(error.field == "list[1].kind")
            #expect(error.detail.contains("`list[1].kind` is not a member"))
        }
        let entries = try fields.objects("list", allowed: ["name", "kind"], maximum: 5)
        #expect(try fields.merging(entries[0]).text("name", maximum: 10) == "Maya")
        #expect(try fields.merging(entries[1]).text("name", maximum: 10) == "Ana")
    }

    @Test(arguments: [#"{"name":"a","name":"b"}"#, "[]", "{", #""text""#, "{}x"])
    func malformedBodiesAreRefused(body: String) {
        #expect(throws: APIProblem.self) { _ = try Self.fields(body) }
    }

    @Test func invalidUTF8IsRefused() {
        var buffer = ByteBuffer(string: #"{"name":""#)
        buffer.writeBytes([0xC3, 0x28])
        buffer.writeString(#""}"#)
        #expect(throws: APIProblem.self) { _ = try RequestFields(RequestFields.parse(buffer), allowed: ["name"]) }
    }

    /// Whatever text arrives, a refusal never echoes more than a printable, bounded member name.
    @Test func refusalsNeverEchoWhatWasSent() {
        var generator = SeededGenerator(seed: 11)
        let alphabet = Array("ab\"{}:,\\\n\u{202E}<>é ")
        for _ in 0..<2_000 {
            let text = String(
                (0..<Int(generator.next() % 24)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            do {
                _ = try Self.fields("{\"" + text + "\":1}", allowed: [])
            } catch {
                #expect(!error.detail.contains("\n") && !error.detail.contains("\u{202E}"))
                #expect((error.field ?? "").unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 })
            }
        }
    }

    enum Kind: String, CaseIterable { case one, two }
}
