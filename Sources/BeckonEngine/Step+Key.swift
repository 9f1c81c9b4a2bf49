extension Step {
    /// The key of one of the step's results: the fingerprint of the step's own arguments (a
    /// locale, a route, the fingerprint of the artifact it checks), through their `Encodable` form.
    /// What the step reads is never part of its key: it records those reads as it runs.
    public func key(_ arguments: any Encodable...) -> Fingerprint {
        Fingerprint(encoding: EncodedArguments(arguments), label: name.rawValue)
    }
}

/// A step's arguments, encoded in order.
private struct EncodedArguments: Encodable {
    let arguments: [any Encodable]

    init(_ arguments: [any Encodable]) {
        self.arguments = arguments
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for argument in arguments { try container.encode(argument) }
    }
}
