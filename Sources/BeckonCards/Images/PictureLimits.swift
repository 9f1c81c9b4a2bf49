import CBeckonJPEG

/// What decoding one picture may take, checked while the decoders read: an image made to hold a
/// thread or take memory is stopped with a reason instead. The sides are read from the header
/// before anything is allocated; the rest while decoding.
public struct PictureLimits: Sendable, Hashable {
    /// The most pixels a side may have.
    public var maximumSide: Int
    /// The most progressive scans a JPEG may have (a progressive encoder writes about ten).
    public var maximumScans: Int
    /// The most bytes libjpeg-turbo may allocate while it decodes.
    public var maximumDecoderBytes: Int
    /// The most wall-clock milliseconds one decoding may take; 0 for no budget.
    public var budgetMilliseconds: Int

    /// The limits of the pictures Beckon reads: a site's own images and uploads alike.
    public static let standard = PictureLimits(
        maximumSide: CardImage.maxSide, maximumScans: 64, maximumDecoderBytes: 160 << 20, budgetMilliseconds: 2_000)

    public init(maximumSide: Int, maximumScans: Int, maximumDecoderBytes: Int, budgetMilliseconds: Int) {
        self.maximumSide = maximumSide
        self.maximumScans = maximumScans
        self.maximumDecoderBytes = maximumDecoderBytes
        self.budgetMilliseconds = budgetMilliseconds
    }

    /// The most bytes the decoded pixels may take: four a pixel, at the largest size.
    public var maximumDecodedBytes: Int { maximumSide * maximumSide * 4 }

    /// The limits as libjpeg-turbo's guard reads them.
    var jpeg: beckon_jpeg_limits {
        beckon_jpeg_limits(
            max_scans: Int32(clamping: maximumScans), max_memory: Int64(maximumDecoderBytes),
            budget_milliseconds: Int32(clamping: budgetMilliseconds))
    }
}
