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

    /// A time-ordered UUID is version 7 with the RFC's variant, carries its date's Unix
    /// milliseconds in its first 48 bits, sorts after every one made at an earlier millisecond
    /// (as bytes and as upper-case text), and none repeats.
    @Test func timeOrderedUUIDsAreVersionSevenInTheOrderOfTheirDates() throws {
        var seen = Set<UUID>()
        var previous: (milliseconds: UInt64, text: String)?
        var date = Date(timeIntervalSince1970: 1_795_000_000.123)
        for step in 0..<10_000 {
            // Several ids in one millisecond, then a later one.
            if step % 4 == 0 { date += Double(Int.random(in: 1...5_000)) / 1000 }
            let id = UUID.timeOrdered(at: date)
            let text = id.uuidString
            #expect(Array(text)[14] == "7", "\(text)")
            #expect("89AB".contains(Array(text)[19]), "\(text)")
            #expect(UUID(uuidString: text) == id)
            let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
            let milliseconds = bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            #expect(milliseconds == UInt64((date.timeIntervalSince1970 * 1000).rounded(.down)))
            if let previous, previous.milliseconds < milliseconds { #expect(previous.text < text) }
            previous = (milliseconds, text)
            seen.insert(id)
        }
        #expect(seen.count == 10_000)
    }

    /// Dates before 1970 (and a date that is not a number) are taken as 1970, dates past the
    /// 48 bits' range as its end; the random bits come from the generator given.
    @Test func timeOrderedUUIDsClampTheirDatesAndUseTheGivenGenerator() {
        var zeros = ZeroGenerator()
        for early in [-5, -.infinity, .nan] as [TimeInterval] {
            let id = UUID.timeOrdered(at: Date(timeIntervalSince1970: early), using: &zeros)
            #expect(id.uuidString == "00000000-0000-7000-8000-000000000000")
        }
        for late in [1e13, 1e300, .infinity] as [TimeInterval] {
            let id = UUID.timeOrdered(at: Date(timeIntervalSince1970: late), using: &zeros)
            #expect(id.uuidString == "FFFFFFFF-FFFF-7000-8000-000000000000")
        }
    }

    /// Always zero: the fixed bits of a UUID show alone.
    private struct ZeroGenerator: RandomNumberGenerator {
        mutating func next() -> UInt64 { 0 }
    }
}
