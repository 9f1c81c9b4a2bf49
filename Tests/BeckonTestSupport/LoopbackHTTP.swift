import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal HTTP/1.1 client over a loopback socket, for tests that talk to `beckon preview`
/// exactly as a browser does, event streams included.
public enum LoopbackHTTP {
    public struct Reply: Sendable {
        public var status: Int
        public var head: String
        public var body: String
    }

    /// A GET request on 127.0.0.1, read to the end.
    public static func get(port: Int, _ path: String, timeout: TimeInterval = 30) throws -> Reply {
        let socket = try connect(port: port, timeout: timeout)
        defer { close(socket) }
        try send(socket, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let raw = readAll(socket, until: nil, deadline: Date().addingTimeInterval(timeout))
        return parse(raw)
    }

    /// A loopback port nothing listens on right now.
    /// (The kernel may hand it to another program before the caller binds it: a server started on
    /// it should be waited for, and its failure to listen reported.)
    public static func freePort() -> Int? {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    /// Whether something accepts connections on the loopback port.
    public static func isListening(port: Int) -> Bool {
        guard let socket = try? connect(port: port, timeout: 1) else { return false }
        close(socket)
        return true
    }

    /// Sends `request` as it is (any method, headers and spelling) and reads the answer to the end.
    public static func raw(port: Int, _ request: String, timeout: TimeInterval = 30) throws -> Reply {
        let socket = try connect(port: port, timeout: timeout)
        defer { close(socket) }
        try send(socket, request)
        return parse(readAll(socket, until: nil, deadline: Date().addingTimeInterval(timeout)))
    }

    /// Sends these bytes as they are (a body that is not valid UTF-8 included) and reads the answer.
    public static func raw(port: Int, bytes: [UInt8], timeout: TimeInterval = 30) throws -> Reply {
        let socket = try connect(port: port, timeout: timeout)
        defer { close(socket) }
        // A server may answer and close before the whole body is sent (413): writing stops then,
        // without SIGPIPE, and what it said is read.
        write(socket, bytes)
        return parse(readAll(socket, until: nil, deadline: Date().addingTimeInterval(timeout)))
    }

    /// Opens a connection and sends nothing: the caller closes it with `close(_:)`.
    public static func openIdle(port: Int) throws -> Int32 {
        try connect(port: port, timeout: 5)
    }

    /// Writes bytes to an open connection (one from `openIdle`), without SIGPIPE.
    public static func write(_ socket: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBufferPointer {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Reads the answer on an open connection to its end.
    public static func reply(_ socket: Int32, timeout: TimeInterval = 30) -> Reply {
        parse(readAll(socket, until: nil, deadline: Date().addingTimeInterval(timeout)))
    }

    /// Whether the peer has closed `socket` (a read returns end of file at once).
    public static func isClosedByPeer(_ socket: Int32) -> Bool {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, Int32(MSG_PEEK)) <= 0
    }

    /// An event stream: opens it, calls `opened`, then reads until `expected` appears or the time
    /// runs out, returning what arrived.
    public static func stream(
        port: Int, _ path: String, until expected: String, timeout: TimeInterval, opened: () throws -> Void
    ) throws -> String {
        let socket = try connect(port: port, timeout: timeout)
        defer { close(socket) }
        try send(socket, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        // Wait for the response head before acting, so the event cannot come before we listen.
        let head = readAll(socket, until: ": connected", deadline: Date().addingTimeInterval(timeout))
        try opened()
        return head + readAll(socket, until: expected, deadline: Date().addingTimeInterval(timeout))
    }

    /// Reads until `expected` has arrived, the peer closes, or the deadline passes.
    private static func readAll(_ socket: Int32, until expected: String?, deadline: Date) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while Date() < deadline {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready <= 0 { continue }
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
            if let expected, String(decoding: received, as: UTF8.self).contains(expected) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    private static func connect(port: Int, timeout: TimeInterval) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw HTTPTestError.socket }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socket)
            throw HTTPTestError.connect(port)
        }
        return socket
    }

    private static func send(_ socket: Int32, _ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.write(socket, bytes, bytes.count) == bytes.count else { throw HTTPTestError.socket }
    }

    /// Splits a response into status, head and body, undoing chunked transfer encoding.
    private static func parse(_ raw: String) -> Reply {
        guard let split = raw.range(of: "\r\n\r\n") else { return Reply(status: 0, head: raw, body: "") }
        let head = String(raw[..<split.lowerBound])
        var body = String(raw[split.upperBound...])
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        if head.lowercased().contains("transfer-encoding: chunked") { body = dechunk(body) }
        return Reply(status: status, head: head, body: body)
    }

    private static func dechunk(_ text: String) -> String {
        var bytes = Array(text.utf8)[...]
        var out: [UInt8] = []
        while let lineEnd = bytes.firstRange(of: [13, 10]) {
            let sizeText = String(decoding: bytes[..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            let end = min(bytes.endIndex, start + size)
            out += bytes[start..<end]
            bytes = bytes[min(bytes.endIndex, end + 2)...]
        }
        return String(decoding: out, as: UTF8.self)
    }
}

public enum HTTPTestError: Error {
    case socket
    case connect(Int)
}
