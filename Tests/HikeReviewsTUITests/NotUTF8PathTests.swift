import Foundation
import TestSupport
import Testing

/// The real binary given a store, a memory folder or a routes file whose name is not UTF-8, by
/// a variable or a flag. Such a path went through `String` with U+FFFD in place of its bytes,
/// and the store or the memory was made in another folder; now the run stops before anything
/// is opened: one line naming the variable or flag with the bytes escaped, exit status 2, and
/// no folder made under either name (DECISIONS: "Paths that are not UTF-8").
@Suite(.serialized, .needs(FileManager.default.fileExists(atPath: CommandLineTests.testPairs + "/modes/spa-eng.mode"), "needs make test's pair data"))
struct NotUTF8PathTests {
    typealias N = NotUTF8CommandLineTests

    /// Runs `script` in a fresh folder `$D` (with `$X` the name `x\377` in it); returns the
    /// status, stderr and what the folder holds afterwards besides the output file.
    static func refused(_ script: String) throws -> (status: Int32, error: String, left: [String], folder: String) {
        let folder = try N.folder()
        defer { N.remove(folder) }
        let result = try N.run(#"X="$D/$(printf 'x\377')"; \#(script)"#, in: folder)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "out" }
        return (result.status, result.error, left, folder)
    }

    @Test(arguments: [
        ("HIKE_REVIEWS_STORE", #"HIKE_REVIEWS_STORE="$X" "$B" packs list"#),
        ("XDG_DATA_HOME", #"env -u HIKE_REVIEWS_STORE XDG_DATA_HOME="$X" "$B" packs list"#),
        ("HIKE_REVIEWS_CACHE_DIR", #"echo Hola | HIKE_REVIEWS_CACHE=1 HIKE_REVIEWS_CACHE_DIR="$X" "$B" translate --from es --to en"#),
        ("XDG_CACHE_HOME", #"env -u HIKE_REVIEWS_CACHE_DIR HIKE_REVIEWS_CACHE=1 XDG_CACHE_HOME="$X" "$B" cache stats"#),
        ("HIKE_REVIEWS_PAIRS_PATH", #"echo Hola | HIKE_REVIEWS_PAIRS_PATH="$X" "$B" translate --from es --to en"#),
        ("HIKE_REVIEWS_DATA", #"HIKE_REVIEWS_DATA="$X" "$B""#),
        ("HIKE_REVIEWS_TRACE", #"echo Hola | HIKE_REVIEWS_TRACE="$X" "$B" translate --no-cache --from es --to en"#),
    ])
    func aVariableNamingAPathThatIsNotUTF8StopsTheRun(variable: String, script: String) throws {
        let result = try Self.refused(script)
        #expect(result.error == "hike-reviews: \(variable)='\(result.folder)/x\\xFF' is not UTF-8: give a path in UTF-8 (it would name another file)\n", "\(result.error)")
        #expect(result.status == 2)
        #expect(result.left.isEmpty, "nothing made: \(result.left)")
    }

    @Test(arguments: [
        ("--store", #""$B" packs list --store "$X""#),
        ("--store", #""$B" packs list --store="$X""#),
        ("--data", #""$B" --data "$X""#),
        ("--packs-url", #""$B" packs list --packs-url "$X/index.json""#),
    ])
    func aFlagNamingAPathThatIsNotUTF8IsAUsageError(flag: String, script: String) throws {
        let result = try Self.refused(script)
        let first = result.error.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("hike-reviews: \(flag): '\(result.folder)/x\\xFF"), "\(result.error)")
        #expect(first.hasSuffix("' is not UTF-8: give a path in UTF-8 (it would name another file)"), "\(result.error)")
        #expect(result.status == 2)
        #expect(result.left.isEmpty, "nothing made: \(result.left)")
    }
}
