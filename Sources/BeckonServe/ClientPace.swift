import Foundation
import Synchronization

/// How many install claims (or waiting-list posts) one client may make: `limit` in each `window`,
/// counted by keyed client hash (the app key ships inside the app, so anyone may claim; a client
/// guessing links, sweeping windows or filling the list is slowed down). Counts live in memory,
/// per instance.
final class ClientPace: Sendable {
    let limit: Int
    let window: TimeInterval
    /// The most clients counted at once; beyond it, windows that ended are dropped first.
    private let capacity = 100_000
    private let counts = Mutex<[String: (start: Date, count: Int)]>([:])

    init(limit: Int = 30, window: TimeInterval = 3_600) {
        self.limit = limit
        self.window = window
    }

    /// Counts a claim by `client` at `date`: `nil` when it may go on, else the seconds until it may.
    func admit(_ client: String, at date: Date) -> Int? {
        counts.withLock { counts in
            if counts.count >= capacity {
                counts = counts.filter { date.timeIntervalSince($0.value.start) < window }
                if counts.count >= capacity { counts.removeAll() }
            }
            var entry = counts[client] ?? (date, 0)
            if date.timeIntervalSince(entry.start) >= window { entry = (date, 0) }
            guard entry.count < limit else {
                return max(1, Int((window - date.timeIntervalSince(entry.start)).rounded(.up)))
            }
            entry.count += 1
            counts[client] = entry
            return nil
        }
    }
}
