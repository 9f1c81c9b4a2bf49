import BeckonTestSupport
import Foundation

/// A self-signed certificate for 127.0.0.1 and its key, made with `openssl` in a folder of its own.
struct TestCertificate {
    private let folder = TemporaryDirectory()

    /// The certificate (PEM), which is also the CA bundle that verifies it.
    var certificate: String { folder.path("cert.pem").path }
    /// The private key (PEM).
    var key: String { folder.path("key.pem").path }

    /// Why `openssl` made no certificate.
    struct NotMade: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
            "-keyout", folder.path("key.pem").path, "-out", folder.path("cert.pem").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw NotMade(description: "openssl req failed") }
    }

    /// The relay's options that offer STARTTLS (or, with `implicit`, TLS from the first byte) with it.
    func relayOptions(implicit: Bool = false) -> [String] {
        [implicit ? "--tls" : "--starttls", certificate, key]
    }
}
