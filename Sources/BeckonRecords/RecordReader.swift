/// Reads back what a `RecordWriter` wrote. Every read checks what is left, so a record cut short
/// or changed throws `RecordError` and never reads past its end or makes an oversized array.
public struct RecordReader {
    private let bytes: [UInt8]
    /// Where the next read starts.
    public private(set) var offset: Int
    /// What the writer of the records was given (`RecordWriter.userInfo`).
    public var userInfo: [CodingUserInfoKey: any Sendable]

    public init(_ bytes: [UInt8], from offset: Int = 0, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.bytes = bytes
        self.offset = min(max(0, offset), bytes.count)
        self.userInfo = userInfo
    }

    /// How many bytes are left.
    public var remaining: Int { bytes.count - offset }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset == bytes.count }

    /// Reads a value's fields.
    public mutating func read<Value: RecordCodable>(_: Value.Type = Value.self) throws(RecordError) -> Value {
        try Value(from: &self)
    }

    public mutating func readByte() throws(RecordError) -> UInt8 {
        guard offset < bytes.count else { throw RecordError.malformed("it ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func readUnsigned() throws(RecordError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            guard shift < 64, shift < 63 || byte <= 1 else { throw RecordError.malformed("a number is too long") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    public mutating func readInteger() throws(RecordError) -> Int {
        let zigzag = try readUnsigned()
        let wide = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
        guard let value = Int(exactly: wide) else { throw RecordError.malformed("a number is out of range") }
        return value
    }

    /// A count of elements that each take at least one byte, so no more than the bytes left.
    public mutating func readCount() throws(RecordError) -> Int {
        let count = try readUnsigned()
        guard count <= UInt64(remaining) else { throw RecordError.malformed("a count exceeds what is left") }
        return Int(count)
    }

    public mutating func readFixed() throws(RecordError) -> UInt64 {
        let raw = try readRaw(8)
        var value: UInt64 = 0
        for byte in raw.reversed() { value = value << 8 | UInt64(byte) }
        return value
    }

    public mutating func readBytes() throws(RecordError) -> ArraySlice<UInt8> {
        try readRaw(readCount())
    }

    public mutating func readString() throws(RecordError) -> String {
        let slice = try readBytes()
        return slice.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// `count` bytes as they are.
    public mutating func readRaw(_ count: Int) throws(RecordError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw RecordError.malformed("it ends early") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }
}
