import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// The public Argos index among the default repositories: the app says once that it does not
/// answer and offers none of its packs; the consent dialog says what a pack is and where it comes
/// from; `packs list` goes on with the local repository. The "public" index is a server on
/// 127.0.0.1 (HIKE_REVIEWS_PUBLIC_INDEX_URL): there is no internet here.
@Suite struct RepositoryOutageTests {
    static let argosIndex = URL(string: "https://raw.githubusercontent.com/argosopentech/argospm-index/main/index.json")!

    /// Argos's German model as its index lists it: no size, no checksum.
    static let german = PackIndex.Entry(
        id: "translate-de_en", version: "1.0", title: "German - English",
        directions: [Direction(source: "de", target: "en", mode: "translate-de_en", pack: "translate-de_en")],
        size: 0, sha256: "", url: URL(string: "https://argos-net.com/v1/translate-de_en-1_0.argosmodel")!, license: "unknown",
        source: "Argos Translate package index", engine: .neural, repository: argosIndex)

    /// The bottom row of the screen.
    static func statusBar(_ state: AppState) -> String {
        AppView.render(state).lines().last ?? ""
    }

    static let outage = RepositoryOutage(repository: argosIndex.absoluteString, isPublicIndex: true, origin: "raw.githubusercontent.com")
}

extension RepositoryOutageTests {
    @Test func theAppAsksEveryRepositoryOnceAtStart() {
        let state = Fixtures.state()
        #expect(state.initialEffects.contains(.checkRepositories))
    }

    @Test func anUnreachablePublicIndexIsSaidOnceInTheStatusLine() {
        var state = Fixtures.state()
        _ = state.reduce(.repositoryUnreachable(Self.outage))
        let status = Self.statusBar(state)
        #expect(status.contains("Argos index unreachable: offline packs only"), "\(status)")
        #expect(!status.contains("Enter open"), "the message stands in for the hints")
        // The next key brings the hints back; the same repository is not said again.
        Fixtures.press([.char("j")], on: &state)
        #expect(state.statusMessage == nil)
        _ = state.reduce(.repositoryUnreachable(Self.outage))
        #expect(state.statusMessage == nil, "said once per run")
        #expect(Self.statusBar(state).contains("Enter open"))
        // Another repository that does not answer is said once too.
        _ = state.reduce(.repositoryUnreachable(RepositoryOutage(repository: "http://127.0.0.1:9/index.json", isPublicIndex: false,
                                                                  origin: "127.0.0.1:9", packIDs: ["x"])))
        #expect(state.statusMessage == "Pack repository 127.0.0.1:9 unreachable: offline packs only")
        // Offline, nothing was asked: the line says why instead.
        Fixtures.press([.char("j")], on: &state)
        _ = state.reduce(.repositoryUnreachable(RepositoryOutage(repository: "http://127.0.0.1:10/index.json", isPublicIndex: false,
                                                                  origin: "127.0.0.1:10", offline: true)))
        #expect(state.statusMessage == "Offline (HIKE_REVIEWS_OFFLINE): nothing is downloaded from 127.0.0.1:10")
    }

