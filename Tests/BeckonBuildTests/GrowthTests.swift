import BeckonDiagnostics
import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

/// Nothing Beckon reads takes time growing faster than its input: each parser is timed at 10× and
/// 100× a realistic size, and the growth from one to the other must stay near tenfold (a quadratic
/// parser would show a hundredfold). A ratio of two measurements of the thread's processor time on
/// the same machine, not a wall-clock threshold.
@Suite(.serialized) struct GrowthTests {
    /// The processor time one run takes, in seconds: the best of five samples, each repeating the
    /// work until it has run for at least 20 ms, so that microsecond-sized inputs are not measured
    /// in noise.
    static func time(_ work: () -> Void) -> Double {
        (0..<5).map { _ in
            let start = threadTime()
            var runs = 0
            var elapsed: UInt64 = 0
            repeat {
                work()
                runs += 1
                elapsed = threadTime() - start
            } while elapsed < 20_000_000
            return Double(elapsed) / 1e9 / Double(runs)
        }.min() ?? 0
    }

    /// The growth from 10× to 100× of a workload, as a factor.
    static func growth(_ make: (Int) -> String, _ parse: (String) -> Void) -> Double {
        let ten = make(10)
        let hundred = make(100)
        let small = time { parse(ten) }
        let large = time { parse(hundred) }
        return large / max(small, 1e-6)
    }

    @Test func messages() {
        let unit = "Hi {inviter}, {n, plural, one {# friend} other {# friends}} on **{app}**. "
        let factor = Self.growth({ String(repeating: unit, count: 20 * $0) }) { _ = try? MessageParser.parse($0) }
        #expect(factor < 30, "10× → 100× took \(factor)× as long")
    }

    @Test func templates() {
        let unit = "## A heading {{t.landing.headline}}\n\nSome *text* with [a link]({{invite.url}}).\n\n"
        let factor = Self.growth({
            "---\nkind: landing\ntitle: landing.title\n---\n" + String(repeating: unit, count: 10 * $0)
        }) {
            _ = TemplateParser.parse(SourceText(path: "templates/pages/x.md", text: $0))
        }
        #expect(factor < 30, "10× → 100× took \(factor)× as long")
    }

    /// A layout with thousands of sections on one line took minutes to check. (Past
    /// `LayoutLibrary.maximumTags` a layout is refused before it is parsed.) swift-mustache's own
    /// parser grows faster than its input here: 30 sections to 300 take it about 32 times as long
    /// (1.2 to 37 ms in a debug build), while Beckon's scan and marks grow tenfold; so this bound
    /// is 50, still well below the hundredfold of a quadratic check, where 30 failed now and then
    /// on a loaded machine.
    @Test func layoutsOnOneLine() {
        let factor = Self.growth({
            String(repeating: "{{#page.isSample}}<b>{{page.title}}</b>{{/page.isSample}}", count: 3 * $0)
        }) {
            let (library, _) = LayoutLibrary.load([
                "page": SourceText(path: "templates/layouts/page.mustache", text: $0)
            ])
            _ = LayoutLinter(library: library).lint(
                "page", context: .object(["page": .object(["isSample": .flag(true), "title": .text("t")])]))
        }
        #expect(factor < 50, "10× → 100× took \(factor)× as long")
    }

    @Test func bundles() {
        let factor = Self.growth({ count in
            (0..<(20 * count)).map { "key\($0): \"Hello {inviter}, this is string \($0)\"" }.joined(separator: "\n")
        }) {
            _ = LocaleBundle.parse(SourceText(path: "locales/en-US.yml", text: $0), locale: LocaleID("en-US")!)
        }
        #expect(factor < 30, "10× → 100× took \(factor)× as long")
    }

    @Test func sourceLocations() {
        // Locating offsets in a long file is a binary search, not a scan from the start.
        let factor = Self.growth({ String(repeating: "a line of text\n", count: 100 * $0) }) { text in
            let source = SourceText(path: "x", text: text)
            for offset in stride(from: 0, to: text.utf8.count, by: max(1, text.utf8.count / 200)) {
                _ = source.location(ofUTF8Offset: offset)
            }
        }
        #expect(factor < 30, "10× → 100× took \(factor)× as long")
    }
}

@Suite struct LayoutLimitTests {
    @Test func aLayoutOfThousandsOfTagsIsRefusedAtTheFirstTagTooMany() {
        let text = String(repeating: "{{#page.isSample}}x{{/page.isSample}}\n", count: 4_000)
        let (_, diagnostics) = LayoutLibrary.load([
            "page": SourceText(path: "templates/layouts/page.mustache", text: text)
        ])
        let problem = diagnostics.first { $0.rule == "layout.too-large" }
        #expect(problem?.location?.line == LayoutLibrary.maximumTags / 2 + 1)
    }
}
