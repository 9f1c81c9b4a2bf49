import ArgumentParser
import BeckonDKIM
import Foundation

/// `beckon dkim`: the key `beckon serve --smtp` signs emails with.
struct DKIMCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dkim", abstract: "Make the DKIM key sent emails are signed with.",
        subcommands: [DKIMKeygen.self])
}

/// `beckon dkim keygen`: writes a private key and prints the DNS record that publishes its
/// public half.
struct DKIMKeygen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Write a new DKIM private key and print the DNS TXT record to publish.",
        discussion: """
            Writes the private key (PEM, readable by this user only) and prints the TXT record for \
            SELECTOR._domainkey.DOMAIN. Put the selector and domain in beckon.yml (email.dkim) and the \
            key's path in BECKON_DKIM_KEY for `beckon serve --smtp`. RSA (2048 bits) is what every \
            receiver checks; Ed25519 (RFC 8463) is shorter and faster, and checked by fewer. See \
            docs/delivery.md.
            """)

    @Option(help: ArgumentHelp("The selector (s=), such as beckon2026.", valueName: "name")) var selector: String
    @Option(help: ArgumentHelp("The signing domain (d=): email.from's domain.", valueName: "domain"))
    var domain: String
    @Option(help: ArgumentHelp("rsa (2048 bits) or ed25519.", valueName: "algorithm")) var algorithm: String = "rsa"
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Where to write the private key; default SELECTOR.DOMAIN.pem.", valueName: "file"))
    var output: String?

    func run() throws {
        let kind: DKIMKey.Algorithm
        switch algorithm.lowercased() {
        case "rsa", "rsa-sha256": kind = .rsaSHA256
        case "ed25519", "ed25519-sha256": kind = .ed25519SHA256
        default: throw ValidationError("`--algorithm` must be rsa or ed25519.")
        }
        let key: DKIMKey
        let signer: DKIMSigner
        do {
            key = try DKIMKey.generate(kind)
            // The selector and domain are checked as beckon serve will check them.
            signer = try DKIMSigner(key: key, domain: domain, selector: selector)
        } catch {
            throw ValidationError("\(error)")
        }
        let path = output ?? "\(selector).\(domain).pem"
        // Made new and readable by this user only before a byte is written; never over a file.
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard file >= 0 else {
            throw ValidationError(
                errno == EEXIST
                    ? "`\(path)` exists; a key is never overwritten. Name another file with --output."
                    : "`\(path)` could not be made: \(String(cString: strerror(errno))).")
        }
        let bytes = Array(key.pem.utf8)
        let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        guard close(file) == 0, written == bytes.count else {
            unlink(path)
            throw ValidationError("`\(path)` could not be written.")
        }
        print("Wrote the private key to \(path) (set BECKON_DKIM_KEY=\(path) for beckon serve).")
        print(
            "Publish this DNS record, then add `dkim: {selector: \(selector), domain: \(signer.domain)}` to email: in beckon.yml:"
        )
        print("")
        print(Self.zoneLine(name: "\(selector)._domainkey.\(signer.domain).", value: key.dnsRecord))
    }

    /// The record as a zone file line: a TXT value longer than 255 bytes is split into several
    /// quoted strings, which resolvers join.
    static func zoneLine(name: String, value: String) -> String {
        var parts: [String] = []
        var rest = Substring(value)
        while !rest.isEmpty {
            parts.append("\"\(rest.prefix(255))\"")
            rest = rest.dropFirst(255)
        }
        return "\(name) IN TXT ( \(parts.joined(separator: " ")) )"
    }
}
