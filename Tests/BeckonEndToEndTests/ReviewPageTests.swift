import BeckonTestSupport
import Foundation
import Testing

/// The reviewer page of examples/selffull as a reviewer reads it: arguments are chips, never
/// dropped; strings read with a sample's values; every plural branch is there with the numbers
/// that choose it in the locale.
@Suite struct ReviewPageTests {
    static let page: String = {
        let output = TemporaryDirectory()
        _ = try? BeckonBinary.run(["build", "--site", "examples/selffull", "--output", output.path("out").path])
        return (try? String(contentsOf: output.path("out/review/index.html"), encoding: .utf8)) ?? ""
    }()

    @Test func argumentsAreShownNotDropped() {
        #expect(Self.page.contains("Your invite to <code class=\"chip\" dir=\"ltr\">{invitee}</code> has expired"))
        #expect(Self.page.contains("with sample coach-maya:</span> Your invite to Jonas has expired</p>"))
        #expect(!Self.page.contains("Your invite to  has expired"))
    }

    /// Arabic distinguishes six plural categories: each branch is listed with CLDR's numbers for it.
    @Test(arguments: [
        ("zero", "(0)"), ("one", "(1)"), ("two", "(2)"), ("few", "(3, 4, 5…)"), ("many", "(11, 12, 13…)"),
        ("other", "(100, 101, 102…)"),
    ])
    func everyArabicPluralBranchHasItsNumbers(category: String, numbers: String) {
        let branch =
            "<li><code class=\"chip\" dir=\"ltr\">\(category)</code> <span class=\"examples\" lang=\"en\" dir=\"ltr\">\(numbers)</span>"
        #expect(Self.page.contains(branch))
    }
}
