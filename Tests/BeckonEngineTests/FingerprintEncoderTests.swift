import Foundation
import Testing

@testable import BeckonEngine

@Suite struct FingerprintEncoderTests {
    struct Pair: Codable, Equatable {
        var first: [String: [String]]
        var second: String?
    }

    struct Nested: Codable {
        var inner: Inner
        var after: Int

        struct Inner: Codable {
            var a: Int
            var b: Int?
        }
    }

    @Test func equalValuesGiveEqualFingerprintsWhateverTheirDictionaryOrder() {
        var forward: [String: Int] = [:]
        var backward: [String: Int] = [:]
        let keys = (0..<200).map { "key-\($0)" }
        for (index, key) in keys.enumerated() { forward[key] = index }
        for (index, key) in keys.enumerated().reversed() { backward[key] = index }
        #expect(Fingerprint(encoding: forward) == Fingerprint(encoding: backward))
        #expect(Fingerprint(encoding: Set(keys)) == Fingerprint(encoding: Set(keys.reversed())))
    }

    @Test func containersEndWhereTheyEnd() {
        // The same leaves in a different tree must differ.
        let one = Nested(inner: .init(a: 1, b: 2), after: 3)
        let other = Nested(inner: .init(a: 1, b: nil), after: 3)
        #expect(Fingerprint(encoding: one) != Fingerprint(encoding: other))
        #expect(Fingerprint(encoding: [["a"], ["b"]]) != Fingerprint(encoding: [["a", "b"]]))
        #expect(Fingerprint(encoding: [["a", "b"], []]) != Fingerprint(encoding: [["a"], ["b"]]))
        #expect(Fingerprint(encoding: ["ab", "c"]) != Fingerprint(encoding: ["a", "bc"]))
        #expect(Fingerprint(encoding: [String?.none]) != Fingerprint(encoding: [""]))
        #expect(Fingerprint(encoding: 1) != Fingerprint(encoding: true))
        #expect(Fingerprint(encoding: "1") != Fingerprint(encoding: 1))
    }

    @Test func bytesAreBytesAndLabelsKeepThingsApart() {
        let bytes: [UInt8] = Array("hello".utf8)
        #expect(Fingerprint(encoding: bytes) == Fingerprint(encoding: Data(bytes)))
        #expect(Fingerprint(encoding: bytes) != Fingerprint(encoding: Array("hellp".utf8)))
        #expect(Fingerprint(encoding: "x", label: "a") != Fingerprint(encoding: "x", label: "b"))
    }

    /// Random trees of values: a fingerprint tells apart every two values that differ, and agrees
    /// on equal ones however they were built.
    @Test func randomValuesDifferExactlyWhenTheyDiffer() {
        var generator = SystemRandomNumberGenerator()
        func randomPair() -> Pair {
            var first: [String: [String]] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                first[["a", "b", "ab", ""].randomElement(using: &generator)!] =
                    (0..<Int.random(in: 0...2, using: &generator))
                    .map { _ in ["", "x", "y", "xy"].randomElement(using: &generator)! }
            }
            return Pair(first: first, second: [nil, "", "x"].randomElement(using: &generator)!)
        }
        for _ in 0..<2_000 {
            let (one, other) = (randomPair(), randomPair())
            #expect((Fingerprint(encoding: one) == Fingerprint(encoding: other)) == (one == other))
        }
    }

    @Test func aStepsKeyIsItsArgumentsInOrder() {
        let step = Step<Int>("step")
        #expect(step.key("a", "b") == step.key("a", "b"))
        #expect(step.key("a", "b") != step.key("b", "a"))
        #expect(step.key("a", String?.none) != step.key("a", ""))
        #expect(step.key("a") != Step<Int>("other").key("a"))
    }

    /// The checks' key of a fingerprint and a flag, hashed without boxing, is the key the general
    /// form makes of the same arguments (a cache written by either reads back with the other).
    @Test(arguments: [false, true])
    func aFingerprintAndFlagKeyIsTheGeneralKey(_ flag: Bool) {
        let step = Step<Int>("check.artifact")
        let print = Fingerprint(encoding: "page bytes", label: "artifact")
        let boxed: [any Encodable] = [print, flag]
        #expect(step.key(print, flag) == step.key(boxed[0], boxed[1]))
        #expect(step.key(print, flag) != step.key(print, !flag))
        #expect(step.key(print, flag) != Step<Int>("check.across").key(print, flag))
    }

    /// The keys of two texts and of a list of texts, hashed without boxing, are the keys the
    /// general form makes of the same arguments, for any texts.
    @Test func textKeysAreTheGeneralKeys() {
        var generator = SystemRandomNumberGenerator()
        let texts = ["", "de-DE", "landing.title", "é", "a\u{0}b", "templates/pages/landing.md"]
        let step = Step<Int>("render.page")
        for _ in 0..<500 {
            let first = texts.randomElement(using: &generator)!
            let second = texts.randomElement(using: &generator)!
            let boxed: [any Encodable] = [first, second]
            #expect(step.key(first, second) == step.key(boxed[0], boxed[1]))
            let list = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                Bool.random(using: &generator) ? nil : texts.randomElement(using: &generator)
            }
            let boxedList: any Encodable = list
            #expect(step.key(texts: list) == step.key(boxedList))
            #expect(step.key(texts: list) != Step<Int>("render.email").key(texts: list))
        }
        #expect(step.key("a", "b") != step.key("b", "a"))
        #expect(step.key(texts: ["a", nil]) != step.key(texts: ["a", ""]))
    }
}
