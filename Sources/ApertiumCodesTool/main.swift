import ApertiumCodeTable
import Foundation

// apertium-codes: the engine's Apertium code table for scripts/build-pack-repo, as JSON on stdout.
//
//   apertium-codes modes NAME...  {"directions": {NAME: [source, target]}, "unmapped": [NAME...]}
//                                 (auxiliary modes appear in neither; "unmapped" are translation
//                                 modes whose codes the table cannot spell in BCP 47)
//   apertium-codes names CODE...  {CODE: "English name"} for the codes the table knows

/// Writes a JSON object to stdout, keys sorted so the output is stable.
func printJSON(_ object: Any) {
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { exit(1) }
    FileHandle.standardOutput.write(data)
    FileHandle.standardOutput.write(Data("\n".utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "modes":
    var directions: [String: [String]] = [:]
    var unmapped: [String] = []
    for name in arguments.dropFirst() {
        if let tags = ApertiumCodeTable.tags(ofMode: name) {
            directions[name] = [tags.source, tags.target]
        } else if ApertiumCodeTable.isTranslationMode(name) {
            unmapped.append(name)
        }
    }
    printJSON(["directions": directions, "unmapped": unmapped])
case "names":
    var names: [String: String] = [:]
    for code in arguments.dropFirst() {
        names[code] = ApertiumCodeTable.languages[code]?.name
    }
    printJSON(names)
default:
    FileHandle.standardError.write(Data("usage: apertium-codes modes NAME... | names CODE...\n".utf8))
    exit(2)
}
