import Foundation
import Testing

@testable import BeckonStoreSQLite

@Suite struct UUIDTextTests {
    /// Every UUID reads back from its text, upper or lower case, as Foundation reads it.
    @Test func everyUUIDReadsBackFromItsText() {
        for _ in 0..<5_000 {
            let id = UUID()
            #expect(UUID(storedText: id.uuidString) == id)
            #expect(UUID(storedText: id.uuidString.lowercased()) == id)
            #expect(UUID(storedText: id.uuidString) == UUID(uuidString: id.uuidString))
        }
    }

    /// Text that is not a UUID's reads as none.
    @Test(arguments: [
        "", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",
        "E621E1F8C36C-495A-93FC-0C247A3E6E5F0", "E621E1F8-C36C-495A-93FC-0C247A3E6E5G",
        "E621E1F8_C36C_495A_93FC_0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6É",
        " 621E1F8-C36C-495A-93FC-0C247A3E6E5F", "+621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ])
    func textThatIsNotAUUIDReadsAsNone(text: String) {
        #expect(UUID(storedText: text) == nil)
    }
}
