import Foundation

/// A program some tests run that is not part of the Swift toolchain. `make test-deps` installs
/// every one of them; a test that needs one carries `.enabled(if: TestTool.x.isAvailable, "…")`,
/// so that where the program is missing the test is reported as skipped with that reason instead
/// of passing. `.ci/run` fails when any test was skipped: CI installs every tool, so a skip there
/// means an install step is missing.
public enum TestTool: String, CaseIterable, Sendable {
    /// Headless Chromium, for the tests that look at pages in a real browser.
    case chromium
    /// SpamAssassin, which scores the default site's emails.
    case spamassassin
    /// translate-toolkit's `xliff2po`, `po2xliff` and `pomerge`, for the PO round trip.
    case translateToolkit
    /// `xmllint` with the OASIS XLIFF schemas `scripts/validate-xliff.sh` obtains.
    case xliffSchemas
    /// nginx and curl, for the serving-rules tests.
    case nginx
    /// Caddy and curl, for the serving-rules tests.
    case caddy
    /// axe-core's `axe.min.js` (`scripts/axe-core.sh` fetches it) and python3, which drives headless
    /// Chromium through `scripts/axe-check.py`, for the accessibility test of served landing pages.
    case axe
    /// python3, whose `email` package reads the emails `beckon serve` returns and writes.
    case python
    /// git, which must never add the invites `beckon serve` keeps in a site; and the shell tools
    /// the docs' runnable examples use as a reader pastes them (`openssl`, `curl`, `sed`).
    case shell
    /// dkimpy with PyNaCl (PyPI), which verify the DKIM signatures of outgoing messages (PyNaCl
    /// checks Ed25519's).
    case dkimpy
    /// aiosmtpd (PyPI), which plays a scripted SMTP relay (`scripts/smtp-relay.py`).
    case aiosmtpd
    /// Postfix, the relay the delivery tests hand messages to, started in a temporary folder; its
    /// daemons start as root and drop to the `postfix` user.
    case postfix

    /// Whether the tool can be run here (worked out once per tool and process).
    public var isAvailable: Bool { Self.availability[self] ?? false }

    /// The first of `names` that is an executable file in one of the `PATH` folders (or in the
    /// usual system folders when `PATH` is unset), or `nil`.
    public static func program(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"]
        return folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private static let availability: [TestTool: Bool] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, $0.probe()) })

    private func probe() -> Bool {
        switch self {
        case .chromium: return HeadlessChromium.executable != nil
        case .spamassassin: return Self.program("spamassassin") != nil
        case .translateToolkit: return ["xliff2po", "po2xliff", "pomerge"].allSatisfy { Self.program($0) != nil }
        case .xliffSchemas: return Self.program("xmllint") != nil && Self.xliffSchemasObtained()
        // The serving-rules tests run the servers from where Debian installs them.
        case .nginx: return Self.executable("/usr/sbin/nginx") && Self.executable("/usr/bin/curl")
        case .caddy: return Self.executable("/usr/bin/caddy") && Self.executable("/usr/bin/curl")
        case .axe: return Self.program("python3") != nil && FileManager.default.fileExists(atPath: Self.axeScript.path)
        case .python: return Self.program("python3") != nil
        case .shell: return ["git", "openssl", "curl", "sed", "bash"].allSatisfy { Self.program($0) != nil }
        case .dkimpy: return Self.pythonImports("dkim, nacl")
        case .aiosmtpd: return Self.pythonImports("aiosmtpd")
        case .postfix:
            return geteuid() == 0 && Self.executable("/usr/sbin/postfix")
                && Self.executable("/usr/lib/postfix/sbin/master") && getpwnam("postfix") != nil
        }
    }

    /// Where `scripts/axe-core.sh` puts axe-core.
    public static let axeScript = Repository.root.appendingPathComponent(".build/axe-core/axe.min.js")

    private static func executable(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Whether python3 can import `module`.
    private static func pythonImports(_ module: String) -> Bool {
        guard let python = program("python3") else { return false }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Whether `scripts/validate-xliff.sh --schemas` could put the OASIS schemas in its cache.
    private static func xliffSchemasObtained() -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Repository.root.appendingPathComponent("scripts/validate-xliff.sh").path, "--schemas"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
