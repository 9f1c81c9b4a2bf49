import BeckonRecords
import Crypto
import Foundation

/// An artifact's bytes — in memory, in a file they were written to, or in both — with their count
/// and, once worked out, their SHA-256. An artifact changes it only under its own lock.
struct ArtifactContent: Sendable {
    private var memory: [UInt8]?
    /// The folder and path of the file the bytes were moved to.
    private(set) var file: (folder: ArtifactFolder, file: String)?
    let count: Int
    var sha256: String?

    init(_ bytes: [UInt8]) {
        memory = bytes
        count = bytes.count
    }

    /// Bytes in `file`, kept in memory too when `memory` holds them (they are then read from there).
    init(file: (folder: ArtifactFolder, file: String), count: Int, sha256: String, memory: [UInt8]? = nil) {
        self.file = file
        self.count = count
        self.sha256 = sha256
        self.memory = memory
    }

    /// The bytes: from memory, or read from the file (empty when it cannot be read whole).
    var bytes: [UInt8] {
        if let memory { return memory }
        guard let file else { return [] }
        return FileBytes.read(file.folder.path + "/" + file.file, count: count) ?? []
    }

    /// Lower-case hex digits of the SHA-256 of `bytes`.
    static func sha256(of bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
