import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// What the app adds to the process's variables: the files that ship beside the binary (found
/// from its path, in a checkout or an installation), then the command line's flags; and the
/// advice it words for the engine's errors, which name no command of ours themselves.
@Suite struct HostEnvironmentTests {
    /// A checkout and an installation with every shipped file, in a folder of their own.
    struct Layout {
        let folder: URL
        var checkoutBinary: URL { folder.appendingPathComponent("checkout/.build/x86_64-unknown-linux-gnu/debug/hike-reviews") }
        var installedBinary: URL { folder.appendingPathComponent("prefix/bin/hike-reviews") }

        init() throws {
            folder = Scratch.root.appendingPathComponent("host-env-\(UUID().uuidString)")
            for path in ["checkout/.build/langid/model.bin", "checkout/.build/pack-repo/index.json",
                         "prefix/share/hike-reviews/langid/model.bin", "prefix/share/hike-reviews/pack-repo/index.json"] {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("x".utf8).write(to: file)
            }
        }
    }
}

extension HostEnvironmentTests {
    @Test func theShippedFilesAreFoundBesideTheCheckoutOrTheInstalledBinary() throws {
        let layout = try Layout()
        defer { try? FileManager.default.removeItem(at: layout.folder) }
        let built = HostEnvironment.make(variables: ["HOME": "/h"], executable: layout.checkoutBinary)
        #expect(built.languageIDModel?.standardizedFileURL.path == layout.folder.appendingPathComponent("checkout/.build/langid/model.bin").standardizedFileURL.path)
        #expect(built.repositoryURLs.map(\.standardizedFileURL.path)
                == [layout.folder.appendingPathComponent("checkout/.build/pack-repo/index.json").standardizedFileURL.path,
                    PackRepository.argosIndex.standardizedFileURL.path])
        let installed = HostEnvironment.make(variables: ["HOME": "/h"], executable: layout.installedBinary)
        #expect(installed.languageIDModel?.standardizedFileURL.path
                == layout.folder.appendingPathComponent("prefix/share/hike-reviews/langid/model.bin").standardizedFileURL.path)
        // A variable wins over what ships, even one that names nothing (it turns the model off).
        let named = HostEnvironment.make(variables: ["HIKE_REVIEWS_LANGID_MODEL": "/elsewhere/m.bin", "HIKE_REVIEWS_PACKS_URL": "/r/index.json"],
                                         executable: layout.checkoutBinary)
        #expect(named.languageIDModel?.path == "/elsewhere/m.bin")
        #expect(named.repositoryURLs == [URL(fileURLWithPath: "/r/index.json")])
        let nowhere = HostEnvironment.make(variables: [:], executable: layout.folder.appendingPathComponent("bin/x"))
        #expect(nowhere.languageIDModel == nil)
        #expect(nowhere.repositoryURLs == [PackRepository.argosIndex])
    }

    @Test func theFlagsComeLastAndNothingIsWrittenIntoTheProcess() throws {
        let globals = try CommandLineOptions.extractGlobals(["--packs-url", "/a/index.json", "--store", "relative/store", "--no-cache", "detect"])
        let environment = HostEnvironment.make(globals, variables: ["HIKE_REVIEWS_PACKS_URL": "/b/index.json", "HOME": "/h"],
                                               currentDirectory: "/work")
        #expect(environment.repositoryURLs == [URL(fileURLWithPath: "/a/index.json")])
        #expect(environment.store.root == "/work/relative/store")
        #expect(environment.memory == nil)
        #expect(HostEnvironment.make(variables: ["HOME": "/h"]).memory?.path == "/h/.cache/hike-reviews/memory.sqlite")
        #expect(ProcessInfo.processInfo.environment["HIKE_REVIEWS_PACKS_URL"] != "/a/index.json")
    }

    /// The engine's words say what happened; the app's say what to do with this program.
    @Test func engineErrorsNameNoCommandAndTheHostAddsItsAdvice() {
        let translationErrors: [TranslationError] = [
            .nothingToTranslate, .unableToIdentifyLanguage, .unsupportedSourceLanguage("xx"), .unsupportedTargetLanguage("xx"),
            .unsupportedLanguagePairing(source: "de", target: "cy"), .notInstalled(packs: ["eng-spa"]), .alreadyCancelled,
            .downloadFailed("x"), .internalError("x"), .internalError(in: "de-en", ChildProcessError.noNeuralRuntime),
        ]
        let packErrors: [PackError] = [
            .index("x"), .unknownPack("x"), .download("x"), .timedOut(pack: "p", server: "h:1", .noData(.seconds(30))),
            .offline("http://x"), .verification("x"), .archive("x"), .store("x"), .cancelled, .notApproved(["eng-spa"]), .noRepository,
        ]
        let pipelineErrors: [ChildProcessError] = [.timedOut, .stageDied, .shutDown, .noStages, .restartLimit, .noNeuralRuntime,
                                               .workerNotReady("x"), .requestRefused("x"), .spawnFailed(program: "x", errno: 2)]
        let texts = translationErrors.map(\.description) + packErrors.map(\.description) + pipelineErrors.map(\.description)
        for text in texts {
            for host in ["hike-reviews", "make ", "scripts/", "--", "HIKE_REVIEWS"] {
                #expect(!text.contains(host), "\(text)")
            }
        }
        #expect(HostAdvice.text(TranslationError.notInstalled(packs: ["eng-spa"])) == "language packs needed: run: hike-reviews packs install eng-spa")
        #expect(HostAdvice.text(TranslationError.unableToIdentifyLanguage).hasSuffix("name it with --from"))
        #expect(HostAdvice.text(PackError.unknownPack("x")).hasSuffix("see: hike-reviews packs list"))
        #expect(HostAdvice.text(PackError.noRepository).contains("--packs-url"))
        #expect(HostAdvice.text(TranslationError.internalError(in: "de-en", ChildProcessError.noNeuralRuntime)).contains("scripts/setup-neural"))
        #expect(EngineErrorText.message(PackError.timedOut(pack: "p", server: "h:1", .noData(.seconds(30)))).contains("start with --packs-url"))
    }
}