    @Test func hostileTextInTheStatusLineIsShownHarmless() {
        var state = Fixtures.state()
        _ = state.reduce(.repositoryUnreachable(RepositoryOutage(repository: "http://evil/", isPublicIndex: false,
                                                                  origin: "evil\u{1B}[31m\u{202E}host")))
        let screen = AppView.render(state)
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                #expect(!screen[x, y].grapheme.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
            }
        }
    }

    @Test func packsOfAnUnreachableRepositoryGetNoDialogAndSaySo() throws {
        var state = TranslateFlowTests.spanishCares()
        let translate = try #require(TranslateFlowTests.jobs(in: Fixtures.press([.char("T")], on: &state)))
        // The app's consent handler found the repository down: no dialog, one line, and the
        // reviews say why instead of "press T to download".
        _ = state.reduce(.repositoryUnreachable(RepositoryOutage(repository: Self.argosIndex.absoluteString, isPublicIndex: true,
                                                                  origin: "raw.githubusercontent.com", packIDs: ["translate-de_en"])))
        let ids = translate.jobs.map(\.reviewID)
        _ = state.reduce(.translationFailed(task: translate.id, reviewIDs: ids, failure: .needsPack(["translate-de_en"])))
        #expect(!state.dialogs.modals.contains { if case .consent = $0 { return true } else { return false } })
        #expect(state.statusMessage == "Argos index unreachable: offline packs only")
        guard case .failed(let message)? = state.translation.shown[ids[0]]?.status else { Issue.record("\(String(describing: state.translation.shown[ids[0]]))"); return }
        #expect(message.contains("translate-de_en cannot be downloaded now"))
        // Packs of a repository that answers still ask.
        _ = state.reduce(.translationFailed(task: translate.id, reviewIDs: ids, failure: .needsPack(["eng-spa"])))
        #expect(state.translation.shown[ids[0]]?.status == .needsPack(["eng-spa"]))
    }

    @Test func thePacksScreenOffersNoPackOfAnUnreachableRepositoryAndAsksTheServerForUnknownSizes() {
        var state = Fixtures.state()
        #expect(Fixtures.press([.char("P")], on: &state) == [.loadPacks])
        let down = PackRow(id: "translate-de_en", title: "German - English", status: .available, size: 0, directions: ["de>en"],
                           entry: Self.german, unreachable: true)
        var upEntry = Self.german
        upEntry.id = "translate-nl_en"
        let up = PackRow(id: "translate-nl_en", title: "Dutch - English", status: .available, size: 0, directions: ["nl>en"], entry: upEntry)
        _ = state.reduce(.packsLoaded([down, up], message: "Argos index unreachable: Argos packs listed from its copy of 3 h ago"))
        #expect(Fixtures.press([.char("i")], on: &state).isEmpty)
        #expect(state.dialogs.modals.isEmpty)
        guard case .packs(let packs) = state.screens.last else { Issue.record("left the packs screen"); return }
        #expect(packs.message == "translate-de_en: raw.githubusercontent.com does not answer; it cannot be downloaded now")
        // A size the index does not give is asked of the server first; then the question.
        #expect(Fixtures.press([.char("j"), .char("i")], on: &state) == [.askToInstall([upEntry])])
        #expect(state.dialogs.modals.isEmpty)
        var sized = upEntry
        sized.size = 41_000_000
        _ = state.reduce(.installQuestionReady(ConsentRequest(reason: "Install Dutch - English", packs: [sized], repository: nil)))
        guard case .consent(let dialog) = state.dialogs.modals.last else { Issue.record("no consent dialog"); return }
        #expect(dialog.requestIDs.isEmpty)
        #expect(Fixtures.press([.enter], on: &state) == [.installPacks(["translate-nl_en"])])
    }

    @Test func theConsentDialogSaysEngineSizeUnknownNoChecksumAndOrigin() {
        var state = TranslateFlowTests.spanishCares()
        Fixtures.press([.char("T")], on: &state)
        _ = state.reduce(.consentRequested(id: 1, request: ConsentRequest(reason: "German -> English", packs: [Self.german],
                                                                           repository: URL(fileURLWithPath: "/srv/packs/index.json"))))
        let text = Snapshot.text(of: AppView.render(state))
        for expected in ["German - English (translate-de_en) · neural · size unknown",
                         "from argos-net.com · no checksum published", "listed by raw.githubusercontent.com", "Total size unknown"] {
            #expect(text.contains(expected), "\(expected):\n\(text)")
        }
        #expect(!text.contains("0 kB"))
        Snapshot.check(AppView.render(state), named: "consent-dialog-neural")
        // Where the index and the model share a host, or the index is local, the host is said once.
        var local = Self.german
        local.repository = URL(fileURLWithPath: "/srv/packs/index.json")
        local.url = URL(fileURLWithPath: "/srv/packs/de_en.argosmodel")
        #expect(!DialogViews.packLines([local]).contains { $0.0.contains("listed by") })
    }
}

/// The app's consent handler and the CLI against real servers on 127.0.0.1.
@Suite(.serialized, .needs(TestRepository.available, "needs make test's pack repository"))
struct RepositoryOutageServerTests {}

