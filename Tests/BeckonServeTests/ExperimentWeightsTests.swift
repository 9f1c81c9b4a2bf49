import BeckonBuild
import BeckonDiagnostics
import BeckonServe
import BeckonTestSupport
import Foundation
import Synchronization
import Testing

/// A server started on a store whose experiment ran with other weights says so, once, at the
/// place `share.variants` is written.
@Suite struct ExperimentWeightsTests {
    @Test func changedWeightsAreALocatedWarningAtStart() async throws {
        let folder = TemporaryDirectory()
        let site = try FunnelAPITests.experimentSite(in: folder)
        func start() async throws -> [String] {
            let lines = Mutex<[String]>([])
            let environment = ["BECKON_LINK_KEY": BeckonBinary.testLinkKey, "BECKON_API_TOKEN": "token-0123456789"]
            var configuration = ServeConfiguration(
                site: ServingBuild(
                    options: BuildOptions(site: site, write: false, environment: environment), sources: SourceStore()))
            configuration.database = folder.path("invites.sqlite").path
            configuration.environment = environment
            _ = try await ServeServer.build(configuration) { line in lines.withLock { $0.append(line) } }
            return lines.withLock { $0 }.filter { $0.contains("serve.experiment-weights") }
        }
        #expect(try await start().isEmpty)
        #expect(try await start().isEmpty)
        let config = site.appendingPathComponent("beckon.yml")
        let text = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(
            of: "{control: 50, context-rich: 50}", with: "{control: 70, context-rich: 30}")
        try Data(text.utf8).write(to: config)
        let warnings = try await start()
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.hasPrefix("beckon.yml:"), "\(warning)")
        #expect(warning.contains("warning[serve.experiment-weights]") && warning.contains("control 50 → 70"))
        #expect(warning.contains("fix: Keep the weights until the experiment ends"))
        #expect(try await start().isEmpty)
    }
}
