import Foundation

/// Prints diagnostics for people: `file:line:column: severity[rule]: message`, then ±2 source
/// lines with a caret under the column, notes, and the fix hint. Errors come first, then
/// warnings, then notes, each by location.
struct TextPrinter {
    let sources: SourceStore
    let color: Bool

    func render(_ report: DiagnosticReport) -> String {
        let diagnostics = report.bySeverity
        // Thousands of findings (a lint of a large site) are written on every core, in order.
        let chunk = 128
        let chunks = (diagnostics.count + chunk - 1) / chunk
        guard chunks > 1 else { return diagnostics.map(render).joined() }
        let parts = Parts(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { index in
            let range = index * chunk..<min(diagnostics.count, (index + 1) * chunk)
            parts.set(index, diagnostics[range].map(render).joined())
        }
        return parts.joined()
    }

    /// One diagnostic, its quoted lines, notes and fix.
    private func render(_ diagnostic: Diagnostic) -> String {
        var out = header(diagnostic) + "\n"
        if let location = diagnostic.location, !sources.isPersonal(location.file),
            let source = sources.source(for: location.file)
        {
            out += snippet(source, location)
        }
        for note in diagnostic.notes { out += "  note: \(note)\n" }
        if let note = diagnostic.artifactNote { out += "  note: \(note)\n" }
        if let fix = diagnostic.fix { out += "  \(paint("fix:", .cyan)) \(fix)\n" }
        return out
    }

    /// Texts written on several threads, each into its own slot.
    private final class Parts: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String]

        init(count: Int) { texts = Array(repeating: "", count: count) }

        func set(_ index: Int, _ text: String) { lock.withLock { texts[index] = text } }

        func joined() -> String { lock.withLock { texts.joined() } }
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

    private func snippet(_ source: SourceText, _ location: SourceLocation) -> String {
        guard location.line <= source.lineCount else { return "" }
        let first = max(1, location.line - 2)
        let last = min(source.lineCount, location.line + 2)
        let width = String(last).count
        var out = ""
        for number in first...last {
            guard let text = source.line(number) else { continue }
            let gutter = String(repeating: " ", count: width - String(number).count) + String(number)
            let marker = number == location.line ? ">" : " "
            out += "  \(marker) \(gutter) | \(text.replacingTabs())\n"
            if number == location.line {
                let caretPadding = String(repeating: " ", count: max(0, location.column - 1))
                out += "    \(String(repeating: " ", count: width)) | \(caretPadding)\(paint("^", .red))\n"
            }
        }
        return out
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

extension String {
    /// Tabs become single spaces so the caret under a column lines up.
    fileprivate func replacingTabs() -> String {
        // A tab is one byte and a space is one byte: replaced in the bytes, most lines having none.
        guard utf8.contains(UInt8(ascii: "\t")) else { return self }
        return String(decoding: utf8.map { $0 == UInt8(ascii: "\t") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
}
