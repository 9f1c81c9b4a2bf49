import Foundation

/// Golden files: expected output kept in the repository and reviewed like code. Set
/// `BECKON_RECORD_GOLDENS=1` to write the current output instead of comparing.
public enum GoldenFile {
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["BECKON_RECORD_GOLDENS"] == "1" }

    /// Compares `actual` with the golden file at `path` (relative to the repository root);
    /// returns a description of the first difference, or `nil` when they match.
    public static func compare(_ actual: Data, with path: String) -> String? {
        let url = Repository.root.appendingPathComponent(path)
        if isRecording {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url)
            return nil
        }
        guard let expected = FileManager.default.contents(atPath: url.path) else {
            return "\(path) does not exist; record it with BECKON_RECORD_GOLDENS=1 and review it"
        }
        guard expected != actual else { return nil }
        let expectedLines = String(decoding: expected, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let actualLines = String(decoding: actual, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let want = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
            let got = index < actualLines.count ? String(actualLines[index]) : "<end of file>"
            if want != got { return "\(path):\(index + 1) differs\n  expected: \(want)\n  actual:   \(got)" }
        }
        return "\(path) differs"
    }
}
