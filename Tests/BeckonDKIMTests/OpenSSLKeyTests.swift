import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonDKIM

/// Keys as OpenSSL writes them read here, and keys written here read in OpenSSL.
@Suite(.enabled(if: TestTool.shell.isAvailable, "openssl is missing: run `make test-deps`"))
struct OpenSSLKeyTests {
    @Test(arguments: [
        (["genrsa", "-traditional", "2048"], "-----BEGIN RSA PRIVATE KEY-----", DKIMKey.Algorithm.rsaSHA256),
        (
            ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:3072"], "-----BEGIN PRIVATE KEY-----",
            .rsaSHA256
        ),
        (["genpkey", "-algorithm", "ed25519"], "-----BEGIN PRIVATE KEY-----", .ed25519SHA256),
    ])
    func readsKeysOpenSSLMakes(arguments: [String], header: String, algorithm: DKIMKey.Algorithm) throws {
        let pem = try Self.openssl(arguments)
        #expect(pem.hasPrefix(header))
        let key = try DKIMKey(pem: pem)
        #expect(key.algorithm == algorithm)
        #expect(key.dnsRecord == (try Self.record(ofPEM: pem, algorithm: algorithm)))
    }

    @Test(arguments: [
        (["genrsa", "-traditional", "1024"], 1024),
        (["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1536"], 1536),
    ])
    func refusesRSAKeysUnder2048Bits(arguments: [String], bits: Int) throws {
        let pem = try Self.openssl(arguments)
        #expect(throws: DKIMKeyError(.rsaKeyTooSmall(bits: bits))) { try DKIMKey(pem: pem) }
    }

    @Test func refusesRSAKeysUnder1024BitsToo() throws {
        let pem = try Self.openssl(["genrsa", "512"])
        #expect(throws: DKIMKeyError(.rsaKeyTooSmall(bits: nil))) { try DKIMKey(pem: pem) }
    }

    @Test(arguments: [["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], ["-algorithm", "X25519"]])
    func refusesKeysOfOtherAlgorithms(arguments: [String]) throws {
        let pem = try Self.openssl(["genpkey"] + arguments)
        #expect(throws: DKIMKeyError(.unsupportedKey)) { try DKIMKey(pem: pem) }
    }

    @Test(arguments: [DKIMKey.Algorithm.rsaSHA256, .ed25519SHA256])
    func openSSLReadsTheKeysWrittenHere(algorithm: DKIMKey.Algorithm) throws {
        let key = try DKIMKey.generate(algorithm)
        #expect(key.dnsRecord == (try Self.record(ofPEM: key.pem, algorithm: algorithm)))
    }

    /// The DNS record of a PEM private key as OpenSSL works it out: the SubjectPublicKeyInfo for
    /// RSA, and its last 32 bytes (the raw key) for Ed25519.
    static func record(ofPEM pem: String, algorithm: DKIMKey.Algorithm) throws -> String {
        let der = try #require(Data(base64Encoded: Self.pemBody(try openssl(["pkey", "-pubout"], input: pem))))
        switch algorithm {
        case .rsaSHA256: return "v=DKIM1; k=rsa; p=\(der.base64EncodedString())"
        case .ed25519SHA256: return "v=DKIM1; k=ed25519; p=\(der.suffix(32).base64EncodedString())"
        }
    }

    static func pemBody(_ pem: String) -> String {
        pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
    }

    /// What `openssl ARGUMENTS` writes, given `input` on its standard input.
    static func openssl(_ arguments: [String], input: String = "") throws -> String {
        let folder = TemporaryDirectory()
        let inputFile = folder.path("input")
        try Data(input.utf8).write(to: inputFile)
        let process = Process()
        process.executableURL = TestTool.program("openssl")
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        let run = try CapturedRun.run(process)
        try #require(run.status == 0, "openssl \(arguments.joined(separator: " ")) failed")
        return String(decoding: run.stdout, as: UTF8.self)
    }
}
