import BeckonFunnel
import Foundation
import Testing

@Suite struct FunnelJSONTests {
    static func object(_ report: FunnelReport) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
    }

    @Test func everyDocumentedFieldIsThereWithNullsForMissingData() throws {
        let counts = FunnelCounts(
            dimension: "variant", from: Date(timeIntervalSince1970: 1_767_225_600), to: nil,
            groups: [
                Population.group("control", invites: 2000, rates: Population.controlRates),
                Population.group(
                    "context-rich", invites: 2000, rates: Population.contextRichRates, withoutData: [.storeClicked]),
            ])
        let json = try Self.object(FunnelReport(counts))
        #expect(
            Set(json.keys) == [
                "dimension", "from", "to", "confidenceLevel", "significanceLevel", "power", "control", "groups",
                "comparisons", "summary",
            ])
        #expect(json["dimension"] as? String == "variant")
        #expect(json["from"] as? String == "2026-01-01T00:00:00Z")
        #expect(json["to"] is NSNull)
        #expect(json["confidenceLevel"] as? Double == 0.95)
        #expect(json["significanceLevel"] as? Double == 0.05)
        #expect(json["power"] as? Double == 0.8)
        #expect(json["control"] as? String == "control")

        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.map { $0["name"] as? String } == ["control", "context-rich"])
        let treatment = groups[1]
        #expect(Set(treatment.keys) == ["name", "senders", "stages", "steps", "acceptance", "kFactor"])
        #expect(treatment["senders"] as? Int == 500)
        #expect(treatment["kFactor"] as? Double == 520.0 / 500)
        let stages = try #require(treatment["stages"] as? [[String: Any]])
        #expect(stages.map { $0["stage"] as? String } == FunnelStage.allCases.map(\.rawValue))
        #expect(stages[3]["stage"] as? String == "store_clicked" && stages[3]["count"] is NSNull)
        #expect(stages[0]["count"] as? Int == 2000)

        let steps = try #require(treatment["steps"] as? [[String: Any]])
        let overStoreClick = try #require(steps.first { $0["to"] as? String == "installed" })
        #expect(Set(overStoreClick.keys) == ["from", "to", "skipped", "successes", "trials", "rate", "low", "high"])
        #expect(overStoreClick["from"] as? String == "opened")
        #expect(overStoreClick["skipped"] as? [String] == ["store_clicked"])
        #expect(overStoreClick["successes"] as? Int == 840 && overStoreClick["trials"] as? Int == 1520)
        let acceptance = try #require(treatment["acceptance"] as? [String: Any])
        #expect(acceptance["rate"] as? Double == 0.26)

        let comparisons = try #require(json["comparisons"] as? [[String: Any]])
        let comparison = try #require(comparisons.first)
        #expect(
            Set(comparison.keys) == [
                "control", "arm", "difference", "z", "pValue", "minimumDetectableEffect", "verdict", "leader",
                "neededPerArm",
            ])
        #expect(comparison["verdict"] as? String == "leads" && comparison["leader"] as? String == "context-rich")
        #expect(comparison["neededPerArm"] is NSNull)
        #expect(comparison["difference"] as? Double == 0.26 - 0.2)
        #expect((json["summary"] as? [String])?.count == 1)
    }

    /// The rates and intervals as JSONDecoder reads them back (JSONSerialization on Linux can
    /// read a double one unit in the last place off).
    struct Steps: Decodable {
        struct Group: Decodable {
            struct Step: Decodable {
                let successes: Int
                let trials: Int
                let rate: Double?
                let low: Double?
                let high: Double?
            }
            let steps: [Step]
        }
        let groups: [Group]
    }

    @Test func ratesAndIntervalsAreTheRawDoubles() throws {
        var counts = Population.twoArms(invites: 2000)
        counts.groups[1].counts[.storeClicked] = nil
        let report = FunnelReport(counts)
        let decoded = try JSONDecoder().decode(Steps.self, from: report.json())
        for (group, read) in zip(report.groups, decoded.groups) {
            #expect(read.steps.count == group.steps.count)
            for (step, readStep) in zip(group.steps, read.steps) {
                let proportion = step.proportion
                #expect(readStep.successes == proportion.successes && readStep.trials == proportion.trials)
                #expect(readStep.rate == proportion.rate)
                #expect(readStep.low == proportion.wilson()?.lowerBound)
                #expect(readStep.high == proportion.wilson()?.upperBound)
            }
        }
    }

    @Test func undefinedFiguresAreNull() throws {
        let counts = FunnelCounts(
            dimension: nil, from: nil, to: nil,
            groups: [
                FunnelGroup(name: "a", counts: [.created: 0, .accepted: 0], senders: 0),
                FunnelGroup(name: "b", counts: [.created: 5, .accepted: 0], senders: 2),
            ])
        let json = try Self.object(FunnelReport(counts))
        let groups = try #require(json["groups"] as? [[String: Any]])
        let empty = try #require(groups[0]["acceptance"] as? [String: Any])
        #expect(empty["rate"] is NSNull && empty["low"] is NSNull && empty["high"] is NSNull)
        #expect(groups[0]["kFactor"] is NSNull)
        let comparison = try #require((json["comparisons"] as? [[String: Any]])?.first)
        for key in ["difference", "z", "pValue", "minimumDetectableEffect", "leader", "neededPerArm"] {
            #expect(comparison[key] is NSNull, "\(key)")
        }
        #expect(comparison["verdict"] as? String == "tooEarly")
    }

    @Test func keysAreSortedAndTheBytesStable() throws {
        let report = FunnelReport(Population.twoArms(invites: 100))
        let text = String(decoding: try report.json(), as: UTF8.self)
        #expect(try report.json() == FunnelReport(Population.twoArms(invites: 100)).json())
        let topLevel = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(topLevel == topLevel.sorted())
        #expect(!text.contains("nan") && !text.contains("inf"))
    }
}
