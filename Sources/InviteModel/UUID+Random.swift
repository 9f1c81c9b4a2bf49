import Foundation

extension UUID {
    /// A random (version 4) UUID from the system's secure generator: the kind `UUID()` makes,
    /// without the file `UUID()` opens, reads and closes for each one here (`/dev/urandom`).
    public static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A time-ordered (version 7, RFC 9562) UUID from the system's secure generator: the Unix
    /// time of `date` in milliseconds in its first 48 bits, then 74 random bits. Ids made one after
    /// another sort one after another, so a store's index on them grows at its end instead of
    /// on a random page for each new row.
    public static func timeOrdered(at date: Date) -> UUID {
        var generator = SystemRandomNumberGenerator()
        return timeOrdered(at: date, using: &generator)
    }

    /// A time-ordered (version 7) UUID for `date` with its random bits from `generator`; a date
    /// before 1970 is taken as 1970, and one past the 48 bits' range (year 10889) as its end.
    public static func timeOrdered(at date: Date, using generator: inout some RandomNumberGenerator) -> UUID {
        let latest: UInt64 = 0xFFFF_FFFF_FFFF
        let since1970 = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let milliseconds = since1970 >= Double(latest) ? latest : since1970 > 0 ? UInt64(since1970) : 0
        let high: UInt64 = generator.next()
        let low: UInt64 = generator.next()
        func byte(_ value: UInt64, _ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
        return UUID(
            uuid: (
                byte(milliseconds, 40), byte(milliseconds, 32), byte(milliseconds, 24), byte(milliseconds, 16),
                byte(milliseconds, 8), byte(milliseconds, 0),
                0x70 | byte(high, 0) & 0x0F, byte(high, 8),
                0x80 | byte(low, 0) & 0x3F, byte(low, 8), byte(low, 16), byte(low, 24), byte(low, 32),
                byte(low, 40), byte(low, 48), byte(low, 56)
            ))
    }
}
