import Foundation
import Synchronization
import TestSupport
import Testing
import TranslationEngine
@testable import MLKitTranslate

extension MLKitTranslateTests {
    /// Watches a download's `Progress` from a thread of its own (Progress has no KVO here) and, at
    /// the first moment it reads finished, asks what ML Kit's guide says an app may then rely on:
    /// whether the model is downloaded, and whether a translation succeeds.
    final class ProgressWatch: Sendable {
        struct Seen: Sendable {
            /// Whether an unfinished state was seen before (else the check proves nothing).
            var sawUnfinished = false
            /// Whether a determinate total, or an indeterminate one (-1), was seen before it finished.
            var sawTotalBeforeFinishing = false
            var sawIndeterminate = false
            /// At the first finished moment: `isModelDownloaded`, and the translation or its error.
            var downloadedWhenFinished: Bool?
            var translationWhenFinished: String?
            /// The failure notification's message, when the download failed instead.
            var failure: String?
        }

        let finished = Expectation<Seen>()
        private let stopped = Atomic<Bool>(false)
        private let failure = FailureNote()
        private let token: UncheckedToken

        /// The failure notification's message, set from the posting thread.
        private final class FailureNote: Sendable {
            let message = Mutex<String?>(nil)
        }

        /// The observer token, only ever passed to `removeObserver`.
        private struct UncheckedToken: @unchecked Sendable {
            let value: any NSObjectProtocol
        }

        /// Starts watching `progress`; at its first finished moment, asks about `model` and has
        /// `translator` translate `text`.
        init(_ progress: Progress, model: TranslateRemoteModel, translator: Translator, text: String) {
            let failure = self.failure
            token = UncheckedToken(value: NotificationCenter.default.addObserver(forName: .mlkitModelDownloadDidFail, object: nil, queue: nil) { notification in
                let error = notification.userInfo?[ModelDownloadUserInfoKey.error.rawValue] as? NSError
                failure.message.withLock { $0 = [error?.localizedDescription, error?.localizedFailureReason].compactMap { $0 }.joined(separator: ": ") }
            })
            let thread = Thread { [self] in
                var seen = Seen()
                while !self.stopped.load(ordering: .relaxed) {
                    // A failed download never finishes: say so rather than wait for ever.
                    if let failed = self.failure.message.withLock({ $0 }) {
                        seen.failure = failed
                        finished.fulfill(seen)
                        return
                    }
                    guard progress.isFinished || progress.fractionCompleted >= 1 else {
                        seen.sawUnfinished = true
                        if progress.totalUnitCount > 0 { seen.sawTotalBeforeFinishing = true }
                        if progress.isIndeterminate { seen.sawIndeterminate = true }
                        usleep(100)
                        continue
                    }
                    seen.downloadedWhenFinished = ModelManager.modelManager().isModelDownloaded(model)
                    // Started this instant; this thread is not the cooperative pool's, so it may wait.
                    let done = DispatchSemaphore(value: 0)
                    let result = Mutex<String?>(nil)
                    Task.detached {
                        let text = await { () async -> String in
                            do { return "translated: " + (try await translator.translate(text)) } catch { return "failed: \(error.localizedDescription)" }
                        }()
                        result.withLock { $0 = text }
                        done.signal()
                    }
                    done.wait()
                    seen.translationWhenFinished = result.withLock { $0 }
                    finished.fulfill(seen)
                    return
                }
            }
            thread.start()
        }

