import BeckonProvenance
import Testing

/// Arrays kept for a whole build hold room for their elements only.
@Suite struct ExactCapacityTests {
    @Test(arguments: [0, 1, 17, 1000])
    func anArrayGrownByAppendingIsCopiedToItsCount(count: Int) {
        var grown: [Int] = []
        for number in 0..<count { grown.append(number * 3) }
        let exact = grown.exactlySized()
        #expect(exact == grown)
        // Allocations are rounded up to malloc's chunk, not doubled: its granularity is 16 bytes,
        // and a freed chunk it reuses may be up to 32 bytes larger than asked (a smaller rest is
        // not split off), so a few elements more at most.
        #expect(exact.capacity >= count && exact.capacity <= count + 8)
        // A slice of the whole array would keep the doubled capacity.
        #expect(count < 17 || Array(grown[...]).capacity > count)
    }
}
