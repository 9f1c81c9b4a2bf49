import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonCards

/// Two pages and one email of the default site, screenshotted in headless Chromium and compared
/// pixel by pixel with recorded PNGs (Goldens/screenshots/), with a tolerance for anti-aliasing:
/// at most 1% of the pixels may differ by more than 40 in a channel — 4% when the browser is not
/// the version the PNGs were recorded with (`chromium-version.txt`), whose text rendering may move
/// a little. Re-record with `BECKON_RECORD_GOLDENS=1` and look at the PNGs as you would at a code
/// change.
@Suite(.serialized) struct ScreenshotTests {
    struct Shot: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var width: Int
        var height: Int
        var dark: Bool
        var testDescription: String { name }
    }

    static let shots = [
        Shot(
            name: "landing-en-US-390-light", path: "en-US/samples/long-name/invite/index.html", width: 390, height: 844,
            dark: false),
        Shot(
            name: "landing-ar-1280-dark", path: "ar/samples/arabic-name/invite/index.html", width: 1280, height: 800,
            dark: true),
        Shot(
            name: "email-ja-JP-390-light", path: "emails/ja-JP/cjk-name/invite.html", width: 390, height: 844,
            dark: false),
    ]

    static let goldens = Repository.root.appendingPathComponent("Tests/BeckonEndToEndTests/Goldens/screenshots")

    /// The default site, built once and served on 127.0.0.1 by Python's web server, which stops
    /// when this test process ends (it reads its standard input, held open by this process, to the end).
    static let server: (origin: String, process: Process, folder: TemporaryDirectory, input: Pipe)? = {
        let folder = TemporaryDirectory()
        let output = folder.path("out")
        guard (try? BeckonBinary.run(["build", "--output", output.path]))?.status == 0 else { return nil }
        // Emails load their images from the site's public address: point them at this server.
        let email = output.appendingPathComponent("emails/ja-JP/cjk-name/invite.html")
        if let html = try? String(contentsOf: email, encoding: .utf8) {
            try? Data(html.replacingOccurrences(of: "https://join.playa.app/", with: "/").utf8).write(to: email)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-u", "-c",
            """
            import functools, http.server, sys, threading
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            port = server.server_port
            print(f"Serving HTTP on 127.0.0.1 port {port} (http://127.0.0.1:{port}/) ...", flush=True)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            sys.stdin.read()
            """,
            output.path,
        ]
        let input = Pipe()
        process.standardInput = input
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "(http://"), let end = text[range.upperBound...].firstIndex(of: "/") else {
            process.terminate()
            return nil
        }
        return ("http://" + text[range.upperBound..<end], process, folder, input)
    }()

    /// `chromium --version`, such as "Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)".
    static let chromiumVersion: String = {
        guard let executable = HeadlessChromium.executable else { return "" }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    @Test(
        .enabled(if: TestTool.chromium.isAvailable, "chromium is not installed: run `make test-deps`"), arguments: shots
    )
    func matchesItsGolden(_ shot: Shot) throws {
        let server = try #require(Self.server, "the site did not build or python3 could not serve it")
        let png = try HeadlessChromium.screenshot(
            "\(server.origin)/\(shot.path)", width: shot.width, height: shot.height, dark: shot.dark)
        let image = try CardImage(png: png, name: shot.name)
        #expect(image.width == shot.width && image.height == shot.height)
        let golden = Self.goldens.appendingPathComponent("\(shot.name).png")
        let versionFile = Self.goldens.appendingPathComponent("chromium-version.txt")
        if ProcessInfo.processInfo.environment["BECKON_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
            try Data(png).write(to: golden)
            try Data((Self.chromiumVersion + "\n").utf8).write(to: versionFile)
            return
        }
        let recordedVersion = (try? String(contentsOf: versionFile, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let tolerance = recordedVersion == Self.chromiumVersion ? 0.01 : 0.04
        if tolerance > 0.01 {
            print("\(shot.name): recorded with \(recordedVersion ?? "?"), compared in \(Self.chromiumVersion) at 4%")
        }
        let recorded = try CardImage(png: [UInt8](Data(contentsOf: golden)), name: "the golden \(shot.name)")
        try #require(recorded.width == image.width && recorded.height == image.height)
        var differing = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            let channels = (0..<3).map { abs(Int(image.pixels[index + $0]) - Int(recorded.pixels[index + $0])) }
            if channels.contains(where: { $0 > 40 }) { differing += 1 }
        }
        let share = Double(differing) / Double(image.width * image.height)
        #expect(
            share <= tolerance,
            "\(shot.name): \(differing) pixels differ (\(Int(share * 1000) / 10)%); the screenshot is \(FileManager.default.temporaryDirectory.path)/\(shot.name).png"
        )
        if share > 0.01 {
            try? Data(png).write(to: FileManager.default.temporaryDirectory.appendingPathComponent("\(shot.name).png"))
        }
    }
}
