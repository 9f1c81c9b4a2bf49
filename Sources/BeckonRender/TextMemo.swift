import Foundation

/// Values worked out once per text and remembered, the text compared by its bytes: Swift's
/// `String` equality takes two spellings of one text (`é` composed or not) for the same, where
/// what is made from them keeps their bytes apart. Emptied when it holds `limit` values, so a long
/// preview session does not grow it without bound. Safe on any thread.
public final class TextMemo<Value: Sendable>: @unchecked Sendable {
    /// The most values kept.
    public let limit: Int
    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    public init(limit: Int) {
        self.limit = limit
    }

    /// The value for `text`, made with `make` the first time the text is seen.
    public func value(for text: String, make: () -> Value) -> Value {
        let key = Key(text: text)
        if let known = lock.withLock({ values[key] }) { return known }
        let value = make()
        lock.withLock {
            if values.count >= limit { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
        return value
    }

    /// A text compared and hashed by its UTF-8 bytes.
    private struct Key: Hashable {
        var text: String

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}
