import BeckonDiagnostics
import BeckonSite
import Foundation
import Testing

/// One invite read from a file, as `beckon render --invite` reads it.
@Suite struct InviteValuesTests {
    func parse(_ text: String) -> (InviteValues?, [Diagnostic]) {
        InviteValues.parse(SourceText(path: "invite.json", text: text), now: Date())
    }

    /// In what `invite new` prints, `invite` holds the model: a name written inside it is not
    /// read, so the hint says to add it beside `invite`, at the top level.
    @Test func aMissingNameInWhatInviteNewPrintsIsAddedBesideInvite() throws {
        let (invite, diagnostics) = parse(
            #"{"invite": {"id": "6F1C2A4E-0000-4000-8000-000000000000", "code": "7KQ2M9XJ4PW3HNT", "#
                + #""context": "generic"}, "link": "https://join.playa.app/invite/7KQ2M9XJ4PW3HNT"}"#)
        #expect(invite == nil)
        let missing = try #require(diagnostics.first { $0.rule == "invite.missing-key" })
        #expect(missing.message.contains("`inviterFirstName`"))
        #expect(missing.fix?.contains("beside `invite`") == true, "\(missing.fix ?? "")")
        #expect(missing.fix?.contains("to `invite`") == false)
    }

    /// A plain invite file is the invite itself: the key goes into it.
    @Test func aMissingNameInAPlainInviteFileIsAddedToIt() throws {
        let (_, diagnostics) = parse(#"{"id": "lea"}"#)
        let missing = try #require(diagnostics.first { $0.rule == "invite.missing-key" })
        #expect(missing.fix == "Add `inviterFirstName:` to `invite`.")
    }

    /// An invite file with `key` on its second line.
    func file(_ key: String, _ value: String) -> String {
        let others = [("id", "lea"), ("inviterFirstName", "Lea")].filter { $0.0 != key }
        return "{" + others.map { "\"\($0.0)\": \"\($0.1)\", " }.joined() + "\n \"\(key)\": \"\(value)\"}"
    }

    /// A name or title over the cap is refused at its key, whatever the file's size; one at the
    /// cap is read.
    @Test(arguments: ["inviterFirstName", "inviterName", "inviteeFirstName", "contextTitle", "contextID"])
    func overlongValuesAreRefusedAtTheirKey(key: String) throws {
        let long = String(repeating: "a", count: InviteValues.maximumFieldLength + 1)
        let (invite, diagnostics) = parse(file(key, long))
        #expect(invite == nil)
        let finding = try #require(diagnostics.first { $0.rule == "invite.too-long" }, "\(diagnostics)")
        #expect(finding.location?.line == 2)
        #expect(!finding.message.contains("aaaa"))
        let (fits, problems) = parse(file(key, String(long.dropLast())))
        #expect(fits != nil, "\(problems)")
    }
}
