import BeckonDiagnostics
import Foundation

/// The record of the renames an import is about to make, `locales/.beckon-import.journal`, which
/// makes a write of several bundles all or nothing even when the process is killed midway.
///
/// An import writes every new bundle to a temporary file beside it and flushes it, then writes
/// the journal (itself through a temporary file, flushed and renamed, so it exists whole or not
/// at all), and only then renames the temporary files over the bundles. Once the renames are done
/// the journal is removed. A run that finds a journal therefore knows every new bundle is safely
/// on disk and finishes the renames (`recover`); without a journal no rename has happened, and the
/// temporary files left behind are removed. Either way every bundle is then old or every bundle
/// new.
///
/// ```
/// beckon-import-journal 1
/// .de-DE.yml.beckon-6F1C….tmp de-DE.yml
/// .ar.yml.beckon-0B2A….tmp ar.yml
/// end
/// ```
public struct BundleJournal: Sendable, Hashable {
    /// One rename: a temporary file over a bundle, both names in the journal's folder.
    struct Rename: Sendable, Hashable {
        var temporary: String
        var target: String
    }

    /// The journal's file name in the bundles' folder.
    public static let fileName = ".beckon-import.journal"
    private static let header = "beckon-import-journal 1"

    var renames: [Rename]

    /// The journal's text.
    var text: String {
        ([Self.header] + renames.map { "\($0.temporary) \($0.target)" } + ["end"]).joined(separator: "\n") + "\n"
    }

    /// Reads a journal's text; `nil` unless it is complete and names only bundles and their
    /// temporary files in its own folder, so a journal planted in a site cannot rename anything
    /// else.
    init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == Self.header, lines.popLast() == "", lines.popLast() == "end" else { return nil }
        var renames: [Rename] = []
        for line in lines.dropFirst() {
            let parts = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, Self.isBundleName(parts[1]), Self.isTemporaryName(parts[0], of: parts[1]) else {
                return nil
            }
            renames.append(Rename(temporary: parts[0], target: parts[1]))
        }
        self.renames = renames
    }

    init(renames: [Rename]) {
        self.renames = renames
    }

    /// A bundle's file name: `LOCALE.yml`, nothing hidden, no folder.
    static func isBundleName(_ name: String) -> Bool {
        name.hasSuffix(".yml") && name.count > 4 && !name.hasPrefix(".") && !name.contains("/")
    }

    /// The name of a temporary file for a bundle: `.LOCALE.yml.beckon-ID.tmp`.
    static func isTemporaryName(_ name: String, of bundle: String) -> Bool {
        name.hasPrefix(".\(bundle).beckon-") && name.hasSuffix(".tmp") && !name.contains("/")
    }

    /// Whether a file name is a temporary file an import writes: a bundle's, or the journal's.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), !name.contains("/") else { return false }
        if name.hasPrefix(fileName + ".beckon-") { return true }
        guard let marker = name.range(of: ".beckon-", options: .backwards) else { return false }
        return isBundleName(String(name[name.index(after: name.startIndex)..<marker.lowerBound]))
    }

    /// Whether a site's bundle folder holds what an interrupted import leaves (a journal or a
    /// temporary file): one listing of the folder, no lock, nothing written.
    public static func needsRecovery(siteRoot: URL) -> Bool {
        BundleFolder(siteRoot: siteRoot).names().contains { $0 == fileName || isTemporaryName($0) }
    }

    /// Finishes or rolls back an import that was interrupted in a site's bundle folder (`locales/`):
    /// with a journal, the renames it lists that have not happened yet are made; then the journal
    /// and every temporary file an import left are removed. Does nothing when there is nothing to
    /// recover.
    /// - Returns: The bundles (site-relative paths) the recovery finished writing.
    /// - Throws: A `handoff.write` diagnostic when a journal is damaged or a rename fails.
    @discardableResult
    public static func recover(siteRoot: URL) throws(Diagnostic) -> [String] {
        let folder = BundleFolder(siteRoot: siteRoot)
        guard folder.exists else { return [] }
        let lock = folder.lock()
        defer { withExtendedLifetime(lock) {} }
        return try recover(folder)
    }

    /// `recover(siteRoot:)` for a caller that holds the folder's lock.
    static func recover(_ folder: BundleFolder) throws(Diagnostic) -> [String] {
        var finished: [String] = []
        if let data = folder.contents(of: fileName) {
            guard let journal = BundleJournal(text: String(decoding: data, as: UTF8.self)) else {
                throw folder.failure(
                    "`\(folder.relative(fileName))` is not a journal Beckon wrote, so an interrupted import cannot be finished",
                    fix:
                        "Check the bundles in \(folder.relative("")), then remove `\(folder.relative(fileName))` and run the import again."
                )
            }
            for rename in journal.renames where folder.isRegularFile(rename.temporary) {
                try folder.rename(rename.temporary, over: rename.target)
                finished.append(folder.relative(rename.target))
            }
            folder.synchronize()
            folder.remove(fileName)
        }
        for name in folder.names() where isTemporaryName(name) { folder.remove(name) }
        folder.synchronize()
        return finished
    }
}
