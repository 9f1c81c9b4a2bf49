import BeckonDiagnostics
import Foundation

/// Reads `templates/email/NAME.md`: validates the front matter, takes component lines out of the
/// Markdown body (leaving a marker paragraph in their place), and finds every placeholder.
public enum EmailTemplateParser {
    /// Parses an email template; `nil` with diagnostics when it cannot be used.
    public static func parse(_ source: SourceText) -> (EmailTemplate?, [Diagnostic]) {
        let path = source.path
        guard let parts = TemplateParser.split(source) else {
            return (nil, [TemplateParser.missingFrontMatter(path, example: "`kind: email`, `subject: email.subject`")])
        }
        let (value, yamlDiagnostics) = YAMLParser.parse(parts.yaml, path: path, lineOffset: 1)
        guard let value else { return (nil, yamlDiagnostics) }
        let reader = YAMLReader(family: "template")
        guard let mapping = reader.mapping(value, named: "front matter", keys: EmailTemplate.frontMatterKeys) else {
            return (nil, reader.diagnostics)
        }
        if let kind = mapping.string("kind", required: true), kind != "email" {
            reader.invalid(
                "templates under templates/email/ have `kind: email`, not `\(kind)`", at: mapping.location(of: "kind"),
                fix: "Write `kind: email`, or move the page template to templates/pages/.", rule: "unknown-kind")
        }
        func key(_ name: String, required: Bool) -> String? {
            guard let value = mapping.string(name, required: required) else { return nil }
            guard PlaceholderScanner.isValidPath(value) else {
                reader.invalid(
                    "`\(name)` must be a locale key such as `email.invite.subject`, not `\(value)`",
                    at: mapping.location(of: name), fix: "Put the text in the locale bundle and write its key here.")
                return nil
            }
            return value
        }
        let subject = key("subject", required: true)
        let preheader = key("preheader", required: true)
        let fromName = key("fromName", required: false)
        let transactional = mapping.bool("transactional") ?? true
        let recipientText = mapping.string("recipient") ?? EmailTemplate.Recipient.invitee.rawValue
        let recipient = EmailTemplate.Recipient(rawValue: recipientText)
        if recipient == nil {
            reader.invalid(
                "`\(recipientText)` is not a recipient", at: mapping.location(of: "recipient"),
                fix: "Write `invitee` (the invited person) or `inviter` (the person who sent the invite).")
        }
        var notify: EmailTemplate.Notice?
        if let text = mapping.string("notify") {
            notify = EmailTemplate.Notice(rawValue: text)
            if notify == nil {
                reader.invalid(
                    "`\(text)` is not a notice", at: mapping.location(of: "notify"),
                    fix: "Write `expired` (the invite expired) or `joined-digest` (the day's accepted invites).")
            } else if recipient != .inviter {
                reader.invalid(
                    "`notify: \(text)` emails go to the inviter, and this one has `recipient: \(recipientText)`",
                    at: mapping.location(of: "notify"), fix: "Write `recipient: inviter`.")
            } else if !transactional {
                reader.invalid(
                    "`notify: \(text)` emails tell senders about their own invites, so they are transactional",
                    at: mapping.location(of: "transactional"),
                    fix: "Remove `transactional: false`: a sender who wants none leaves out `senderEmail`.")
            }
        }
        let maxWords = mapping.int("maxWords", in: 1...10_000)

        var diagnostics = reader.diagnostics
        let (body, components, componentDiagnostics) = extractComponents(parts, source: source)
        diagnostics += componentDiagnostics
        let (placeholders, placeholderDiagnostics) = scanPlaceholders(
            body, source: source, startLine: parts.bodyStartLine)
        diagnostics += placeholderDiagnostics
        let (document, bodyDiagnostics) = TemplateParser.parseBody(
            body, source: source, bodyStartLine: parts.bodyStartLine)
        diagnostics += bodyDiagnostics
        guard let subject, let preheader, let recipient, !diagnostics.contains(where: { $0.severity == .error }) else {
            return (nil, diagnostics)
        }
        var locations: [String: SourceLocation] = [:]
        for entry in mapping.entries { locations[entry.key] = entry.keyLocation }
        let name = String((path as NSString).lastPathComponent.dropLast(".md".count))
        let template = EmailTemplate(
            name: name, path: path, subjectKey: subject, preheaderKey: preheader, fromNameKey: fromName,
            transactional: transactional, recipient: recipient, notify: notify, maxWords: maxWords, body: body,
            document: document,
            bodyStartLine: parts.bodyStartLine, placeholders: placeholders + components.flatMap(\.arguments),
            components: components, frontMatterLocations: locations, source: source)
        return (template, diagnostics)
    }

