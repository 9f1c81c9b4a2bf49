import Foundation

extension Fingerprint {
    /// The fingerprint of a value through its `Encodable` form: every field the value encodes is
    /// part of it, so a field added to a type is fingerprinted without anyone listing it.
    ///
    /// Each piece is written with a tag for its kind and its length, so different trees of values
    /// never feed the hash the same bytes. Dictionaries and sets go in key order (their own order
    /// changes from process to process); `Data` and `[UInt8]` are hashed as bytes, not element by
    /// element. A value whose encoding throws is fingerprinted up to the error, with the error's
    /// description, so equal values still give equal fingerprints.
    public init(encoding value: some Encodable, label: String = "encoded") {
        let sink = FingerprintSink(label)
        do {
            try FingerprintEncoder(sink: sink).encodeValue(value)
        } catch {
            sink.tag(.failure, depth: 0)
            sink.builder.add(String(describing: error))
        }
        self = sink.builder.finish()
    }
}

/// What every container of one encoding writes to.
final class FingerprintSink {
    enum Tag: Int {
        case null = 1, bool, integer, unsigned, float, string, bytes, keyed, unkeyed, key, superValue, failure,
            fingerprint
    }

    var builder: FingerprintBuilder

    init(_ label: String) {
        builder = FingerprintBuilder(label)
    }

    /// Writes a node's kind and depth: written in order with their depths, nodes spell one tree
    /// only (a container's end needs no mark).
    func tag(_ tag: Tag, depth: Int) {
        builder.add(depth << 8 | tag.rawValue)
    }
}

/// A value the fingerprint encoder writes in a stable order of its own rather than through
/// `encode(to:)`: dictionaries and sets, whose iteration order is not stable.
protocol StablyOrderedEncodable {
    func encodeStably(_ encoder: FingerprintEncoder) throws
}

extension Dictionary: StablyOrderedEncodable where Key: Comparable & Encodable, Value: Encodable {
    func encodeStably(_ encoder: FingerprintEncoder) throws {
        encoder.sink.tag(.keyed, depth: encoder.depth)
        let inner = encoder.nested
        for key in keys.sorted() {
            try inner.encodeValue(key)
            try inner.encodeValue(self[key]!)
        }
    }
}

extension Set: StablyOrderedEncodable where Element: Comparable & Encodable {
    func encodeStably(_ encoder: FingerprintEncoder) throws {
        encoder.sink.tag(.unkeyed, depth: encoder.depth)
        let inner = encoder.nested
        for element in sorted() { try inner.encodeValue(element) }
    }
}

/// An `Encoder` that feeds a fingerprint instead of making a document.
struct FingerprintEncoder: Encoder {
    let sink: FingerprintSink
    /// How deep in the value's tree what this encoder writes sits.
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(sink: FingerprintSink, depth: Int = 0) {
        self.sink = sink
        self.depth = depth
    }

    /// The encoder of a container's contents, one level deeper.
    var nested: FingerprintEncoder { FingerprintEncoder(sink: sink, depth: depth + 1) }

    /// Writes one value: bytes as bytes, dictionaries and sets in order, anything else through
    /// its own `encode(to:)`.
    func encodeValue(_ value: some Encodable) throws {
        switch value {
        case let text as String:
            sink.tag(.string, depth: depth)
            sink.builder.add(text)
        case let fingerprint as Fingerprint:
            sink.tag(.fingerprint, depth: depth)
            sink.builder.add(fingerprint)
        case let bytes as [UInt8]:
            sink.tag(.bytes, depth: depth)
            sink.builder.add(bytes)
        case let data as Data:
            sink.tag(.bytes, depth: depth)
            sink.builder.add(data)
        case let ordered as any StablyOrderedEncodable:
            try ordered.encodeStably(self)
        default:
            try value.encode(to: self)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.tag(.keyed, depth: depth)
        return KeyedEncodingContainer(KeyedFingerprintContainer<Key>(encoder: nested))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.tag(.unkeyed, depth: depth)
        return UnkeyedFingerprintContainer(encoder: nested)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleFingerprintContainer(encoder: self)
    }
}

/// The primitive writes every container shares, at the depth of its contents.
private protocol FingerprintWriting {
    var encoder: FingerprintEncoder { get }
}

extension FingerprintWriting {
    var sink: FingerprintSink { encoder.sink }

