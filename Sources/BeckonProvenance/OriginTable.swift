import Foundation
import Synchronization

/// Every origin a process has mapped, each under a number: a provenance map keeps the numbers of
/// its origins (4 bytes each) instead of the origins themselves (72 bytes each), and the thousands
/// of pages rendered from one template and bundle share one table. Origins are source positions,
/// so the table grows only with the lines a site has (and, in a long preview, the lines edits
/// moved); it is never emptied, so a number stays valid for the process's life. Safe on any thread.
///
/// Every mark a renderer writes asks for its origin's number, and every page read back asks
/// whether a number is known, on all cores at once: the numbers are found in shards, each with
/// its own lock, and whether a number is known is one atomic read, so the threads seldom wait for
/// each other (one lock for all of it put them to sleep tens of thousands of times per build).
final class OriginTable: @unchecked Sendable {
    static let shared = OriginTable()

    /// The numbers given so far, by origin, spread over the shards by the origin's hash.
    private let shards: [Shard]
    /// Guards `origins` and `encodings`; a shard's lock is taken before it, never after.
    private let lock = Mutex(())
    private var origins: [Origin] = []
    /// Each origin as `OriginCoding` writes it, made the first time a map with it is written.
    private var encodings: [[UInt8]?] = []
    /// How many origins have a number: the numbers below it name one.
    private let count = Atomic<Int>(0)

    init() {
        shards = (0..<16).map { _ in Shard() }
    }

    /// The numbers of `origins`, each given one the first time it is seen.
    func numbers(of origins: [Origin]) -> [UInt32] {
        origins.map(number(of:))
    }

    /// The number of `origin`, given one the first time it is seen.
    func number(of origin: Origin) -> UInt32 {
        let key = HashedOrigin(origin)
        let shard = shards[Int(UInt(bitPattern: key.hash) % UInt(shards.count))]
        if let known = shard.numbers.withLock({ $0[key] }) { return known }
        // Numbered under the shard's lock, so two threads seeing a new origin at once give it one.
        return shard.numbers.withLock { numbers in
            if let known = numbers[key] { return known }
            let number = lock.withLock { _ in
                origins.append(origin)
                encodings.append(nil)
                count.store(origins.count, ordering: .releasing)
                return UInt32(origins.count - 1)
            }
            numbers[key] = number
            return number
        }
    }

    /// Whether `number` names an origin: a mark's payload read back from text may name anything.
    func contains(_ number: UInt32) -> Bool {
        Int(number) < count.load(ordering: .acquiring)
    }

    /// The origin numbered `number`.
    func origin(_ number: UInt32) -> Origin {
        lock.withLock { _ in origins[Int(number)] }
    }

    /// Appends the origins numbered `numbers` to `bytes` as `OriginCoding` writes them, each after
    /// its length (a little-endian 32-bit integer): every page of a template names the same
    /// origins, so each is encoded once per process.
    func appendEncodings(of numbers: [UInt32], to bytes: inout [UInt8]) {
        // Only the look-up (and an origin's first encoding) holds the lock, not the copying.
        let found = lock.withLock { _ in
            numbers.map { number in
                let index = Int(number)
                if let known = encodings[index] { return known }
                var made: [UInt8] = []
                OriginCoding.encode(origins[index], into: &made)
                encodings[index] = made
                return made
            }
        }
        for encoding in found {
            let length = UInt32(encoding.count)
            for shift in stride(from: UInt32(0), to: 32, by: 8) { bytes.append(UInt8(length >> shift & 0xFF)) }
            bytes += encoding
        }
    }

    /// The origins numbered `numbers`, in order.
    func origins(_ numbers: [UInt32]) -> [Origin] {
        lock.withLock { _ in numbers.map { origins[Int($0)] } }
    }

    /// The keys of the origins of `kind` among those numbered `numbers`, in their order: the
    /// strings a page shows, asked for every page at once on all cores, so only the keys are
    /// copied under the lock, not the origins.
    func keys(ofKind kind: Origin.Kind, _ numbers: [UInt32]) -> [String] {
        lock.withLock { _ in
            var keys: [String] = []
            for number in numbers where origins[Int(number)].kind == kind {
                if let key = origins[Int(number)].key { keys.append(key) }
            }
            return keys
        }
    }

    /// One part of the numbers, with its lock.
    private final class Shard: Sendable {
        let numbers = Mutex<[HashedOrigin: UInt32]>([:])
    }

    /// An origin with its hash worked out once, outside any lock (hashing its texts is most of a
    /// look-up's work).
    private struct HashedOrigin: Hashable {
        let origin: Origin
        let hash: Int

        init(_ origin: Origin) {
            self.origin = origin
            hash = origin.hashValue
        }

        static func == (lhs: HashedOrigin, rhs: HashedOrigin) -> Bool {
            lhs.hash == rhs.hash && lhs.origin == rhs.origin
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }
}
