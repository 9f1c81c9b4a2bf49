import BeckonRecords

/// Findings as the build's step cache keeps them (`RecordCodable`): every field, in order.
extension Diagnostic: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.write(rule.rawValue)
        writer.write(severity)
        writer.write(message)
        writer.write(location)
        writer.write(fix)
        writer.write(notes)
        writer.write(locale)
        writer.write(sample)
        writer.write(artifact)
        writer.write(artifactLine)
        writer.write(detail)
        writer.write(occurrences)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        let rule = RuleID(try reader.read(String.self))
        let severity = try reader.read(Severity.self)
        let message = try reader.read(String.self)
        let location = try reader.read(SourceLocation?.self)
        self.init(severity, rule, message, at: location, fix: try reader.read(String?.self))
        notes = try reader.read([String].self)
        locale = try reader.read(String?.self)
        sample = try reader.read(String?.self)
        artifact = try reader.read(String?.self)
        artifactLine = try reader.read(Int?.self)
        detail = try reader.read(String?.self)
        occurrences = try reader.read([Occurrence].self)
    }
}

extension Severity: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        let tag: UInt8 =
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        writer.writeByte(tag)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        switch try reader.readByte() {
        case 0: self = .error
        case 1: self = .warning
        case 2: self = .note
        default: throw RecordError.malformed("no such severity")
        }
    }
}

extension SourceLocation: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.write(file)
        writer.write(line)
        writer.write(column)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        self.init(
            file: try reader.read(String.self), line: try reader.read(Int.self), column: try reader.read(Int.self))
    }
}

extension Occurrence: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.write(locale)
        writer.write(sample)
        writer.write(artifact)
        writer.write(line)
        writer.write(detail)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        self.init(
            locale: try reader.read(String?.self), sample: try reader.read(String?.self),
            artifact: try reader.read(String?.self), line: try reader.read(Int?.self),
            detail: try reader.read(String?.self))
    }
}
