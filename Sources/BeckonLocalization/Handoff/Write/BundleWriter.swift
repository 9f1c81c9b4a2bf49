import BeckonDiagnostics
import Foundation

/// Writes the bundles an import changed, all or none: every new text goes to a temporary file
/// beside its bundle and is flushed to disk, a `BundleJournal` records the renames, and only then
/// does each temporary file replace its bundle with one `rename`. A process killed between two
/// renames leaves the journal, and the next import (or export, or `l10n status`) finishes them.
public enum BundleWriter {
    /// Writes changes under a site folder.
    ///
    /// Every file is checked and staged before the first is replaced: a bundle that changed on
    /// disk since it was read (an editor saved it meanwhile) stops the whole write. A byte-order
    /// mark and the file's permissions are kept.
    /// - Throws: A `handoff.write` diagnostic naming the bundle that could not be written.
    public static func write(_ changes: [BundleChange], siteRoot: URL) throws(Diagnostic) {
        guard !changes.isEmpty else { return }
        try stage(changes, siteRoot: siteRoot).commit()
    }

    /// Writes and flushes every temporary file and the journal, renaming nothing yet. Interrupted
    /// imports are recovered first, under the folder's lock, which the staged write keeps.
    static func stage(_ changes: [BundleChange], siteRoot: URL) throws(Diagnostic) -> StagedWrite {
        let folder = BundleFolder(siteRoot: siteRoot)
        if !folder.exists {
            do {
                try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
            } catch {
                throw folder.failure("\(folder.relative("")) could not be created", fix: "Check the site folder.")
            }
        }
        let lock = folder.lock()
        try BundleJournal.recover(folder)
        var renames: [BundleJournal.Rename] = []
        do throws(Diagnostic) {
            for change in changes {
                renames.append(try stage(change, in: folder, siteRoot: siteRoot))
            }
            let journal = BundleJournal(renames: renames)
            let temporary = "\(BundleJournal.fileName).beckon-\(UUID().uuidString).tmp"
            renames.append(BundleJournal.Rename(temporary: temporary, target: BundleJournal.fileName))
            do {
                try writeFlushed(Array(journal.text.utf8), to: folder.path(temporary), permissionsFrom: nil)
            } catch {
                throw folder.failure(
                    "\(folder.relative(BundleJournal.fileName)) could not be written: \(error.reason)",
                    fix: "Check that the folder is writable; no bundle was changed.")
            }
            try folder.rename(temporary, over: BundleJournal.fileName)
            renames.removeLast()
            folder.synchronize()
            return StagedWrite(folder: folder, journal: journal, lock: lock)
        } catch {
            for rename in renames { folder.remove(rename.temporary) }
            throw error
        }
    }

    /// Checks that a bundle is as the import read it and writes its new text to a flushed
    /// temporary file beside it.
    private static func stage(
        _ change: BundleChange, in folder: BundleFolder, siteRoot: URL
    ) throws(Diagnostic) -> BundleJournal.Rename {
        let target = siteRoot.appendingPathComponent(change.path)
        let name = target.lastPathComponent
        guard target.deletingLastPathComponent().standardizedFileURL == folder.url.standardizedFileURL,
            BundleJournal.isBundleName(name)
        else {
            throw failure(change, "it is not a bundle in \(folder.relative(""))", fix: "Keep bundles in locales/.")
        }
        let existing: [UInt8]?
        switch HandoffFileReader.read(target.path, limit: 64 << 20) {
        case .success(let bytes): existing = bytes
        case .failure(let problem) where problem.rule == "input.missing-file": existing = nil
        case .failure(let problem): throw failure(change, problem.message, fix: "Check the bundle.")
        }
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let hasMark = existing?.starts(with: byteOrderMark) == true
        let current = existing.map { String(decoding: hasMark ? Array($0.dropFirst(3)) : $0, as: UTF8.self) }
        guard current ?? "" == change.oldText else {
            throw failure(change, "it changed on disk while the import ran", fix: "Run the import again.")
        }
        let temporary = ".\(name).beckon-\(UUID().uuidString).tmp"
        do {
            try writeFlushed(
                (hasMark ? byteOrderMark : []) + Array(change.newText.utf8), to: folder.path(temporary),
                permissionsFrom: existing == nil ? nil : target.path)
        } catch {
            folder.remove(temporary)
            throw failure(change, error.reason, fix: "Check that the folder is writable.")
        }
        return BundleJournal.Rename(temporary: temporary, target: name)
    }

    /// Creates a file (never following or replacing an existing one), writes it whole and flushes
    /// it to disk, with the permissions of another file when given.
    private static func writeFlushed(
        _ bytes: [UInt8], to path: String, permissionsFrom original: String?
    ) throws(WriteError) {
        var mode: mode_t = 0o644
        var status = stat()
        if let original, stat(original, &status) == 0 { mode = status.st_mode & 0o7777 }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw WriteError() }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw WriteError()
            }
            written += count
        }
        // The mode given to `open` is masked by the umask; the bundle's own is set exactly.
        guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw WriteError() }
    }

    private static func failure(_ change: BundleChange, _ reason: String, fix: String) -> Diagnostic {
        var diagnostic = Diagnostic.error(
            HandoffRule.write, "\(change.path) could not be written: \(reason)", at: SourceLocation(file: change.path),
            fix: fix)
        diagnostic.locale = change.locale.rawValue
        return diagnostic
    }

    /// A failed system call, with `strerror`'s words for it.
    private struct WriteError: Error {
        var reason = String(cString: strerror(errno))
    }
}

/// An import's new bundles, flushed to temporary files and recorded in the journal, not yet
/// renamed over the bundles. Dropping it without `commit` is what a killed process leaves.
struct StagedWrite {
    let folder: BundleFolder
    let journal: BundleJournal
    /// Held until the write is committed (or dropped).
    let lock: FolderLock?

    /// Renames every temporary file over its bundle, then removes the journal. Given a `count`,
    /// renames only the first `count` and stops there, as a process killed at that point would
    /// (the journal stays).
    func commit(renaming count: Int? = nil) throws(Diagnostic) {
        for rename in journal.renames.prefix(count ?? journal.renames.count) {
            try folder.rename(rename.temporary, over: rename.target)
        }
        guard count == nil else { return }
        folder.synchronize()
        folder.remove(BundleJournal.fileName)
        folder.synchronize()
    }
}
