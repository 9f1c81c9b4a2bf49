import BeckonDiagnostics
import Foundation

/// Writes the bundles an import changed, each atomically: the new text goes to a temporary file
/// beside the bundle, is flushed to disk, and replaces the bundle with one `rename`, so a bundle is
/// always either the old file or the new one, never half-written.
public enum BundleWriter {
    /// Writes changes under a site folder.
    ///
    /// Every file is checked and staged before the first is replaced: a bundle that changed on
    /// disk since it was read (an editor saved it meanwhile) stops the whole write. A byte-order
    /// mark and the file's permissions are kept.
    /// - Throws: A `handoff.write` diagnostic naming the bundle that could not be written, and which
    ///   bundles were already replaced when a later one failed.
    public static func write(_ changes: [BundleChange], siteRoot: URL) throws(Diagnostic) {
        var staged: [(change: BundleChange, temporary: URL, target: URL)] = []
        defer { for item in staged { try? FileManager.default.removeItem(at: item.temporary) } }
        for change in changes {
            let target = siteRoot.appendingPathComponent(change.path)
            let existing = FileManager.default.contents(atPath: target.path).map { [UInt8]($0) }
            let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
            let hasMark = existing?.starts(with: byteOrderMark) == true
            let current = existing.map { String(decoding: hasMark ? Array($0.dropFirst(3)) : $0, as: UTF8.self) }
            guard current ?? "" == change.oldText else {
                throw failure(change, "it changed on disk while the import ran", fix: "Run the import again.")
            }
            let temporary = target.deletingLastPathComponent().appendingPathComponent(
                ".\(target.lastPathComponent).beckon-\(UUID().uuidString).tmp")
            do {
                let bytes = (hasMark ? byteOrderMark : []) + Array(change.newText.utf8)
                guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                    throw CocoaError(.fileWriteNoPermission)
                }
                staged.append((change, temporary, target))
                let handle = try FileHandle(forWritingTo: temporary)
                defer { try? handle.close() }
                try handle.write(contentsOf: Data(bytes))
                try handle.synchronize()
                if existing != nil {
                    let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
                    if let permissions = attributes[.posixPermissions] {
                        try FileManager.default.setAttributes(
                            [.posixPermissions: permissions], ofItemAtPath: temporary.path)
                    }
                }
            } catch {
                throw failure(change, "\(error.localizedDescription)", fix: "Check that the folder is writable.")
            }
        }
        var written: [String] = []
        for item in staged {
            guard rename(item.temporary.path, item.target.path) == 0 else {
                let done =
                    written.isEmpty ? "No bundle was changed." : "Already written: \(written.joined(separator: ", "))."
                throw failure(
                    item.change, String(cString: strerror(errno)),
                    fix:
                        "\(done) Fix the problem and run the import again; bundles already written are not changed twice."
                )
            }
            written.append(item.change.path)
        }
        staged.removeAll()
    }

    private static func failure(_ change: BundleChange, _ reason: String, fix: String) -> Diagnostic {
        var diagnostic = Diagnostic.error(
            HandoffRule.write, "\(change.path) could not be written: \(reason)", at: SourceLocation(file: change.path),
            fix: fix)
        diagnostic.locale = change.locale.rawValue
        return diagnostic
    }
}
