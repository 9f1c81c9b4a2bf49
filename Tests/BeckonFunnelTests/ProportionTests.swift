import BeckonFunnel
import Testing

@Suite struct ProportionTests {
    @Test func withoutTrialsThereIsNoRateOrInterval() {
        let none = Proportion(successes: 0, trials: 0)
        #expect(none.rate == nil && none.wilson() == nil && !none.isProportion)
    }

    @Test func moreSuccessesThanTrialsHasARatioButNoInterval() {
        let over = Proportion(successes: 12, trials: 10)
        #expect(over.rate == 1.2)
        #expect(over.wilson() == nil && !over.isProportion)
    }

    @Test func intervalsStayInsideZeroToOneAndHoldTheRate() throws {
        for trials in [1, 2, 3, 10, 99, 1000] {
            for successes in Set([0, 1, trials / 2, trials - 1, trials]) {
                let proportion = Proportion(successes: successes, trials: trials)
                let interval = try #require(proportion.wilson())
                let rate = try #require(proportion.rate)
                #expect(interval.lowerBound >= 0 && interval.upperBound <= 1)
                #expect(interval.contains(rate), "\(successes)/\(trials)")
                #expect(interval.upperBound > interval.lowerBound)
            }
        }
        #expect(Proportion(successes: 0, trials: 5).wilson()?.lowerBound == 0)
        #expect(Proportion(successes: 5, trials: 5).wilson()?.upperBound == 1)
    }

    @Test func aNegativeOrInfiniteZHasNoInterval() {
        let proportion = Proportion(successes: 3, trials: 10)
        #expect(proportion.wilson(confidence: -1) == nil)
        #expect(proportion.wilson(confidence: .infinity) == nil)
        #expect(proportion.wilson(confidence: 0) == 0.3...0.3)
    }

    @Test func undefinedTestsAreNilNeverNaN() {
        let empty = Proportion(successes: 0, trials: 0)
        let some = Proportion(successes: 3, trials: 10)
        for test in [
            TwoProportionTest(a: empty, b: some), TwoProportionTest(a: some, b: empty),
            TwoProportionTest(a: Proportion(successes: 0, trials: 5), b: Proportion(successes: 0, trials: 8)),
            TwoProportionTest(a: Proportion(successes: 5, trials: 5), b: Proportion(successes: 8, trials: 8)),
            TwoProportionTest(a: Proportion(successes: 6, trials: 5), b: some),
        ] {
            #expect(test.z == nil && test.pValue == nil && test.minimumDetectableEffect() == nil)
            #expect(test.neededPerArm() == nil)
            #expect(test.difference.map { $0 == 0 } ?? true)
        }
    }

    @Test func aTinyDifferenceNeedsASampleTooLargeToCount() {
        let test = TwoProportionTest(
            a: Proportion(successes: 5_000_000_000, trials: 10_000_000_000),
            b: Proportion(successes: 5_000_000_001, trials: 10_000_000_000))
        #expect(test.difference != 0)
        #expect(test.neededPerArm() == nil)
    }
}