    func tag(_ tag: FingerprintSink.Tag) {
        sink.tag(tag, depth: encoder.depth)
    }

    func write(_ value: String) {
        tag(.string)
        sink.builder.add(value)
    }

    func writeNil() {
        tag(.null)
    }

    func write(_ value: Bool) {
        tag(.bool)
        sink.builder.add(value)
    }

    func write(_ value: some BinaryInteger & SignedInteger) {
        tag(.integer)
        sink.builder.add(Int(truncatingIfNeeded: Int64(value)))
    }

    func write(unsigned value: some BinaryInteger & UnsignedInteger) {
        tag(.unsigned)
        sink.builder.add(Int(truncatingIfNeeded: UInt64(value)))
    }

    func write(_ value: Double) {
        tag(.float)
        sink.builder.add(Int(truncatingIfNeeded: value.bitPattern))
    }
}

private struct KeyedFingerprintContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, FingerprintWriting {
    let encoder: FingerprintEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    init(encoder: FingerprintEncoder) {
        self.encoder = encoder
    }

    private func key(_ key: Key) {
        tag(.key)
        sink.builder.add(key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws {
        self.key(key)
        writeNil()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        self.key(key)
        write(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        self.key(key)
        write(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        self.key(key)
        write(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        self.key(key)
        write(Double(value))
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        self.key(key)
        write(value)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        self.key(key)
        write(value)
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        self.key(key)
        write(value)
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        self.key(key)
        write(value)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        self.key(key)
        write(value)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        self.key(key)
        write(unsigned: value)
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        self.key(key)
        write(unsigned: value)
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        self.key(key)
        write(unsigned: value)
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        self.key(key)
        write(unsigned: value)
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        self.key(key)
        write(unsigned: value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try encoder.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        self.key(key)
        return encoder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        return encoder.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        tag(.superValue)
        return encoder.nested
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        self.key(key)
        return encoder.nested
    }
}

private struct UnkeyedFingerprintContainer: UnkeyedEncodingContainer, FingerprintWriting {
    let encoder: FingerprintEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private(set) var count = 0

    init(encoder: FingerprintEncoder) {
        self.encoder = encoder
    }

    mutating func encodeNil() throws {
        count += 1
        writeNil()
    }

    mutating func encode(_ value: Bool) throws {
        count += 1
        write(value)
    }

    mutating func encode(_ value: String) throws {
        count += 1
        write(value)
    }

    mutating func encode(_ value: Double) throws {
        count += 1
        write(value)
    }

    mutating func encode(_ value: Float) throws {
        count += 1
        write(Double(value))
    }

    mutating func encode(_ value: Int) throws {
        count += 1
        write(value)
    }

    mutating func encode(_ value: Int64) throws {
        count += 1
        write(value)
    }

    mutating func encode(_ value: UInt8) throws {
        count += 1
        write(unsigned: value)
    }

    mutating func encode(_ value: UInt64) throws {
        count += 1
        write(unsigned: value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        count += 1
        try encoder.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        return encoder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        return encoder.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        tag(.superValue)
        return encoder.nested
    }
}

private struct SingleFingerprintContainer: SingleValueEncodingContainer, FingerprintWriting {
    let encoder: FingerprintEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { writeNil() }
    mutating func encode(_ value: Bool) throws { write(value) }

    mutating func encode(_ value: String) throws { write(value) }
    mutating func encode(_ value: Double) throws { write(value) }
    mutating func encode(_ value: Float) throws { write(Double(value)) }
    mutating func encode(_ value: Int) throws { write(value) }
    mutating func encode(_ value: Int8) throws { write(value) }
    mutating func encode(_ value: Int16) throws { write(value) }
    mutating func encode(_ value: Int32) throws { write(value) }
    mutating func encode(_ value: Int64) throws { write(value) }
    mutating func encode(_ value: UInt) throws { write(unsigned: value) }
    mutating func encode(_ value: UInt8) throws { write(unsigned: value) }
    mutating func encode(_ value: UInt16) throws { write(unsigned: value) }
    mutating func encode(_ value: UInt32) throws { write(unsigned: value) }
    mutating func encode(_ value: UInt64) throws { write(unsigned: value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
}
