import BeckonDiagnostics
import BeckonLocalization
import Foundation

/// Writes `locales/translations.lock` after a build that wrote its output, atomically and only
/// when its text changed, so a build of an unchanged site leaves the file (and its time) alone.
enum TranslationLockFile {
    /// Writes `lock` under `site`; a warning when it cannot be written (the output is already in
    /// place, and the next build tries again).
    /// - Parameter text: `lock.text` (the caller makes it beside the output's writing).
    static func write(_ lock: TranslationLock, text: String, site: URL) -> Diagnostic? {
        let url = site.appendingPathComponent(TranslationLock.path)
        guard needsWriting(text, lock, at: url) else { return nil }
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            return .warning(
                "build.lock-write-failed",
                "could not write `\(TranslationLock.path)`: \(error.localizedDescription)", at: nil,
                fix:
                    "Check that `locales/` is writable; until the lock is written, hand-edited translations are not tracked for staleness."
            )
        }
        return nil
    }

    /// Whether `write` would write `lock` under `site`: the file says something else.
    static func needsWriting(_ lock: TranslationLock, site: URL) -> Bool {
        needsWriting(lock.text, lock, at: site.appendingPathComponent(TranslationLock.path))
    }

    private static func needsWriting(_ text: String, _ lock: TranslationLock, at url: URL) -> Bool {
        let current = try? String(contentsOf: url, encoding: .utf8)
        return !(current == text || (current == nil && lock.locales.isEmpty))
    }
}
