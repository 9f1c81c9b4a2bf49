import Foundation
import InviteModel

/// A folder an existing mail agent sends from (`beckon serve --outbox DIR`): each email is one
/// `.eml` file, written whole under a hidden name and renamed into place, so an agent that picks
/// up `*.eml` never reads half a message. Names hold the time, the invite's code and the
/// template, never the recipient.
public struct Outbox: Sendable {
    public let folder: URL

    /// The folder, made when missing.
    public init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
    }

    /// Writes a message; returns its file name (`20261127T093012.345Z-K7M2PQ-invite.eml`).
    func write(_ message: [UInt8], code: InviteCode, template: String, at date: Date) throws -> String {
        let stem = "\(Self.stamp(date))-\(code.rawValue)-\(template)"
        let partial = folder.appendingPathComponent(".\(stem).\(UUID().uuidString.prefix(8)).partial")
        // The message holds the recipient's address: readable by this user and its group (a mail
        // agent's), not by everyone.
        guard
            FileManager.default.createFile(
                atPath: partial.path, contents: Data(message), attributes: [.posixPermissions: 0o640])
        else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { unlink(partial.path) }
        let handle = try FileHandle(forWritingTo: partial)
        try handle.synchronize()
        try handle.close()
        // A hard link never replaces a file: a name taken meanwhile gets the next number.
        for number in 1...100 {
            let name = number == 1 ? "\(stem).eml" : "\(stem)-\(number).eml"
            if link(partial.path, folder.appendingPathComponent(name).path) == 0 { return name }
            guard errno == EEXIST else { break }
        }
        throw CocoaError(.fileWriteUnknown)
    }

    /// Removes the emails of these invites that are still in the folder (a sender's data is
    /// erased); returns how many files went. An agent that already took a file keeps it.
    @discardableResult
    func remove(codes: Set<InviteCode>) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var removed = 0
        for name in names where name.hasSuffix(".eml") || name.hasSuffix(".partial") {
            // `STAMP-CODE-TEMPLATE.eml`, or `.STAMP-CODE-TEMPLATE.RANDOM.partial` while written.
            let stem = name.hasPrefix(".") ? name.dropFirst() : Substring(name)
            let code = stem.dropFirst(Self.stamp(Date(timeIntervalSince1970: 0)).count + 1).prefix(InviteCode.length)
            guard let parsed = InviteCode(String(code)), codes.contains(parsed) else { continue }
            if unlink(folder.appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }

    /// A UTC time that sorts as text and is a safe file name: `20261127T093012.345Z`.
    static func stamp(_ date: Date) -> String {
        Timestamp.string(from: date).filter { $0 != "-" && $0 != ":" }
    }
}
