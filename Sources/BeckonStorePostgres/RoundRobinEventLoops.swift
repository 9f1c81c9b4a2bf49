import Dispatch
import NIOCore
import Synchronization

/// Event loops handed out one after another, even to a caller on one of them. PostgresNIO opens
/// each of a pool's connections on its group's `any()`, which on an event loop is that loop: the
/// pool opens them from its own task, so every connection, and every task a query's answer
/// resumes, would share one loop while the others idled. Through this group the connections go
/// to the loops in turn (its own count, not the one the server's accepts also advance).
final class RoundRobinEventLoops: EventLoopGroup {
    private let base: any EventLoopGroup
    private let loops: [any EventLoop]
    private let handedOut = Atomic<Int>(0)

    init(_ base: any EventLoopGroup) {
        self.base = base
        loops = Array(base.makeIterator())
    }

    /// The next loop in turn.
    func next() -> any EventLoop {
        loops[handedOut.add(1, ordering: .relaxed).oldValue % loops.count]
    }

    /// The next loop in turn, wherever the caller runs.
    func any() -> any EventLoop {
        next()
    }

    func makeIterator() -> EventLoopIterator {
        base.makeIterator()
    }

    func shutdownGracefully(queue: DispatchQueue, _ callback: @escaping @Sendable ((any Error)?) -> Void) {
        base.shutdownGracefully(queue: queue, callback)
    }
}
