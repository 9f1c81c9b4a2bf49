import BeckonDiagnostics
import Foundation

/// Reads site files safely: within a size limit, as valid UTF-8, and always relative to the site
/// root so diagnostics name files the way the user sees them.
public struct InputReader: Sendable {
    /// The largest text file Beckon reads (beckon.yml, templates, layouts, bundles).
    public static let textSizeLimit = 1 << 20
    /// The largest static file Beckon copies.
    public static let staticSizeLimit = 10 << 20

    public let root: URL
    public let sources: SourceStore
    /// The root with every link resolved, worked out once: each file read is checked against it.
    private let resolvedRoot: String

    public init(root: URL, sources: SourceStore) {
        self.root = root
        self.sources = sources
        resolvedRoot = Self.resolved(root.path) ?? root.standardizedFileURL.path
    }

    /// The absolute path with every symbolic link and `.`/`..` resolved (`realpath`: one call,
    /// where Foundation's URL resolution parses the path again at each link), or `nil` when
    /// it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The URL of a site-relative path.
    public func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// Whether a site-relative path exists (as a file or folder).
    public func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: url(relativePath).path)
    }

    /// Reads a text file, or reports why it cannot be read.
    /// - Parameters:
    ///   - relativePath: The path from the site root.
    ///   - reference: Where the file was asked for, for a missing file.
    ///   - missingRule: The rule to report a missing file under.
    ///   - missingFix: What to do about a missing file.
    public func readText(
        _ relativePath: String, reference: SourceLocation? = nil, missingRule: RuleID = "input.missing-file",
        missingFix: String? = nil
    ) -> Result<SourceText, Diagnostic> {
        let location = SourceLocation(file: relativePath)
        let fileURL = url(relativePath)
        // One `stat` for whether it is there and its size (Foundation's attributes also look up
        // the owner's and group's names, reading the user and group databases for every file).
        var status = stat()
        guard stat(fileURL.path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
            return .failure(
                .error(
                    missingRule, "`\(relativePath)` does not exist", at: reference ?? location,
                    fix: missingFix ?? "Create `\(relativePath)`, or fix the name that refers to it."))
        }
        // A link may point anywhere on the machine: site files are read only from inside the site.
        let resolved = Self.resolved(fileURL.path) ?? fileURL.path
        guard resolved.hasPrefix(resolvedRoot + "/") else {
            return .failure(
                .error(
                    "input.symlink",
                    "`\(relativePath)` is a symbolic link to a file outside the site, which Beckon does not read",
                    at: location, fix: "Copy the file into the site folder instead of linking to it."))
        }
        let size = Int(status.st_size)
        guard size <= Self.textSizeLimit else {
            return .failure(
                .error(
                    "input.too-large",
                    "`\(relativePath)` is \(Self.megabytes(size)), over the \(Self.megabytes(Self.textSizeLimit)) limit for site text files",
                    at: location,
                    fix:
                        "Split the file, or check that it is the file you meant (a site text file is rarely over 100 KB)."
                ))
        }
        guard let data = FileManager.default.contents(atPath: fileURL.path) else {
            return .failure(
                .error(
                    "input.unreadable", "`\(relativePath)` cannot be read", at: location,
                    fix: "Check the file's permissions."))
        }
        return Self.decode([UInt8](data), path: relativePath).map { text in
            let source = SourceText(path: relativePath, text: text)
            sources.add(source)
            return source
        }
    }

    /// Decodes UTF-8 (dropping a byte-order mark), or reports where the first invalid byte is.
    public static func decode(_ bytes: [UInt8], path: String) -> Result<String, Diagnostic> {
        var bytes = bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let offset = firstInvalidOffset(bytes) {
            let prefix = String(decoding: bytes.prefix(offset), as: UTF8.self)
            let location = SourceText(path: path, text: prefix).location(ofUTF8Offset: prefix.utf8.count)
            let byte = bytes[bytes.startIndex + offset]
            let isNUL = byte == 0
            return .failure(
                .error(
                    "input.invalid-utf8",
                    isNUL
                        ? "`\(path)` contains a NUL byte; it looks like a binary file, not text"
                        : "`\(path)` is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) at offset \(offset))",
                    at: location,
                    fix: isNUL ? "Keep binary files under `static/`." : "Save the file as UTF-8 in your editor."))
        }
        if let offset = firstReservedOffset(bytes) {
            let prefix = String(decoding: bytes.prefix(offset), as: UTF8.self)
            return .failure(
                .error(
                    "input.reserved-character",
                    "`\(path)` contains a character from Unicode's Supplementary Private Use Area-B (U+100000–U+10FFFD), which Beckon reserves for tracing output to its source",
                    at: SourceText(path: path, text: prefix).location(ofUTF8Offset: prefix.utf8.count),
                    fix: "Remove the character; private-use characters display as nothing or a box on other devices."))
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The offset of the first plane-16 private-use character (UTF-8 `F4 80`–`F4 8F`), if any.
    static func firstReservedOffset(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while let lead = bytes[index...].firstIndex(of: 0xF4) {
            let next = bytes.index(after: lead)
            if next < bytes.endIndex, (0x80...0x8F).contains(bytes[next]) { return lead - bytes.startIndex }
            index = next
        }
        return nil
    }

    /// The offset of the first byte that is not part of valid UTF-8 (or is NUL), if any.
    static func firstInvalidOffset(_ bytes: ArraySlice<UInt8>) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var consumed = 0
        // Track consumed bytes by re-measuring each decoded scalar.
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar.value == 0 { return offset }
                consumed = UTF8.width(scalar)
                offset += consumed
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) : "\(bytes / 1024) KB"
    }
}
