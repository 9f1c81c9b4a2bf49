import Foundation
import InviteModel
import Testing

@Suite struct UUIDRandomTests {
    /// Every random UUID is version 4 with the RFC's variant, as Foundation reads it back, and
    /// none repeats.
    @Test func randomUUIDsAreVersionFourAndDistinct() throws {
        var seen = Set<UUID>()
        for _ in 0..<10_000 {
            let id = UUID.random()
            let text = id.uuidString
            #expect(Array(text)[14] == "4", "\(text)")
            #expect("89AB".contains(Array(text)[19]), "\(text)")
            #expect(UUID(uuidString: text) == id)
            seen.insert(id)
        }
        #expect(seen.count == 10_000)
    }
}
