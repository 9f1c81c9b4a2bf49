import Foundation

/// Prints diagnostics for people: `file:line:column: severity[rule]: message`, then ±2 source
/// lines with a caret under the column, notes, and the fix hint. Errors come first, then
/// warnings, then notes, each by location.
struct TextPrinter {
    let sources: SourceStore
    let color: Bool

    func render(_ report: DiagnosticReport) -> String {
        let diagnostics = report.bySeverity
        // Thousands of findings (a lint of a large site) are written on every core, in order, as
        // UTF-8 bytes: the quoted lines are copied from their sources as they are. Each part is
        // made a string (its bytes checked) where it was written; a finding ends its line, so no
        // character is split between two parts.
        let chunk = 128
        let chunks = (diagnostics.count + chunk - 1) / chunk
        let parts = Parts(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { index in
            var out: [UInt8] = []
            for diagnostic in diagnostics[index * chunk..<min(diagnostics.count, (index + 1) * chunk)] {
                render(diagnostic, into: &out)
            }
            parts.set(index, String(decoding: out, as: UTF8.self))
        }
        return parts.joined()
    }

    /// One diagnostic, its quoted lines, notes and fix.
    private func render(_ diagnostic: Diagnostic, into out: inout [UInt8]) {
        out += header(diagnostic).utf8
        out.append(UInt8(ascii: "\n"))
        if let location = diagnostic.location, !sources.isPersonal(location.file),
            let source = sources.source(for: location.file)
        {
            snippet(source, location, into: &out)
        }
        for note in diagnostic.notes { out += "  note: \(note)\n".utf8 }
        if let note = diagnostic.artifactNote { out += "  note: \(note)\n".utf8 }
        if let fix = diagnostic.fix { out += "  \(paint("fix:", .cyan)) \(fix)\n".utf8 }
    }

    /// Texts written on several threads, each into its own slot.
    private final class Parts: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String]

        init(count: Int) { texts = Array(repeating: "", count: count) }

        func set(_ index: Int, _ text: String) { lock.withLock { texts[index] = text } }

        func joined() -> String {
            lock.withLock {
                var all = ""
                all.reserveCapacity(texts.reduce(0) { $0 + $1.utf8.count })
                for text in texts { all += text }
                return all
            }
        }
    }

    private func header(_ diagnostic: Diagnostic) -> String {
        let place = diagnostic.location.map { "\($0): " } ?? ""
        let tint: Tint =
            switch diagnostic.severity {
            case .error: .red
            case .warning: .yellow
            case .note: .cyan
            }
        var context: [String] = []
        if !diagnostic.occurrences.isEmpty {
            context.append(Occurrence.summary(diagnostic.occurrences))
        } else {
            // Compared as bytes: Foundation's `contains` can trap on strings holding NULs and
            // replacement characters, and a finding's text may hold anything.
            if let locale = diagnostic.locale, diagnostic.message.utf8.firstRange(of: locale.utf8) == nil {
                context.append(locale)
            }
            if let sample = diagnostic.sample { context.append("sample \(sample)") }
        }
        let suffix = context.filter { !$0.isEmpty }.isEmpty ? "" : " (\(context.joined(separator: ", ")))"
        let label = paint("\(diagnostic.severity.rawValue)[\(diagnostic.rule)]", tint)
        return "\(place)\(label): \(diagnostic.message)\(suffix)"
    }

    private func snippet(_ source: SourceText, _ location: SourceLocation, into out: inout [UInt8]) {
        guard location.line <= source.lineCount else { return }
        let first = max(1, location.line - 2)
        let last = min(source.lineCount, location.line + 2)
        let width = String(last).count
        for number in first...last {
            guard let text = source.lineUTF8(number) else { continue }
            let gutter = String(repeating: " ", count: width - String(number).count) + String(number)
            let marker = number == location.line ? ">" : " "
            out += "  \(marker) \(gutter) | ".utf8
            // Tabs become single spaces so the caret under a column lines up.
            let quoted = out.count
            out += text
            for index in quoted..<out.count where out[index] == UInt8(ascii: "\t") { out[index] = UInt8(ascii: " ") }
            out.append(UInt8(ascii: "\n"))
            if number == location.line {
                let caretPadding = String(repeating: " ", count: max(0, location.column - 1))
                out += "    \(String(repeating: " ", count: width)) | \(caretPadding)\(paint("^", .red))\n".utf8
            }
        }
    }

    private enum Tint: String {
        case red = "31"
        case yellow = "33"
        case cyan = "36"
    }

    private func paint(_ text: String, _ tint: Tint) -> String {
        color ? "\u{1B}[1;\(tint.rawValue)m\(text)\u{1B}[0m" : text
    }
}
