import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@testable import BeckonServe

/// Creates without a variant get an arm of the site's experiment by its weights.
@Suite struct VariantAssignmentTests {
    static func variants(_ weights: [(String, Int)]) -> [ShareConfig.Variant] {
        weights.map {
            ShareConfig.Variant(id: $0.0, weight: $0.1, location: SourceLocation(file: "beckon.yml", line: 1))
        }
    }

    @Test(arguments: [[("control", 50), ("context-rich", 50)], [("control", 90), ("context-rich", 10)]])
    func armsLandByTheirWeights(_ weights: [(String, Int)]) {
        let variants = Self.variants(weights)
        var counts: [String: Int] = [:]
        for index in 0..<10_000 {
            counts[VariantAssignment.variant(for: "u_\(index)", among: variants) ?? "none", default: 0] += 1
        }
        let total = weights.reduce(0) { $0 + $1.1 }
        for (id, weight) in weights {
            let share = Double(counts[id] ?? 0) / 10_000
            #expect(abs(share - Double(weight) / Double(total)) <= 0.015, "\(id): \(share)")
        }
    }

    @Test func aSenderKeepsTheirArmAndANewExperimentDrawsAgain() {
        let variants = Self.variants([("control", 50), ("context-rich", 50)])
        let arms = (0..<200).map { VariantAssignment.variant(for: "u_\($0)", among: variants) }
        #expect(arms == (0..<200).map { VariantAssignment.variant(for: "u_\($0)", among: variants) })
        let reordered = Self.variants([("context-rich", 50), ("control", 50)])
        #expect(arms == (0..<200).map { VariantAssignment.variant(for: "u_\($0)", among: reordered) })
        let other = Self.variants([("control", 50), ("short", 50)])
        let moved = (0..<200).filter {
            (arms[$0] == "control") != (VariantAssignment.variant(for: "u_\($0)", among: other) == "control")
        }
        #expect(!moved.isEmpty)
        #expect(VariantAssignment.variant(for: "u_1", among: []) == nil)
    }

    /// Through the API: a create without `variant` on a site with an experiment is given one, its
    /// link signs it (`v=`), and the sender's next invite is in the same arm.
    @Test func aCreateWithoutAVariantIsGivenOne() async throws {
        let folder = TemporaryDirectory()
        let site = folder.path("site")
        try SiteFixture.copySite(to: site)
        let config = site.appendingPathComponent("beckon.yml")
        let text = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(
            of: "share:\n", with: "share:\n  variants: {control: 50, context-rich: 50}\n")
        try Data(text.utf8).write(to: config)
        let app = try await ServeApplicationTests.server(site: folder.path("site"), in: folder).application()
        try await app.test(.router) { client in
            var arms: [String] = []
            for _ in 0..<2 {
                let created = try await client.execute(
                    uri: "/v1/invites", method: .post, headers: ServeApplicationTests.auth,
                    body: ByteBuffer(string: #"{"senderId":"u_7","channel":"copy_link"}"#))
                #expect(created.status == .created, "\(String(buffer: created.body))")
                let json = try ServeApplicationTests.json(created)
                let arm = try #require(json["variant"] as? String)
                #expect((json["link"] as? String)?.contains("v=\(arm)") == true)
                arms.append(arm)
            }
            #expect(Set(arms).count == 1 && ["control", "context-rich"].contains(arms[0]))
        }
    }
}
