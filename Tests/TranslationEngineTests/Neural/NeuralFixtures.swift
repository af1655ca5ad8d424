import Foundation
import TestSupport
@testable import TranslationEngine

/// The neural venv of this checkout and the test models built from it, once per test process.
enum NeuralFixtures {
    /// The checkout these tests were compiled in.
    static let root = PackagePaths.root.path

    static let runtime = NeuralRuntime.checkout(at: root)

    /// Whether scripts/setup-neural has made the venv.
    static let venvAvailable = runtime.isInstalled

    static let fixtures = PackagePaths.fixtures.path

    /// The folders of the echo and random packages, built into a temporary folder.
    struct Models: Sendable {
        var folder: String
        var echo: String
        var random: String
    }

    static let modelsFolder = Scratch.root.appendingPathComponent("hike-neural-models-\(getpid())").path

    static let models: Result<Models, Subprocess.Failure> = {
        let folder = modelsFolder
        let log = folder + ".log"
        // Built for this process only: gone when it exits.
        atexit {
            try? FileManager.default.removeItem(atPath: NeuralFixtures.modelsFolder)
            try? FileManager.default.removeItem(atPath: NeuralFixtures.modelsFolder + ".log")
        }
        do {
            let status = try Subprocess.run([runtime.python, fixtures + "/make_neural_models.py", folder,
                                             "--corpus", root + "/sample-data/routes.json"],
                                            outputPath: log)
            guard status == 0 else {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                return .failure(Subprocess.Failure(description: "make_neural_models.py exited \(status): \(text)"))
            }
        } catch let error as Subprocess.Failure {
            return .failure(error)
        } catch {
            return .failure(Subprocess.Failure(description: "\(error)"))
        }
        return .success(Models(folder: folder, echo: folder + "/echo", random: folder + "/random"))
    }()

    static func echoWorker(restartPolicy: RestartPolicy = .standard, arguments: [String] = []) throws -> NeuralWorker {
        NeuralWorker(package: try models.get().echo, runtime: runtime, restartPolicy: restartPolicy,
                     readyTimeout: .seconds(60), workerArguments: arguments)
    }

    /// CTranslate2's Python API on `texts`, split as the worker splits them, one sentence a
    /// call with the worker's options, joined with each text's own whitespace.
    static func reference(package: String, texts: [String]) throws -> [String] {
        let folder = try models.get().folder
        let input = folder + "/reference-\(UInt32.random(in: 0...UInt32.max)).json"
        let output = input + ".out"
        try JSONEncoder().encode(texts).write(to: URL(fileURLWithPath: input))
        let status = try Subprocess.run([runtime.python, fixtures + "/ctranslate2_reference.py", package, input, output],
                                        outputPath: output + ".log")
        guard status == 0 else {
            let log = (try? String(contentsOfFile: output + ".log", encoding: .utf8)) ?? ""
            throw Subprocess.Failure(description: "ctranslate2_reference.py exited \(status): \(log)")
        }
        return try JSONDecoder().decode([String].self, from: Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// The whole text of every sample review that `LanguageRecognizer` reads as German.
    static func germanReviews() -> [String] {
        let recognizer = TestRecognizer.make()
        return LanguageRecognizerTests.reviews.map(\.text).filter { recognizer.recognize($0).tag == "de" }
    }

    /// Whether `pid` is gone (reaped, or never ours).
    static func isGone(_ pid: pid_t) -> Bool {
        kill(pid, 0) == -1 && errno == ESRCH
    }

    /// Waits for the process (group) to be gone; `seconds` is only a safety net.
    static func waitUntilGone(_ pid: pid_t, seconds: Double = 60) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if isGone(pid) && isGone(-pid) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
