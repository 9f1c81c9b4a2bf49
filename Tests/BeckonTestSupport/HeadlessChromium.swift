import Foundation

/// Headless Chromium, as the tests that look at pages in a real browser run it (`make test-deps`
/// installs it; `BECKON_NO_BROWSER=1` leaves it out, and those tests are reported as skipped
/// through `TestTool.chromium`).
public enum HeadlessChromium {
    /// The browser's executable, or `nil` when it is not installed.
    public static let executable: URL? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }.map { URL(fileURLWithPath: $0) }

    /// The DOM of `url` once it has loaded (`--dump-dom`), with a fresh profile and the extra
    /// command-line switches given (`--accept-lang=de-DE`, `--virtual-time-budget=2000` to let
    /// scripts run on a page that keeps no connection open).
    public static func dom(_ url: String, arguments extra: [String] = []) throws -> String {
        guard let executable else { return "" }
        let profile = TemporaryDirectory()
        let process = Process()
        process.executableURL = executable
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--user-data-dir=\(profile.url.path)",
            ] + extra + ["--dump-dom", url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A PNG screenshot of the first `width`×`height` pixels of `url`, in the light or the dark
    /// palette (`prefers-color-scheme`).
    public static func screenshot(_ url: String, width: Int, height: Int, dark: Bool = false) throws -> [UInt8] {
        guard let executable else { return [] }
        let folder = TemporaryDirectory()
        let file = folder.path("shot.png")
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--user-data-dir=\(folder.path("profile").path)", "--window-size=\(width),\(height)",
            "--blink-settings=preferredColorScheme=\(dark ? 0 : 1)", "--virtual-time-budget=3000",
            "--screenshot=\(file.path)", url,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (try? [UInt8](Data(contentsOf: file))) ?? []
    }
}
