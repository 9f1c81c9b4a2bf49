import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// How fast a request must arrive, for a server that reads bodies from clients it does not
/// trust. A request's head is bounded by the server's idle timeout (no part of it is read until
/// it is whole); its body must arrive whole within `requestTimeout` of the head, and at
/// `minimumBodyRate` bytes a second on average once `bodyGrace` has passed: a client that sends
/// a body a few bytes at a time — each of which would reset an idle timer — is closed. An answer
/// with `Connection: close` (one given before the body was read: a refused token, a body too
/// large) ends the connection once it is written: the server stops sending, reads what is still
/// in flight for at most `lingerTimeout`, and closes.
public struct RequestPace: Sendable, Hashable {
    /// How long a request's body may take from its head to its end.
    public var requestTimeout: TimeAmount
    /// How long a body may arrive at any pace before `minimumBodyRate` applies.
    public var bodyGrace: TimeAmount
    /// The fewest bytes a second a body must average after `bodyGrace`.
    public var minimumBodyRate: Int
    /// How long a connection closed after an answer is still read before it is closed whole (so
    /// the client gets the answer, not a reset).
    public var lingerTimeout: TimeAmount

    /// 60 seconds for a whole body, 10 at any pace, then 8 KB a second on average.
    public static let standard = RequestPace(
        requestTimeout: .seconds(60), bodyGrace: .seconds(10), minimumBodyRate: 8_192, lingerTimeout: .seconds(2))

    public init(requestTimeout: TimeAmount, bodyGrace: TimeAmount, minimumBodyRate: Int, lingerTimeout: TimeAmount) {
        self.requestTimeout = requestTimeout
        self.bodyGrace = bodyGrace
        self.minimumBodyRate = minimumBodyRate
        self.lingerTimeout = lingerTimeout
    }

    /// A handler for one new connection's pipeline.
    public func handler() -> RequestPaceHandler { RequestPaceHandler(pace: self) }

    /// Whether a body that has brought `bytes` in `elapsed` since its head is too slow.
    func isTooSlow(bytes: Int, elapsed: TimeAmount) -> Bool {
        if elapsed > requestTimeout { return true }
        guard elapsed > bodyGrace else { return false }
        let owed = Double(elapsed.nanoseconds - bodyGrace.nanoseconds) / 1e9 * Double(minimumBodyRate)
        return Double(bytes) < owed
    }
}

/// Holds one connection to its `RequestPace`: a check each second while a body is arriving, and
/// the close after an answer that asks for it.
public final class RequestPaceHandler: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPRequestPart
    public typealias InboundOut = HTTPRequestPart
    public typealias OutboundIn = HTTPResponsePart
    public typealias OutboundOut = HTTPResponsePart

    private let pace: RequestPace
    /// When the head of the request whose body is arriving was read, and its body's bytes so far.
    private var body: (started: NIODeadline, bytes: Int)?
    private var check: Scheduled<Void>?
    /// The close at the end of `lingerTimeout`, once an answer closed the connection.
    private var lingerClose: Scheduled<Void>?
    private var closingAfterAnswer = false
    private var lingering = false

    fileprivate init(pace: RequestPace) {
        self.pace = pace
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimers()
    }

    public func channelInactive(context: ChannelHandlerContext) {
        cancelTimers()
        context.fireChannelInactive()
    }

    private func cancelTimers() {
        check?.cancel()
        check = nil
        lingerClose?.cancel()
        lingerClose = nil
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            body = (context.eventLoop.now, 0)
        case .body(let buffer):
            body?.bytes += buffer.readableBytes
        case .end:
            body = nil
            check?.cancel()
            check = nil
        }
        // After an answer that closed the connection, what still arrives is read and dropped.
        if !lingering { context.fireChannelRead(data) }
    }

    /// A request still arriving when what was read so far is handled is checked each second
    /// from now on; one that arrived whole in one read (nearly every request) never schedules a
    /// check.
    public func channelReadComplete(context: ChannelHandlerContext) {
        if body != nil, check == nil, !lingering { scheduleCheck(context) }
        context.fireChannelReadComplete()
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            closingAfterAnswer = response.headerFields[.connection]?.lowercased() == "close"
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard closingAfterAnswer else {
                context.write(data, promise: promise)
                return
            }
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.cascade(to: promise)
            context.writeAndFlush(data, promise: written)
            written.futureResult.whenComplete { _ in self.linger(context) }
        }
    }

    /// Stops sending, drops what still arrives, and closes after `lingerTimeout`.
    private func linger(_ context: ChannelHandlerContext) {
        guard !lingering else { return }
        lingering = true
        body = nil
        check?.cancel()
        check = nil
        context.close(mode: .output, promise: nil)
        lingerClose = context.eventLoop.scheduleTask(in: pace.lingerTimeout) { context.close(promise: nil) }
    }

    private func scheduleCheck(_ context: ChannelHandlerContext) {
        check?.cancel()
        check = context.eventLoop.scheduleTask(in: .seconds(1)) { [self] in
            check = nil
            guard let body, !lingering else { return }
            if pace.isTooSlow(bytes: body.bytes, elapsed: context.eventLoop.now - body.started) {
                context.close(promise: nil)
            } else {
                scheduleCheck(context)
            }
        }
    }
}
