import BeckonRecords
import Crypto
import Foundation

/// The on-disk form of one step's result (`StepCache`): a signature and format version, a
/// checksum of the rest, the inputs the step read with their fingerprints then, and the value —
/// in the compact binary form of `RecordCodable` when its type has one, else as JSON.
///
///     "BKCR" · version (1 byte) · first 8 bytes of SHA-256(body) · body
///     body: strings (count, each as length + UTF-8) · reads (count, each: kind, scope and name as
///           indexes into the strings, 0 or 1, the fingerprint's 16 bytes when 1) · value
///           encoding (0 JSON, 1 binary) · value
///
/// The reads come first, so a result whose inputs changed is dismissed without decoding its
/// value (`StepRecord.Parsed.value`).
enum StepRecord {
    /// Bumped whenever the layout above, or any type's `RecordCodable` fields, change.
    static let formatVersion: UInt8 = 4
    static let signature: [UInt8] = Array("BKCR".utf8)
    static let headerCount = signature.count + 1 + checksumCount
    static let checksumCount = 8

    /// The record of `value` and the inputs it was made from.
    static func encode<Value: Encodable>(
        _ value: Value, reads: [InputID: Fingerprint?], userInfo: [CodingUserInfoKey: any Sendable]
    ) -> [UInt8]? {
        var body = RecordWriter(userInfo: userInfo, capacity: 512)
        var strings: [String: Int] = [:]
        var table: [String] = []
        func index(_ text: String) -> Int {
            if let known = strings[text] { return known }
            strings[text] = table.count
            table.append(text)
            return table.count - 1
        }
        // Sorted, so that equal results make equal records.
        let sorted = reads.sorted {
            ($0.key.kind.rawValue, $0.key.scope, $0.key.name) < ($1.key.kind.rawValue, $1.key.scope, $1.key.name)
        }
        let indexes = sorted.map { (index($0.key.kind.rawValue), index($0.key.scope), index($0.key.name), $0.value) }
        body.write(table)
        body.writeCount(indexes.count)
        for (kind, scope, name, fingerprint) in indexes {
            body.writeCount(kind)
            body.writeCount(scope)
            body.writeCount(name)
            body.write(fingerprint)
        }
        if let binary = value as? any RecordCodable {
            body.writeByte(1)
            body.write(binary)
        } else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.userInfo = userInfo
            guard let json = try? encoder.encode(value) else { return nil }
            body.writeByte(0)
            body.writeRaw(json)
        }
        var record = signature + [formatVersion]
        record.reserveCapacity(headerCount + body.bytes.count)
        record += checksum(body.bytes[...])
        record += body.bytes
        return record
    }

    /// A record whose header, checksum and reads were read; its value is decoded when asked.
    struct Parsed {
        /// The inputs the step read, with their fingerprints then; empty when the record was
        /// parsed without them (`parse(_:userInfo:readingInputs:)`).
        let reads: [InputID: Fingerprint?]
        /// Which record this is: its checksum, which tells two records under one key apart.
        let record: UInt64
        private let reader: RecordReader

        /// The value, or `nil` when it does not read back as a `Value` (or what it refers to, an
        /// artifact's bytes, is gone).
        func value<Value: Decodable>(as _: Value.Type) -> Value? {
            var reader = reader
            guard let encoding = try? reader.readByte() else { return nil }
            switch encoding {
            case 1:
                guard let binary = Value.self as? any RecordCodable.Type,
                    let value = try? binary.init(from: &reader), reader.isAtEnd
                else { return nil }
                return value as? Value
            case 0:
                guard let json = try? reader.readRaw(reader.remaining) else { return nil }
                let decoder = JSONDecoder()
                decoder.userInfo = reader.userInfo
                return try? decoder.decode(Value.self, from: Data(json))
            default:
                return nil
            }
        }

        fileprivate init(reads: [InputID: Fingerprint?], record: UInt64, reader: RecordReader) {
            self.reads = reads
            self.record = record
            self.reader = reader
        }
    }

    /// Reads a record's header, checks its checksum and reads its inputs (or, without
    /// `readingInputs`, steps over them); `nil` for a record of another format, or one that was
    /// cut short or changed.
    static func parse(
        _ bytes: [UInt8], userInfo: [CodingUserInfoKey: any Sendable], readingInputs: Bool = true
    ) -> Parsed? {
        guard let record = identity(ofHeader: bytes),
            bytes[(signature.count + 1)..<headerCount].elementsEqual(checksum(bytes[headerCount...]))
        else { return nil }
        var reader = RecordReader(bytes, from: headerCount, userInfo: userInfo)
        do throws(RecordError) {
            let table = try reader.read([String].self)
            func string() throws(RecordError) -> String {
                let index = try reader.readUnsigned()
                guard index < UInt64(table.count) else { throw RecordError.malformed("no such string") }
                return table[Int(index)]
            }
            let count = try reader.readCount()
            guard readingInputs else {
                for _ in 0..<count {
                    for _ in 0..<3 { _ = try reader.readUnsigned() }
                    _ = try reader.read(Fingerprint?.self)
                }
                return Parsed(reads: [:], record: record, reader: reader)
            }
            var reads: [InputID: Fingerprint?] = [:]
            reads.reserveCapacity(min(count, 1_024))
            for _ in 0..<count {
                let kind = InputKind(rawValue: try string())
                let input = InputID(kind, scope: try string(), name: try string())
                reads[input] = try reader.read(Fingerprint?.self)
            }
            return Parsed(reads: reads, record: record, reader: reader)
        } catch {
            return nil
        }
    }

    /// Which record a header begins (its checksum, `Parsed.record`), when it is the header of a
    /// record in this format; its body is not checked.
    static func identity(ofHeader bytes: [UInt8]) -> UInt64? {
        guard bytes.count >= headerCount, bytes.starts(with: signature), bytes[signature.count] == formatVersion
        else { return nil }
        return bytes[(signature.count + 1)..<headerCount].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func checksum(_ body: ArraySlice<UInt8>) -> [UInt8] {
        body.withUnsafeBytes { Array(SHA256.hash(data: $0).prefix(checksumCount)) }
    }
}
