import NIOCore
import NIOPosix
import Testing

@testable import BeckonStorePostgres

/// The group a PostgreSQL pool opens its connections on hands out its loops in turn, even to a
/// caller running on one of them, where the group's own `any()` returns the caller's loop.
struct RoundRobinEventLoopsTests {
    @Test func aCallerOnALoopIsGivenEveryLoopInTurn() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 3)
        defer { try? group.syncShutdownGracefully() }
        let spread = RoundRobinEventLoops(group)
        let first = group.next()
        let (own, given) = try first.submit {
            (
                (0..<6).map { _ in ObjectIdentifier(group.any()) },
                (0..<6).map { _ in ObjectIdentifier(spread.any()) }
            )
        }.wait()
        // The group's own `any()` stays on the caller's loop; the spread group's goes round.
        #expect(Set(own) == [ObjectIdentifier(first)])
        #expect(Set(given) == Set(group.makeIterator().map { ObjectIdentifier($0) }))
        // In turn, whatever else asked the underlying group for a loop meanwhile.
        #expect(given[0] != given[1] && given[1] != given[2] && given[0] != given[2])
        #expect(Array(given[3...]) == Array(given[..<3]))
        _ = group.next()
        #expect(ObjectIdentifier(spread.any()) == given[0])
    }
}
