import BeckonStore
import BeckonStoreSQLite
import BeckonTestSupport
import Foundation
import Testing

/// `beckon waitlist export` and `erase` on a store `beckon serve` kept, read back with Python's
/// `csv` module as a spreadsheet or a mailing tool would.
@Suite struct WaitlistCommandTests {
    @Test(.enabled(if: TestTool.program("python3") != nil, "python3 is not installed: run `make test-deps`"))
    func theListExportsAsCSVAndAnAddressIsErased() async throws {
        let folder = TemporaryDirectory()
        let database = folder.path("invites.sqlite").path
        let store = try SQLiteInviteStore(path: database)
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        for (index, entry) in [
            ("ana@example.org", "de-DE", "Wir schreiben dir einmal, \"versprochen\"."),
            ("=cmd@example.org", "en-US", "We'll write once,\nwhen it launches."),
            ("lou@example.org", "ar", "سنراسلك مرة واحدة."),
        ].enumerated() {
            #expect(
                try await store.joinWaitlist(
                    WaitlistEntry(
                        address: entry.0, locale: entry.1, consent: entry.2, at: start + Double(index))))
        }
        let exported = try BeckonBinary.run(["waitlist", "export", "--database", database])
        #expect(exported.status == 0, "\(exported.stderr)")
        let rows = try Self.parsedWithPython(exported.stdout, in: folder)
        #expect(rows.first == ["address", "locale", "consent", "joined"])
        #expect(rows.dropFirst().map(\.first) == ["ana@example.org", "'=cmd@example.org", "lou@example.org"])
        #expect(rows[1][2] == "Wir schreiben dir einmal, \"versprochen\"." && rows[1][3] == "2026-09-21T14:13:20Z")
        #expect(rows[2][2] == "We'll write once,\nwhen it launches.")

        let erased = try BeckonBinary.run(["waitlist", "erase", "--database", database, " ANA@example.org "])
        #expect(erased.status == 0 && erased.stdout == "removed the address from the waiting list\n")
        #expect(!erased.stdout.contains("ana@"))
        let again = try BeckonBinary.run(["waitlist", "erase", "--database", database, "ana@example.org"])
        #expect(again.stdout == "the address is not on the waiting list\n")
        let file = folder.path("list.csv").path
        let written = try BeckonBinary.run(["waitlist", "export", "--database", database, "--output", file])
        #expect(written.status == 0 && written.stderr.contains("wrote 2 addresses"))
        let remaining = try Self.parsedWithPython(try String(contentsOfFile: file, encoding: .utf8), in: folder)
        #expect(remaining.dropFirst().map(\.first) == ["'=cmd@example.org", "lou@example.org"])

        let missing = try BeckonBinary.run(["waitlist", "export", "--database", folder.path("no/such.sqlite").path])
        #expect(missing.status == 1 && missing.stderr.contains("error[store.missing]"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("no").path))
    }

    /// The rows Python's `csv` module reads from `text`, as JSON.
    static func parsedWithPython(_ text: String, in folder: TemporaryDirectory) throws -> [[String]] {
        let input = folder.path("input.csv")
        try Data(text.utf8).write(to: input)
        let process = Process()
        process.executableURL = TestTool.program("python3")
        process.arguments = [
            "-c",
            "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))",
            input.path,
        ]
        let run = try CapturedRun.run(process)
        try #require(run.status == 0, "\(String(decoding: run.stderr, as: UTF8.self))")
        return try JSONDecoder().decode([[String]].self, from: run.stdout)
    }
}
