import BeckonFunnel
import BeckonTestSupport
import Foundation
import Testing

/// The Wilson interval, the two-proportion z-test and the minimum detectable effect against SciPy:
/// `binomtest(k, n).proportion_ci(method="wilson")` (the score interval without continuity
/// correction), the p-value of `chi2_contingency(correction=False)` on the 2 × 2 table (the
/// pooled z-test's, computed another way), and `norm.ppf` for the quantiles.
@Suite(.enabled(if: SciPy.isAvailable, "python3 with scipy is missing: run `pip install scipy`"))
struct StatisticsReferenceTests {
    /// Successes out of trials, with the interval's confidence level.
    struct WilsonCase: Codable, Sendable, CustomTestStringConvertible {
        let k: Int
        let n: Int
        let level: Double
        var testDescription: String { "\(k)/\(n) at \(level)" }
    }

    /// Two arms' successes and trials.
    struct PairCase: Codable, Sendable, CustomTestStringConvertible {
        let sa: Int
        let na: Int
        let sb: Int
        let nb: Int
        var testDescription: String { "\(sa)/\(na) against \(sb)/\(nb)" }
    }

    static let wilsonCases: [WilsonCase] =
        [
            (0, 1), (1, 1), (0, 2), (1, 2), (0, 10), (1, 10), (5, 10), (10, 10), (3, 7), (17, 23), (37, 100),
            (123, 456), (250, 1000), (400, 2000), (520, 2000), (0, 2000), (2000, 2000), (1, 1_000_000),
            (999_999, 1_000_000),
        ].map { WilsonCase(k: $0.0, n: $0.1, level: 0.95) }
        + [(0, 1), (1, 3), (50, 100), (99, 100)].map { WilsonCase(k: $0.0, n: $0.1, level: 0.99) }

    static let pairCases: [PairCase] = [
        (400, 2000, 520, 2000), (20, 100, 26, 100), (480, 1000, 520, 1000), (30, 100, 30, 100), (0, 10, 3, 10),
        (10, 10, 7, 10), (1, 1, 0, 1), (0, 1, 1, 1), (5, 50, 30, 500), (100, 1000, 12, 80), (1, 2, 1, 3),
        (2, 5000, 9, 5000), (999, 1000, 1000, 1000), (1234, 5678, 1300, 5700), (7, 9, 1, 12), (0, 10, 0, 10),
        (10, 10, 10, 10), (0, 3, 0, 7),
    ].map { PairCase(sa: $0.0, na: $0.1, sb: $0.2, nb: $0.3) }

    /// SciPy's answers, one per case, in the cases' order.
    struct Reference: Decodable, Sendable {
        struct Interval: Decodable, Sendable {
            let low: Double
            let high: Double
        }
        struct Pair: Decodable, Sendable {
            let z: Double?
            let p: Double?
            let mde: Double?
            let mde99: Double?
            let needed: Int?
        }
        let z975: Double
        let z80: Double
        let z995: Double
        let z90: Double
        let wilson: [Interval]
        let pairs: [Pair]
    }

    static let script = """
        import json, math, sys
        from scipy.stats import binomtest, chi2_contingency, norm
        cases = json.loads(sys.argv[1])
        z975, z80, z995, z90 = norm.ppf(0.975), norm.ppf(0.8), norm.ppf(0.995), norm.ppf(0.9)
        wilson = []
        for c in cases["wilson"]:
            ci = binomtest(c["k"], c["n"]).proportion_ci(confidence_level=c["level"], method="wilson")
            wilson.append({"low": ci.low, "high": ci.high})
        pairs = []
        for c in cases["pairs"]:
            sa, na, sb, nb = c["sa"], c["na"], c["sb"], c["nb"]
            pooled = (sa + sb) / (na + nb)
            if pooled in (0, 1):
                pairs.append({"z": None, "p": None, "mde": None, "mde99": None, "needed": None})
                continue
            se = math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb))
            d = sb / nb - sa / na
            chi2, p, _, _ = chi2_contingency([[sa, na - sa], [sb, nb - sb]], correction=False)
            z = d / se
            assert abs(z * z - chi2) <= 1e-9 * max(1, chi2), (z, chi2)
            assert abs(p - 2 * norm.sf(abs(z))) <= 1e-12, (p, norm.sf(abs(z)))
            needed = math.ceil(2 * pooled * (1 - pooled) * (z975 + z80) ** 2 / d ** 2) if d != 0 else None
            pairs.append({"z": z, "p": p, "mde": (z975 + z80) * se, "mde99": (z995 + z90) * se, "needed": needed})
        print(json.dumps({"z975": z975, "z80": z80, "z995": z995, "z90": z90, "wilson": wilson, "pairs": pairs}))
        """

    static let reference: Result<Reference, any Error> = Result {
        let cases = try JSONEncoder().encode(Cases(wilson: wilsonCases, pairs: pairCases))
        let output = try SciPy.run(script, arguments: [String(decoding: cases, as: UTF8.self)])
        return try JSONDecoder().decode(Reference.self, from: output)
    }

    /// Every case, as the script reads them.
    struct Cases: Encodable {
        let wilson: [WilsonCase]
        let pairs: [PairCase]
    }

    @Test func theQuantileConstantsAreSciPys() throws {
        let reference = try Self.reference.get()
        #expect(StandardNormal.quantile975 == reference.z975)
        #expect(StandardNormal.quantile80 == reference.z80)
    }

    @Test(arguments: wilsonCases.indices)
    func wilsonInterval(index: Int) throws {
        let reference = try Self.reference.get().wilson[index]
        let c = Self.wilsonCases[index]
        let z = c.level == 0.95 ? StandardNormal.quantile975 : try Self.reference.get().z995
        let interval = try #require(Proportion(successes: c.k, trials: c.n).wilson(confidence: z))
        #expect(abs(interval.lowerBound - reference.low) <= 1e-9, "\(c.testDescription): \(interval)")
        #expect(abs(interval.upperBound - reference.high) <= 1e-9, "\(c.testDescription): \(interval)")
    }

    @Test(arguments: pairCases.indices)
    func twoProportionTest(index: Int) throws {
        let all = try Self.reference.get()
        let reference = all.pairs[index]
        let c = Self.pairCases[index]
        let test = TwoProportionTest(
            a: Proportion(successes: c.sa, trials: c.na), b: Proportion(successes: c.sb, trials: c.nb))
        Self.expect(test.z, near: reference.z, "z")
        Self.expect(test.pValue, near: reference.p, "p-value")
        Self.expect(test.minimumDetectableEffect(), near: reference.mde, "MDE")
        Self.expect(
            test.minimumDetectableEffect(zAlpha: all.z995, zPower: all.z90), near: reference.mde99, "MDE at 0.01, 0.9")
        #expect(test.neededPerArm() == reference.needed)
        #expect(test.difference == Double(c.sb) / Double(c.nb) - Double(c.sa) / Double(c.na))
    }

    private static func expect(
        _ value: Double?, near reference: Double?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let value, let reference else {
            #expect(
                value == nil && reference == nil,
                "\(what): \(String(describing: value)) against \(String(describing: reference))",
                sourceLocation: sourceLocation)
            return
        }
        #expect(
            abs(value - reference) <= 1e-9, "\(what): \(value) against \(reference)", sourceLocation: sourceLocation)
    }
}
