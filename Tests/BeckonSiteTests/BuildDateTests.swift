import BeckonSite
import Foundation
import Testing

/// The date sample invites are created on: `SOURCE_DATE_EPOCH`, or the start of today in UTC.
@Suite struct BuildDateTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000.5)  // 2026-11-18T10:26:40.5Z

    @Test func withoutTheVariableItIsTheStartOfTodayInUTC() throws {
        for environment in [[:], ["SOURCE_DATE_EPOCH": ""]] {
            let date = try BuildDate.resolve(environment, now: now).get()
            #expect(date == Date(timeIntervalSince1970: 1_794_960_000))  // 2026-11-18T00:00:00Z
        }
    }

    @Test func theVariableIsTakenAsItIs() throws {
        let date = try BuildDate.resolve(["SOURCE_DATE_EPOCH": "1767225601"], now: now).get()
        #expect(date == Date(timeIntervalSince1970: 1_767_225_601))
        #expect(try BuildDate.resolve(["SOURCE_DATE_EPOCH": "0"], now: now).get() == Date(timeIntervalSince1970: 0))
    }

    @Test(arguments: ["yesterday", "-1", "1.5", " 1767225600", "+1767225600", "1e9", "٣", "99999999999999999999"])
    func aValueThatIsNotSecondsIsRefused(_ value: String) {
        guard case .failure(let error) = BuildDate.resolve(["SOURCE_DATE_EPOCH": value], now: now) else {
            Issue.record("`\(value)` was accepted")
            return
        }
        #expect(error.description.hasPrefix("SOURCE_DATE_EPOCH is `"))
    }

    /// Samples without `createdAt` take the date the loader was given; one that sets it keeps it.
    @Test func samplesWithoutCreatedAtTakeTheBuildDate() throws {
        let text = SiteConfigTests.valid.replacingOccurrences(
            of: "  - id: maya\n",
            with: "  - {id: ben, inviterFirstName: Ben, createdAt: \"2026-03-01T09:30:00Z\"}\n  - id: maya\n")
        #expect(text != SiteConfigTests.valid)
        let (root, _) = YAMLParser.parse(text, path: "beckon.yml")
        let date = Date(timeIntervalSince1970: 1_794_960_000)
        let value = try #require(root)
        let config = try #require(
            SiteConfig(value, reader: YAMLReader(family: "config"), samplesCreatedAt: date))
        #expect(config.samplesCreatedAt == date)
        #expect(config.samples.map(\.createdAt) == [Date(timeIntervalSince1970: 1_772_357_400), date])
    }
}
