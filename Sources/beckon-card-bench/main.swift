import BeckonCards
import BeckonDiagnostics
import BeckonSite
import Dispatch
import Foundation

// Renders Open Graph cards and prints the time per card, one at a time and on every core at once:
// `swift run -c release --scratch-path .build-cards beckon-card-bench [COUNT]`.

let count = max(4, CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 400)
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func read(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
        fatalError("cannot read \(path)")
    }
    return [UInt8](data)
}

let (siteValue, _) = YAMLParser.parse(String(decoding: read("beckon.yml"), as: UTF8.self), path: "beckon.yml")
guard let siteValue, let site = SiteConfig(siteValue, reader: YAMLReader(family: "config")) else {
    fatalError("beckon.yml does not load")
}
let layoutText = """
    background: {from: theme.light.button, to: "#6a1b9a", angle: 135}
    logo: {path: assets/og-logo.png, height: 56}
    avatar: {size: 220, accent: "#ffd166", initialsColor: "#1b1b1f", border: "#ffffff"}
    title: {key: og.title, color: "#ffffff", size: 64, weight: bold}
    subtitle: {key: og.subtitle, color: "#e3ecff", size: 34}
    footer: {key: og.footer, color: "#c7d7fb", size: 26, weight: medium}
    """
let (parsed, diagnostics) = CardLayout.parse(
    SourceText(path: "templates/og/card.yml", text: layoutText), theme: site.theme)
guard let layout = parsed else { fatalError("the layout does not parse: \(diagnostics)") }
let assets = try CardAssets(logoPNG: read("Tests/BeckonCardsTests/Fixtures/logo.png"))
let avatar = read("Tests/BeckonCardsTests/Fixtures/avatar.png")
/// The cards to render, in turn.
struct Workload: Sendable {
    let layout: CardLayout
    let assets: CardAssets
    let contents: [CardContent]

    func render(_ index: Int) -> RenderedCard {
        do {
            return try CardRenderer.render(layout, contents[index % contents.count], assets: assets)
        } catch {
            fatalError("\(error)")
        }
    }
}

let workload = Workload(
    layout: layout, assets: assets,
    contents: [
        CardContent(
            title: "Maya 🌴 invited you to Playa", subtitle: "Join 50K+ people staying close to the people who matter.",
            footer: "join.playa.app", locale: LocaleID("en-US")!, avatarPNG: avatar),
        CardContent(
            title: "ليلى العبدالله دعتك إلى Playa",
            subtitle: "انضم إلى أكثر من 50 ألف شخص يبقون على تواصل مع من يهمهم.",
            footer: "join.playa.app", locale: LocaleID("ar")!, initials: "ل"),
        CardContent(
            title: "山田さくらさんからPlayaへの招待が届きました", subtitle: "大切な人とつながり続ける5万人以上の仲間に加わりましょう。",
            footer: "join.playa.app", locale: LocaleID("ja-JP")!, avatarPNG: avatar),
        CardContent(
            title: "You're invited to Playa", subtitle: "Join 50K+ people staying close to the people who matter.",
            footer: "join.playa.app", locale: LocaleID("en-US")!),
    ])

/// Milliseconds per card for `total` cards rendered by `run`.
func milliseconds(_ total: Int, _ run: () -> Void) -> Double {
    let start = DispatchTime.now()
    run()
    return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 / Double(total)
}

let cores = ProcessInfo.processInfo.activeProcessorCount
// Warm up: fontconfig, and one font map per core with its fonts loaded.
DispatchQueue.concurrentPerform(iterations: cores * workload.contents.count) { _ = workload.render($0) }
let sizes = workload.contents.indices.map { workload.render($0).png.count }
let sequential = milliseconds(count / 4) { for index in 0..<count / 4 { _ = workload.render(index) } }
let parallel = milliseconds(count) { DispatchQueue.concurrentPerform(iterations: count) { _ = workload.render($0) } }

print("\(count) cards on \(cores) cores")
print(String(format: "one at a time: %.1f ms/card", sequential))
print(String(format: "in parallel:   %.1f ms/card (%.0f cards/s)", parallel, 1000 / parallel))
print("PNG sizes (en-US with emoji, ar, ja-JP, generic): " + sizes.map { "\($0 / 1024) KB" }.joined(separator: ", "))
