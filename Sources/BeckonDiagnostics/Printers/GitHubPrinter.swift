import Foundation

/// Prints GitHub Actions workflow commands, one per finding:
/// `::error file=F,line=L,col=C,title=RULE::MESSAGE`.
struct GitHubPrinter {
    func render(_ report: DiagnosticReport) -> String {
        var out = ""
        for diagnostic in report.diagnostics {
            let command =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            var properties: [String] = []
            if let location = diagnostic.location {
                properties.append("file=\(Self.escapeProperty(location.file))")
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            properties.append("title=\(Self.escapeProperty(diagnostic.rule.rawValue))")
            var message = diagnostic.message
            if !diagnostic.occurrences.isEmpty { message += " (\(Occurrence.summary(diagnostic.occurrences)))" }
            if let note = diagnostic.artifactNote { message += "\n\(note)" }
            if let fix = diagnostic.fix { message += "\nfix: \(fix)" }
            out += "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))\n"
        }
        return out
    }

    /// Escapes a command's message: `%`, CR and LF.
    static func escapeData(_ value: String) -> String {
        var out = ""
        for character in value.unicodeScalars {
            switch character {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// Escapes a property value: as data, plus `:` and `,`.
    static func escapeProperty(_ value: String) -> String {
        escapeData(value).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
