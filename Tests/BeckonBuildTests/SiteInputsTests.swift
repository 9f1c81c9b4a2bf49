import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import BeckonTestSupport
import Testing

@testable import BeckonBuild

/// The site's inputs are fingerprinted for an engine that keeps what its steps read, and only for
/// it: an engine for one run never asks, so loading the site for it hashes no file.
@Suite struct SiteInputsTests {
    @Test(arguments: [false, true])
    func inputsAreFingerprintedOnlyForAnEngineThatKeepsReads(oneRun: Bool) throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
        let engine = Engine(forOneRun: oneRun)
        let (loaded, diagnostics) = LoadStep(
            engine: engine, options: IncrementalBuildTests.options(folder.url), sources: SourceStore()
        ).run()
        #expect(!diagnostics.containsErrors, "\(diagnostics)")
        let inputs = try #require(loaded?.inputs)
        // Either way a step names the files a part is made of: the folder's list, then each file.
        let layouts = inputs.inputs(.layouts)
        #expect(layouts.count > 1)
        #expect(layouts.dropFirst().allSatisfy { $0.name.hasPrefix("templates/layouts/") })
        #expect((inputs.whole == nil) == oneRun)
        for input in layouts + inputs.inputs(.bundles) + inputs.inputs(.config) + inputs.inputs(.staticFiles) {
            #expect((inputs.fingerprint(of: input) == nil) == oneRun, "\(input.name)")
        }
    }
}
