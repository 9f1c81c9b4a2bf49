import BeckonDiagnostics
import BeckonRender
import Foundation

/// An output file as the preview serves it. HTML is rewritten for looking at it locally — never in
/// `build`: the site's production origins become local paths (so logos and cards load from the
/// preview), the light or dark palette can be forced, images can be turned off (emails), the
/// elements findings concern are marked, and the client script that reloads after a build and
/// draws the findings is added.
enum ServedFile {
    struct Options {
        /// `light` or `dark` forces that palette; `nil` follows the browser.
        var scheme: String?
        var imagesOff = false
    }

    static func bytes(_ artifact: Artifact, state: PreviewState, options: Options) -> [UInt8] {
        guard artifact.contentType.hasPrefix("text/html") else { return artifact.bytes }
        var html = String(decoding: artifact.bytes, as: UTF8.self)
        let findings = state.findings(in: artifact.path)
        html = marking(
            html, lines: findings.enumerated().compactMap { index, finding in finding.line.map { ($0, index) } })
        for origin in state.productionOrigins {
            html = html.replacingOccurrences(of: "\"\(origin)/", with: "\"/")
            html = html.replacingOccurrences(of: "\"\(origin)\"", with: "\"/\"")
        }
        if let scheme = options.scheme {
            let dark = scheme == "dark"
            for query in ["(prefers-color-scheme:dark)", "(prefers-color-scheme: dark)"] {
                html = html.replacingOccurrences(of: query, with: dark ? "all" : "not all")
            }
            if dark { html = html.replacingOccurrences(of: "<html ", with: "<html data-beckon-scheme=\"dark\" ") }
        }
        if options.imagesOff {
            html = html.replacingOccurrences(of: "<img src=\"", with: "<img data-beckon-src=\"")
        }
        let script = client(findings.map(\.diagnostic), broken: state.broken)
        if let end = html.range(of: "</body>", options: .backwards) {
            html.replaceSubrange(end.lowerBound..<end.lowerBound, with: script)
        } else {
            html += script
        }
        return Array(html.utf8)
    }

    /// Adds `data-beckon-finding="N"` to the first element that starts on each finding's line.
    static func marking(_ html: String, lines: [(line: Int, index: Int)]) -> String {
        guard !lines.isEmpty else { return html }
        var byLine: [Int: [Int]] = [:]
        for (line, index) in lines { byLine[line, default: []].append(index) }
        var out: [Substring] = []
        for (number, line) in html.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let indices = byLine[number + 1], let tag = firstTag(in: line) else {
                out.append(line)
                continue
            }
            let attribute = " data-beckon-finding=\"\(indices.map(String.init).joined(separator: " "))\""
            // `tag` indexes `line`; the new string is built from its two halves, not indexed with it.
            out.append(Substring(line[..<tag] + attribute + line[tag...]))
        }
        return out.joined(separator: "\n")
    }

    /// Where the name of the first start tag on a line ends.
    private static func firstTag(in line: Substring) -> String.Index? {
        var index = line.startIndex
        while let open = line[index...].firstIndex(of: "<") {
            let next = line.index(after: open)
            guard next < line.endIndex else { return nil }
            if line[next].isLetter {
                let nameEnd = line[next...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "-") } ?? line.endIndex
                return nameEnd
            }
            index = next
        }
        return nil
    }

    /// The findings as JSON for the client script, and the script.
    private static func client(_ findings: [Diagnostic], broken: Bool) -> String {
        let items = findings.map { diagnostic in
            [
                "severity": diagnostic.severity.rawValue, "rule": diagnostic.rule.rawValue,
                "message": diagnostic.message, "location": diagnostic.location?.description ?? "",
                "fix": diagnostic.fix ?? "",
            ]
        }
        let payload: [String: any Sendable] = ["findings": items, "broken": broken]
        let data = (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])) ?? Data("{}".utf8)
        // `</` may not appear inside a script element.
        let json = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
        return "<script type=\"application/json\" id=\"beckon-findings\">\(json)</script>"
            + "<script src=\"/_beckon/client.js\"></script>\n"
    }
}
