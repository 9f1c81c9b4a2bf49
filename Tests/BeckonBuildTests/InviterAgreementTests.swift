import BeckonTestSupport
import Foundation
import Testing

/// The default site's strings that agree with the inviter: Japanese adds さん to a named inviter
/// and never to the anonymous stand-in; Arabic's verb agrees with an inviter who gave a gender
/// and is neutral otherwise.
@Suite struct InviterAgreementTests {
    @Test func titlesAgreeWithTheInviter() async throws {
        let result = await InvitePagesTests().build(Repository.root)
        func title(_ path: String) throws -> String {
            let page = try #require(result.artifacts.first { $0.path == path }, "\(path)")
            let html = String(decoding: page.bytes, as: UTF8.self)
            let start = try #require(html.range(of: "<title>"))
            return String(html[start.upperBound...].prefix { $0 != "<" })
        }
        #expect(try title("ja-JP/invite/index.html") == "お友だちからPlayaへの招待が届きました")
        #expect(try title("ja-JP/samples/cjk-name/invite/index.html") == "さくらさんからPlayaへの招待が届きました")
        #expect(try title("ar/samples/arabic-name/invite/index.html").hasSuffix("تدعوك إلى Playa"))
        #expect(try title("ar/samples/emoji-name/invite/index.html").hasPrefix("دعوة من"))
        #expect(try title("ar/invite/index.html") == "دعوة من أحد أصدقائك إلى Playa")
    }
}
