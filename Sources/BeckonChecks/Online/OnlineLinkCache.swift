import Foundation

/// Remembers online answers in a JSON file: `ok` answers for a day, others for an hour, so a
/// broken link is re-checked soon after someone fixes it.
public final class OnlineLinkCache: @unchecked Sendable {
    public let file: URL
    private let lock = NSLock()
    private var answers: [String: OnlineLinkChecker.Answer]
    private let now: () -> Date

    /// The default cache file: `$XDG_CACHE_HOME/beckon/links.json`, or `~/.cache/beckon/links.json`.
    public static var defaultFile: URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("beckon/links.json")
    }

    public init(file: URL, now: @escaping () -> Date = Date.init) {
        self.file = file
        self.now = now
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        answers =
            (try? Data(contentsOf: file)).flatMap {
                try? decoder.decode([String: OnlineLinkChecker.Answer].self, from: $0)
            } ?? [:]
    }

    func answer(for url: String) -> OnlineLinkChecker.Answer? {
        lock.withLock {
            guard let answer = answers[url] else { return nil }
            let lifetime: TimeInterval = answer.outcome == .ok ? 86_400 : 3600
            return now().timeIntervalSince(answer.checkedAt) < lifetime ? answer : nil
        }
    }

    func store(_ new: [String: OnlineLinkChecker.Answer]) {
        lock.withLock {
            answers.merge(new) { $1 }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            try? FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? encoder.encode(answers).write(to: file, options: .atomic)
        }
    }
}
