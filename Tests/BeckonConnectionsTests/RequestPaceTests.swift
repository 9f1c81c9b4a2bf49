import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import BeckonConnections

/// A body must arrive whole within the request timeout and at the minimum rate after its grace,
/// whatever each part does to an idle timer; an answer with `Connection: close` ends the
/// connection once written. Time is moved by hand on an embedded event loop.
@Suite struct RequestPaceTests {
    static let pace = RequestPace(
        requestTimeout: .seconds(60), bodyGrace: .seconds(10), minimumBodyRate: 1_000, lingerTimeout: .seconds(2))

    static func channel() throws -> (EmbeddedChannel, EmbeddedEventLoop) {
        let loop = EmbeddedEventLoop()
        let channel = EmbeddedChannel(handler: pace.handler(), loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return (channel, loop)
    }

    static let head = HTTPRequestPart.head(HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/invites"))

    static func body(_ count: Int) -> HTTPRequestPart { .body(ByteBuffer(repeating: 0x61, count: count)) }

    @Test func aBodyAtTheRateStaysOpen() throws {
        let (channel, loop) = try Self.channel()
        try channel.writeInbound(Self.head)
        for _ in 0..<30 {
            try channel.writeInbound(Self.body(1_000))
            loop.advanceTime(by: .seconds(1))
        }
        #expect(channel.isActive)
        try channel.writeInbound(HTTPRequestPart.end(nil))
        loop.advanceTime(by: .seconds(120))
        #expect(channel.isActive, "a request read whole is no longer timed")
    }

    /// A byte every few seconds resets an idle timer each time; here it is closed once its grace
    /// is over and it owes more than it sent.
    @Test func aTrickleIsClosedAfterItsGrace() throws {
        let (channel, loop) = try Self.channel()
        try channel.writeInbound(Self.head)
        for second in 1...15 {
            if second % 3 == 0 { try channel.writeInbound(Self.body(1)) }
            loop.advanceTime(by: .seconds(1))
            if second <= 10 { #expect(channel.isActive, "closed at \(second) s, within the grace") }
        }
        #expect(!channel.isActive)
    }

    @Test func aBodyIsClosedAtTheRequestTimeoutWhateverItsRate() throws {
        let (channel, loop) = try Self.channel()
        try channel.writeInbound(Self.head)
        for _ in 0..<59 {
            try channel.writeInbound(Self.body(100_000))
            loop.advanceTime(by: .seconds(1))
        }
        #expect(channel.isActive)
        loop.advanceTime(by: .seconds(2))
        #expect(!channel.isActive)
    }

    @Test func anAnswerThatClosesEndsTheConnectionAfterItIsWritten() throws {
        let (channel, loop) = try Self.channel()
        try channel.writeInbound(Self.head)
        try channel.writeInbound(Self.body(10))
        let response = HTTPResponse(status: .unauthorized, headerFields: [.connection: "close"])
        try channel.writeOutbound(HTTPResponsePart.head(response))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        // What the client still sends is read and dropped, not handed to the server.
        _ = try channel.readInbound(as: HTTPRequestPart.self)
        _ = try channel.readInbound(as: HTTPRequestPart.self)
        try channel.writeInbound(Self.body(10))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        #expect(try channel.readInbound(as: HTTPRequestPart.self) == nil)
        loop.advanceTime(by: .seconds(3))
        #expect(!channel.isActive)
    }

    @Test func anAnswerThatKeepsTheConnectionLeavesItOpen() throws {
        let (channel, loop) = try Self.channel()
        try channel.writeInbound(Self.head)
        try channel.writeInbound(HTTPRequestPart.end(nil))
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        loop.advanceTime(by: .seconds(3))
        #expect(channel.isActive)
    }

    @Test(arguments: [(0, 5, false), (0, 11, true), (5_000, 15, false), (4_999, 15, true), (10_000_000, 61, true)])
    func theRate(bytes: Int, seconds: Int64, tooSlow: Bool) {
        #expect(Self.pace.isTooSlow(bytes: bytes, elapsed: .seconds(seconds)) == tooSlow)
    }
}
