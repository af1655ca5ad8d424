import Foundation
import Testing
@testable import TranslationEngine

/// Remote servers' pairs in the planner: installed packs first, then routes that take remote
/// legs, then downloads; and what the servers' probes and settings are read as.
@Suite("Remote legs")
struct RemotePlannerTests {
    static func remote(_ url: String, _ pairs: [(String, String)]) -> PackInfo {
        let id = RemoteServers.packID(of: URL(string: url)!)
        return PackInfo(id: id, installed: true, downloadSize: 0,
                        directions: pairs.map { Direction(source: $0.0, target: $0.1, mode: "\($0.0)|\($0.1)", pack: id, engine: .remote) })
    }

    static func route(_ packs: [PackInfo], _ source: String, _ target: String, engine: EnginePreference = .auto) -> [String]? {
        RoutePlanner(packs: packs, engine: engine).route(from: source, to: target)?.map(\.pack)
    }

    static let server = remote("http://10.0.0.5:5000", [("es", "en"), ("fr", "es")])

    @Test("Installed beats remote, remote beats a download")
    func ordering() {
        let installed = RoutePlannerEngineTests.apertium("eng-spa", installed: true, modes: ["spa-eng"])
        let download = RoutePlannerEngineTests.neural("es", "en")
        #expect(Self.route([installed, Self.server, download], "es", "en") == ["eng-spa"])
        #expect(Self.route([Self.server, download], "es", "en") == ["remote http://10.0.0.5:5000"])
        #expect(Self.route([download], "es", "en") == ["translate-es_en"])
        // A chain of an installed and a remote leg needs no download: it beats the direct model.
        let french = [RoutePlannerEngineTests.apertium("eng-spa", installed: true, modes: ["spa-eng"]), Self.server,
                      RoutePlannerEngineTests.neural("fr", "en")]
        #expect(Self.route(french, "fr", "en") == ["remote http://10.0.0.5:5000", "eng-spa"])
        // An installed-only chain beats a direct remote leg.
        let local = [RoutePlannerEngineTests.apertium("fr-es", installed: true, modes: ["fr-es"]),
                     RoutePlannerEngineTests.apertium("eng-spa", installed: true, modes: ["spa-eng"]), Self.remote("http://h:1", [("fr", "en")])]
        #expect(Self.route(local, "fr", "en") == ["fr-es", "eng-spa"])
    }

    @Test("--engine remote keeps to remote legs; the others leave them out")
    func enginePreference() {
        let packs = [RoutePlannerEngineTests.apertium("eng-spa", installed: true, modes: ["spa-eng"]), Self.server]
        #expect(Self.route(packs, "es", "en", engine: .remote) == ["remote http://10.0.0.5:5000"])
        #expect(Self.route(packs, "es", "en", engine: .apertium) == ["eng-spa"])
        #expect(Self.route([Self.server], "es", "en", engine: .apertium) == nil)
        #expect(Availability(packs: [Self.server]).status(from: "es", to: "en") == .installed)
    }

    @Test("Server URLs: http or https with a host; host:port as consent names them")
    func serverURLs() {
        #expect(RemoteLimits.serverURL("http://10.0.0.5:5000/")?.absoluteString == "http://10.0.0.5:5000")
        #expect(RemoteLimits.serverURL("https://mt.example.org/apy")?.absoluteString == "https://mt.example.org/apy")
        for bad in ["ftp://h", "localhost:5000", "/srv/apy", "http://", "http://h/?q=1", "http://u@h"] {
            #expect(RemoteLimits.serverURL(bad) == nil, "\(bad)")
        }
        #expect(RemoteLimits.hostAndPort(of: URL(string: "http://10.0.0.5:5000")!) == "10.0.0.5:5000")
        #expect(RemoteLimits.hostAndPort(of: URL(string: "https://mt.example.org")!) == "mt.example.org:443")
    }

    @Test("HIKE_REVIEWS_REMOTE: URLs separated by whitespace; a bad one is a problem named")
    func variable() {
        let environment = EngineEnvironment.fromProcess(["HIKE_REVIEWS_REMOTE": " http://a:1/  https://b\tftp://c "])
        #expect(environment.remoteURLs.map(\.absoluteString) == ["http://a:1", "https://b"])
        #expect(environment.problems.map(\.variable) == ["HIKE_REVIEWS_REMOTE"])
        #expect(environment.problems.first?.value == "ftp://c")
        #expect(EngineEnvironment.fromProcess([:]).remoteURLs.isEmpty)
    }

    @Test("Probe answers: APy's pairs through the code table, LibreTranslate's targets; other shapes are neither")
    func probeShapes() {
        let apy = Data(#"{"responseData":[{"sourceLanguage":"spa","targetLanguage":"eng"},{"sourceLanguage":"xxx","targetLanguage":"eng"}],"responseStatus":200}"#.utf8)
        #expect(RemoteAPI.apyPairs(apy)?.map(\.mode) == ["spa|eng"])
        #expect(RemoteAPI.apyPairs(apy)?.first.map { [$0.source, $0.target] } == ["es", "en"])
        let libre = Data(#"[{"code":"es","name":"Spanish","targets":["en","es","a b"]},{"code":"en","targets":[]}]"#.utf8)
        #expect(RemoteAPI.libreTranslatePairs(libre)?.map(\.mode) == ["es|en"])
        #expect(RemoteAPI.apyPairs(libre) == nil)
        #expect(RemoteAPI.libreTranslatePairs(apy) == nil)
        #expect(RemoteAPI.formEncoded("spa|eng a+b&c=d é") == "spa%7Ceng%20a%2Bb%26c%3Dd%20%C3%A9")
    }
}
