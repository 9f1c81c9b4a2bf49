import BeckonSMTP
import Dispatch
import Synchronization

/// A fixed set of connections to the relay, each on a thread of its own (libcurl's transfers
/// block), lent to one message at a time. The delivery worker never has more messages in flight
/// than there are connections.
final class SMTPSenders: Sendable {
    /// A connection and the queue its sends run on; only that queue touches the connection.
    private final class Slot: @unchecked Sendable {
        let queue: DispatchQueue
        let connection: SMTPConnection

        init(_ index: Int, connection: SMTPConnection) {
            self.queue = DispatchQueue(label: "beckon.smtp.\(index)")
            self.connection = connection
        }
    }

    private let slots: [Slot]
    private let free: Mutex<[Int]>

    /// How many connections there are.
    var count: Int { slots.count }

    init(relay: SMTPRelay, count: Int, timeout: Double) {
        slots = (0..<max(1, count)).map {
            Slot($0, connection: SMTPConnection(relay: relay, connectTimeout: min(timeout, 10), timeout: timeout))
        }
        free = Mutex(Array(slots.indices))
    }

    /// Sends one message on a free connection.
    func send(from: String, recipients: [String], message: [UInt8]) async -> SMTPOutcome {
        guard let index = free.withLock({ $0.popLast() }) else {
            return .unreachable("every connection to the relay was busy")
        }
        defer { free.withLock { $0.append(index) } }
        let slot = slots[index]
        return await withCheckedContinuation { continuation in
            slot.queue.async {
                continuation.resume(
                    returning: slot.connection.send(from: from, recipients: recipients, message: message))
            }
        }
    }
}
