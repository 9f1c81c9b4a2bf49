/// A step's result as the on-disk cache keeps it: the value and the inputs it read, with their
/// fingerprints then, so a later process reuses it only while they are unchanged.
struct StoredResult<Value: Codable>: Codable {
    struct Read: Codable {
        var input: InputID
        var fingerprint: Fingerprint?
    }

    var value: Value
    var reads: [Read]

    init(value: Value, reads: [InputID: Fingerprint?]) {
        self.value = value
        self.reads = reads.map { Read(input: $0.key, fingerprint: $0.value) }
    }

    var readPrints: [InputID: Fingerprint?] {
        Dictionary(reads.map { ($0.input, $0.fingerprint) }, uniquingKeysWith: { first, _ in first })
    }
}

extension StoredResult: Sendable where Value: Sendable {}
