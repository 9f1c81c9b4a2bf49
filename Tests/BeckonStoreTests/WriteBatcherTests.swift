import Foundation
import GRDB
import Testing

@testable import BeckonStoreSQLite

/// Group commit: writes asked for at once share transactions, and each still succeeds or fails
/// alone, as it would in a transaction of its own.
@Suite struct WriteBatcherTests {
    struct Refused: Error, Equatable {
        let index: Int
    }

    @Test func concurrentWritesEachSucceedOrFailAlone() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("batcher-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pool = try DatabasePool(path: folder.appendingPathComponent("db.sqlite").path)
        try await pool.write { try $0.execute(sql: "CREATE TABLE rows (n INTEGER PRIMARY KEY)") }
        let batcher = WriteBatcher(writer: pool)
        let outcomes = await withTaskGroup(of: (Int, Result<Int, Refused>).self) { group in
            for index in 0..<300 {
                group.addTask {
                    do {
                        let count = try await batcher.write { db -> Int in
                            try db.execute(sql: "INSERT INTO rows (n) VALUES (?)", arguments: [index])
                            // Every seventh write fails after its insert: the insert must not stay.
                            if index % 7 == 0 { throw Refused(index: index) }
                            return try Int.fetchOne(db, sql: "SELECT count(*) FROM rows") ?? 0
                        }
                        return (index, .success(count))
                    } catch let refused as Refused {
                        return (index, .failure(refused))
                    } catch {
                        Issue.record("unexpected \(error)")
                        return (index, .failure(Refused(index: -1)))
                    }
                }
            }
            var all: [Int: Result<Int, Refused>] = [:]
            for await (index, outcome) in group { all[index] = outcome }
            return all
        }
        for (index, outcome) in outcomes {
            switch outcome {
            case .success(let count): #expect(index % 7 != 0 && count >= 1)
            case .failure(let refused): #expect(index % 7 == 0 && refused.index == index)
            }
        }
        let stored = try await pool.read { try Int.fetchAll($0, sql: "SELECT n FROM rows ORDER BY n") }
        #expect(stored == (0..<300).filter { $0 % 7 != 0 })
    }
}
