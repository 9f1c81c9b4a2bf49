import Glibc
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Keeps a server answering however many connections are opened: at most `limit` stay open,
/// and when a new one would pass the limit the connection that has been idle longest (no request
/// in progress) is closed to make room; when every one is busy, the new connection is closed.
/// Idle and slow connections are also closed by the server's idle timeout and by `RequestPace`,
/// so a client that opens connections and sends nothing, or sends a request a byte at a time,
/// cannot hold the server.
public final class ConnectionLimit: Sendable {
    /// One open connection.
    private struct Entry {
        let channel: any Channel
        /// Requests read and not yet answered.
        var requests = 0
        /// When it last finished an answer (or opened), as a sequence number: lower is older.
        var lastActive: UInt64
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var clock: UInt64 = 0
    }

    /// How many connections stay open at once.
    public let limit: Int
    private let state = Mutex(State())

    public init(limit: Int) {
        self.limit = limit
    }

    /// A limit that leaves `reserve` of the process's file descriptors (`RLIMIT_NOFILE`) for
    /// what is not a connection — the store, the cache, the listening socket — and is at most
    /// `maximum`, at least 16.
    public static func withinFileLimit(reserve: Int = 128, maximum: Int = 10_000) -> ConnectionLimit {
        var limits = rlimit()
        let files = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 ? Int(clamping: limits.rlim_cur) : 1_024
        return ConnectionLimit(limit: max(16, min(maximum, files - reserve)))
    }

    /// The number of open connections.
    public var count: Int { state.withLock { $0.entries.count } }

    /// A handler for one new connection's pipeline.
    public func handler() -> ConnectionLimitHandler { ConnectionLimitHandler(limit: self) }

    /// Registers a connection; returns the one to close to stay within the limit, if any.
    fileprivate func opened(_ channel: any Channel) -> (any Channel)? {
        state.withLock { state in
            state.clock += 1
            state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, lastActive: state.clock)
            guard state.entries.count > limit else { return nil }
            let idle = state.entries.filter { $0.value.requests == 0 && $0.key != ObjectIdentifier(channel) }
            guard let oldest = idle.min(by: { $0.value.lastActive < $1.value.lastActive }) else {
                state.entries[ObjectIdentifier(channel)] = nil
                return channel
            }
            state.entries[oldest.key] = nil
            return oldest.value.channel
        }
    }

    fileprivate func requestStarted(_ channel: any Channel) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.requests += 1 }
    }

    fileprivate func answerFinished(_ channel: any Channel) {
        state.withLock { state in
            state.clock += 1
            let clock = state.clock
            guard var entry = state.entries[ObjectIdentifier(channel)] else { return }
            entry.requests = max(0, entry.requests - 1)
            entry.lastActive = clock
            state.entries[ObjectIdentifier(channel)] = entry
        }
    }

    fileprivate func closed(_ channel: any Channel) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}

/// Tells `ConnectionLimit` when its connection opens, starts and finishes requests, and closes.
public final class ConnectionLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPRequestPart
    public typealias InboundOut = HTTPRequestPart
    public typealias OutboundIn = HTTPResponsePart
    public typealias OutboundOut = HTTPResponsePart

    private let limit: ConnectionLimit
    private var registered = false

    fileprivate init(limit: ConnectionLimit) {
        self.limit = limit
    }

    public func handlerAdded(context: ChannelHandlerContext) {
        registered = true
        if let victim = limit.opened(context.channel) { victim.close(promise: nil) }
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        unregister(context.channel)
    }

    public func channelInactive(context: ChannelHandlerContext) {
        unregister(context.channel)
        context.fireChannelInactive()
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { limit.requestStarted(context.channel) }
        context.fireChannelRead(data)
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { limit.answerFinished(context.channel) }
        context.write(data, promise: promise)
    }

    private func unregister(_ channel: any Channel) {
        guard registered else { return }
        registered = false
        limit.closed(channel)
    }
}
