/// The origin numbers a stripper has read, each with its index in the stripper's `numbers`: an
/// open-addressing table of the numbers themselves, since origin numbers are small and dense
/// (a `Dictionary` ran SipHash over each of a page's hundreds of marks). Holds only numbers the
/// process's `OriginTable` knows, so far below `UInt32.max`.
struct NumberIndex {
    /// `number + 1` in the high 32 bits (0 for an empty slot) and the index in the low ones;
    /// allocated at the first number (most texts stripped have a few marks or none).
    private var slots: [UInt64] = []
    private var count = 0

    /// The index recorded for `number`, if any.
    subscript(number: UInt32) -> Int? {
        guard !slots.isEmpty else { return nil }
        let key = UInt64(number) + 1
        var slot = Self.start(key, slots.count)
        while slots[slot] != 0 {
            if slots[slot] >> 32 == key { return Int(slots[slot] & 0xFFFF_FFFF) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Records `number`, not yet recorded, with its index.
    mutating func insert(_ number: UInt32, _ index: Int) {
        precondition(number < UInt32.max && index <= Int(UInt32.max), "an origin number or index out of range")
        if (count + 1) * 2 > slots.count { grow() }
        place((UInt64(number) + 1) << 32 | UInt64(index))
        count += 1
    }

    private mutating func place(_ entry: UInt64) {
        var slot = Self.start(entry >> 32, slots.count)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = entry
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: max(16, old.count * 2))
        for entry in old where entry != 0 { place(entry) }
    }

    /// The first slot to look in for a key: the key scrambled (Fibonacci hashing), since
    /// neighbouring numbers are common.
    private static func start(_ key: UInt64, _ capacity: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & (capacity - 1)
    }
}
