import BeckonRender
import Testing

@testable import BeckonBuild

/// The paths a build writes more than once (a collision) are found whatever the artifacts' order:
/// as neighbours in path order, by counting otherwise.
@Suite struct RepeatedPathsTests {
    @Test(arguments: [
        ([], []), (["a"], []), (["a", "b", "c"], []), (["a", "a", "b"], ["a"]), (["a", "b", "b", "b"], ["b"]),
        (["b", "a", "b"], ["b"]), (["c", "a", "c", "a"], ["a", "c"]), (["b", "a"], []),
    ])
    func repeatedPathsAreFound(paths: [String], repeated: [String]) {
        let artifacts = paths.map { Artifact(path: $0, kind: .document, contentType: "text/html", bytes: []) }
        #expect(OutputWriter.repeatedPaths(artifacts) == Set(repeated))
    }
}
