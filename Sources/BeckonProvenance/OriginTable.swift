import Foundation

/// Every origin a process has mapped, each under a number: a provenance map keeps the numbers of
/// its origins (4 bytes each) instead of the origins themselves (72 bytes each), and the thousands
/// of pages rendered from one template and bundle share one table. Origins are source positions,
/// so the table grows only with the lines a site has (and, in a long preview, the lines edits
/// moved); it is never emptied, so a number stays valid for the process's life. Safe on any thread.
final class OriginTable: @unchecked Sendable {
    static let shared = OriginTable()

    private let lock = NSLock()
    private var numbers: [Origin: UInt32] = [:]
    private var origins: [Origin] = []
    /// Each origin as `OriginCoding` writes it, made the first time a map with it is written.
    private var encodings: [[UInt8]?] = []

    /// The numbers of `origins`, each given one the first time it is seen.
    func numbers(of origins: [Origin]) -> [UInt32] {
        lock.withLock { origins.map(numberLocked) }
    }

    /// The number of `origin`, given one the first time it is seen.
    func number(of origin: Origin) -> UInt32 {
        lock.withLock { numberLocked(origin) }
    }

    private func numberLocked(_ origin: Origin) -> UInt32 {
        if let number = numbers[origin] { return number }
        let number = UInt32(origins.count)
        origins.append(origin)
        encodings.append(nil)
        numbers[origin] = number
        return number
    }

    /// Whether `number` names an origin: a mark's payload read back from text may name anything.
    func contains(_ number: UInt32) -> Bool {
        lock.withLock { Int(number) < origins.count }
    }

    /// The origin numbered `number`.
    func origin(_ number: UInt32) -> Origin {
        lock.withLock { origins[Int(number)] }
    }

    /// Appends the origins numbered `numbers` to `bytes` as `OriginCoding` writes them, each after
    /// its length (a little-endian 32-bit integer): every page of a template names the same
    /// origins, so each is encoded once per process.
    func appendEncodings(of numbers: [UInt32], to bytes: inout [UInt8]) {
        // Only the look-up (and an origin's first encoding) holds the lock, not the copying.
        let found = lock.withLock {
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
        lock.withLock { numbers.map { origins[Int($0)] } }
    }
}
