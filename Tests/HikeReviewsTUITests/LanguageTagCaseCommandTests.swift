import Foundation
import TestSupport
import Testing

/// Language tags on the command line in any case: `availability ES EN` is `availability es
/// en`, `translate --from ES --to EN` translates, and what is printed is in canonical case.
@Suite(.serialized, .needs(FileManager.default.fileExists(atPath: CommandLineTests.testPairs + "/modes/spa-eng.mode"), "needs make test's pair data"))
struct LanguageTagCaseCommandTests {}

extension LanguageTagCaseCommandTests {
    @Test func availabilityAnswersTheSameInAnyCase() throws {
        for (upper, lower) in [("ES EN", "es en"), ("Es eN", "es en"), ("FR EN", "fr en"), ("DE EN", "de en")] {
            let shouted = try HostileCommandLineTests.shell(#""$B" availability \#(upper)"#)
            let quiet = try HostileCommandLineTests.shell(#""$B" availability \#(lower)"#)
            #expect(shouted.status == quiet.status && shouted.output == quiet.output, "\(upper): \(shouted) \(quiet)")
        }
        #expect(try HostileCommandLineTests.shell(#""$B" availability ES EN"#).output == "installed\n")
    }

    @Test func translateTakesTagsInAnyCaseAndPrintsThemCanonical() throws {
        let plain = try HostileCommandLineTests.shell(#"printf 'El perro bebe agua.\n' | "$B" translate --from ES --to EN"#)
        #expect(plain.status == 0 && plain.output == "The dog drinks water.\n", "\(plain)")
        let json = try HostileCommandLineTests.shell(#"printf 'El perro bebe agua.\n' | "$B" translate --from=ES --to=EN --json"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json)")
        #expect(object["route"] as? [String] == ["es", "en"] && object["sourceLanguage"] as? String == "es")
        // A line already in the target language passes through, whatever the case of --to.
        let same = try HostileCommandLineTests.shell(#"printf 'The dog drinks water and eats bread.\n' | "$B" translate --to EN --json"#)
        #expect(same.status == 0 && same.output.contains(#""route":["en"]"#), "\(same)")
    }
}
