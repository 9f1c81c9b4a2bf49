/// Results on disk read and written by a key alone: for a caller whose key already covers
/// everything the result was made from (the build's index of whole builds by the site's bytes),
/// so the reads recorded with a result need no resolver to be checked, and none is provided yet.
extension Engine {
    /// The result of `step` kept on disk under `key`, decoded without checking the inputs
    /// recorded with it; `nil` when there is none, it does not read back, or it is not the record
    /// `expected` names (`storedRecord`). Counted as a result read from disk; the engine does not
    /// keep it.
    public func storedValue<Value: Codable & Sendable>(
        _ step: Step<Value>, _ key: Fingerprint, record expected: UInt64? = nil
    ) -> Value? {
        guard let cache,
            let stored = cache.read(
                step.name, key, packed: step.packsRecords, kept: step.recordsKept, readingInputs: false),
            expected == nil || stored.record == expected
        else { return nil }
        guard let value = stored.value(as: Value.self) else {
            cache.noteUnreadable()
            return nil
        }
        countDiskHit(step.name)
        return value
    }

    /// Which record of `step` the disk holds under `key` (read from its header alone), to name it
    /// to `storedValue` later; `nil` when there is none.
    public func storedRecord<Value>(_ step: Step<Value>, _ key: Fingerprint) -> UInt64? {
        cache?.recordIdentity(step.name, key)
    }

    /// Writes `value` to disk under `key` with no inputs: it is read back by `storedValue` alone.
    public func store<Value: Codable & Sendable>(_ step: Step<Value>, _ key: Fingerprint, _ value: Value) {
        cache?.write(step.name, key, value, reads: [:], packed: step.packsRecords, kept: step.recordsKept)
    }
}
