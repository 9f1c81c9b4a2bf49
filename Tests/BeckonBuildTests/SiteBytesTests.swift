import BeckonEngine
import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonBuild

/// The fingerprint of a site's bytes (`SiteBytes`), on generated trees: the same tree in two
/// folders gives the same fingerprint, and every change a loader could see (a byte, a name, an
/// entry added or gone, a file turned into a link, a link's target) gives another.
@Suite struct SiteBytesTests {
    /// A generated site tree: paths (bytes, so names need not be UTF-8) and what each holds.
    struct Tree {
        enum Entry: Equatable {
            case file([UInt8])
            case link(String)
        }

        var entries: [[UInt8]: Entry] = [:]

        static func random(using generator: inout SeededGenerator) -> Tree {
            var tree = Tree()
            tree.entries[Array("beckon.yml".utf8)] = .file(
                Array("site: \(UInt8.random(in: 0...255, using: &generator))".utf8))
            let names: [[UInt8]] = [
                Array("a.md".utf8), Array(".hidden".utf8), Array("de-DE.yml".utf8), [0x66, 0xFF, 0x2E, 0x70],
                Array("logo.png".utf8), Array("ü.txt".utf8),
            ]
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let top = ["templates", "locales", "static"].randomElement(using: &generator)!
                let middle = Bool.random(using: &generator) ? "/sub" : ""
                let name = names.randomElement(using: &generator)!
                let path = Array("\(top)\(middle)/".utf8) + name
                let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
                tree.entries[path] = .file(bytes)
            }
            return tree
        }

        /// Writes the tree through the raw bytes of each path: names need not be UTF-8.
        func write(to folder: URL) throws {
            for (path, entry) in entries {
                let full = Array(folder.path.utf8) + [0x2F] + path
                let parent = folder.path + "/" + String(decoding: path, as: UTF8.self)
                try FileManager.default.createDirectory(
                    atPath: (parent as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                let written = (full + [0]).withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { name -> Bool in
                        switch entry {
                        case .file(let content):
                            let descriptor = open(name.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                            guard descriptor >= 0 else { return false }
                            defer { close(descriptor) }
                            return content.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
                                == content.count
                        case .link(let target):
                            return symlink(target, name.baseAddress!) == 0
                        }
                    }
                }
                #expect(written, "\(String(decoding: path, as: UTF8.self))")
            }
        }
    }

    func fingerprint(_ tree: Tree) throws -> Fingerprint? {
        let folder = TemporaryDirectory()
        try tree.write(to: folder.url)
        return SiteBytes.fingerprint(of: folder.url)
    }

    @Test func theSameTreeInAnotherFolderIsTheSame() throws {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<60 {
            let tree = Tree.random(using: &generator)
            let first = try #require(try fingerprint(tree))
            #expect(try fingerprint(tree) == first)
        }
    }

    @Test func everyChangeALoaderCouldSeeIsAnotherFingerprint() throws {
        var generator = SeededGenerator(seed: 12)
        for round in 0..<60 {
            let tree = Tree.random(using: &generator)
            let original = try #require(try fingerprint(tree))
            let (path, entry) = tree.entries.sorted { $0.key.lexicographicallyPrecedes($1.key) }
                .randomElement(using: &generator)!
            guard case .file(let bytes) = entry else { continue }
            var changes: [(String, Tree)] = []
            var flipped = tree
            flipped.entries[path] = .file(
                bytes.isEmpty ? [0] : bytes.enumerated().map { $0 == bytes.count / 2 ? $1 ^ 1 : $1 })
            changes.append(("a byte", flipped))
            var renamed = tree
            renamed.entries[path] = nil
            renamed.entries[path + [0x5F]] = entry
            changes.append(("a name", renamed))
            var added = tree
            added.entries[Array("static/.DS_Store".utf8) + [UInt8(round % 10) + 0x30]] = .file([])
            changes.append(("an empty file added", added))
            if path != Array("beckon.yml".utf8) {
                var removed = tree
                removed.entries[path] = nil
                changes.append(("a file removed", removed))
            }
            // A link to a file with the same bytes, under the same name.
            var linked = tree
            linked.entries[path] = nil
            linked.entries[Array("elsewhere.bin".utf8)] = entry
            let depth = path.filter { $0 == 0x2F }.count
            linked.entries[path] = .link(String(repeating: "../", count: depth) + "elsewhere.bin")
            var moved = linked
            moved.entries[Array("elsewhere.bin".utf8)] = nil
            moved.entries[Array("elsewhere2.bin".utf8)] = entry
            moved.entries[path] = .link(String(repeating: "../", count: depth) + "elsewhere2.bin")
            let linkedPrint = try fingerprint(linked)
            #expect(linkedPrint != original, "a file turned into a link, round \(round)")
            #expect(try fingerprint(moved) != linkedPrint, "a link's target, round \(round)")
            for (change, changed) in changes {
                #expect(try fingerprint(changed) != original, "\(change), round \(round)")
            }
        }
    }

    @Test func aLinkToAFolderCannotBeTold() throws {
        let folder = TemporaryDirectory()
        var tree = Tree()
        tree.entries[Array("beckon.yml".utf8)] = .file(Array("site".utf8))
        tree.entries[Array("templates/pages/a.md".utf8)] = .file(Array("# A".utf8))
        tree.entries[Array("static/pages".utf8)] = .link("../templates/pages")
        try tree.write(to: folder.url)
        #expect(SiteBytes.fingerprint(of: folder.url) == nil)
    }

    /// A pipe below `static/` is named, not read (reading it would wait for a writer).
    @Test func aPipeIsNamedNotRead() throws {
        let folder = TemporaryDirectory()
        var tree = Tree()
        tree.entries[Array("beckon.yml".utf8)] = .file(Array("site".utf8))
        try tree.write(to: folder.url)
        let before = try #require(SiteBytes.fingerprint(of: folder.url))
        try FileManager.default.createDirectory(at: folder.path("static"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.path("static/pipe").path, 0o644) == 0)
        let after = try #require(SiteBytes.fingerprint(of: folder.url))
        #expect(after != before)
    }
}
