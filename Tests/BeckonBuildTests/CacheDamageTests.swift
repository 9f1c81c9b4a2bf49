import BeckonBuild
import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import BeckonTestSupport
import Foundation
import Testing

/// A damaged cache costs time, never a wrong file: records with a byte changed anywhere, records
/// cut short, blobs gone or cut short, and records of another format are each made again, with a
/// note, and the build is the one a fresh cache makes.
@Suite struct CacheDamageTests {
    let folder = TemporaryDirectory()
    let cache = TemporaryDirectory()

    init() throws {
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
    }

    /// A build with a new engine on the cache, as the next process makes it, and its notes.
    func build() async -> (IncrementalBuildTests.Snapshot, [Diagnostic], BuildResult) {
        let (engine, problem) = BuildCache.engine(folder: cache.url)
        #expect(problem == nil)
        let result = await Pipeline(options: IncrementalBuildTests.options(folder.url), engine: engine).run()
        return (IncrementalBuildTests.Snapshot(result), BuildCache.notes(engine), result)
    }

    /// The cache's files below `folder`, by the kind of record (the step) or `blobs`.
    func files(under part: String) -> [URL] {
        let root = cache.url.appendingPathComponent(part)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
        }.sorted { $0.path < $1.path }
    }

    /// Where each record lies in a pack (`RecordPack`: a 21-byte header, then per record its
    /// 16-byte name, its age, its length as a variable-length number, and its bytes).
    static func records(inPack bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 21
        while offset + 17 < bytes.count {
            offset += 17
            var length = 0
            var shift = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                length |= Int(byte & 0x7F) << shift
                shift += 7
                if byte < 0x80 { break }
            }
            guard offset + length <= bytes.count else { break }
            ranges.append(offset..<offset + length)
            offset += length
        }
        return ranges
    }

    var kinds: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: cache.url.appendingPathComponent("steps").path))?
            .sorted() ?? []
    }

    /// Builds the site once into an output folder, which writes its translation lock: only then
    /// do builds write the index of whole builds (`build.index`).
    func writeLock() async {
        let output = TemporaryDirectory()
        var written = IncrementalBuildTests.options(folder.url)
        written.write = true
        written.output = output.url.appendingPathComponent("site")
        _ = await Pipeline(options: written).run()
    }

    @Test func aByteChangedInEveryKindOfRecordIsMadeAgain() async throws {
        await writeLock()
        let (expected, firstNotes, _) = await build()
        #expect(firstNotes.isEmpty)
        let kinds = self.kinds
        #expect(
            Set(kinds).isSuperset(of: [
                "render.page", "render.email", "render.card", "check.artifact", "render.review", "build.outcome",
                "build.index",
            ])
        )
        for kind in kinds {
            // A site in which nothing changed is read back from the whole build's record alone:
            // its parts are read (and their damage found) when that record is gone.
            if kind != "build.outcome" {
                try? FileManager.default.removeItem(at: cache.url.appendingPathComponent("steps/build.outcome"))
            }
            let records = files(under: "steps/\(kind)")
            try #require(!records.isEmpty, "\(kind)")
            // Each record of the kind gets one byte flipped, at a different place: the signature,
            // the version, the checksum, the reads, the value, the last byte. In a pack, each
            // record in it.
            for (index, url) in records.enumerated() {
                var bytes = [UInt8](try Data(contentsOf: url))
                let ranges = url.lastPathComponent == "pack" ? Self.records(inPack: bytes) : [bytes.indices]
                try #require(!ranges.isEmpty, "\(url.path)")
                for (offset, range) in ranges.enumerated() {
                    let places = [0, 4, 7, 13, range.count / 2, range.count - 1]
                    bytes[range.lowerBound + places[(index + offset) % places.count]] ^= 0x5A
                }
                try Data(bytes).write(to: url)
            }
            let (snapshot, notes, result) = await build()
            #expect(snapshot == expected, "after damaging every \(kind) record")
            // The index is written, not made: a damaged one is not read.
            if kind == "build.index" {
                #expect(result.steps.diskHits["build.index"] == nil, "a damaged index was read")
            } else {
                #expect(result.steps.runs(of: StepName(rawValue: kind)) > 0, "\(kind) was not made again")
            }
            #expect(notes.contains { $0.rule == "build.cache" && $0.severity == .note }, "\(kind): \(notes)")
        }
        // The damaged records were written again: the next build, without the whole build's
        // record, reads them all.
        try? FileManager.default.removeItem(at: cache.url.appendingPathComponent("steps/build.outcome"))
        let (snapshot, notes, result) = await build()
        #expect(snapshot == expected)
        #expect(notes.isEmpty, "\(notes)")
        #expect(result.steps.runs(of: "render.page") == 0)
    }

    @Test func recordsAndBlobsCutShortAreMadeAgain() async throws {
        await writeLock()
        let (expected, _, _) = await build()
        for url in files(under: "steps") {
            let bytes = try Data(contentsOf: url)
            try bytes.prefix(bytes.count / 2).write(to: url)
        }
        let (cut, notes, _) = await build()
        #expect(cut == expected)
        #expect(notes.contains { $0.message.contains("did not read back") }, "\(notes)")
        // Blobs (the files' bytes and provenance) cut short or gone: their records are not used.
        for (index, url) in files(under: "blobs").enumerated() {
            if index.isMultiple(of: 2) {
                try FileManager.default.removeItem(at: url)
            } else {
                try Data(try Data(contentsOf: url).dropLast()).write(to: url)
            }
        }
        let (missing, blobNotes, result) = await build()
        #expect(missing == expected)
        #expect(result.steps.runs(of: "render.page") > 0)
        #expect(blobNotes.contains { $0.message.contains("did not read back") }, "\(blobNotes)")
    }

    @Test func recordsOfAnotherFormatAreSetAsideWithANote() async throws {
        let (expected, _, _) = await build()
        try Data("beckon step cache, record format 1\n".utf8).write(to: cache.url.appendingPathComponent("format"))
        let (snapshot, notes, result) = await build()
        #expect(snapshot == expected)
        #expect(result.steps.diskHits.isEmpty)
        #expect(
            notes.contains { $0.message.contains("another format (beckon step cache, record format 1)") }, "\(notes)")
        let (again, laterNotes, reused) = await build()
        #expect(again == expected)
        #expect(laterNotes.isEmpty)
        #expect(reused.steps.runs(of: "render.page") == 0)
    }
}