extension RepositoryOutageServerTests {
    /// A public index that accepts and never answers: the consent handler gives up on it after
    /// the short timeout, asks nothing, says so once; the local repository's packs still ask.
    @Test(.timeLimit(.minutes(5)))
    func theAppsConsentOffersNoPackOfAPublicIndexThatNeverAnswers() async throws {
        let silent = try SilentServer()
        defer { silent.stop() }
        let public_ = silent.url("index.json")
        let local = URL(fileURLWithPath: TestRepository.path + "/index.json")
        let store = PackStore(root: try PacksCommandTests.freshStore())
        let manager = PackManager(store: store, repositoryURLs: [local, public_], offline: false, publicIndexURL: public_)
        let queue = ActionQueue()
        let consent = TerminalConsent(queue: queue, manager: manager)
        var german = RepositoryOutageTests.german
        german.repository = public_
        german.url = silent.url("translate-de_en.argosmodel")
        let answer = await consent.requestConsent(ConsentRequest(reason: "German -> English", packs: [german], repository: local))
        // Given up on, not hung on (the test's time limit is the safety net): the outage names
        // the public index, which only its own deadline reports.
        #expect(answer == .notNow)
        let actions = queue.drain()
        #expect(actions == [.repositoryUnreachable(RepositoryOutage(repository: public_.absoluteString, isPublicIndex: true,
                                                                   origin: "127.0.0.1:\(silent.port)", packIDs: ["translate-de_en"]))])
        // A pack of the local repository gets its dialog, at once.
        let spanish = try #require(try await manager.availablePacks().first { $0.id == "eng-spa" })
        // Offered instead of the model: the route that can be fetched is the question, alone,
        // and "download" means it.
        let instead = Task {
            await consent.requestConsent(ConsentRequest(reason: "German -> English", packs: [german], repository: local, alternative: [spanish]))
        }
        // Polled until the dialog is asked for; the test's time limit is the safety net.
        var swapped: [Action] = []
        while !swapped.contains(where: { if case .consentRequested = $0 { return true } else { return false } }) {
            swapped += queue.drain()
            try await Task.sleep(for: .milliseconds(10))
        }
        guard case .consentRequested(let insteadID, let insteadRequest)? = swapped.last else { Issue.record("\(swapped)"); return }
        #expect(insteadRequest.packs.map(\.id) == ["eng-spa"] && insteadRequest.alternative.isEmpty)
        consent.answer(insteadID, .download)
        #expect(await instead.value == .downloadAlternative)
        let asked = Task { await consent.requestConsent(ConsentRequest(reason: "Spanish -> English", packs: [spanish], repository: local)) }
        var dialog: [Action] = []
        while dialog.isEmpty {
            dialog = queue.drain()
            try await Task.sleep(for: .milliseconds(10))
        }
        guard case .consentRequested(let id, let request)? = dialog.first else { Issue.record("\(dialog)"); return }
        #expect(request.packs.map(\.id) == ["eng-spa"])
        consent.answer(id, .download)
        #expect(await asked.value == .download)
    }

    /// Offline, the consent handler asks no server and says why there is no dialog.
    @Test func offlineTheAppsConsentAsksNoServer() async throws {
        let silent = try SilentServer()
        defer { silent.stop() }
        let public_ = silent.url("index.json")
        let local = URL(fileURLWithPath: TestRepository.path + "/index.json")
        let manager = PackManager(store: PackStore(root: try PacksCommandTests.freshStore()), repositoryURLs: [local, public_],
                                  offline: true, publicIndexURL: public_)
        let queue = ActionQueue()
        var german = RepositoryOutageTests.german
        german.repository = public_
        let answer = await TerminalConsent(queue: queue, manager: manager)
            .requestConsent(ConsentRequest(reason: "German -> English", packs: [german], repository: local))
        #expect(answer == .notNow)
        #expect(queue.drain() == [.repositoryUnreachable(RepositoryOutage(repository: public_.absoluteString, isPublicIndex: true,
                                                                          origin: "127.0.0.1:\(silent.port)", packIDs: ["translate-de_en"],
                                                                          offline: true))])
        try await Task.sleep(for: .milliseconds(200))
        #expect(silent.connections == 0, "no connection was even tried")
    }

    /// The binary with the default repositories: offline, the public index is never asked;
    /// online and silent, `packs list` names it once and still succeeds.
    @Test(.timeLimit(.minutes(5)))
    func packsListWithTheDefaultRepositories() throws {
        let served = try PacksCommandTests.freshStore()
        try Data("[]".utf8).write(to: URL(fileURLWithPath: served + "/index.json"))
        let script = Paths.packageRoot.appendingPathComponent("Tests/TranslationEngineTests/Fixtures/pack_server.py").path
        let server = try PackServer(serving: served, script: script)
        defer { server.stop() }
        let store = try PacksCommandTests.freshStore()
        let base = ["HIKE_REVIEWS_STORE=\(store)", "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_PAIRS_PATH="]
        let offline = try CommandLineTests.runBinary(["packs", "list", "--json"], environment: base + [
            "HIKE_REVIEWS_OFFLINE=1", "HIKE_REVIEWS_PUBLIC_INDEX_URL=\(server.url("files/index.json"))"])
        #expect(offline.status == 0, "\(offline.error)")
        #expect(server.requests().isEmpty, "offline: no request to the public index: \(server.requests())")
        #expect(offline.error == "hike-reviews: packs list: the public Argos index is not asked (HIKE_REVIEWS_OFFLINE): offline packs only\n",
                "\(offline.error)")

        let silent = try SilentServer()
        defer { silent.stop() }
        let online = try CommandLineTests.runBinary(["packs", "list", "--json"], environment: base + [
            "HIKE_REVIEWS_PUBLIC_INDEX_URL=\(silent.url("index.json"))"])
        #expect(online.status == 0, "\(online.error)")
        #expect(silent.connections >= 1)
        #expect(online.error.split(separator: "\n").count == 1, "named once: \(online.error)")
        #expect(online.error.contains("the public Argos index is unreachable: offline packs only (no complete answer from 127.0.0.1:\(silent.port) within 5 s)"),
                "\(online.error)")
        // The local repository of this checkout, when `make packs` built it, still lists.
        if FileManager.default.fileExists(atPath: Paths.packageRoot.appendingPathComponent(".build/pack-repo/index.json").path) {
            #expect(online.output.contains("\"eng-spa\""), "\(online.output.prefix(300))")
        }
    }
}
