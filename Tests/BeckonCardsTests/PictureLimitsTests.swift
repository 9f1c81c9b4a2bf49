import BeckonTestSupport
import CZlib
import Testing

@testable import BeckonCards

/// Pictures made to take a server down are refused within the limits, each with a reason that
/// names the limit: chunks that declare more than the file holds, ancillary chunks (never
/// inflated, never drawn), progressive JPEGs of thousands of empty scans, decoders past their
/// memory or time.
@Suite struct PictureLimitsTests {
    static let png = CardFixtures.read("avatar.png")

    /// A chunk with its length, type and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }

    /// The PNG with `inserted` right after its `IHDR` chunk (signature 8 bytes, IHDR 25).
    static func png(inserting inserted: [UInt8]) -> [UInt8] {
        Array(png.prefix(33)) + inserted + Array(png.dropFirst(33))
    }

    @Test(arguments: ["tEXt", "zTXt", "iCCP", "IDAT"])
    func aChunkThatDeclaresMoreThanTheFileHoldsIsRefusedUnread(type: String) throws {
        let bomb = Self.png(inserting: Self.bigEndian(0x7FFF_FFF0) + Array(type.utf8) + [0, 0, 0, 0])
        let error = try #require(throws: CardRenderError.self) { try AvatarPicture.normalized(bomb) }
        #expect(error.message.contains("chunk `\(type)` that declares 2147483632 bytes"), "\(error.message)")
    }

    /// Text (a megabyte of zeros deflated to a kilobyte), a colour profile and animation chunks
    /// are dropped before decoding: the picture is the one without them.
    @Test func ancillaryChunksAreDroppedAndThePixelsAreTheSame() throws {
        var zeros = [UInt8](repeating: 0, count: 1 << 20)
        var deflated = [UInt8](repeating: 0, count: Int(compressBound(uLong(zeros.count))))
        var size = uLongf(deflated.count)
        #expect(compress(&deflated, &size, &zeros, uLong(zeros.count)) == Z_OK)
        let inserted =
            Self.chunk("zTXt", Array("Comment".utf8) + [0, 0] + deflated.prefix(Int(size)))
            + Self.chunk("tEXt", Array("Author\u{0}someone".utf8))
            + Self.chunk("acTL", Self.bigEndian(2) + Self.bigEndian(0))
            + Self.chunk("prVt", [1, 2, 3])
        let plain = try AvatarPicture.normalized(Self.png)
        #expect(try AvatarPicture.normalized(Self.png(inserting: inserted)) == plain)
        #expect(
            try PNGChunks.drawable(Self.png(inserting: inserted), name: "the picture")
                == PNGChunks.drawable(Self.png, name: "the picture"))
    }

    @Test func anUnknownCriticalChunkOrTooManyChunksAreRefused() throws {
        let critical = Self.png(inserting: Self.chunk("ZZZZ", []))
        let unknown = try #require(throws: CardRenderError.self) { try AvatarPicture.normalized(critical) }
        #expect(unknown.message.contains("critical chunk `ZZZZ`"))
        let many = Self.png(
            inserting: Array((0...PNGChunks.maximumChunks).map { _ in Self.chunk("tEXt", []) }.joined()))
        let tooMany = try #require(throws: CardRenderError.self) { try AvatarPicture.normalized(many) }
        #expect(tooMany.message.contains("more than \(PNGChunks.maximumChunks) chunks"))
    }

    /// A grey progressive JPEG of `side`² pixels whose `scans` scans are all the same empty DC
    /// scan: about ten bytes each, and a walk over every block each.
    static func scanBomb(side: Int, scans: Int) -> [UInt8] {
        let size = [UInt8(side >> 8), UInt8(side & 0xFF)]
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)  // DQT
        bytes += [0xFF, 0xC2, 0x00, 0x0B, 0x08] + size + size + [0x01, 0x01, 0x11, 0x00]  // SOF2, one component
        bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00]  // DHT: one code
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00]  // SOS: DC first
        for _ in 0..<scans { bytes += scan }
        return bytes + [0xFF, 0xD9]
    }

    @Test func aProgressiveScanBombIsStoppedAtTheScanLimit() throws {
        let bomb = Self.scanBomb(side: 4096, scans: 2_000)
        let error = try #require(throws: CardRenderError.self) { try AvatarPicture.normalized(bomb) }
        #expect(error.message.contains("more progressive scans than the limit"), "\(error.message)")
        // Within the limit the same image is decoded (its blocks are all zero: mid-grey).
        let within = try AvatarPicture.normalized(Self.scanBomb(side: 256, scans: 8))
        #expect(CardFixtures.dimensions(ofPNG: within)?.width == AvatarPicture.side)
    }

    @Test func theDecodersMemoryAndTimeAreBounded() throws {
        var small = PictureLimits.standard
        small.maximumDecoderBytes = 4 << 20
        let memory = try #require(throws: CardRenderError.self) {
            try CardImage(
                jpeg: Self.scanBomb(side: 4096, scans: 2), name: "the picture", shortestSide: 256, limits: small)
        }
        #expect(memory.message.contains("more memory than the limit"), "\(memory.message)")
        var hurried = PictureLimits.standard
        hurried.budgetMilliseconds = 1
        hurried.maximumScans = 10_000
        let time = try #require(throws: CardRenderError.self) {
            try CardImage(
                jpeg: Self.scanBomb(side: 4096, scans: 500), name: "the picture", shortestSide: 256, limits: hurried)
        }
        #expect(time.message.contains("longer than the time budget"), "\(time.message)")
    }

    /// Damaged PNGs (bytes changed at random, chunks cut short) are decoded or refused, never a crash.
    @Test func damagedPNGsNeverCrash() {
        var generator = SeededGenerator(seed: 0x9E3779B9)
        for _ in 0..<300 {
            var bytes = Self.png
            for _ in 0..<Int(generator.next() % 8 + 1) {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            if generator.next() % 4 == 0 { bytes.removeLast(Int(generator.next() % UInt64(bytes.count))) }
            if let png = try? AvatarPicture.normalized(bytes) {
                #expect(CardFixtures.dimensions(ofPNG: png)?.width == AvatarPicture.side)
            }
        }
    }
}
