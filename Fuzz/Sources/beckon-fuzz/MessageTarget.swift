import BeckonLocalization
import BeckonRender
import BeckonSite
import Foundation

/// `message`: an ICU MessageFormat string, as a translator writes it in a locale bundle.
///
/// Parses it; on a syntax error checks that the reported offset lies in the text. On success checks
/// that `icuText` parses back to the same message (its documented contract, which the hand-off
/// export relies on), then formats it for Arabic (six plural categories) and English, with and
/// without arguments, and renders the result as HTML and plain text as pages and emails do.
enum MessageTarget {
    static let formatters = [MessageFormatter(locale: Fixtures.arabicLocale), MessageFormatter(locale: Fixtures.englishLocale)]

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(fuzzInput: bytes)
        let message: Message
        do {
            message = try MessageParser.parse(text)
        } catch {
            Trace.note("syntax error at \(error.offset): \(error.message)")
            let length = text.count
            Invariant.expect(
                (0...length).contains(error.offset),
                "syntax error offset \(error.offset) outside the text (\(length) characters): \(text.debugDescription)")
            return
        }

        Trace.note("parsed: \(message.parts.count) parts, arguments \(message.argumentNames)")
        let written = message.icuText
        let reparsed = try? MessageParser.parse(written)
        Invariant.expect(
            reparsed == message,
            "icuText does not parse to the same message: \(text.debugDescription) → \(written.debugDescription)")
        _ = message.mapLiterals { $0.uppercased() }.icuText
        _ = message.mergingLiterals()
        _ = (message.argumentNames, message.plurals, message.ordinals, message.literalText)

        // Every argument the message uses, as user data with a number and a date, so plurals,
        // `number`, `date` and `time` all format. The number varies with the input so that every
        // plural category (and negative and exact values) is reached.
        let number = Double(bytes.count % 24) - 2.5 + Double(bytes.count % 2) * 2.5
        var arguments: [String: ArgumentValue] = [:]
        for (index, name) in message.argumentNames.enumerated() {
            arguments[name] = ArgumentValue(
                index.isMultiple(of: 2) ? "Maya" : "other", isUserData: true, number: number + Double(index),
                date: Date(timeIntervalSince1970: 1_768_469_400 + Double(index) * 86_400))
        }
        // The message renderer marks arguments with private-use characters; bundles refuse
        // strings that hold any (`l10n.private-use`), so such text never reaches it.
        let renderable = !text.hasPrivateUseCharacter
        for formatter in formatters {
            for values in [arguments, [:]] {
                let segments = formatter.segments(message, arguments: values)
                guard renderable else { continue }
                let formatted = FormattedMessage(key: "fuzz.message", segments: segments, suppliedBy: formatter.locale)
                let rightToLeft = formatter.locale == Fixtures.arabicLocale
                _ = formatted.rawText
                _ = MessageRenderer.html(formatted, appSchemes: ["playa"])
                _ = MessageRenderer.plainText(formatted, rightToLeft: rightToLeft)
                _ = MessageRenderer.plainTextAndLinks(formatted, appSchemes: ["playa"], rightToLeft: rightToLeft)
            }
        }
    }
}
