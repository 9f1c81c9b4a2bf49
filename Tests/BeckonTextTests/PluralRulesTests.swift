import BeckonText
import Foundation
import Testing

@Test(
    arguments: [
        ("en-US", [.one, .other]),
        ("de-DE", [.one, .other]),
        ("ja-JP", [.other]),
        ("ru", [.one, .few, .many, .other]),
        ("pl", [.one, .few, .many, .other]),
        ("ar", [.zero, .one, .two, .few, .many, .other]),
    ] as [(String, Set<PluralCategory>)])
func pluralCategoriesComeFromCLDR(locale: String, expected: Set<PluralCategory>) {
    #expect(PluralRules(locale: locale).categories == expected)
}

@Test(
    arguments: [
        ("en-US", 1, .one), ("en-US", 2, .other), ("ru", 1, .one), ("ru", 3, .few), ("ru", 5, .many),
        ("ar", 0, .zero), ("ar", 2, .two), ("ar", 11, .many), ("ar", 100, .other),
    ] as [(String, Double, PluralCategory)])
func numbersFallIntoTheirCategory(locale: String, number: Double, expected: PluralCategory) {
    #expect(PluralRules(locale: locale).category(for: number) == expected)
}
