/// The colours of an image with at most 256 of them, for an indexed PNG.
///
/// Colours are kept in the order they first appear and looked up in a small open-addressing table,
/// so counting stops as soon as a 257th colour shows up.
struct PNGPalette {
    static let capacity = 256
    private static let slotCount = 1024

    /// Premultiplied ARGB32 pixel values, in order of first appearance.
    private(set) var colors: [UInt32] = []
    private var slotKeys = [UInt32](repeating: 0, count: slotCount)
    /// The palette index + 1 of the colour in each slot; 0 marks an empty slot.
    private var slotIndices = [UInt16](repeating: 0, count: slotCount)

    /// Collects the colours of premultiplied ARGB32 rows, or returns `nil` when there are more than 256.
    init?(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        guard width > 0, height > 0 else { return }
        var last = pixels.load(as: UInt32.self)
        guard insert(last) else { return nil }
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] != last {
                last = row[x]
                guard insert(last) else { return nil }
            }
        }
    }

    /// The palette index of a colour in the palette.
    func index(of pixel: UInt32) -> UInt8 {
        var slot = Self.slot(pixel)
        while slotKeys[slot] != pixel || slotIndices[slot] == 0 { slot = (slot + 1) & (Self.slotCount - 1) }
        return UInt8(slotIndices[slot] - 1)
    }

    /// Adds a colour if new; false when the palette is full.
    private mutating func insert(_ pixel: UInt32) -> Bool {
        var slot = Self.slot(pixel)
        while slotIndices[slot] != 0 {
            if slotKeys[slot] == pixel { return true }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
        guard colors.count < Self.capacity else { return false }
        colors.append(pixel)
        slotKeys[slot] = pixel
        slotIndices[slot] = UInt16(colors.count)
        return true
    }

    private static func slot(_ pixel: UInt32) -> Int {
        Int((pixel &* 0x9E37_79B1) >> 22)
    }
}
