import BeckonDiagnostics

/// The compact byte form an origin takes inside a mark: its fields joined by U+001F.
enum OriginCoding {
    private static let separator: UInt8 = 0x1F

    static func encode(_ origin: Origin) -> [UInt8] {
        let fields = [
            origin.kind.rawValue, origin.location.file, String(origin.location.line), String(origin.location.column),
            origin.key ?? "", origin.locale ?? "",
        ]
        var bytes: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(separator) }
            bytes += field.utf8
        }
        return bytes
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> Origin? {
        let fields = bytes.split(separator: separator, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard fields.count == 6, let kind = Origin.Kind(rawValue: fields[0]), let line = Int(fields[2]),
            let column = Int(fields[3])
        else { return nil }
        return Origin(
            kind, at: SourceLocation(file: fields[1], line: line, column: column),
            key: fields[4].isEmpty ? nil : fields[4], locale: fields[5].isEmpty ? nil : fields[5])
    }
}
