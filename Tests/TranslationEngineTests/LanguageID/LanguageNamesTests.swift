import Testing
import TranslationEngine
import TestSupport

/// Readable English names for every tag a pack direction uses, variants and private use included.
@Suite(.tags(.fast)) struct LanguageNamesTests {}

extension LanguageNamesTests {
    @Test(arguments: [
        ("es", "Spanish"),
        ("nb", "Norwegian Bokmål"),
        ("und", "Undetermined"),
        ("en-US", "English (United States)"),
        ("pt-BR", "Portuguese (Brazil)"),
        ("ca-valencia", "Catalan (Valencian)"),
        ("ca-x-pre2017", "Catalan (before the 2017 spelling reform)"),
        ("ca-x-iec2017", "Catalan (2017 spelling reform)"),
        ("ca-valencia-x-uni", "Catalan (Valencian, university standard)"),
        ("ca-valencia-x-iec2017", "Catalan (Valencian, 2017 spelling reform)"),
        ("ca-valencia-x-uni-iec2017", "Catalan (Valencian, university standard, 2017 spelling reform)"),
        ("nn-x-e", "Norwegian Nynorsk (e-infinitive)"),
        ("oc-aranes", "Occitan (Aranese)"),
        ("pt-PT-x-pre1990", "Portuguese (Portugal, before the 1990 spelling agreement)"),
        ("hbs", "Serbo-Croatian"),
        ("sr-Latn", "Serbian (Latin)"),
        ("sc", "Sardinian"),
        ("ast", "Asturian"),
    ])
    func namesEveryPart(tag: String, expected: String) {
        #expect(LanguageNames.name(of: tag) == expected)
    }

    @Test func unknownPartsStayVisibleSoNamesStayDistinct() {
        #expect(LanguageNames.name(of: "ca-x-zzz") == "Catalan (zzz)")
        #expect(LanguageNames.name(of: "oc-lengadoc") == "Occitan (Languedocien)")
        #expect(LanguageNames.name(of: "qqq") == "qqq")
        #expect(LanguageNames.name(of: "ca-x-a") != LanguageNames.name(of: "ca-x-b"))
    }

    @Test func theDefaultRepositorysTagsAllHaveDistinctNames() {
        let tags = DefaultRepositoryTags.fixture
        #expect(Set(tags.map(LanguageNames.name(of:))).count == tags.count)
        #expect(tags.allSatisfy { !LanguageNames.name(of: $0).contains($0) || !$0.contains("-") }, "no tag shown raw in a name")
    }
}
