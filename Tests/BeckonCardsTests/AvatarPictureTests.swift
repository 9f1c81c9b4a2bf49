import BeckonTestSupport
import Testing

@testable import BeckonCards

/// An uploaded picture becomes a square PNG the cards draw: JPEG through libjpeg-turbo, PNG
/// through libpng, each cropped to its centre; anything else, anything huge and anything damaged
/// is refused with a reason, never a crash.
@Suite struct AvatarPictureTests {
    /// A 96×64 JPEG: a blue field with a yellow disc in the middle.
    static let jpeg = CardFixtures.read("face.jpg")

    @Test func aJPEGBecomesASquareOfItsCentre() throws {
        let png = try AvatarPicture.normalized(Self.jpeg)
        let pixels = try CardPixels(png)
        #expect(pixels.image.width == AvatarPicture.side && pixels.image.height == AvatarPicture.side)
        // The centre is the disc, and the corners the field: the sides were cut, not squeezed.
        let centre = pixels.rgb(x: 128, y: 128)
        #expect(centre.red > 200 && centre.green > 150 && centre.blue < 120, "\(centre)")
        let corner = pixels.rgb(x: 4, y: 4)
        #expect(corner.blue > 150 && corner.red < 80, "\(corner)")
    }

    @Test func aPNGIsKeptAsASquarePNG() throws {
        let png = try AvatarPicture.normalized(CardFixtures.read("avatar.png"))
        #expect(
            CardFixtures.dimensions(ofPNG: png).map { [$0.width, $0.height] } == [
                AvatarPicture.side, AvatarPicture.side,
            ])
    }

    /// A header that claims a huge image is refused before anything is decoded.
    @Test func aDecompressionBombIsRefusedFromItsHeader() throws {
        var bomb = Self.jpeg
        let frame = try #require(bomb.indices.dropLast().first { bomb[$0] == 0xFF && bomb[$0 + 1] == 0xC0 })
        // SOF0: length (2), precision (1), height (2), width (2).
        for (offset, byte) in zip(frame + 5...frame + 8, [0x4E, 0x20, 0x4E, 0x20] as [UInt8]) { bomb[offset] = byte }
        #expect(throws: CardRenderError.self) { try AvatarPicture.normalized(bomb) }
        do {
            _ = try AvatarPicture.normalized(bomb)
        } catch {
            #expect(error.message.contains("20000×20000"), "\(error.message)")
        }
        var png = CardFixtures.read("avatar.png")
        for offset in 16..<24 { png[offset] = 0x7F }
        #expect(throws: CardRenderError.self) { try AvatarPicture.normalized(png) }
    }

    static let notPictures: [String: [UInt8]] = [
        "nothing": [], "a GIF's header": Array("GIF89a".utf8), "a JPEG's first marker": [0xFF, 0xD8, 0xFF],
        "a JPEG's first 200 bytes": Array(jpeg.prefix(200)),
        "one byte past the limit": [UInt8](repeating: 0, count: AvatarPicture.maximumBytes + 1),
    ]

    /// The bytes are named, not passed: a test's arguments are printed with its result.
    @Test(arguments: notPictures.keys.sorted())
    func whatIsNotAPictureIsRefused(name: String) throws {
        let bytes = try #require(Self.notPictures[name])
        #expect(throws: CardRenderError.self) { try AvatarPicture.normalized(bytes) }
    }

    /// Damaged JPEGs (bytes changed at random) are decoded or refused, never a crash.
    @Test func damagedJPEGsNeverCrash() {
        var generator = SeededGenerator(seed: 0xA7A7)
        for _ in 0..<300 {
            var bytes = Self.jpeg
            for _ in 0..<Int(generator.next() % 8 + 1) {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            if let png = try? AvatarPicture.normalized(bytes) {
                #expect(CardFixtures.dimensions(ofPNG: png)?.width == AvatarPicture.side)
            }
        }
    }
}
