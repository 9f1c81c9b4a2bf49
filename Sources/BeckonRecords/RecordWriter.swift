/// Appends values to a compact binary record: integers as variable-length numbers (LEB128, signed
/// ones zigzagged), strings and byte strings as their length and their bytes, and whatever
/// conforms to `RecordCodable` as its fields in order.
public struct RecordWriter {
    /// What has been written so far.
    public private(set) var bytes: [UInt8] = []
    /// What values need to be written that they do not hold themselves (where an artifact keeps
    /// its bytes), shared with the reader of the same records.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    public init(userInfo: [CodingUserInfoKey: any Sendable] = [:], capacity: Int = 256) {
        self.userInfo = userInfo
        bytes.reserveCapacity(capacity)
    }

    /// Writes a value's fields.
    public mutating func write<Value: RecordCodable>(_ value: Value) {
        value.write(to: &self)
    }

    public mutating func writeByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// An unsigned number in 1 to 10 bytes, 7 bits each, low bits first.
    public mutating func writeUnsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// A signed number, zigzagged so that small negative numbers stay short.
    public mutating func writeInteger(_ value: Int) {
        let wide = Int64(value)
        writeUnsigned(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    /// How many elements follow.
    public mutating func writeCount(_ count: Int) {
        writeUnsigned(UInt64(count))
    }

    /// Eight bytes, little-endian.
    public mutating func writeFixed(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A byte string: its length, then its bytes.
    public mutating func writeBytes(_ data: some Collection<UInt8>) {
        writeCount(data.count)
        bytes.append(contentsOf: data)
    }

    /// A string as its UTF-8 bytes.
    public mutating func writeString(_ text: String) {
        var text = text
        text.withUTF8 { writeBytes($0) }
    }

    /// Bytes as they are, with no length: for a format's fixed parts (a signature, a checksum).
    public mutating func writeRaw(_ data: some Collection<UInt8>) {
        bytes.append(contentsOf: data)
    }
}
