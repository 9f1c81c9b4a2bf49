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

    /// The origins numbered `numbers`, in order.
    func origins(_ numbers: [UInt32]) -> [Origin] {
        lock.withLock { numbers.map { origins[Int($0)] } }
    }
}
