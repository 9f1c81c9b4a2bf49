/// Why a card could not be rendered. Rendering never crashes on bad input; it throws this.
public struct CardRenderError: Error, Hashable, CustomStringConvertible {
    /// The kind of problem; more may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        /// An image (the avatar or the logo) is not a PNG, is damaged, or is too large.
        public static let invalidImage = Code(name: "invalid-image")
        /// An image the layout names cannot be read, or was not passed in `CardAssets`.
        public static let missingAsset = Code(name: "missing-asset")
        /// Cairo, Pango or zlib failed, which happens only when memory runs out.
        public static let renderFailed = Code(name: "render-failed")

        public var description: String { name }
    }

    /// What kind of problem this is.
    public let code: Code
    /// A sentence for the user, naming the image or step that failed.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
