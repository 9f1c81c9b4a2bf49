/// A layout context's value that many contexts hold, made once: every page of a locale shows the
/// same strings and theme, and each locale's version of a page the same alternates. Its layout
/// shape is worked out when it is made, so rendering a page walks only what is its own
/// (`LayoutShape`).
public final class SharedTemplateValue: Sendable, Hashable {
    /// The value held.
    public let value: TemplateValue
    /// The value's layout shape: what a walk of it adds to the shape of a context holding it.
    let shape: LayoutShape

    public init(_ value: TemplateValue) {
        self.value = value
        shape = LayoutShape(of: value, reserving: 0)
    }

    public static func == (left: SharedTemplateValue, right: SharedTemplateValue) -> Bool {
        left === right || left.value == right.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
