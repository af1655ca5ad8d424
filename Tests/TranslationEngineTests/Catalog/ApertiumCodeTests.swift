import TestSupport
import Testing
@testable import TranslationEngine

@Suite("ApertiumCode", .tags(.fast))
struct ApertiumCodeTests {
    @Test("3- and 2-letter codes map to the same BCP 47 tag", arguments: [
        ("spa", "es"), ("es", "es"), ("eng", "en"), ("cat", "ca"), ("glg", "gl"),
        ("por", "pt"), ("fra", "fr"), ("ita", "it"), ("ron", "ro"), ("oci", "oc"),
        ("eus", "eu"), ("isl", "is"), ("hbs", "hbs"), ("slv", "sl"), ("mkd", "mk"),
        ("bul", "bg"), ("bg", "bg"), ("epo", "eo"), ("nob", "nb"), ("nno", "nn"),
        ("dan", "da"), ("swe", "sv"), ("arg", "an"), ("ast", "ast"), ("srd", "sc"),
    ])
    func languages(code: String, tag: String) {
        #expect(ApertiumCode.bcp47(code) == tag)
    }

    @Test("Variants become regions, variant subtags or hbs members")
    func variants() {
        #expect(ApertiumCode.bcp47("eng_US") == "en-US")
        #expect(ApertiumCode.bcp47("pt_BR") == "pt-BR")
        #expect(ApertiumCode.bcp47("cat_valencia") == "ca-valencia")
        #expect(ApertiumCode.bcp47("hbs_HR") == "hr")
        #expect(ApertiumCode.bcp47("hbs_SR") == "sr")
        #expect(ApertiumCode.bcp47("hbs_BS") == "bs")
    }

    @Test("Multi-part variants: registered variants, fixed spellings, regions, then private use")
    func multiPartVariants() {
        #expect(ApertiumCode.bcp47("cat_iec2017") == "ca-x-iec2017")
        #expect(ApertiumCode.bcp47("cat_valencia_uni") == "ca-valencia-x-uni")
        #expect(ApertiumCode.bcp47("cat_valencia_uni_iec2017") == "ca-valencia-x-uni-iec2017")
        #expect(ApertiumCode.bcp47("oc_aran") == "oc-aranes")
        #expect(ApertiumCode.bcp47("por_PTpre1990") == "pt-PT-x-pre1990")
        #expect(ApertiumCode.bcp47("nno_e") == "nn-x-e")
        #expect(ApertiumCode.bcp47("eng_US_GB") == "en-US-x-gb", "a second region is private use")
        #expect(ApertiumCode.bcp47("hbs_XX") == "hbs-XX", "not a standard: a region of the macrolanguage")
        #expect(ApertiumCode.bcp47("deu") == "de")
    }

    @Test("Unknown codes and malformed variants are nil")
    func unknown() {
        #expect(ApertiumCode.bcp47("xyz") == nil)
        #expect(ApertiumCode.bcp47("") == nil)
        #expect(ApertiumCode.bcp47("eng_") == nil)
        #expect(ApertiumCode.bcp47("eng_U-1") == nil)
        #expect(ApertiumCode.bcp47("eng_abcdefghij") == nil, "private use is 8 characters at most")
    }

    @Test("Mode names give source and target tags")
    func modeTags() throws {
        let cases: [(String, String, String)] = [
            ("spa-eng.mode", "es", "en"), ("eng-cat_valencia.mode", "en", "ca-valencia"),
            ("es-pt_BR.mode", "es", "pt-BR"), ("spa-eng_US.mode", "es", "en-US"),
            ("hbs-eng.mode", "hbs", "en"), ("fr-es.mode", "fr", "es"), ("nob-nno.mode", "nb", "nn"),
            ("spa-eng", "es", "en"), ("spa-cat_iec2017", "es", "ca-x-iec2017"), ("nno_e-nno", "nn-x-e", "nn"),
            ("oc_aran-es", "oc-aranes", "es"), ("cat-por_PTpre1990", "ca", "pt-PT-x-pre1990"),
        ]
        for (name, source, target) in cases {
            let tags = try #require(ApertiumCode.tags(ofMode: name), "\(name)")
            #expect(tags.source == source && tags.target == target, "\(name)")
        }
    }

    @Test("Auxiliary and unknown modes are skipped")
    func skipped() {
        for name in ["eng-spa-tagger.mode", "spa-eng-morph.mode", "xyz-eng.mode", "en-eo_bytecode.mode", "eng.mode", "-eng.mode", "eng-spa-biltrans"] {
            #expect(ApertiumCode.tags(ofMode: name) == nil, "\(name)")
        }
    }

    @Test("A list of mode files becomes the pack's directions, sorted by mode")
    func directionsFromFiles() {
        let files = ["spa-eng_US.mode", "eng-spa.mode", "eng-spa-tagger.mode", "spa-eng.mode", "spa-eng-postchunk.mode", "xyz-spa.mode"]
        let directions = ApertiumCode.directions(fromModeFiles: files, pack: "eng-spa")
        #expect(directions == [
            Direction(source: "en", target: "es", mode: "eng-spa", pack: "eng-spa"),
            Direction(source: "es", target: "en", mode: "spa-eng", pack: "eng-spa"),
            Direction(source: "es", target: "en-US", mode: "spa-eng_US", pack: "eng-spa"),
        ])
    }
}
