/// A value written to and read from a compact binary record (`RecordWriter`, `RecordReader`):
/// its fields in a fixed order, without names, for results read back many thousands of times per
/// run (the build's step cache). Keep `write(to:)` and `init(from:)` in step: a field added to
/// one is added to the other, and a change to either changes the format's version.
public protocol RecordCodable {
    /// Appends the value's fields.
    func write(to writer: inout RecordWriter)
    /// Reads what `write(to:)` wrote, throwing `RecordError` on anything else.
    init(from reader: inout RecordReader) throws(RecordError)
}

extension String: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.writeString(self)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        self = try reader.readString()
    }
}

extension Int: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.writeInteger(self)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        self = try reader.readInteger()
    }
}

extension Bool: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.writeByte(self ? 1 : 0)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        switch try reader.readByte() {
        case 0: self = false
        case 1: self = true
        default: throw RecordError.malformed("a flag is neither 0 nor 1")
        }
    }
}

extension Double: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.writeFixed(bitPattern)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        self = Double(bitPattern: try reader.readFixed())
    }
}

extension UInt8: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.writeByte(self)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        self = try reader.readByte()
    }
}

extension Optional: RecordCodable where Wrapped: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        switch self {
        case .none: writer.writeByte(0)
        case .some(let value):
            writer.writeByte(1)
            value.write(to: &writer)
        }
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        switch try reader.readByte() {
        case 0: self = .none
        case 1: self = .some(try Wrapped(from: &reader))
        default: throw RecordError.malformed("an optional value's tag is neither 0 nor 1")
        }
    }
}

extension Array: RecordCodable where Element: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.writeCount(count)
        for element in self { element.write(to: &writer) }
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        let count = try reader.readCount()
        var elements: [Element] = []
        // A count is at most the bytes left, but an element may take far more memory than its
        // bytes: room is made for a modest number at first.
        elements.reserveCapacity(Swift.min(count, 1_024))
        for _ in 0..<count { elements.append(try Element(from: &reader)) }
        self = elements
    }
}
