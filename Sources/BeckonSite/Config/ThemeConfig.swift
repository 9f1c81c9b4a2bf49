import BeckonDiagnostics

/// `theme:` in beckon.yml: colours for light and dark, font stacks and the logo.
public struct ThemeConfig: Sendable, Hashable {
    /// The colours of one colour scheme.
    public struct Palette: Sendable, Hashable {
        public var text: Color
        public var background: Color
        public var link: Color
        public var button: Color
        public var buttonText: Color

        static let keys = ["text", "background", "link", "button", "buttonText"]
    }

    /// CSS font stacks.
    public struct Fonts: Sendable, Hashable {
        public var body: String
        public var heading: String

        static let keys = ["body", "heading"]
        public static let systemStack =
            "system-ui, -apple-system, \"Segoe UI\", Roboto, \"Noto Sans\", \"Helvetica Neue\", Arial, sans-serif"
    }

    /// The logo, a file under `static/`.
    public struct Logo: Sendable, Hashable {
        /// Path below `static/`, which is also its URL path.
        public var path: String
        public var alt: String
        public var width: Int
        public var height: Int

        static let keys = ["path", "alt", "width", "height"]
    }

    public var light: Palette
    public var dark: Palette
    public var fonts: Fonts
    public var logo: Logo?
    /// The link-preview image used until per-invite cards exist, a file under `static/`.
    public var ogImage: String?

    static let keys = ["light", "dark", "fonts", "logo", "ogImage"]

    /// The theme of a site that writes none: neutral palettes that pass the contrast checks in both
    /// schemes, the system font stack and no logo. Sites of share messages need no more.
    public static let standard = ThemeConfig(
        light: Palette(rgb: [0x1b1b1f, 0xffffff, 0x0b57d0, 0x0b57d0, 0xffffff]),
        dark: Palette(rgb: [0xe6e6ec, 0x121216, 0x8ab4f8, 0x8ab4f8, 0x0b1220]))

    private init(light: Palette, dark: Palette) {
        self.light = light
        self.dark = dark
        fonts = Fonts(body: Fonts.systemStack, heading: Fonts.systemStack)
    }

    init?(_ mapping: YAMLReader.Mapping) {
        let light = mapping.mapping("light", keys: Palette.keys, required: true).flatMap(Palette.init)
        let dark = mapping.mapping("dark", keys: Palette.keys, required: true).flatMap(Palette.init)
        let fontsMapping = mapping.mapping("fonts", keys: Fonts.keys)
        fonts = Fonts(
            body: fontsMapping.flatMap { Self.fontStack($0, "body") } ?? Fonts.systemStack,
            heading: fontsMapping.flatMap { Self.fontStack($0, "heading") } ?? Fonts.systemStack)
        logo = mapping.mapping("logo", keys: Logo.keys).flatMap(Logo.init)
        ogImage = mapping.string("ogImage").flatMap { Self.staticPath($0, mapping, "ogImage") }
        guard let light, let dark else { return nil }
        self.light = light
        self.dark = dark
    }

    /// A font stack may hold family names, quotes, commas, spaces and hyphens: nothing that could
    /// end the CSS declaration it is written into.
    private static func fontStack(_ mapping: YAMLReader.Mapping, _ key: String) -> String? {
        guard let stack = mapping.string(key) else { return nil }
        let allowed = stack.allSatisfy { $0.isLetter || $0.isNumber || " ,\"'-_".contains($0) }
        guard allowed, !stack.trimmingWhitespace().isEmpty else {
            mapping.reader.invalid(
                "`\(mapping.path(key))` is not a font stack: `\(stack)`", at: mapping.location(of: key),
                fix:
                    "List font families separated by commas, quoting names with spaces: `\"Inter\", system-ui, sans-serif`.",
                rule: "invalid-font")
            return nil
        }
        return stack
    }

    /// `path` when it names a file below `static/` (relative, no `.` or `..` segments, plain ASCII);
    /// otherwise `nil`, with an `invalid-path` finding at `key` in the mapping's family.
    public static func staticPath(_ path: String, _ mapping: YAMLReader.Mapping, _ key: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !parts.contains(".."), !parts.contains("."), !parts.contains(""),
            path.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./".contains($0)) })
        else {
            mapping.reader.invalid(
                "`\(mapping.path(key))` must be a path inside `static/`, such as `assets/logo.svg`, not `\(path)`",
                at: mapping.location(of: key), fix: "Put the file under `static/` and write its path from there.",
                rule: "invalid-path")
            return nil
        }
        return path
    }
}

extension ThemeConfig.Palette {
    /// A palette from five 24-bit colours in key order (text, background, link, button, buttonText).
    fileprivate init(rgb: [UInt32]) {
        let colors = rgb.map {
            Color(red: UInt8($0 >> 16 & 0xff), green: UInt8($0 >> 8 & 0xff), blue: UInt8($0 & 0xff))
        }
        self.init(text: colors[0], background: colors[1], link: colors[2], button: colors[3], buttonText: colors[4])
    }

    init?(_ mapping: YAMLReader.Mapping) {
        func color(_ key: String) -> Color? {
            guard let text = mapping.string(key, required: true) else { return nil }
            guard let color = Color(css: text) else {
                mapping.reader.invalid(
                    "`\(text)` is not a colour (in `\(mapping.path(key))`)", at: mapping.location(of: key),
                    fix: "Write a colour as `#1a73e8`, `#fff`, `rgb(26, 115, 232)` or `rgba(0, 0, 0, 0.6)`.",
                    rule: "invalid-color")
                return nil
            }
            return color
        }
        let values = Self.keys.map(color)
        guard let text = values[0], let background = values[1], let link = values[2], let button = values[3],
            let buttonText = values[4]
        else { return nil }
        self.init(text: text, background: background, link: link, button: button, buttonText: buttonText)
    }
}

extension ThemeConfig.Logo {
    init?(_ mapping: YAMLReader.Mapping) {
        let path = mapping.string("path", required: true).flatMap { ThemeConfig.staticPath($0, mapping, "path") }
        let alt = mapping.string("alt", required: true)
        let width = mapping.int("width", in: 1...2000, required: true)
        let height = mapping.int("height", in: 1...2000, required: true)
        guard let path, let alt, let width, let height else { return nil }
        self.init(path: path, alt: alt, width: width, height: height)
    }
}
