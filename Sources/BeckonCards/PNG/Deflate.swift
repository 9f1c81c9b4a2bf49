import CZlib

/// zlib compression for PNG image data.
enum Deflate {
    /// Compresses `input` into a zlib stream.
    static func compress(_ input: [UInt8], level: Int32, strategy: Int32) throws(CardRenderError) -> [UInt8] {
        let capacity = Int(deflateBound(nil, uLong(input.count)))
        var failed = false
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = input.withUnsafeBufferPointer { source in
                beckon_deflate(source.baseAddress, source.count, buffer.baseAddress, capacity, level, strategy)
            }
            failed = count == 0
        }
        guard !failed else { throw CardRenderError(.renderFailed, "zlib could not compress the image") }
        return output
    }
}
