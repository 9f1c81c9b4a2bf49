/// One thing a step can read that no step computes: a locale string as a locale gets it, a source
/// string's presence. Code that hands such a thing out records the read (`InputID.record`) on
/// the step computing; the engine takes the input's fingerprint from the run's resolver for its
/// kind (`Engine.provide`) and reuses the step's result only while every input it read still has
/// the fingerprint it had then.
public struct InputID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What kind of input: each kind has one resolver per run.
    public let kind: InputKind
    /// Where it is looked up (a locale), or empty.
    public let scope: String
    /// Its name within the scope (a message key).
    public let name: String

    public init(_ kind: InputKind, scope: String = "", name: String) {
        self.kind = kind
        self.scope = scope
        self.name = name
    }

    public var description: String {
        scope.isEmpty ? "\(kind.rawValue) `\(name)`" : "\(kind.rawValue) `\(name)` in \(scope)"
    }

    /// Records that the step computing here read this input. Outside a step it does nothing.
    public func record() {
        StepFrame.active?.read(self)
    }
}

/// A kind of input, such as `string`.
public struct InputKind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }
}
