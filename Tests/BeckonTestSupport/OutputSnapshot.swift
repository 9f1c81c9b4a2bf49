import Foundation

/// Every file below a folder with its bytes, for comparing two outputs or one output over time.
public enum OutputSnapshot {
    public static func files(in root: URL) -> [String: Data] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [:] }
        var files: [String: Data] = [:]
        let prefix = root.standardizedFileURL.path.count + 1
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(prefix))] = FileManager.default.contents(
                atPath: url.path)
        }
        return files
    }
}
