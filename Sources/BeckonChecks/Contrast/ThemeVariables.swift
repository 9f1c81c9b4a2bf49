import BeckonSite
import Foundation

/// The colour custom properties a page's stylesheet declares for `:root`, in the light scheme and
/// under `@media (prefers-color-scheme: dark)` — read from the written `<style>`, not from the
/// configuration that produced it.
struct ThemeVariables: Hashable, Sendable {
    var light: [String: Color] = [:]
    var dark: [String: Color] = [:]

    init(css: String) {
        var rest = Substring(css)
        while let root = rest.range(of: ":root{") ?? rest.range(of: ":root {") {
            let before = rest[..<root.lowerBound]
            let isDark =
                before.range(of: "prefers-color-scheme", options: .backwards).map { media in
                    // Dark when the nearest preceding media query is still open.
                    let opens = before[media.lowerBound...].count { $0 == "{" }
                    let closes = before[media.lowerBound...].count { $0 == "}" }
                    return opens > closes && before[media.lowerBound...].contains("dark")
                } ?? false
            guard let close = rest[root.upperBound...].firstIndex(of: "}") else { break }
            for declaration in rest[root.upperBound..<close].split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].hasPrefix("--"),
                    let color = Color(css: String(parts[1]))
                else { continue }
                let name = String(parts[0].dropFirst(2)).trimmingCharacters(in: .whitespaces)
                if isDark { dark[name] = color } else { light[name] = color }
            }
            rest = rest[rest.index(after: close)...]
        }
    }

    /// The dark palette, with anything it leaves out inherited from the light one.
    var resolvedDark: [String: Color] { light.merging(dark) { $1 } }
}
