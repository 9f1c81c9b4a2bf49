import BeckonTestSupport
import Foundation
import Testing

/// `beckon build --cache` makes the bytes a build without a cache makes, whether the cache is
/// being filled, read back into an empty output folder, or finds the output already up to date:
/// on the default site, both examples and a generated site with more locales and samples.
@Suite struct CachedBuildTests {
    /// The sites, as `--site` arguments (the generated one is made in `folder`).
    static func site(_ name: String, in folder: TemporaryDirectory) throws -> String {
        guard name == "generated" else { return name }
        let site = folder.path("generated-site")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Repository.root.appendingPathComponent("scripts/generate-large-site.py").path, site.path,
            "--locales", "3", "--samples", "6",
        ]
        let (status, _, errors) = try CapturedRun.run(process)
        try #require(status == 0, "\(String(decoding: errors, as: UTF8.self))")
        return site.path
    }

    @Test(arguments: [".", "examples/selffull", "examples/playa", "generated"])
    func everyCacheModeMakesTheSameBytes(_ name: String) throws {
        let folder = TemporaryDirectory()
        let site = try Self.site(name, in: folder)
        let key = ["BECKON_LINK_KEY": BeckonBinary.testLinkKey]
        func build(_ output: String, cache: Bool) throws -> BeckonBinary.Run {
            let arguments =
                ["build", "--site", site, "--output", folder.path(output).path]
                + (cache ? ["--cache", folder.path("cache").path] : [])
            return try BeckonBinary.run(arguments, environment: key)
        }
        let plain = try build("plain", cache: false)
        try #require(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        let expected = OutputSnapshot.files(in: folder.path("plain"))
        #expect(expected.count > 20)
        // Filling the cache, then read back into an empty folder, then with nothing to do.
        for (output, mode) in [("filling", "filling the cache"), ("warm", "reading it back"), ("warm", "no change")] {
            let run = try build(output, cache: true)
            #expect(run.status == 0, "\(mode): \(run.stdout)\(run.stderr)")
            #expect(!run.stdout.contains("build.cache"), "\(mode): \(run.stdout)")
            let files = OutputSnapshot.files(in: folder.path(output))
            #expect(files.keys.sorted() == expected.keys.sorted(), "\(mode)")
            for (path, bytes) in expected where files[path] != bytes {
                Issue.record("\(path) differs from a build without a cache when \(mode)")
            }
        }
        let reuse = try build("reuse", cache: true)
        #expect(reuse.stdout.contains("steps from the cache"), "\(reuse.stdout)")
    }

    /// A build of bytes built before reads the whole build through the index, without loading
    /// the site, and reports what the build that loaded it reported: each finding with the source
    /// line it quotes.
    @Test func aBuildReadThroughTheIndexReportsAsTheLoadedOne() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("examples/playa"), to: folder.path("site"))
        let bundle = folder.path("site/locales/es-ES.yml")
        try (try Data(contentsOf: bundle) + Data("extra_key: \"solo aquí\"\n".utf8)).write(to: bundle)
        func build(_ output: String) throws -> BeckonBinary.Run {
            try BeckonBinary.run(
                [
                    "build", "--site", folder.path("site").path, "--output", folder.path(output).path, "--cache",
                    folder.path("cache").path,
                ],
                environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey, "BECKON_STEP_STATS": "1"])
        }
        let runs = try ["first", "second", "third"].map(build)
        // The findings, without the summary line (its time and what came from the cache differ).
        func findings(_ run: BeckonBinary.Run) -> [String] {
            run.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("Built ") }
        }
        #expect(findings(runs[0]).contains { $0.contains("warning[l10n.unused-key]") }, "\(runs[0].stdout)")
        #expect(findings(runs[0]).contains { $0.contains("> 16 | extra_key: \"solo aquí\"") }, "\(runs[0].stdout)")
        for run in runs {
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            #expect(findings(run) == findings(runs[0]), "\(run.stdout)")
        }
        #expect(runs[2].stderr.contains("build.index: ran 0 (0.0 ms), reused 0, from disk 1"), "\(runs[2].stderr)")
        #expect(runs[2].stderr.contains("phases: whole build by bytes"), "\(runs[2].stderr)")
        #expect(!runs[2].stderr.contains("load "), "\(runs[2].stderr)")
        #expect(OutputSnapshot.files(in: folder.path("third")) == OutputSnapshot.files(in: folder.path("first")))
    }

    /// Whether a hard link can be made in a temporary folder, where the tests build.
    static var hardLinksWork: Bool {
        let folder = TemporaryDirectory()
        guard FileManager.default.createFile(atPath: folder.path("a").path, contents: Data("a".utf8)) else {
            return false
        }
        return link(folder.path("a").path, folder.path("b").path) == 0
    }

    /// A build reading its files back from the cache links them into the output (one file, two
    /// names); an output file then edited in place, at its size, edits the cache's copy too. The
    /// next build notices it by its time: it makes that page again, as a build without a cache
    /// does, says why, and leaves the edited output file as it was until it replaces the folder.
    @Test(.enabled(if: hardLinksWork, "the temporary folder's file system makes no hard links: outputs get copies"))
    func anOutputFileEditedInPlaceIsMadeAgainNotReused() throws {
        let folder = TemporaryDirectory()
        let key = ["BECKON_LINK_KEY": BeckonBinary.testLinkKey]
        func build(_ output: String) throws -> BeckonBinary.Run {
            try BeckonBinary.run(
                ["build", "--output", folder.path(output).path, "--cache", folder.path("cache").path],
                environment: key)
        }
        #expect(try build("first").status == 0)
        #expect(try build("linked").status == 0)
        let page = folder.path("linked/en-US/invite/index.html")
        let original = try Data(contentsOf: page)
        var status = stat()
        #expect(lstat(page.path, &status) == 0 && status.st_nlink == 2)

        // Written in place, as an editor keeping links writes: the same size, other bytes.
        Thread.sleep(forTimeInterval: 0.05)
        let edited = Data(original.map { $0 == UInt8(ascii: "a") ? UInt8(ascii: "o") : $0 })
        let handle = try #require(FileHandle(forUpdatingAtPath: page.path))
        try handle.write(contentsOf: edited)
        try handle.close()

        let next = try build("next")
        #expect(next.status == 0)
        #expect(next.stdout.contains("did not read back"), "\(next.stdout)")
        #expect(try Data(contentsOf: folder.path("next/en-US/invite/index.html")) == original)
        #expect(try Data(contentsOf: page) == edited)
        // The cache stored the page again: the build after reads everything back.
        let again = try build("again")
        #expect(!again.stdout.contains("build.cache"), "\(again.stdout)")
        #expect(try Data(contentsOf: folder.path("again/en-US/invite/index.html")) == original)
    }

    /// A static `manifest.json` would be written over by the build's own: an error that says so.
    /// Written anyway under `--keep-going`, the build's manifest is a new file, never one linked
    /// to the cache's copy of the static file (whose next reuse would then find it changed).
    @Test func aStaticManifestIsAnErrorAndNeverWrittenIntoTheCache() throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.minimal, to: folder.path("site"))
        let staticFile = folder.path("site/static/manifest.json")
        try FileManager.default.createDirectory(
            at: staticFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"name": "Minimo"}"#.utf8).write(to: staticFile)
        func build(_ output: String) throws -> BeckonBinary.Run {
            try BeckonBinary.run([
                "build", "--site", folder.path("site").path, "--output", folder.path(output).path, "--cache",
                folder.path("cache").path, "--keep-going",
            ])
        }
        let first = try build("first")
        #expect(first.status != 0)
        #expect(first.stdout.contains("`manifest.json` is the build's manifest"), "\(first.stdout)")
        for output in ["linked", "again"] {
            let run = try build(output)
            #expect(!run.stdout.contains("build.cache"), "\(output): \(run.stdout)")
            let manifest = try String(contentsOf: folder.path("\(output)/manifest.json"), encoding: .utf8)
            #expect(manifest.contains(#""artifacts""#), "\(output)")
        }
        #expect(try Data(contentsOf: staticFile) == Data(#"{"name": "Minimo"}"#.utf8))
    }
}
