import BeckonSite
import CBeckonPango

/// A Cairo surface to draw one card on, with a Pango font map borrowed for its lifetime. Used by
/// one thread; other threads draw on canvases of their own.
struct Canvas: ~Copyable {
    let pointer: OpaquePointer

    init(width: Int, height: Int) throws(CardRenderError) {
        guard let pointer = beckon_canvas_create(Int32(width), Int32(height)) else {
            throw CardRenderError(.renderFailed, "a \(width)×\(height) drawing surface could not be created")
        }
        self.pointer = pointer
    }

    deinit {
        beckon_canvas_destroy(pointer)
    }

    func fill(_ background: CardBackground, width: Double, height: Double) {
        switch background {
        case .color(let color):
            beckon_canvas_fill(pointer, color.rgba)
        case .linearGradient(let from, let to, let angle):
            let line = CardBackground.gradientLine(angle: angle, width: width, height: height)
            beckon_canvas_fill_gradient(pointer, line.start.x, line.start.y, line.end.x, line.end.y, from.rgba, to.rgba)
        }
    }

    func fillCircle(in rect: CardRect, color: Color) {
        beckon_canvas_fill_circle(pointer, rect.midX, rect.midY, min(rect.width, rect.height) / 2, color.rgba)
    }

    /// Draws an image stretched to `rect`, or covering it and clipped to its inscribed circle.
    func draw(_ image: CardImage, in rect: CardRect, circle: Bool) {
        image.pixels.withUnsafeBufferPointer { pixels in
            beckon_canvas_draw_image(
                pointer, pixels.baseAddress, Int32(image.width), Int32(image.height), rect.x, rect.y, rect.width,
                rect.height, circle ? 1 : 0)
        }
    }

    /// Replaces every pixel with a copy of `pixels` (rows of `stride` bytes), as another canvas of
    /// the same size drew them.
    func load(_ pixels: [UInt8], stride: Int) {
        pixels.withUnsafeBufferPointer { beckon_canvas_load(pointer, $0.baseAddress, Int32(stride)) }
    }

    /// Calls `body` with the pixels drawn so far and the bytes per row.
    func withPixels<Result>(
        _ body: (UnsafePointer<UInt8>, Int) throws(CardRenderError) -> Result
    )
        throws(CardRenderError) -> Result
    {
        var stride: Int32 = 0
        guard let pixels = beckon_canvas_pixels(pointer, &stride) else {
            throw CardRenderError(.renderFailed, "the drawing surface has no pixels")
        }
        return try body(pixels, Int(stride))
    }
}
