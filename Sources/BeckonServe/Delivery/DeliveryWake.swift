/// Wakes the delivery worker: when a request queued a message, when a send finished (a
/// connection is free), and on a timer for jobs that fall due or that other servers queued.
/// Wakes that come while the worker is busy are merged into one.
struct DeliveryWake: Sendable {
    let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func nudge() { continuation.yield() }
}
