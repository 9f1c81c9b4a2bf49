import CBeckonJPEG

extension CardImage {
    /// Decodes JPEG bytes with libjpeg-turbo, scaled down by the largest of 1, 2, 4 or 8 that
    /// keeps its shorter side at least `shortestSide` pixels (decoding fewer pixels is faster,
    /// and an avatar needs no more). The header is read first: an image wider or taller than
    /// `limits.maximumSide` is refused before anything is allocated for it; the scans, the
    /// decoder's memory and the time taken are bounded by `limits` while it decodes.
    init(
        jpeg bytes: [UInt8], name: String, shortestSide: Int, limits: PictureLimits = .standard
    )
        throws(CardRenderError)
    {
        var width: Int32 = 0
        var height: Int32 = 0
        var scaledWidth: Int32 = 0
        var scaledHeight: Int32 = 0
        var guardLimits = limits.jpeg
        var status = beckon_jpeg_header(
            bytes, bytes.count, 1, &guardLimits, &width, &height, &scaledWidth, &scaledHeight)
        guard status == 0 else {
            throw CardRenderError(
                .invalidImage, "\(name) could not be read: \(String(cString: beckon_jpeg_status_message(status)))")
        }
        let side = min(Self.maxSide, limits.maximumSide)
        guard (1...side).contains(Int(width)), (1...side).contains(Int(height)) else {
            throw CardRenderError(
                .invalidImage, "\(name) is \(width)×\(height) pixels; at most \(side)×\(side) is accepted")
        }
        var denominator: Int32 = 1
        while denominator < 8, Int(min(width, height)) / Int(denominator * 2) >= shortestSide { denominator *= 2 }
        // libjpeg-turbo's scaled size: each side divided, rounded up (the decoder checks it again).
        scaledWidth = (width + denominator - 1) / denominator
        scaledHeight = (height + denominator - 1) / denominator
        var pixels = [UInt8](repeating: 0, count: Int(scaledWidth) * Int(scaledHeight) * 4)
        status = pixels.withUnsafeMutableBufferPointer { target in
            beckon_jpeg_decode(
                bytes, bytes.count, denominator, &guardLimits, target.baseAddress, scaledWidth, scaledHeight)
        }
        guard status == 0 else {
            throw CardRenderError(
                .invalidImage, "\(name) could not be decoded: \(String(cString: beckon_jpeg_status_message(status)))")
        }
        self.init(width: Int(scaledWidth), height: Int(scaledHeight), pixels: pixels)
    }
}
