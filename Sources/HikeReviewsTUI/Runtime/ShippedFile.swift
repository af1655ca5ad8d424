import Foundation

/// Finds files that ship with the `hike-reviews` binary (the sample data, the default pack
/// repository) from the binary's own path, so it works from any directory.
///
/// A file is named by its path in the checkout (`sample-data/routes.json`,
/// `.build/pack-repo/index.json`). Two layouts are searched:
/// - an installation (`make install`): the binary is `PREFIX/bin/hike-reviews` and the file is
///   `PREFIX/share/hike-reviews/` plus its checkout path without a leading `.build/`
///   (`share/hike-reviews/pack-repo/index.json`);
/// - a checkout: the binary is somewhere under `<checkout>/.build/` and the file is
///   `<checkout>/<path>`.
///
/// `scripts/install` copies files by the same rule: a new file that ships goes in its list too.
public enum ShippedFile {
    /// The sample routes and reviews.
    public static let sampleData = "sample-data/routes.json"
    /// The default pack repository's index, built by `make packs`.
    public static let packRepositoryIndex = ".build/pack-repo/index.json"
    /// The short-text language-ID model, built by `scripts/setup-langid`.
    public static let langidModel = ".build/langid/model.bin"
    /// The neural worker's script.
    public static let neuralWorker = "Sources/TranslationEngine/Neural/neural_worker.py"
    /// The neural worker's Python, in the venv scripts/setup-neural makes.
    public static let neuralPython = ".build/neural-venv/bin/python3"
    /// Every file above (a test checks that `scripts/install` installs each).
    public static let all = [sampleData, packRepositoryIndex, langidModel, neuralWorker, neuralPython]

    /// The running binary, from /proc/self/exe (argv[0] is a bare name when run from PATH).
    public static var executable: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    }

    /// The existing file at `path` of an installation or checkout holding `executable`, else nil.
    public static func locate(_ path: String, executable: URL = ShippedFile.executable) -> URL? {
        candidates(for: path, executable: executable).first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Where `path` would be, most specific first: the installation, then the checkout.
    static func candidates(for path: String, executable: URL) -> [URL] {
        let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        var found: [URL] = []
        if folder.lastPathComponent == "bin" {
            let installed = path.hasPrefix(".build/") ? String(path.dropFirst(".build/".count)) : path
            found.append(folder.deletingLastPathComponent().appendingPathComponent("share/hike-reviews/" + installed))
        }
        var ancestor = folder
        while ancestor.pathComponents.count > 1 {
            if ancestor.lastPathComponent == ".build" {
                found.append(ancestor.deletingLastPathComponent().appendingPathComponent(path))
                break
            }
            ancestor.deleteLastPathComponent()
        }
        return found
    }
}
