import BeckonProvenance
import Testing

/// Arrays kept for a whole build hold room for their elements only.
@Suite struct ExactCapacityTests {
    @Test(arguments: [0, 1, 17, 513, 1000])
    func anArrayGrownByAppendingIsCopiedToItsCount(count: Int) {
        var grown: [Int] = []
        for number in 0..<count { grown.append(number * 3) }
        let exact = grown.exactlySized()
        #expect(exact == grown)
        // Allocations are rounded up to the allocator's size, not doubled: glibc's malloc rounds to
        // 16 bytes (a freed chunk it reuses may be 32 bytes larger), mimalloc, which `beckon` and
        // the test runner link, to its size classes, four to each doubling (at most a quarter more).
        #expect(exact.capacity >= count && exact.capacity <= count + count / 4 + 8)
        // Where appending doubled the room, the copy holds less of it.
        if count >= 17, grown.capacity >= count + count / 2 { #expect(exact.capacity < grown.capacity) }
        // A slice of the whole array would keep the doubled capacity.
        #expect(count < 17 || Array(grown[...]).capacity > count)
    }
}