    /// The placeholders of a body whose component lines were replaced: lines keep their numbers
    /// but not their lengths, so locations are counted in the body and moved to its first line.
    static func scanPlaceholders(
        _ body: String, source: SourceText, startLine: Int
    ) -> ([Placeholder], [Diagnostic]) {
        let (placeholders, diagnostics) = PlaceholderScanner.scan(
            body, in: SourceText(path: source.path, text: body), utf8Offset: 0)
        func moved(_ location: SourceLocation) -> SourceLocation {
            SourceLocation(file: location.file, line: location.line + startLine - 1, column: location.column)
        }
        return (
            placeholders.map { Placeholder(path: $0.path, location: moved($0.location)) },
            diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.location = diagnostic.location.map(moved)
                return diagnostic
            }
        )
    }

    /// Replaces every line that is one component tag with a marker paragraph of the same line
    /// count, so line numbers in the body stay true.
    static func extractComponents(
        _ parts: TemplateParser.Parts, source: SourceText
    ) -> (String, [EmailComponent], [Diagnostic]) {
        var components: [EmailComponent] = []
        var diagnostics: [Diagnostic] = []
        var lines: [String] = []
        let bodyLines = parts.body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        for (number, line) in bodyLines.enumerated() {
            let fileLine = parts.bodyStartLine + number
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), trimmed.count > 4 else {
                lines.append(String(line))
                continue
            }
            let words = trimmed.dropFirst(2).dropLast(2).split(separator: " ", omittingEmptySubsequences: true)
            guard let first = words.first, let kind = EmailComponent.Kind(rawValue: String(first)) else {
                lines.append(String(line))
                continue
            }
            let column = line.prefix { $0 == " " }.count + 1
            let location = SourceLocation(file: source.path, line: fileLine, column: column)
            let arguments = words.dropFirst().map(String.init)
            guard arguments.count == kind.argumentCount, arguments.allSatisfy(PlaceholderScanner.isValidPath) else {
                diagnostics.append(
                    .error(
                        "template.component", "`\(trimmed)` is not a valid \(kind.rawValue)", at: location,
                        fix: "Write it as `\(kind.usage)` on a line of its own."))
                lines.append("")
                continue
            }
            if kind == .button || kind == .smallprint, !arguments[0].hasPrefix("t.") {
                diagnostics.append(
                    .error(
                        "template.component",
                        "the \(kind.rawValue)'s text must be a locale string, not `\(arguments[0])`",
                        at: location, fix: "Write it as `\(kind.usage)`."))
            }
            var searchStart = trimmed.index(trimmed.startIndex, offsetBy: 2 + first.count)
            let placeholders = arguments.map { argument in
                let found = trimmed.range(of: argument, range: searchStart..<trimmed.endIndex)
                searchStart = found?.upperBound ?? searchStart
                let offset = found.map { trimmed.distance(from: trimmed.startIndex, to: $0.lowerBound) } ?? 0
                return Placeholder(
                    path: argument, location: SourceLocation(file: source.path, line: fileLine, column: column + offset)
                )
            }
            components.append(EmailComponent(kind: kind, arguments: placeholders, location: location))
            // A blank line on each side makes the marker a paragraph of its own.
            lines.append(EmailComponent.markerParagraph(components.count - 1))
        }
        // A marker directly after or before text would join that paragraph. A blank line of a
        // CRLF file keeps its CR (lines are split on LF), so it is trimmed as whitespace too.
        for (index, line) in lines.enumerated() where line.first == EmailComponent.marker {
            let before = index > 0 ? lines[index - 1] : ""
            let after = index + 1 < lines.count ? lines[index + 1] : ""
            guard
                !before.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                    || !after.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                let number = EmailComponent.index(inMarker: line)
            else { continue }
            diagnostics.append(
                .error(
                    "template.component",
                    "a \(components[number].kind.rawValue) must stand apart from the text around it",
                    at: components[number].location, fix: "Put a blank line before and after it."))
        }
        return (lines.joined(separator: "\n"), components, diagnostics)
    }
}
