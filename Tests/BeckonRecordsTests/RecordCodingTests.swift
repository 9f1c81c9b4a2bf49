import BeckonRecords
import PropertyBased
import Testing

/// The record format's promise: what is written reads back equal, and anything else — cut short,
/// changed, made up — throws `RecordError` instead of crashing or reading past its end.
@Suite struct RecordCodingTests {
    /// A value with a field of every kind the format writes.
    struct Sample: RecordCodable, Equatable {
        var number: Int
        var text: String
        var flag: Bool
        var ratio: Double
        var maybe: String?
        var list: [Int]
        var nested: [[String?]]

        func write(to writer: inout RecordWriter) {
            writer.write(number)
            writer.write(text)
            writer.write(flag)
            writer.write(ratio)
            writer.write(maybe)
            writer.write(list)
            writer.write(nested)
        }

        init(number: Int, text: String, flag: Bool, ratio: Double, maybe: String?, list: [Int], nested: [[String?]]) {
            self.number = number
            self.text = text
            self.flag = flag
            self.ratio = ratio
            self.maybe = maybe
            self.list = list
            self.nested = nested
        }

        init(from reader: inout RecordReader) throws(RecordError) {
            number = try reader.read()
            text = try reader.read()
            flag = try reader.read()
            ratio = try reader.read()
            maybe = try reader.read()
            list = try reader.read()
            nested = try reader.read()
        }
    }

    static let text = Gen<Character>.oneOf(
        Gen.letterOrNumber, Gen.character(in: "\u{0}"..."\u{7F}"), Gen.character(in: "\u{80}"..."\u{D7FF}"),
        Gen.character(in: "\u{E000}"..."\u{10FFFF}")
    ).string(of: 0...30)
    static let number = Gen<Int>.oneOf(
        Gen.int(in: -200...200), Gen.int(in: Int.min...Int.max), Gen.int(in: (Int.max - 3)...Int.max),
        Gen.int(in: Int.min...(Int.min + 3)))

    static func encoded(_ sample: Sample) -> [UInt8] {
        var writer = RecordWriter()
        writer.write(sample)
        return writer.bytes
    }

    @Test func everyValueReadsBackEqual() async {
        await propertyCheck(
            input: Self.number, Self.text, Gen.bool, Gen.double(in: -1e9...1e9), Self.number.array(of: 0...8),
            Self.text.array(of: 0...4)
        ) { number, text, flag, ratio, list, strings in
            let sample = Sample(
                number: number, text: text, flag: flag, ratio: ratio, maybe: flag ? text : nil, list: list,
                nested: [strings, strings.map { $0.isEmpty ? nil : $0 }, []])
            var reader = RecordReader(Self.encoded(sample))
            #expect((try? reader.read(Sample.self)) == sample)
            #expect(reader.isAtEnd)
        }
    }

    @Test func everyRecordCutShortThrows() throws {
        let sample = Sample(
            number: -70_000, text: "Grüße, مرحبا", flag: true, ratio: 4.5, maybe: "x", list: [1, 300, -2],
            nested: [["a", nil]])
        let bytes = Self.encoded(sample)
        for end in 0..<bytes.count {
            var reader = RecordReader(Array(bytes.prefix(end)))
            #expect(throws: RecordError.self, "cut at \(end) of \(bytes.count)") { try reader.read(Sample.self) }
        }
    }

    @Test func anyBytesThrowOrReadWithinTheirEnd() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...255).map { UInt8($0) }.array(of: 0...64)) { bytes in
            var reader = RecordReader(bytes)
            if (try? reader.read(Sample.self)) != nil { #expect(reader.offset <= bytes.count) }
        }
    }

    @Test func aHugeCountIsRefusedBeforeAnythingIsMade() {
        var writer = RecordWriter()
        writer.writeUnsigned(UInt64.max >> 1)
        var reader = RecordReader(writer.bytes)
        #expect(throws: RecordError.self) { try reader.read([Int].self) }
    }

    @Test func smallNumbersTakeOneByte() {
        for number in [-64, -1, 0, 1, 63] {
            var writer = RecordWriter()
            writer.write(number)
            #expect(writer.bytes.count == 1, "\(number)")
        }
    }

    @Test func aNumberLongerThanSixtyFourBitsIsRefused() {
        var reader = RecordReader([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        #expect(throws: RecordError.self) { try reader.readUnsigned() }
        var longest = RecordReader([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
        #expect((try? longest.readUnsigned()) == UInt64.max)
    }
}
