import Foundation

/// Where the neural worker's Python and script are: the venv `scripts/setup-neural` makes and
/// the script kept in the checkout, both found from the executable's own path like the default
/// pack repository (SwiftPM resources on Linux would need Bundle lookups that break when the
/// binary is copied; the worker needs the checkout's venv anyway).
public struct NeuralRuntime: Sendable, Equatable {
    /// Absolute path of the Python interpreter (the venv's `bin/python3`).
    public var python: String
    /// Absolute path of `neural_worker.py`.
    public var script: String

    public init(python: String, script: String) {
        self.python = python
        self.script = script
    }

    /// The script's path inside a checkout.
    static let scriptInCheckout = ShippedFile.neuralWorker
    /// The venv's interpreter inside a checkout.
    static let pythonInCheckout = ShippedFile.neuralPython

    /// The runtime of the checkout at `root`, whether or not it is installed.
    public static func checkout(at root: String) -> NeuralRuntime {
        NeuralRuntime(python: (root as NSString).appendingPathComponent(pythonInCheckout),
                      script: (root as NSString).appendingPathComponent(scriptInCheckout))
    }

    /// HIKE_REVIEWS_NEURAL_PYTHON and HIKE_REVIEWS_NEURAL_WORKER when set, else the checkout the
    /// binary was built in, or its installation (found by `ShippedFile`, as the sample data is;
    /// `make install` copies the venv, whose `bin/python3` runs from anywhere); nil when either
    /// file is missing.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL = ShippedFile.executable) -> NeuralRuntime? {
        let python = environment["HIKE_REVIEWS_NEURAL_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ShippedFile.locate(pythonInCheckout, executable: executable)?.path ?? ""
        let script = environment["HIKE_REVIEWS_NEURAL_WORKER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ShippedFile.locate(scriptInCheckout, executable: executable)?.path ?? ""
        let runtime = NeuralRuntime(python: python, script: script)
        return runtime.isInstalled ? runtime : nil
    }

    /// Whether the interpreter is executable and the script exists.
    public var isInstalled: Bool {
        access(python, X_OK) == 0 && FileManager.default.isReadableFile(atPath: script)
    }
}
