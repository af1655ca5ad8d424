import TestSupport
import Testing
@testable import TranslationEngine

@Suite("RoutePlanner", .tags(.fast))
struct RoutePlannerTests {
    @Test("A direct direction is used when one exists")
    func direct() {
        #expect(RoutingFixtures.modes("es", "en") == ["spa-eng"])
        #expect(RoutingFixtures.modes("en", "es") == ["eng-spa"])
        // cat-eng's pack is not installed, and installed packs come first: Catalan goes through Spanish.
        #expect(RoutingFixtures.modes("ca", "en") == ["cat-spa", "spa-eng"])
        #expect(RoutingFixtures.modes("en", "gl") == ["en-gl"])
        #expect(RoutingFixtures.modes("nn", "nb") == ["nno-nob"])
    }

    @Test("The route carries the pack of each leg")
    func packs() {
        #expect(RoutingFixtures.planner.route(from: "fr", to: "en")?.map(\.pack) == ["fr-es", "eng-spa"])
    }

    @Test("Shortest chains through a pivot")
    func chains() {
        #expect(RoutingFixtures.modes("sl", "en") == ["slv-hbs", "hbs-eng"])
        #expect(RoutingFixtures.modes("bg", "en") == ["bul-mkd", "mkd-eng"])
        #expect(RoutingFixtures.modes("pt", "fr") == ["pt-es", "es-fr"])
        #expect(RoutingFixtures.modes("bg", "es") == ["bul-mkd", "mkd-eng", "eng-spa"])
    }

    @Test("Croatian, Serbian and Bosnian sources use hbs directions")
    func serboCroatian() {
        #expect(RoutingFixtures.modes("hr", "en") == ["hbs-eng"])
        #expect(RoutingFixtures.modes("sr", "en") == ["hbs-eng"])
        #expect(RoutingFixtures.modes("bs", "es") == ["hbs-eng", "eng-spa"])
        #expect(RoutingFixtures.modes("hr", "hbs") == nil)
        // Only sources widen to hbs: en -> hbs output is not Croatian.
        #expect(RoutingFixtures.modes("en", "hr") == nil)
    }

    @Test("A chain of installed packs beats an uninstalled one of the same length")
    func installedFirst() {
        // fr -> ca -> en is just as short, but fra-cat and eng-cat are not installed.
        #expect(RoutingFixtures.modes("fr", "en") == ["fr-es", "spa-eng"])
    }

    @Test("Among uninstalled chains the smaller download wins")
    func smallerDownload() {
        // gl -> es -> ca needs es-gl (3 000); gl -> en -> ca needs en-gl + eng-cat (14 000).
        #expect(RoutingFixtures.modes("gl", "ca") == ["gl-es", "spa-cat"])
        #expect(RoutingFixtures.modes("ca", "gl") == ["cat-spa", "es-gl"])
    }

    @Test("Installed beats a smaller download, and a shared pack is counted once")
    func installedBeatsSize() {
        let packs = [
            RoutingFixtures.pack("a-b", installed: true, size: 900, modes: ["ita-ron"]),
            RoutingFixtures.pack("b-c", installed: true, size: 900, modes: ["ron-oci"]),
            RoutingFixtures.pack("a-d", installed: false, size: 10, modes: ["ita-eus", "eus-oci"]),
        ]
        let planner = RoutePlanner(packs: packs)
        #expect(planner.route(from: "it", to: "oc")?.map(\.mode) == ["ita-ron", "ron-oci"])
        let uninstalled = packs.map { PackInfo(id: $0.id, installed: false, downloadSize: $0.downloadSize, directions: $0.directions) }
        #expect(RoutePlanner(packs: uninstalled).route(from: "it", to: "oc")?.map(\.mode) == ["ita-eus", "eus-oci"])
    }

