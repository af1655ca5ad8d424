import Foundation

/// An Argos-format repository of the echo model (whose output is its input), packaged once per
/// pair as `translate-de_en`, `translate-ja_en`, ...: what the public Argos index would list,
/// built at test time by make_neural_models.py with the neural venv's Python.
public enum EchoArgosRepository {
    /// The checkout these tests were compiled in.
    static let root = PackagePaths.root.path

    /// The neural venv's Python (scripts/setup-neural).
    public static let python = root + "/.build/neural-venv/bin/python3"

    /// Whether the venv exists, so the repository can be built.
    public static var available: Bool {
        FileManager.default.isExecutableFile(atPath: python)
    }

    /// The pairs packaged, FROM:TO.
    public static let pairs = ["de:en", "es:en", "ja:en", "nl:en", "pl:en"]

    static let names = ["de": "German", "en": "English", "es": "Spanish", "ja": "Japanese", "nl": "Dutch", "pl": "Polish"]

    /// A new folder holding `argos.json` (an Argos index whose links are relative) and one
    /// `translate-FROM_TO.argosmodel` per pair of `pairs` (FROM:TO); to serve over HTTP or read
    /// as file:.
    public static func build(pairs: [String] = EchoArgosRepository.pairs) throws -> String {
        let folder = Scratch.root.appendingPathComponent("echo-argos-\(UUID().uuidString)").path
        let models = folder + "/models"
        let log = folder + ".log"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let status = try Subprocess.run([python, PackagePaths.fixtures.path + "/make_neural_models.py", models,
                                         "--corpus", root + "/sample-data/routes.json", "--echo-pairs", pairs.joined(separator: ",")],
                                        outputPath: log)
        guard status == 0 else {
            throw Subprocess.Failure(description: "make_neural_models.py exited \(status): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        }
        var index: [[String: Any]] = []
        for pair in pairs {
            let codes = pair.split(separator: ":").map(String.init)
            let code = "translate-\(codes[0])_\(codes[1])"
            try FileManager.default.moveItem(atPath: models + "/echo-\(codes[0])_\(codes[1]).argosmodel", toPath: folder + "/\(code).argosmodel")
            index.append(["code": code, "type": "translate", "package_version": "1.0", "argos_version": "1.9.0",
                          "from_code": codes[0], "from_name": names[codes[0]] ?? codes[0], "to_code": codes[1],
                          "to_name": names[codes[1]] ?? codes[1],
                          "links": ["\(code).argosmodel"]])
        }
        try FileManager.default.removeItem(atPath: models)
        try JSONSerialization.data(withJSONObject: index).write(to: URL(fileURLWithPath: folder + "/argos.json"))
        return folder
    }
}
