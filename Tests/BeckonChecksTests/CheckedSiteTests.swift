import BeckonChecks
import Testing

/// How a link's path becomes the files it may mean, as a static server looks them up.
@Suite struct CheckedSiteTests {
    @Test(arguments: [
        ("/de-DE/gone/", "en-US/invite/index.html", ["de-DE/gone/index.html"]),
        ("../expired/", "en-US/invite/index.html", ["en-US/expired/index.html"]),
        ("/", "en-US/invite/index.html", ["index.html"]),
        ("", "index.html", ["index.html"]),
        ("/assets/logo.svg", "en-US/invite/index.html", ["assets/logo.svg", "assets/logo.svg/index.html"]),
        ("./b", "a/index.html", ["a/b", "a/b/index.html"]),
        ("/a/./b/../c", "index.html", ["a/c", "a/c/index.html"]),
        ("../../x", "a/index.html", []),
    ])
    func aPathMeansTheFileOrTheFoldersIndex(path: String, page: String, expected: [String]) {
        #expect(CheckedSite.candidates(path, from: page) == expected)
        let existing = Set(expected.suffix(1))
        #expect(CheckedSite.resolve(path, from: page, exists: existing.contains) == expected.last)
    }
}
