import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The index builder (`scripts/build-pack-repo`) and the engine name every mode's direction
/// alike: both read the one table, `ApertiumCodeTable`.
@Suite struct CodeTableAgreementTests {
    static let packageRoot = PackagePaths.root

    /// Every translation mode of the default repository built from Debian 12's pairs, with the
    /// direction the builder's own Python table gave it before the table was shared.
    static let debianModes: [(mode: String, source: String, target: String)] = [
        ("arg-cat", "an", "ca"), ("cat-arg", "ca", "an"), ("cat-ita", "ca", "it"), ("ita-cat", "it", "ca"),
        ("ita-cat_pre2017", "it", "ca-x-pre2017"), ("cat-srd", "ca", "sc"), ("dan-nno", "da", "nn"),
        ("dan-nob", "da", "nb"), ("nno-dan", "nn", "da"), ("nob-dan", "nb", "da"), ("en-gl", "en", "gl"),
        ("gl-en", "gl", "en"), ("cat-eng", "ca", "en"), ("cat-eng_US", "ca", "en-US"), ("eng-cat", "en", "ca"),
        ("eng-cat_iec2017", "en", "ca-x-iec2017"), ("eng-cat_valencia", "en", "ca-valencia"),
        ("eng-cat_valencia_iec2017", "en", "ca-valencia-x-iec2017"),
        ("eng-cat_valencia_uni", "en", "ca-valencia-x-uni"),
        ("eng-cat_valencia_uni_iec2017", "en", "ca-valencia-x-uni-iec2017"), ("eng-spa", "en", "es"),
        ("spa-eng", "es", "en"), ("spa-eng_US", "es", "en-US"), ("en-eo", "en", "eo"), ("eo-en", "eo", "en"),
        ("es-gl", "es", "gl"), ("gl-es", "gl", "es"), ("es-pt", "es", "pt"), ("es-pt_BR", "es", "pt-BR"),
        ("pt-es", "pt", "es"), ("ro-es", "ro", "es"), ("eu-en", "eu", "en"), ("eu-es", "eu", "es"),
        ("es-fr", "es", "fr"), ("fr-es", "fr", "es"), ("cat-fra", "ca", "fr"), ("fra-cat", "fr", "ca"),
        ("fra-cat_pre2017", "fr", "ca-x-pre2017"), ("eng-hbs", "en", "hbs"), ("eng-hbs_BS", "en", "bs"),
        ("eng-hbs_HR", "en", "hr"), ("eng-hbs_SR", "en", "sr"), ("hbs-eng", "hbs", "en"), ("hbs-slv", "hbs", "sl"),
        ("slv-hbs", "sl", "hbs"), ("slv-hbs_BS", "sl", "bs"), ("slv-hbs_HR", "sl", "hr"), ("slv-hbs_SR", "sl", "sr"),
        ("isl-eng", "is", "en"), ("isl-swe", "is", "sv"), ("swe-isl", "sv", "is"), ("bul-mkd", "bg", "mk"),
        ("mkd-bul", "mk", "bg"), ("mkd-eng", "mk", "en"), ("nno-nno_e", "nn", "nn-x-e"), ("nno-nob", "nn", "nb"),
        ("nno_e-nno", "nn-x-e", "nn"), ("nob-nno", "nb", "nn"), ("nob-nno_e", "nb", "nn-x-e"), ("ca-oc", "ca", "oc"),
        ("ca-oc_aran", "ca", "oc-aranes"), ("oc-ca", "oc", "ca"), ("oc_aran-ca", "oc-aranes", "ca"),
        ("es-oc", "es", "oc"), ("es-oc_aran", "es", "oc-aranes"), ("oc-es", "oc", "es"),
        ("oc_aran-es", "oc-aranes", "es"), ("cat-por", "ca", "pt"), ("cat-por_BR", "ca", "pt-BR"),
        ("cat-por_PTpre1990", "ca", "pt-PT-x-pre1990"), ("por-cat", "pt", "ca"),
        ("por-cat_pre2017", "pt", "ca-x-pre2017"), ("arg-spa", "an", "es"), ("spa-arg", "es", "an"),
        ("spa-ast", "es", "ast"), ("cat-spa", "ca", "es"), ("spa-cat", "es", "ca"),
        ("spa-cat_iec2017", "es", "ca-x-iec2017"), ("spa-cat_valencia", "es", "ca-valencia"),
        ("spa-cat_valencia_iec2017", "es", "ca-valencia-x-iec2017"),
        ("spa-cat_valencia_uni", "es", "ca-valencia-x-uni"),
        ("spa-cat_valencia_uni_iec2017", "es", "ca-valencia-x-uni-iec2017"), ("ita-spa", "it", "es"),
        ("spa-ita", "es", "it"), ("dan-swe", "da", "sv"), ("swe-dan", "sv", "da"), ("nno-swe", "nn", "sv"),
        ("nob-swe", "nb", "sv"), ("swe-nno", "sv", "nn"), ("swe-nob", "sv", "nb"),
    ]

