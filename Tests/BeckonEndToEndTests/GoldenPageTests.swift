import BeckonTestSupport
import Foundation
import Testing

/// Rendered pages of the default site against reviewed golden copies. A change to a layout,
/// template or bundle shows up here as a diff to review.
@Suite struct GoldenPageTests {
    static let output: TemporaryDirectory = {
        let folder = TemporaryDirectory()
        _ = try? BeckonBinary.run(["build", "--output", folder.path("out").path])
        return folder
    }()

    @Test(arguments: [
        "en-US/invite/index.html",
        "ar/invite/index.html",
        "ar/samples/arabic-name/invite/index.html",
        "de-DE/samples/long-name/invite/index.html",
        "ja-JP/samples/cjk-name/expired/index.html",
        "en-US/samples/emoji-name/invite/index.html",
        "de-DE/gone/index.html",
        "ar/android/index.html",
        ".well-known/apple-app-site-association",
        ".well-known/assetlinks.json",
        "messages/en-US/generic.sms.txt",
        "messages/ar/achievement.whatsapp.txt",
        "messages/ja-JP/content.email.txt",
        "emails/en-US/emoji-name/invite.eml",
        "emails/de-DE/long-name/invite.eml",
        "emails/ar/arabic-name/invite.eml",
        "emails/ja-JP/cjk-name/invite.eml",
        "emails/ar/arabic-name/invite.html",
        "emails/en-US/emoji-name/invite.txt",
    ])
    func pageMatchesItsGolden(path: String) throws {
        let data = try Data(contentsOf: Self.output.path("out/\(path)"))
        let name = path.replacingOccurrences(of: "/", with: "__").replacingOccurrences(
            of: ".well-known", with: "well-known")
        let golden = "Tests/BeckonEndToEndTests/Goldens/" + name
        if let difference = GoldenFile.compare(data, with: golden) { Issue.record(Comment(rawValue: difference)) }
    }
}
