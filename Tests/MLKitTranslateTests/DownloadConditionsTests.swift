import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import MLKitTranslate

extension MLKitTranslateTests {
    /// make test's repository served over HTTP on 127.0.0.1, eng-spa's archive at `packPath`
    /// (a path of pack_server.py: "files/", "slow/").
    static func servedRepository(packPath: String = "files/") throws -> (server: PackServer, index: URL) {
        let folder = try MLKitFixtures.folder("mlkit-served")
        for name in try FileManager.default.contentsOfDirectory(atPath: MLKitFixtures.testRepository) where !name.hasPrefix(".") {
            try FileManager.default.copyItem(atPath: MLKitFixtures.testRepository + "/" + name, toPath: folder + "/" + name)
        }
        let server = try PackServer(serving: folder, script: MLKitFixtures.serverScript)
        let indexPath = folder + "/index.json"
        var index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: indexPath))) as? [String: Any])
        index["packs"] = (index["packs"] as? [[String: Any]] ?? []).map { pack in
            var pack = pack
            pack["url"] = server.url(packPath + (pack["url"] as? String ?? "")).absoluteString
            return pack
        }
        try JSONSerialization.data(withJSONObject: index).write(to: URL(fileURLWithPath: indexPath))
        return (server, server.url("files/index.json"))
    }

    @Test func theDefaultConditionsAreMLKits() {
        // Google's reference, allowsCellularAccess: "Indicates whether download requests should
        // be made over a cellular network. The default is YES."; allowsBackgroundDownloading:
        // "Indicates whether the model can be downloaded while the app is in the background. The
        // default is NO."
        let conditions = ModelDownloadConditions()
        #expect(conditions.allowsCellularAccess && !conditions.allowsBackgroundDownloading)
        let custom = ModelDownloadConditions(allowsCellularAccess: false, allowsBackgroundDownloading: true)
        #expect(!custom.allowsCellularAccess && custom.allowsBackgroundDownloading)
    }

    @Test(.timeLimit(.minutes(5)))
    func aMeteredNetworkRefusesTheDownloadUnlessCellularAccessIsAllowed() async throws {
        let (server, index) = try Self.servedRepository()
        defer { server.stop() }
        let store = try MLKitFixtures.useFreshStore(repositories: [index], metering: .metered("wwan0 (guessed)"))
        let translator = Translator.translator(options: TranslatorOptions(sourceLanguage: .spanish, targetLanguage: .english))
        let refusing = ModelDownloadConditions(allowsCellularAccess: false, allowsBackgroundDownloading: true)
        let error = await #expect(throws: NSError.self) { try await translator.downloadModelIfNeeded(with: refusing) }
        #expect(error?.code == MLKitErrorCode.failedPrecondition.rawValue)
        #expect(error?.localizedDescription == "Not downloading the Spanish model (eng-spa (2.7 MB)): the network is metered (NetworkManager: wwan0 (guessed)) and the download conditions do not allow cellular access")
        #expect(MLKitFixtures.installed(store).isEmpty)
        #expect(!server.requests().contains { $0.contains("eng-spa_") }, "the archive was not asked for")

        try await translator.downloadModelIfNeeded(with: ModelDownloadConditions(allowsCellularAccess: true, allowsBackgroundDownloading: true))
        #expect(MLKitFixtures.installed(store) == ["eng-spa"])
    }

    @Test(.timeLimit(.minutes(5)))
    func packsFromAFileRepositoryUseNoNetworkSoAMeteredOneDoesNotMatter() async throws {
        let store = try MLKitFixtures.useFreshStore(metering: .metered("wwan0"))
        let translator = Translator.translator(options: TranslatorOptions(sourceLanguage: .spanish, targetLanguage: .english))
        try await translator.downloadModelIfNeeded(with: ModelDownloadConditions(allowsCellularAccess: false, allowsBackgroundDownloading: false))
        #expect(MLKitFixtures.installed(store) == ["eng-spa"])
    }

    @Test(.timeLimit(.minutes(5)))
    func cancellingTheProgressCancelsTheDownloadAndPostsTheFailure() async throws {
        let (server, index) = try Self.servedRepository(packPath: "slow/")
        defer { server.stop() }
        let store = try MLKitFixtures.useFreshStore(repositories: [index])
        let observer = DownloadObserver()
        defer { observer.stop() }
        let progress = ModelManager.modelManager().download(TranslateRemoteModel.translateRemoteModel(language: .spanish), conditions: ModelDownloadConditions())
        // The slow server sends 16 KB every 20 ms: cancel once bytes flow.
        while progress.completedUnitCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(progress.totalUnitCount > progress.completedUnitCount)
        progress.cancel()
        let posted = await observer.events.value()
        #expect(posted.error?.code == MLKitErrorCode.cancelled.rawValue, "\(posted.event)")
        #expect(posted.event == "failed es: The download of the Spanish model was cancelled; nothing of it was installed")
        #expect(MLKitFixtures.installed(store).isEmpty)
    }
}

extension MLKitTranslateTests {
    @Test func networkManagersMeteredStateIsReadFromNmcli() {
        let wifi = """
            GENERAL.DEVICE:wlp2s0
            GENERAL.STATE:100 (connected)
            GENERAL.METERED:no (guessed)

            GENERAL.DEVICE:lo
            GENERAL.STATE:100 (connected (externally))
            GENERAL.METERED:no
            """
        #expect(NetworkMetering.parse(wifi) == .unmetered)
        let hotspot = """
            GENERAL.DEVICE:wlp2s0
            GENERAL.STATE:100 (connected)
            GENERAL.METERED:yes (guessed)

            GENERAL.DEVICE:enp3s0
            GENERAL.STATE:20 (unavailable)
            GENERAL.METERED:yes
            """
        #expect(NetworkMetering.parse(hotspot) == .metered("wlp2s0 (guessed)"), "only connected devices count")
        #expect(NetworkMetering.parse("GENERAL.DEVICE:wwan0\nGENERAL.STATE:100 (connected)\nGENERAL.METERED:yes\n") == .metered("wwan0"))
        #expect(NetworkMetering.parse("GENERAL.DEVICE:eth0\nGENERAL.STATE:30 (disconnected)\nGENERAL.METERED:unknown\n")
                    == .unknown("NetworkManager reports no connected device"))
        #expect(!NetworkMetering.parse("").isMetered)
    }

    @Test func withoutNmcliTheNetworkCountsAsUnmetered() throws {
        let empty = try MLKitFixtures.folder("no-nmcli")
        #expect(NetworkMetering.probe(path: empty) == .unknown("nmcli is not installed"))
        // This machine's answer, whatever it is, comes back (within the deadline) rather than hanging.
        _ = NetworkMetering.probe(path: EngineEnvironment.systemPath)
    }
}
