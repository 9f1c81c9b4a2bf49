import Foundation
import Testing

/// `zbarimg`, which reads QR codes from image files as a phone's camera would (`make test-deps`
/// installs it from `zbar-tools`), and the greyscale images it reads.
public enum ZBar {
    /// The program, or `nil` when it is not installed.
    public static let program = TestTool.program("zbarimg")

    /// The text of the one code `zbarimg --raw -q` finds in a PGM image, without the newline it
    /// ends each code with.
    public static func decode(pgm: [UInt8]) throws -> String {
        let folder = TemporaryDirectory()
        let image = folder.path("code.pgm")
        try Data(pgm).write(to: image)
        let process = Process()
        process.executableURL = program
        process.arguments = ["--raw", "-q", image.path]
        let run = try CapturedRun.run(process)
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        try #require(run.status == 0, "zbarimg exited with \(run.status): \(stderr)")
        var text = String(decoding: run.stdout, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// A binary greyscale PGM (P5) of an inline SVG QR code as a page holds it: its `viewBox`
    /// square in modules and one path of `M x y h w v 1 h -w z` runs, drawn black on white with
    /// `scale` pixels a module. `nil` when the SVG is not of that shape.
    public static func pgm(svg: String, scale: Int) -> [UInt8]? {
        guard let viewBox = attribute("viewBox", in: svg)?.split(separator: " ").compactMap({ Int($0) }),
            viewBox.count == 4, let data = attribute("d", in: svg)
        else { return nil }
        let side = viewBox[2]
        var dark = Array(repeating: false, count: side * side)
        for run in data.split(separator: "M") {
            // "x y" then "h" width, "v1", "h-width", "z".
            let parts = run.split(whereSeparator: { "hvz ".contains($0) })
            guard parts.count >= 3, let x = Int(parts[0]), let y = Int(parts[1]), let width = Int(parts[2]),
                y < side, x + width <= side
            else { return nil }
            for column in x..<(x + width) { dark[y * side + column] = true }
        }
        let pixels = side * scale
        var bytes = Array("P5\n\(pixels) \(pixels)\n255\n".utf8)
        for row in 0..<pixels {
            for column in 0..<pixels { bytes.append(dark[(row / scale) * side + column / scale] ? 0 : 255) }
        }
        return bytes
    }

    /// The value of the first `name="…"` in `text`.
    private static func attribute(_ name: String, in text: String) -> String? {
        guard let start = text.range(of: " \(name)=\"") else { return nil }
        guard let end = text[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(text[start.upperBound..<end])
    }
}
