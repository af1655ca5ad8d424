import Foundation

/// Where the neural worker's Python and script are: an `EngineEnvironment` names them (its host
/// finds them: the app beside its binary, a library user wherever it keeps them).
public struct NeuralRuntime: Sendable, Equatable {
    /// Absolute path of the Python interpreter (the venv's `bin/python3`).
    public var python: String
    /// Absolute path of `neural_worker.py`.
    public var script: String

    public init(python: String, script: String) {
        self.python = python
        self.script = script
    }

    /// The runtime of a checkout at `root`, whether or not it is set up: the script kept in
    /// `Sources/TranslationEngine/Neural/` and the venv `scripts/setup-neural` makes in
    /// `.build/neural-venv`.
    public static func checkout(at root: String) -> NeuralRuntime {
        NeuralRuntime(python: (root as NSString).appendingPathComponent(".build/neural-venv/bin/python3"),
                      script: (root as NSString).appendingPathComponent("Sources/TranslationEngine/Neural/neural_worker.py"))
    }

    /// Whether the interpreter is executable and the script exists.
    public var isInstalled: Bool {
        access(python, X_OK) == 0 && FileManager.default.isReadableFile(atPath: script)
    }
}
