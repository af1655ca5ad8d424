import Dispatch
import Foundation

/// One `.mode` file of an installed Apertium pack, of any kind: a translation direction, or an
/// analyser (`eng-morph`), generator, tagger... that a pack's source tree ships beside them.
public struct ApertiumMode: Sendable, Equatable {
    /// The mode's name, without `.mode`: `eng-spa`, `eng-morph`.
    public var name: String
    /// Where the mode file is.
    public var modeFile: String
    /// The root its data paths are relative to (Debian's prefix or a pack's `@DATA@` moves there).
    public var dataRoot: String

    public init(name: String, modeFile: String, dataRoot: String) {
        self.name = name
        self.modeFile = modeFile
        self.dataRoot = dataRoot
    }
}

extension Engine {
    /// Every mode file in the `modes/` folders of the installed Apertium packs' data roots, by
    /// name; a mode found in an earlier root (the store before the data roots, as pairs are
    /// found) hides a later one of the same name.
    public func apertiumModes() -> [String: ApertiumMode] {
        let locations = catalog().pairs.locations.sorted { $0.key < $1.key }.map(\.value)
        var roots: [String] = []
        for location in locations where !roots.contains(location.dataRoot) { roots.append(location.dataRoot) }
        var modes: [String: ApertiumMode] = [:]
        for root in roots {
            let folder = root + "/modes"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".mode") }.sorted()
            for file in names {
                let name = String(file.dropLast(".mode".count))
                if modes[name] == nil { modes[name] = ApertiumMode(name: name, modeFile: folder + "/" + file, dataRoot: root) }
            }
        }
        return modes
    }

    /// The stages of `mode` as the engine would run them: programs found on its environment's
    /// PATH, data paths under the mode's root, the generator marking unknown words (`-g`, as
    /// the `apertium` command's default).
    public func stages(of mode: ApertiumMode) throws -> ModeFile {
        try ModeFile(contentsOf: mode.modeFile, dataRoot: mode.dataRoot, markUnknown: true, searchPath: environment.searchPath)
    }

    /// Runs `stages` once over `input`, already in Apertium's stream format, in processes of
    /// their own that end with the call: what a diagnostic request needs (an analysis, a
    /// stage-by-stage trace), not worth a warm pipeline. With `stepwise`, every stage's output
    /// is returned, each from a run of the stages up to it (a stage is never run first on its
    /// own: the tagger's relay expects a stage before it); else only the last stage's. The
    /// pipeline machinery is the translation pipelines' (`ChildPipeline`): one process group, a
    /// deadline of `timeout`, a dead stage an error, never a hang.
    public func runOnce(_ stages: ModeFile, input: [UInt8], stepwise: Bool = false, timeout: Duration) async throws -> [[UInt8]] {
        let environment = ChildProcess.environment(environment.childEnvironment)
        let ends = stepwise ? Array(stages.stages.indices) : [stages.stages.count - 1]
        var outputs: [[UInt8]] = []
        for end in ends {
            outputs.append(try await Self.runOnce(Array(stages.stages[...end]), input: input, environment: environment, timeout: timeout))
        }
        return outputs
    }

    private static func runOnce(_ stages: [ModeFile.Stage], input: [UInt8], environment: [String], timeout: Duration) async throws -> [UInt8] {
        var stages = stages
        // The tagger's relay reads a stage before it (alone it never sees its input end, and the
        // run would hang): a mode that starts with the tagger gets `cat` before it.
        if let first = stages.first, first.executable.hasSuffix("/apertium-tagger") {
            stages.insert(ModeFile.Stage(executable: try ModeFile.resolve("cat", searchPath: ChildProcess.systemPath), arguments: []), at: 0)
        }
        let child = try ChildPipeline.spawn(stages, environment: environment)
        let nonce = "run-\(UInt64.random(in: 0...UInt64.max))"
        let marker = StreamFormat.terminator(nonce: nonce)
        let outcome: Result<[UInt8], ChildProcessError>
        do {
            outcome = .success(try await child.submit(input.filter { $0 != 0 } + marker, terminator: marker, timeout: timeout).bytes)
        } catch let failure as ChildPipeline.Failure {
            outcome = .failure(failure.error)
        } catch {
            outcome = .failure(.stageDied)
        }
        // Ending the group waits for the reader thread: done on a Dispatch thread, off the pool.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global(qos: .utility).async {
                child.terminate()
                continuation.resume()
            }
        }
        return try outcome.get()
    }
}
