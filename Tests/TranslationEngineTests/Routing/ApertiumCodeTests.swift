import Testing
@testable import TranslationEngine

@Suite("ApertiumCode")
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

    @Test("Unknown codes and malformed variants are nil")
    func unknown() {
        #expect(ApertiumCode.bcp47("deu") == nil)
        #expect(ApertiumCode.bcp47("") == nil)
        #expect(ApertiumCode.bcp47("hbs_XX") == nil)
        #expect(ApertiumCode.bcp47("eng_") == nil)
        #expect(ApertiumCode.bcp47("eng_U1") == nil)
        #expect(ApertiumCode.bcp47("eng_US_x") == nil)
    }

    @Test("Mode names give source and target tags")
    func modeTags() throws {
        let cases: [(String, String, String)] = [
            ("spa-eng.mode", "es", "en"), ("eng-cat_valencia.mode", "en", "ca-valencia"),
            ("es-pt_BR.mode", "es", "pt-BR"), ("spa-eng_US.mode", "es", "en-US"),
            ("hbs-eng.mode", "hbs", "en"), ("fr-es.mode", "fr", "es"), ("nob-nno.mode", "nb", "nn"),
            ("spa-eng", "es", "en"),
        ]
        for (name, source, target) in cases {
            let tags = try #require(ApertiumCode.tags(ofMode: name), "\(name)")
            #expect(tags.source == source && tags.target == target, "\(name)")
        }
    }

    @Test("Auxiliary and unknown modes are skipped")
    func skipped() {
        for name in ["eng-spa-tagger.mode", "spa-eng-morph.mode", "deu-eng.mode", "eng.mode", "-eng.mode", "eng-spa-biltrans"] {
            #expect(ApertiumCode.tags(ofMode: name) == nil, "\(name)")
        }
    }

    @Test("A list of mode files becomes the pack's directions, sorted by mode")
    func directionsFromFiles() {
        let files = ["spa-eng_US.mode", "eng-spa.mode", "eng-spa-tagger.mode", "spa-eng.mode", "spa-eng-postchunk.mode", "deu-spa.mode"]
        let directions = ApertiumCode.directions(fromModeFiles: files, pack: "eng-spa")
        #expect(directions == [
            Direction(source: "en", target: "es", mode: "eng-spa", pack: "eng-spa"),
            Direction(source: "es", target: "en", mode: "spa-eng", pack: "eng-spa"),
            Direction(source: "es", target: "en-US", mode: "spa-eng_US", pack: "eng-spa"),
        ])
    }
}
