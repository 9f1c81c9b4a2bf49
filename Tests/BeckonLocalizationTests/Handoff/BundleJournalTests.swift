import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonLocalization

/// A write of several bundles is all or nothing, also when the process dies between renames.
@Suite struct BundleJournalTests {
    static let locales = ["ar", "de-DE", "ja-JP"]

    /// A site folder with three bundles, and the changes that give each a new text.
    static func site() throws -> (TemporaryDirectory, [BundleChange]) {
        let site = TemporaryDirectory()
        try FileManager.default.createDirectory(at: site.path("locales"), withIntermediateDirectories: true)
        var changes: [BundleChange] = []
        for locale in locales {
            let old = "greeting: old \(locale)\n"
            try Data(old.utf8).write(to: site.path("locales/\(locale).yml"))
            changes.append(
                BundleChange(
                    locale: LocaleID(locale)!, path: "locales/\(locale).yml", oldText: old,
                    newText: "greeting: new \(locale)\n", keys: ["greeting"]))
        }
        return (site, changes)
    }

    /// Every bundle's text, and whether anything else is in the folder.
    static func state(_ site: TemporaryDirectory) throws -> (texts: [String], others: [String]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: site.path("locales").path).sorted()
        let texts = try locales.map { try String(contentsOf: site.path("locales/\($0).yml"), encoding: .utf8) }
        return (texts, names.filter { !locales.map { "\($0).yml" }.contains($0) })
    }

    static let allOld = locales.map { "greeting: old \($0)\n" }
    static let allNew = locales.map { "greeting: new \($0)\n" }

    @Test func aWriteReplacesEveryBundleAndLeavesNothingBehind() throws {
        let (site, changes) = try Self.site()
        try BundleWriter.write(changes, siteRoot: site.url)
        let state = try Self.state(site)
        #expect(state.texts == Self.allNew)
        #expect(state.others == [])
    }

    /// A process killed after 0, 1, 2 or 3 of its renames (the staged write is dropped without
    /// committing, as a SIGKILL leaves it): the next run finishes the write.
    @Test(arguments: 0...3)
    func aWriteKilledBetweenRenamesIsFinishedByTheNextRun(renamed: Int) throws {
        let (site, changes) = try Self.site()
        do {
            let staged = try BundleWriter.stage(changes, siteRoot: site.url)
            try staged.commit(renaming: renamed)
        }
        let interrupted = try Self.state(site)
        #expect(interrupted.others.contains(BundleJournal.fileName))
        #expect(interrupted.others.filter { $0.hasSuffix(".tmp") }.count == 3 - renamed)
        let finished = try BundleJournal.recover(siteRoot: site.url)
        #expect(finished.count == 3 - renamed)
        let state = try Self.state(site)
        #expect(state.texts == Self.allNew)
        #expect(state.others == [])
    }

    /// Killed while writing temporary files, before the journal: no bundle was replaced, and the
    /// stray temporary files are removed.
    @Test func temporaryFilesWithoutAJournalAreRemovedAndTheBundlesStayOld() throws {
        let (site, _) = try Self.site()
        for name in [".de-DE.yml.beckon-1234.tmp", ".ar.yml.beckon-ABCD.tmp", ".beckon-import.journal.beckon-9.tmp"] {
            try Data("partial".utf8).write(to: site.path("locales/\(name)"))
        }
        try Data("keep".utf8).write(to: site.path("locales/.notes.tmp"))
        #expect(try BundleJournal.recover(siteRoot: site.url).isEmpty)
        let state = try Self.state(site)
        #expect(state.texts == Self.allOld)
        #expect(state.others == [".notes.tmp"])
    }

    @Test func theNextWriteFinishesAnInterruptedOneFirst() throws {
        let (site, changes) = try Self.site()
        try BundleWriter.stage(changes, siteRoot: site.url).commit(renaming: 1)
        // The next import read the bundles as the recovery leaves them: all new.
        let next = changes.map { change in
            BundleChange(
                locale: change.locale, path: change.path, oldText: change.newText,
                newText: change.newText + "# again\n",
                keys: change.keys)
        }
        try BundleWriter.write(next, siteRoot: site.url)
        let state = try Self.state(site)
        #expect(state.texts == Self.allNew.map { $0 + "# again\n" })
        #expect(state.others == [])
    }

    @Test(arguments: [
        "beckon-import-journal 1\n.x.beckon-1.tmp ../beckon.yml\nend\n",
        "beckon-import-journal 1\n.de-DE.yml.beckon-1.tmp de-DE.yml\n",
        "beckon-import-journal 1\n/etc/passwd de-DE.yml\nend\n",
        "something else\n",
    ])
    func aJournalBeckonDidNotWriteIsRefusedAndNothingIsRenamed(text: String) throws {
        let (site, changes) = try Self.site()
        try Data(text.utf8).write(to: site.path("locales/\(BundleJournal.fileName)"))
        #expect(throws: Diagnostic.self) { try BundleJournal.recover(siteRoot: site.url) }
        #expect(throws: Diagnostic.self) { try BundleWriter.write(changes, siteRoot: site.url) }
        #expect(try Self.state(site).texts == Self.allOld)
    }

    @Test func aBundleChangedOnDiskStopsTheWholeWrite() throws {
        let (site, changes) = try Self.site()
        try Data("greeting: edited\n".utf8).write(to: site.path("locales/ja-JP.yml"))
        #expect(throws: Diagnostic.self) { try BundleWriter.write(changes, siteRoot: site.url) }
        let state = try Self.state(site)
        #expect(state.texts == Array(Self.allOld.prefix(2)) + ["greeting: edited\n"])
        #expect(state.others == [])
    }

    @Test func aByteOrderMarkAndPermissionsAreKept() throws {
        let (site, changes) = try Self.site()
        let path = site.path("locales/ar.yml").path
        try Data([0xEF, 0xBB, 0xBF] + Array(changes[0].oldText.utf8)).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try BundleWriter.write(changes, siteRoot: site.url)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path))
                == Data([0xEF, 0xBB, 0xBF] + Array(changes[0].newText.utf8)))
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
    }
}
