import CQRencode

/// A QR code symbol: a square of dark and light modules holding a text's UTF-8 bytes, made by
/// libqrencode in 8-bit (byte) mode with the smallest version that fits.
public struct QRCode: Hashable, Sendable {
    /// How much of a symbol can be damaged and still be read; a higher level makes a bigger symbol.
    public enum Level: Hashable, Sendable, CaseIterable {
        /// About 7% of the codewords can be restored.
        case low
        /// About 15% of the codewords can be restored.
        case medium
        /// About 25% of the codewords can be restored.
        case quartile
        /// About 30% of the codewords can be restored.
        case high
    }

    /// The number of modules on each side of the symbol, without a quiet zone.
    public let size: Int

    /// Whether each module is dark, row by row from the top left.
    private let modules: [Bool]

    /// Encodes a text's UTF-8 bytes (NUL included) in a symbol.
    ///
    /// - Parameters:
    ///   - text: The text to encode; it must not be empty.
    ///   - correction: The error correction level.
    /// - Returns: `nil` when the text is empty or too long for the largest symbol at `correction`.
    public init?(encoding text: String, correction: Level = .medium) {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty, let count = Int32(exactly: bytes.count) else { return nil }
        // `QRcode_encodeData` is `QRcode_encodeString8bit` with a length, so a NUL does not end the text.
        guard let symbol = QRcode_encodeData(count, &bytes, 0, correction.libqrencodeLevel) else { return nil }
        defer { QRcode_free(symbol) }
        let width = Int(symbol.pointee.width)
        let data = UnsafeBufferPointer(start: symbol.pointee.data, count: width * width)
        size = width
        modules = data.map { $0 & 1 == 1 }
    }

    /// Whether the module at column `x` and row `y` (from the top left, starting at 0) is dark;
    /// a module outside the symbol, in its quiet zone, is light.
    ///
    /// - Parameters:
    ///   - x: The module's column.
    ///   - y: The module's row.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }
}

extension QRCode.Level {
    /// The level as libqrencode names it.
    fileprivate var libqrencodeLevel: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}