    @Test("Equal chains fall back to alphabetical mode names, whatever the pack order")
    func alphabetical() {
        let packs = [
            RoutingFixtures.pack("p1", installed: true, size: 1, modes: ["ita-ron", "ron-oci"]),
            RoutingFixtures.pack("p2", installed: true, size: 1, modes: ["ita-eus", "eus-oci"]),
        ]
        #expect(RoutePlanner(packs: packs).route(from: "it", to: "oc")?.map(\.mode) == ["ita-eus", "eus-oci"])
        #expect(RoutePlanner(packs: packs.reversed()).route(from: "it", to: "oc")?.map(\.mode) == ["ita-eus", "eus-oci"])
    }

    @Test("A target variant uses its variant mode, else the plain one")
    func targetVariants() {
        #expect(RoutingFixtures.modes("es", "en-US") == ["spa-eng_US"])
        #expect(RoutingFixtures.modes("es", "pt-BR") == ["es-pt_BR"])
        #expect(RoutingFixtures.modes("en", "ca-valencia") == ["eng-cat_valencia"])
        #expect(RoutingFixtures.modes("es", "en-GB") == ["spa-eng"])
        #expect(RoutingFixtures.modes("fr", "en-US") == ["fr-es", "spa-eng_US"])
        #expect(RoutingFixtures.modes("fr", "pt-BR") == ["fr-es", "es-pt_BR"])
        // A plain target never gets a regional mode.
        #expect(RoutingFixtures.modes("es", "pt") == ["es-pt"])
    }

    @Test("Variant sources and targets of the pairs Debian ships take their own modes")
    func variantModes() {
        let planner = RoutePlanner(packs: [
            RoutingFixtures.pack("oc-ca", installed: true, size: 1, modes: ["ca-oc", "ca-oc_aran", "oc-ca", "oc_aran-ca"]),
            RoutingFixtures.pack("nno-nob", installed: true, size: 1, modes: ["nno-nno_e", "nno-nob", "nno_e-nno", "nob-nno", "nob-nno_e"]),
            RoutingFixtures.pack("spa-cat", installed: true, size: 1, modes: ["spa-cat", "spa-cat_iec2017", "spa-cat_valencia_uni"]),
        ])
        let modes = { (source: String, target: String) in planner.route(from: source, to: target)?.map(\.mode) }
        #expect(modes("oc-aranes", "ca") == ["oc_aran-ca"], "the mode that reads Aranese")
        #expect(modes("oc", "ca") == ["oc-ca"], "plain Occitan is not read as Aranese")
        #expect(modes("ca", "oc-aranes") == ["ca-oc_aran"])
        #expect(modes("es", "ca-x-iec2017") == ["spa-cat_iec2017"])
        #expect(modes("es", "ca-valencia-x-uni") == ["spa-cat_valencia_uni"])
        // One standard of Nynorsk into the other is a mode of its own; other pairs of one language are not.
        #expect(modes("nn", "nn-x-e") == ["nno-nno_e"])
        #expect(modes("nn-x-e", "nn") == ["nno_e-nno"])
        #expect(modes("nb", "nn-x-e") == ["nob-nno_e"])
        #expect(modes("nn", "nn") == nil)
        #expect(modes("ca", "ca-x-iec2017") == nil)
    }

    @Test("A source region reads as the plain language")
    func sourceRegion() {
        #expect(RoutingFixtures.modes("es-MX", "en") == ["spa-eng"])
        #expect(RoutingFixtures.modes("pt-BR", "es") == ["pt-es"])
    }

    @Test("Unsupported pairs have no route", arguments: [
        ("de", "en"), ("en", "de"), ("en", "en-GB"), ("en", "en-US"), ("en-US", "en-GB"),
        ("en", "en"), ("es-MX", "es"), ("nb", "en"), ("en", "sl"),
    ])
    func unsupported(source: String, target: String) {
        #expect(RoutingFixtures.planner.route(from: source, to: target) == nil)
    }

    @Test("An empty graph routes nothing")
    func empty() {
        #expect(RoutePlanner(packs: []).route(from: "es", to: "en") == nil)
    }
}
