import BeckonEngine
import Synchronization

/// Requests for one result that arrive while another request is making it wait for that one
/// instead of making it again (a link opened by its recipient while a crawler previews it): the
/// first runs its work, the others wait without holding a thread and then run theirs, which finds
/// the result kept. Keyed by the result's engine step key.
final class SingleFlight: Sendable {
    private let making = Mutex<[Fingerprint: [CheckedContinuation<Void, Never>]]>([:])

    /// `work`, run once any request already making `key` has finished.
    func run<Value, Failure: Error>(
        _ key: Fingerprint, _ work: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let first = making.withLock { making in
            guard making[key] == nil else { return false }
            making[key] = []
            return true
        }
        guard first else {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waits = making.withLock { making in
                    guard making[key] != nil else { return false }
                    making[key]!.append(continuation)
                    return true
                }
                if !waits { continuation.resume() }
            }
            return try await work()
        }
        defer {
            for waiting in making.withLock({ $0.removeValue(forKey: key) ?? [] }) { waiting.resume() }
        }
        return try await work()
    }

    /// How many requests wait for a result another one is making.
    var waiting: Int {
        making.withLock { $0.values.reduce(0) { $0 + $1.count } }
    }
}
