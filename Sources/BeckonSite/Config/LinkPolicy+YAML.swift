import BeckonDiagnostics
import Foundation
import InviteModel

/// `links:` in beckon.yml, read into the invite model's link policy.
extension LinkPolicy {
    static let keys = ["host", "form", "path", "keyID"]

    init?(_ mapping: YAMLReader.Mapping, defaultHost: String?) {
        let reader = mapping.reader
        let host = mapping.string("host") ?? defaultHost
        if let host, !Self.isValidHost(host) {
            reader.invalid(
                "`links.host` must be a host name such as `join.example.com`, not `\(host)`",
                at: mapping.location(of: "host"), fix: "Write the host alone, without `https://` or a path.")
        }
        var form = Form.path
        if let text = mapping.string("form") {
            if let parsed = Form(rawValue: text) {
                form = parsed
            } else {
                reader.invalid(
                    "`links.form` must be `path` or `query`, not `\(text)`\(DidYouMean.phrase(for: text, among: Form.allCases.map(\.rawValue)))",
                    at: mapping.location(of: "form"),
                    fix: "Write `form: path` (https://HOST/invite/CODE) or `form: query`.")
            }
        }
        let path = mapping.string("path") ?? (form == .path ? "/invite/{code}" : "/invite")
        let codeCount = path.components(separatedBy: "{code}").count - 1
        let pathIsValid =
            path.hasPrefix("/") && !path.contains("?") && !path.contains("#") && !path.contains("..")
            && path.allSatisfy { $0.isASCII && !$0.isWhitespace }
        if !pathIsValid || (form == .path && codeCount != 1) || (form == .query && codeCount != 0) {
            reader.invalid(
                form == .path
                    ? "`links.path` must start with `/` and hold `{code}` once, such as `/invite/{code}`, not `\(path)`"
                    : "`links.path` for the query form must be a plain path such as `/invite`, not `\(path)`",
                at: mapping.location(of: "path"), fix: "Write the path shape of your invite links.")
        }
        let keyID = mapping.string("keyID") ?? "default"
        if !keyID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) || keyID.isEmpty {
            reader.invalid(
                "`links.keyID` may hold letters, digits, `-`, `_` and `.`, not `\(keyID)`",
                at: mapping.location(of: "keyID"),
                fix: "Name the key like `k2026-1`; the secret goes in BECKON_LINK_KEY.")
        }
        guard let host else {
            reader.report(
                .error(
                    "config.missing-key", "`links` is missing the required key `host`", at: mapping.location,
                    fix: "Add `host:`, the host name your invite links point at."))
            return nil
        }
        self.init(host: host, form: form, path: path, keyID: keyID)
    }

    /// Whether text is a DNS host name.
    public static func isValidHost(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return !host.isEmpty && host.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }
}
