/// One result of one step: the step's name and the key it was asked with.
public struct StepRef: Hashable, Sendable {
    public let step: StepName
    public let key: Fingerprint

    public init(step: StepName, key: Fingerprint) {
        self.step = step
        self.key = key
    }

    public init<Value>(_ step: Step<Value>, _ key: Fingerprint) {
        self.init(step: step.name, key: key)
    }
}

/// Why a run computed a result or reused it: what `--explain` reports.
public enum StepReason: Hashable, Sendable {
    /// Reused from memory: nothing it read changed.
    case reused
    /// Reused from the on-disk cache: nothing it read changed.
    case fromDisk
    /// Computed: no result was kept under its key (the first run, or a part of the site it is
    /// given changed).
    case noResult
    /// Computed: an input it read before changed (or can no longer be fingerprinted).
    case changed(InputID)
}
