#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a host is this machine, the only place a relay (or a webhook endpoint) may be spoken to
/// in plain text.
public enum LoopbackHost {
    /// `localhost`, an IPv4 address in 127.0.0.0/8 or the IPv6 address ::1 (in any of its spellings).
    public static func contains(_ host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
    }
}
