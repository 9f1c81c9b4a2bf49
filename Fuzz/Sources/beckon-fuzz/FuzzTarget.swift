import BeckonDiagnostics
import Foundation

/// The parsers that can be fuzzed, by the name `BECKON_FUZZ_TARGET` and `scripts/fuzz.sh` use.
enum FuzzTarget: String, CaseIterable, Sendable {
    case message
    case template
    case layout
    case xliff12
    case xliff20
    case xcstrings
    case inviteJSON = "invite-json"
    case inviteLink = "invite-link"
    case jwt
    case url
    case cacheRecord = "cache-record"

    /// Builds the fixtures the target uses (catalogs, keys), once, before the first input.
    func prepare() {
        switch self {
        case .message: _ = MessageTarget.formatters
        case .template: _ = TemplateTarget.scope
        case .layout: _ = LayoutTarget.context
        case .xliff12, .xliff20, .xcstrings: _ = Fixtures.catalog
        case .inviteJSON: break
        case .inviteLink: _ = InviteLinkTarget.keyring
        case .jwt: _ = TokenTarget.authorities
        case .url: _ = URLTarget.bases
        case .cacheRecord: break
        }
    }

    /// Runs one input through the target. Returns normally for every input the code under test
    /// handles; a crash, a sanitizer report or a broken invariant (`Invariant.expect`) ends the
    /// process, which libFuzzer records as a crash.
    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .message: MessageTarget.run(bytes)
        case .template: TemplateTarget.run(bytes)
        case .layout: LayoutTarget.run(bytes)
        case .xliff12: HandoffTarget.run(bytes, path: "x.xlf")
        case .xliff20: HandoffTarget.run(bytes, path: "x.xliff")
        case .xcstrings: HandoffTarget.run(bytes, path: "x.xcstrings")
        case .inviteJSON: InviteJSONTarget.run(bytes)
        case .inviteLink: InviteLinkTarget.run(bytes)
        case .jwt: TokenTarget.run(bytes)
        case .url: URLTarget.run(bytes)
        case .cacheRecord: CacheRecordTarget.run(bytes)
        }
    }
}

/// Properties the code under test documents, checked on every input that reaches them. A broken one
/// aborts, so libFuzzer saves the input like a crash. `BECKON_FUZZ_ORACLES=0` turns the checks
/// off (crashes, sanitizer reports and timeouts are still caught).
enum Invariant {
    static let enabled = ProcessInfo.processInfo.environment["BECKON_FUZZ_ORACLES"] != "0"

    static func expect(_ condition: @autoclosure () -> Bool, _ description: @autoclosure () -> String) {
        guard enabled, !condition() else { return }
        FileHandle.standardError.write(Data("beckon-fuzz: invariant broken: \(description())\n".utf8))
        abort()
    }
}

/// Renders diagnostics the way the CLI prints them, in every `--format`: the text printer quotes the
/// source lines around each location, so it reads the locations the parsers computed.
enum DiagnosticsOutput {
    static func render(_ diagnostics: [Diagnostic], sources: [SourceText]) {
        guard !diagnostics.isEmpty else { return }
        let store = SourceStore()
        for source in sources { store.add(source) }
        let report = DiagnosticReport(diagnostics).finalized()
        for format in DiagnosticFormat.allCases {
            _ = format.render(report, sources: store, color: format == .text, toolVersion: "fuzz")
        }
    }
}

extension String {
    /// The input as the parsers see a file: UTF-8, with invalid sequences replaced by U+FFFD.
    init(fuzzInput bytes: UnsafeBufferPointer<UInt8>) {
        self = String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the text holds a private-use character, which locale bundles refuse (`l10n.private-use`)
    /// and the message renderer uses internally.
    var hasPrivateUseCharacter: Bool {
        unicodeScalars.contains { (0xE000...0xF8FF).contains($0.value) }
    }
}

/// Runs async code to completion from a synchronous caller (the fuzzer's callback).
final class BlockingResult<Value: Sendable>: @unchecked Sendable {
    private var value: Value?
    private let done = DispatchSemaphore(value: 0)

    static func run(_ body: @escaping @Sendable () async -> Value) -> Value {
        let box = BlockingResult()
        Task {
            box.value = await body()
            box.done.signal()
        }
        box.done.wait()
        return box.value!
    }
}

/// What each input did, printed when `BECKON_FUZZ_TRACE=1`: for checking that seeds reach the code
/// they are meant for (`beckon-fuzz --target NAME Corpus/NAME` in the plain build).
enum Trace {
    static let enabled = ProcessInfo.processInfo.environment["BECKON_FUZZ_TRACE"] == "1"

    static func note(_ text: @autoclosure () -> String) {
        if enabled { print("  " + text()) }
    }

    static func note(_ diagnostics: [Diagnostic], _ label: String) {
        guard enabled else { return }
        let rules = diagnostics.map { "\($0.severity.rawValue)[\($0.rule)]" }
        note("\(label): \(rules.isEmpty ? "no diagnostics" : rules.joined(separator: " "))")
    }
}
