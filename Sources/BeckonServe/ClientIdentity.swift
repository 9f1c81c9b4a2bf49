import BeckonStore
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Who a request came from, as far as the install hand-off may know: a keyed hash of the client's
/// address and platform, never the address itself. The key changes every day (UTC), derived from
/// the server's secret, so a hash links a store click and a claim on the same day or the next,
/// and nothing beyond.
struct ClientIdentity: Sendable {
    /// The server's secret the daily keys derive from (`LinkKeyring.derivedKey(for:)`: every
    /// instance with the same link key hashes alike).
    let secret: SymmetricKey

    /// The client's hash under the day of `date`.
    func hash(address: String, platform: ClientPlatform, at date: Date) -> String {
        hash(address: address, platform: platform, day: Self.day(of: date))
    }

    /// The client's hashes under the key of `date`'s day and the day before: a claim matches a
    /// click made before the key changed.
    func hashes(address: String, platform: ClientPlatform, at date: Date) -> [String] {
        let today = Self.day(of: date)
        return [
            hash(address: address, platform: platform, day: today),
            hash(address: address, platform: platform, day: today - 1),
        ]
    }

    private func hash(address: String, platform: ClientPlatform, day: Int) -> String {
        let dayKey = SymmetricKey(
            data: HMAC<SHA256>.authenticationCode(for: Array("client-day:\(day)".utf8), using: secret))
        let code = HMAC<SHA256>.authenticationCode(for: Array("\(platform.rawValue)\n\(address)".utf8), using: dayKey)
        let hex = Array("0123456789abcdef".utf8)
        return String(decoding: code.prefix(16).flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// Days since 1970 (UTC).
    private static func day(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// The client's address: the peer's, or behind a proxy on this machine (a loopback peer, as
    /// the generated nginx and Caddy rules run) the last address `X-Forwarded-For` names, which
    /// the proxy appended. A client's own `X-Forwarded-For` is read only through such a proxy.
    static func address(of request: Request, peer: SocketAddress?) -> String {
        let peerAddress = peer?.ipAddress
        let isLoopback = peerAddress.map { $0 == "::1" || $0.hasPrefix("127.") || $0.hasPrefix("::ffff:127.") } ?? true
        if isLoopback, let forwarded = request.headers[.xForwardedFor],
            let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
        {
            return last
        }
        return peerAddress ?? "unknown"
    }
}

extension ClientPlatform {
    /// The platform a `User-Agent` names: iPhone, iPad and iPod touch are `ios` (an iPad asking
    /// for desktop sites says "Macintosh" and counts as `desktop`), Android is `android`, the rest
    /// `desktop`.
    init(userAgent: String?) {
        guard let agent = userAgent else {
            self = .desktop
            return
        }
        if agent.contains("iPhone") || agent.contains("iPad") || agent.contains("iPod") {
            self = .ios
        } else if agent.contains("Android") {
            self = .android
        } else {
            self = .desktop
        }
    }
}

extension HTTPField.Name {
    static let xForwardedFor = Self("X-Forwarded-For")!
}
