import BeckonFunnel
import Foundation
import Testing

@Suite struct FunnelHTMLTests {
    /// A name made to break out of text, attributes and XML.
    static let hostile = "<script>alert(\"x\")</script> & 'q'\u{1}"

    static let counts = FunnelCounts(
        dimension: "variant", from: Date(timeIntervalSince1970: 1_767_225_600), to: nil,
        groups: [
            Population.group("control", invites: 2000, rates: Population.controlRates),
            Population.group(
                "context-rich", invites: 2000, rates: Population.contextRichRates, withoutData: [.storeClicked]),
            FunnelGroup(name: hostile, counts: [.created: 3, .sent: 3, .accepted: 1], senders: 1),
        ])

    @Test func isAWellFormedSelfContainedPage() throws {
        let page = FunnelReport(Self.counts).html()
        let outline = try #require(XHTMLOutline.parse(page), "not well-formed XML")
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        let metas = outline.all("meta").map(\.attributes)
        #expect(metas.contains { $0["charset"] == "utf-8" })
        #expect(metas.contains { $0["name"] == "viewport" && $0["content"] == "width=device-width, initial-scale=1" })
        #expect(metas.contains { $0["name"] == "color-scheme" && $0["content"] == "light dark" })
        #expect(outline.all("style").first?.text.contains("prefers-color-scheme: dark") == true)
        #expect(outline.all("title").first?.text == "Invite funnel by variant")
        #expect(outline.all("h1").map(\.text) == ["Invite funnel by variant"])
        // Nothing runs, nothing is fetched.
        #expect(outline.all("script").isEmpty && outline.all("link").isEmpty && outline.all("img").isEmpty)
        #expect(outline.elements.allSatisfy { $0.attributes["src"] == nil && $0.attributes["href"] == nil })
        #expect(!outline.elements.contains { $0.attributes.keys.contains { $0.hasPrefix("on") } })
        // The verdict, in words, before the charts.
        let verdicts = outline.elements.filter { $0.attributes["class"] == "verdict" }.map(\.text)
        #expect(verdicts.first?.hasPrefix("“context-rich” leads “control”") == true)
    }

    @Test func everyChartIsANamedImageWithItsTable() throws {
        let outline = try #require(XHTMLOutline.parse(FunnelReport(Self.counts).html()))
        let charts = outline.all("svg")
        #expect(charts.count == 3)
        for (index, chart) in charts.enumerated() {
            #expect(chart.attributes["role"] == "img")
            let titleID = try #require(chart.attributes["aria-labelledby"])
            let descriptionID = try #require(chart.attributes["aria-describedby"])
            let title = try #require(outline.element(id: titleID))
            let description = try #require(outline.element(id: descriptionID))
            #expect(title.name == "title" && description.name == "desc")
            #expect(title.text.hasPrefix("Invite funnel of “"), "chart \(index)")
        }
        let ids = outline.elements.compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count, "ids repeat: \(ids)")
        let tables = outline.all("table")
        #expect(tables.count == 3 + 2)
        #expect(outline.all("caption").count == tables.count)
        #expect(outline.all("th").allSatisfy { ["row", "col"].contains($0.attributes["scope"]) })
        #expect(outline.all("caption").first?.text == "Invites of “control” at each stage")
    }

    /// Each bar is count ÷ created of the chart's width, to 0.01 %, in stage order; a stage
    /// without data has no bar, and every stage has a label with its count and share.
    @Test func barsAreProportionalToTheCounts() throws {
        let report = FunnelReport(Self.counts)
        let outline = try #require(XHTMLOutline.parse(report.html()))
        let rects = outline.all("rect")
        var remaining = rects[...]
        for group in report.groups {
            let created = Double(try #require(group.count(.created)))
            for stage in FunnelStage.allCases {
                let background = try #require(remaining.first)
                remaining = remaining.dropFirst()
                #expect(background.attributes["width"] == "100%")
                guard let count = group.count(stage) else {
                    #expect(background.attributes["class"] == "missing", "\(group.name) \(stage)")
                    continue
                }
                #expect(background.attributes["class"] == "track")
                let bar = try #require(remaining.first)
                remaining = remaining.dropFirst()
                #expect(bar.attributes["class"] == "bar")
                let width = try #require(bar.attributes["width"])
                #expect(width.hasSuffix("%"))
                let percent = try #require(Double(width.dropLast()))
                #expect(abs(percent - Double(count) / created * 100) <= 0.005, "\(group.name) \(stage): \(width)")
                #expect(bar.attributes["y"] == background.attributes["y"])
            }
        }
        #expect(remaining.isEmpty)
        let labels = outline.all("text").map(\.text)
        #expect(labels.prefix(4) == ["created", "2000 · 100.0 %", "sent", "1980 · 99.0 %"])
        #expect(labels.contains("no data"))
    }

    @Test func groupNamesAreEscapedEverywhere() throws {
        let page = FunnelReport(Self.counts).html()
        let outline = try #require(XHTMLOutline.parse(page))
        #expect(!page.contains("<script"))
        #expect(outline.all("script").isEmpty)
        let shown = "<script>alert(\"x\")</script> & 'q'"
        #expect(outline.all("h2").map(\.text).contains(shown))
        #expect(outline.all("title").map(\.text).contains("Invite funnel of “\(shown)”"))
        #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;q&apos;"))
    }
}