        /// Stops watching (a download that failed never finishes).
        func stop() {
            stopped.store(true, ordering: .relaxed)
            NotificationCenter.default.removeObserver(token.value)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func aDownloadsProgressFinishesOnlyOnceTheModelCanBeUsed() async throws {
        let store = try MLKitFixtures.useFreshStore()
        // French's model is two packs (fr-es and eng-spa): installing fr-es alone must not finish it.
        let french = TranslateRemoteModel.translateRemoteModel(language: .french)
        let translator = Translator.translator(options: TranslatorOptions(sourceLanguage: .french, targetLanguage: .english))
        let downloadedWhenPosted = Expectation<Bool>()
        let token = NotificationCenter.default.addObserver(forName: .mlkitModelDownloadDidSucceed, object: nil, queue: nil) { _ in
            downloadedWhenPosted.fulfill(ModelManager.modelManager().isModelDownloaded(french))
        }
        defer { NotificationCenter.default.removeObserver(token) }

        let progress = ModelManager.modelManager().download(french, conditions: ModelDownloadConditions())
        let watch = ProgressWatch(progress, model: french, translator: translator, text: "Le chemin était long.")
        defer { watch.stop() }
        let seen = await watch.finished.value()
        #expect(seen.failure == nil)
        #expect(seen.sawUnfinished, "the watch started before the download ended")
        #expect(seen.sawTotalBeforeFinishing, "the test repository says both packs' sizes")
        #expect(seen.downloadedWhenFinished == true, "finished, so isModelDownloaded is true")
        #expect(seen.translationWhenFinished?.hasPrefix("translated: ") == true, "\(seen.translationWhenFinished ?? "-")")
        #expect(await downloadedWhenPosted.value(), "the success notification comes after the install")
        #expect(MLKitFixtures.installed(store) == ["fr-es", "eng-spa"])
        #expect(progress.completedUnitCount == progress.totalUnitCount && progress.fractionCompleted == 1)
    }

    @Test(.timeLimit(.minutes(5)))
    func aDownloadThatFailsAfterItsBytesNeverReportsFinished() async throws {
        // eng-spa with a wrong SHA-256 in the index: every byte arrives, then the install refuses it.
        let folder = try MLKitFixtures.folder("mlkit-bad-sum")
        let index = try String(contentsOfFile: MLKitFixtures.testRepository + "/index.json", encoding: .utf8)
        let sum = try #require(index.firstRange(of: "e3109340e81c9c9398f65bb9192fa920cc37143db3c87d609dbfddde36050f3c"),
                               "the test repository's eng-spa is the one this test knows")
        try index.replacingCharacters(in: sum, with: String(repeating: "0", count: 64))
            .write(toFile: folder + "/index.json", atomically: true, encoding: .utf8)
        for name in try FileManager.default.contentsOfDirectory(atPath: MLKitFixtures.testRepository) where name.hasSuffix(".tar.gz") {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: MLKitFixtures.testRepository + "/" + name)
        }
        let store = try MLKitFixtures.useFreshStore(repositories: [URL(fileURLWithPath: folder + "/index.json")])
        let observer = DownloadObserver()
        defer { observer.stop() }

        let spanish = TranslateRemoteModel.translateRemoteModel(language: .spanish)
        let progress = ModelManager.modelManager().download(spanish, conditions: ModelDownloadConditions())
        let posted = await observer.events.value()
        #expect(posted.event.hasPrefix("failed es"), "\(posted.event)")
        #expect(!progress.isFinished && progress.fractionCompleted < 1,
                "\(progress.completedUnitCount) of \(progress.totalUnitCount): a failed download is never finished")
        #expect(progress.completedUnitCount >= Int64(try #require(ModelRegistry.shared.catalog().repository?.entry("eng-spa")?.size)),
                "every byte arrived")
        #expect(MLKitFixtures.installed(store).isEmpty)
        #expect(!ModelManager.modelManager().isModelDownloaded(spanish))
    }

    @Test func whileAPacksSizeIsUnknownTheProgressIsIndeterminateAndBytesNeverFinishIt() {
        // The sizes a registry learns for a model of an Argos pack (no size in the index, none
        // from the server) and an Apertium one (size in the index): the bytes of the first alone
        // outnumber the one size known.
        let progress = Progress(totalUnitCount: -1)
        let feed = DownloadProgress(progress)
        feed.expect([(id: "translate-es_en", size: 0), (id: "eng-spa", size: 1_000)])
        feed.update(id: "translate-es_en", bytes: 5_000, total: -1)
        #expect(progress.isIndeterminate && !progress.isFinished, "\(progress.completedUnitCount) of \(progress.totalUnitCount)")
        feed.installed("translate-es_en")
        #expect(progress.totalUnitCount == 5_000 + 500 + 1_000 + 100 + 1, "known once it is on disk: bytes, installs, the check")
        feed.update(id: "eng-spa", bytes: 1_000, total: 1_000)
        feed.update(id: "eng-spa", bytes: 1_000, total: 1_000)
        #expect(!progress.isFinished && progress.fractionCompleted < 1, "every byte is in, nothing of eng-spa installed")
        feed.installed("eng-spa")
        #expect(!progress.isFinished, "everything on disk, not yet checked")
        feed.finish()
        #expect(progress.isFinished && progress.fractionCompleted == 1)
        feed.update(id: "eng-spa", bytes: 10, total: 1_000)
        #expect(progress.isFinished, "a late report of bytes changes nothing")
    }
}
