import Synchronization

/// Values worked out once per text and remembered, the text compared by its bytes: Swift's
/// `String` equality takes two spellings of one text (`é` composed or not) for the same, where
/// what is made from them keeps their bytes apart. Emptied when it holds `limit` values, so a long
/// preview session does not grow it without bound. Safe on any thread: the texts are spread over
/// shards by their hash, each with its own lock, so threads asking at once rarely wait. Inlinable,
/// so each module that keeps values in one gets it specialized for their type (generic, the
/// dictionary look-ups asked the runtime for type metadata on every call).
public final class TextMemo<Value: Sendable>: Sendable {
    /// The most values kept.
    public let limit: Int
    @usableFromInline let shards: [Shard]
    /// How many values the shards hold together.
    @usableFromInline let count = Atomic<Int>(0)

    public init(limit: Int) {
        self.limit = limit
        shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    /// The value for `text`, made with `make` the first time the text is seen.
    @inlinable public func value(for text: String, make: () -> Value) -> Value {
        let key = UTF8Key(text)
        // Not retained: `shards` holds every shard for as long as the memo lives (a retain of a
        // shard every thread asks moved its count between the cores at each look-up).
        unowned(unsafe) let shard = shards[Int(UInt(bitPattern: key.hash) % UInt(Self.shardCount))]
        if let known = shard.values.withLock({ $0[key] }) { return known }
        let value = make()
        if count.load(ordering: .relaxed) >= limit {
            for shard in shards { shard.values.withLock { $0.removeAll(keepingCapacity: true) } }
            count.store(0, ordering: .relaxed)
        }
        let added = shard.values.withLock { $0.updateValue(value, forKey: key) == nil }
        if added { count.add(1, ordering: .relaxed) }
        return value
    }

    @usableFromInline static var shardCount: Int { 16 }

    /// One part of the memo, with its lock.
    @usableFromInline final class Shard: Sendable {
        @usableFromInline let values = Mutex<[UTF8Key: Value]>([:])

        @usableFromInline init() {}
    }
}
