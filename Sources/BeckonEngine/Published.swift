/// A value a run computed, published as an input (`Engine.publish`): reading `value` records the
/// read on the step computing, with the value's fingerprint, so that step's result is reused while
/// later runs publish an equal value — however the value was arrived at (early cut-off).
public struct Published<Value: Sendable>: Sendable {
    /// The input the value is read as.
    public let input: InputID
    private let stored: Value

    init(input: InputID, value: Value) {
        self.input = input
        self.stored = value
    }

    /// The value, recording the read on the step computing here.
    public var value: Value {
        input.record()
        return stored
    }
}

extension InputKind {
    /// Values a run computed and published (`Engine.publish`), by name.
    public static let value: InputKind = "value"
}
