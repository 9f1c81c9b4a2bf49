import Foundation

/// A value passed into a message's `{argument}`.
public struct ArgumentValue: Sendable, Hashable {
    /// The text to insert.
    public var text: String
    /// Whether the text comes from invite data (a name), which renderers isolate for bidi and
    /// never read as Markdown.
    public var isUserData: Bool
    /// The number behind the text, for `plural` and `{x, number}`.
    public var number: Double?
    /// The moment behind the text, for `{x, date}` and `{x, time}`.
    public var date: Date?

    public init(_ text: String, isUserData: Bool = false, number: Double? = nil, date: Date? = nil) {
        self.text = text
        self.isUserData = isUserData
        self.number = number
        self.date = date
    }

    /// A number argument, its text in plain digits (messages format it with `#` or `number`).
    public static func number(_ value: Double) -> ArgumentValue {
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return ArgumentValue(text, number: value)
    }
}