    /// The modes of `<checkout>/.build/pack-repo/index.json` when `make packs` built it, with
    /// the directions it advertises.
    static func defaultIndexModes() -> [(mode: String, source: String, target: String)] {
        let index = packageRoot.appendingPathComponent(".build/pack-repo/index.json")
        guard let data = try? Data(contentsOf: index),
              let packs = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["packs"] as? [[String: Any]]
        else { return [] }
        return packs.flatMap { pack in
            zip(pack["modes"] as? [String] ?? [], pack["directions"] as? [[String]] ?? []).map { ($0, $1[0], $1[1]) }
        }
    }

    /// Mode names with the shapes the table must decide on: auxiliary modes, unknown codes,
    /// second regions, fixed spellings, private use too long for BCP 47.
    static let trickyModes = [
        "eng-spa-tagger", "en-eo_bytecode", "spa-eng-morph", "es-eo-no_cg", "xyz-eng", "deu-eng", "eng_US_GB-spa",
        "hbs_XX-eng", "eng_U1-spa", "oci_aran_gascon-cat", "por_PTpre1990_BR-cat", "eng_abcdefghij-spa", "eng_1abc-spa",
        "eng_VALENCIA-spa", "eng_Aran-spa", "sh-en", "eng-", "eng_-spa", "Eng-spa",
    ]
}

extension CodeTableAgreementTests {
    /// The engine gives each Debian mode the direction the index advertises (before the table was
    /// shared it read `spa-cat_iec2017` as plain `ca` and `nno-nno_e` not at all).
    @Test func theEngineReadsEveryModeAsTheIndexAdvertisesIt() {
        for (mode, source, target) in Self.debianModes + Self.defaultIndexModes() {
            let tags = ApertiumCode.tags(ofMode: mode)
            #expect(tags?.source == source && tags?.target == target, "\(mode): \(String(describing: tags))")
        }
    }

    /// `build-pack-repo --directions` (the mapping the builder writes into an index) and the
    /// engine agree on every mode name: Debian's, the test pairs', this machine's and odd ones.
    @Test func theBuilderAndTheEngineGiveEveryModeTheSameTags() throws {
        var modes = Self.debianModes.map(\.mode) + Self.defaultIndexModes().map(\.mode) + Self.trickyModes
        for root in [ModeFile.installedPrefix, PipelineFixtures.pairsRoot] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/modes")) ?? []
            modes += names.filter { $0.hasSuffix(".mode") }.map { String($0.dropLast(5)) }
        }
        modes = Array(Set(modes)).sorted()
        let script = Self.packageRoot.appendingPathComponent("scripts/build-pack-repo").path
        let environment = ApertiumCodesTool.environment.map { "\($0.key)=\($0.value)" }
        let result = try Subprocess.output(of: ["/usr/bin/env"] + environment + ["/bin/bash", script, "--directions"] + modes, input: "")
        try #require(result.status == 0, "\(result.error)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        for mode in modes {
            let builder = answer[mode] as? [String]
            let engine = ApertiumCode.tags(ofMode: mode).map { [$0.source, $0.target] }
            #expect(builder == engine, "\(mode): the builder says \(String(describing: builder)), the engine \(String(describing: engine))")
        }
        #expect(answer.count == modes.count)
    }
}
