import BeckonSite
import BeckonText
import CBeckonPango

/// A paragraph shaped and wrapped by Pango, measured before it is placed and drawn.
struct TextBlock: ~Copyable {
    /// How lines sit in the block's width, relative to the base direction.
    enum Alignment: Int32 {
        case start = 0, center = 1
    }

    /// Everything that decides how the text is shaped.
    struct Style {
        var families: String
        var locale: LocaleID
        var size: Double
        var weight: Int
        var width: Double
        var maxLines: Int
        /// When set, fewer lines (at least one) are shown if `maxLines` lines would be taller.
        var maxHeight: Double?
        var alignment: Alignment = .start
    }

    /// `nil` for an empty block.
    private let pointer: OpaquePointer?
    let lineCount: Int
    /// Letters and digits on the last line; a block of several lines whose last has one ends in a widow.
    let lastLineLetters: Int
    let ellipsized: Bool
    let width: Double
    let height: Double

    /// An empty block: no lines, no size, and nothing to draw.
    init() {
        self.init(pointer: nil, metrics: beckon_text_metrics())
    }

    /// Shapes and wraps `text`; empty text makes an empty block.
    init(_ text: String, style: Style, on canvas: borrowing Canvas) throws(CardRenderError) {
        guard !text.isEmpty else {
            self.init()
            return
        }
        // Japanese wraps between phrases; when whole phrases do not fit the lines there are, the
        // text wraps anywhere rather than lose its end to an ellipsis.
        let phrases = Self.phraseStarts(text, locale: style.locale)
        var (created, metrics) = Self.create(text, style: style, phrases: phrases, on: canvas.pointer)
        if let phrased = created, !phrases.isEmpty, metrics.ellipsized != 0 {
            beckon_text_destroy(phrased)
            (created, metrics) = Self.create(text, style: style, phrases: [], on: canvas.pointer)
        }
        guard let created else { throw CardRenderError(.renderFailed, "text could not be laid out") }
        self.init(pointer: created, metrics: metrics)
    }

    private static func create(
        _ text: String, style: Style, phrases: [Int32], on canvas: OpaquePointer?
    ) -> (OpaquePointer?, beckon_text_metrics) {
        var metrics = beckon_text_metrics()
        let created = phrases.withUnsafeBufferPointer { phrases in
            text.withCString { text in
                style.families.withCString { families in
                    style.locale.rawValue.withCString { language in
                        var cStyle = beckon_text_style(
                            text: text, families: families, language: language, size: clamp(style.size),
                            weight: Int32(clamping: min(max(style.weight, 100), 1000)), width: clamp(style.width),
                            max_lines: Int32(clamping: max(style.maxLines, 1)),
                            max_height: style.maxHeight.map(clamp) ?? 0,
                            alignment: style.alignment.rawValue, right_to_left: style.locale.isRightToLeft ? 1 : 0,
                            phrase_starts: phrases.isEmpty ? nil : phrases.baseAddress,
                            phrase_count: Int32(phrases.count))
                        return beckon_text_create(canvas, &cStyle, &metrics)
                    }
                }
            }
        }
        return (created, metrics)
    }

    private init(pointer: OpaquePointer?, metrics: beckon_text_metrics) {
        self.pointer = pointer
        lineCount = Int(metrics.line_count)
        lastLineLetters = Int(metrics.last_line_letters)
        ellipsized = metrics.ellipsized != 0
        width = metrics.width
        height = metrics.height
    }

    var isEmpty: Bool { pointer == nil }

    /// For a language whose lines break between phrases (Japanese), the UTF-8 offsets where its
    /// phrases start (`LineBreaks`); empty for every other language, which Pango breaks well.
    static func phraseStarts(_ text: String, locale: LocaleID) -> [Int32] {
        guard LineBreaks.breaksByPhrase(locale.rawValue) else { return [] }
        return LineBreaks(locale: locale.rawValue).offsets(in: text).map { offset in
            Int32(text.utf8.distance(from: text.startIndex, to: String.Index(utf16Offset: offset, in: text)))
        }
    }

    /// A length Pango can take: at least 1 pixel and at most 10,000, whatever a layout made in code says.
    private static func clamp(_ pixels: Double) -> Double {
        pixels.isFinite ? min(max(pixels, 1), 10_000) : 1
    }

    deinit {
        if let pointer { beckon_text_destroy(pointer) }
    }

    /// Draws the block with its top-left corner at (x, y).
    func draw(on canvas: borrowing Canvas, x: Double, y: Double, color: Color) {
        guard let pointer else { return }
        beckon_text_draw(canvas.pointer, pointer, x, y, color.rgba)
    }
}
