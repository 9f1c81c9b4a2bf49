import Foundation

/// A count several threads add to.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Adds one.
    func add() {
        lock.withLock { count += 1 }
    }

    /// The count so far.
    var value: Int { lock.withLock { count } }
}
