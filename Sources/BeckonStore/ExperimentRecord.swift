import Foundation

/// An A/B experiment as the store remembers it: its arms' weights, and since when they hold. An
/// experiment is its set of arms: new arms make a new experiment.
public struct ExperimentRecord: Sendable, Hashable {
    /// Each arm's weight, by the arm's id.
    public var weights: [String: Int]
    /// When these weights were first kept.
    public var since: Date

    public init(weights: [String: Int], since: Date) {
        self.weights = weights
        self.since = since
    }

    /// The experiment's key: its arms' ids, sorted, joined by commas.
    public static func key(_ weights: [String: Int]) -> String {
        weights.keys.sorted().joined(separator: ",")
    }

    /// The weights as one text, `control=50,context-rich=50`, in the arms' order.
    public static func text(_ weights: [String: Int]) -> String {
        weights.keys.sorted().map { "\($0)=\(weights[$0]!)" }.joined(separator: ",")
    }

    /// Weights read back from `text(_:)`, or `nil` for text it did not write.
    public static func weights(_ text: String) -> [String: Int]? {
        var weights: [String: Int] = [:]
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let weight = Int(parts[1]) else { return nil }
            weights[String(parts[0])] = weight
        }
        return weights
    }
}
