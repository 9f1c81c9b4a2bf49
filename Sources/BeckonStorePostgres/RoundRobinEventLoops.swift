import Dispatch
import NIOCore

/// Event loops handed out one after another, even to a caller on one of them. PostgresNIO opens
/// each of a pool's connections on its group's `any()`, which on an event loop is that loop: the
/// pool opens them from its own task, so every connection, and every task a query's answer
/// resumes, would share one loop while the others idled. Through this group the connections are
/// spread over the loops.
final class RoundRobinEventLoops: EventLoopGroup {
    private let base: any EventLoopGroup

    init(_ base: any EventLoopGroup) {
        self.base = base
    }

    func next() -> any EventLoop {
        base.next()
    }

    /// The next loop in turn, wherever the caller runs.
    func any() -> any EventLoop {
        base.next()
    }

    func makeIterator() -> EventLoopIterator {
        base.makeIterator()
    }

    func shutdownGracefully(queue: DispatchQueue, _ callback: @escaping @Sendable ((any Error)?) -> Void) {
        base.shutdownGracefully(queue: queue, callback)
    }
}
