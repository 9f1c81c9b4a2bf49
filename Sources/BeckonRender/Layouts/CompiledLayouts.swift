import Foundation

/// The compiled forms of a library's layouts, by layout and context shape, made the first time a
/// shape is rendered. A site's pages have a few shapes per layout (with or without an inviter, an
/// avatar, a context title), so thousands of pages share a handful of entries. Safe on any thread.
final class CompiledLayouts: @unchecked Sendable {
    /// The most shapes kept; past it a render runs Mustache itself, so a context that varies
    /// without bound cannot grow memory without bound.
    static let limit = 512

    private struct Key: Hashable {
        var layout: String
        var signature: [UInt8]

        /// The signature (kilobytes for a page's context) is hashed as one run of bytes, not byte
        /// by byte as an array's elements are.
        func hash(into hasher: inout Hasher) {
            hasher.combine(layout)
            signature.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    private let lock = NSLock()
    /// `nil` for a shape whose rendering could not be compiled.
    private var compiled: [Key: CompiledLayout?] = [:]

    /// How many shapes are kept.
    var count: Int { lock.withLock { compiled.count } }

    /// The compiled form of `layout` for `shape`, made with `compile` when it is new; `nil` when it
    /// cannot be compiled or the cache is full.
    func layout(_ layout: String, shape: LayoutShape, compile: () -> CompiledLayout?) -> CompiledLayout? {
        let key = Key(layout: layout, signature: shape.signature)
        if let known = lock.withLock({ compiled[key] }) { return known }
        guard lock.withLock({ compiled.count < Self.limit }) else { return nil }
        // Two threads may compile the same shape at once; both get the same result.
        let made = compile()
        lock.withLock { compiled[key] = .some(made) }
        return made
    }
}
