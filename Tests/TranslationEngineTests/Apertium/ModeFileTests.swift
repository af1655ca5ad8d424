import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

@Suite("ModeFile", .tags(.fast))
struct ModeFileTests {
    @Test("tokenizer keeps single-quoted runs together")
    func tokenizer() throws {
        #expect(try ModeFile.tokenize("a 'b c'  d''e '' ", stage: 0) == ["a", "b c", "de", ""])
        #expect(throws: ModeFileError.unterminatedQuote(stage: 0)) { try ModeFile.tokenize("a 'b", stage: 0) }
    }

    @Test("rejects empty stages and missing programs")
    func rejections() {
        #expect(throws: ModeFileError.emptyStage(index: 1)) { try ModeFile(parsing: "cat | | cat") }
        #expect(throws: ModeFileError.emptyStage(index: 1)) { try ModeFile(parsing: "cat |") }
        #expect(throws: ModeFileError.programNotFound("no-such-program-xyz")) {
            try ModeFile(parsing: "cat | no-such-program-xyz -a")
        }
    }

    @Test("a data root holding ' or | goes into the arguments as it is")
    func awkwardDataRoots() throws {
        for root in ["/tmp/it's", "/tmp/a|b", "/tmp/x' | rm -rf '/y", "/tmp/$1 \\ \"q\""] {
            let mode = try ModeFile(parsing: "cat '@DATA@/a.bin' | cat $1 '/usr/share/apertium/b c.bin'", dataRoot: root)
            #expect(mode.stages.map(\.arguments) == [["-z", root + "/a.bin"], ["-z", "-n", root + "/b c.bin"]])
        }
    }

    @Test("$1 becomes -n or -g, $2 is dropped, -z follows the program")
    func placeholders() throws {
        let plain = try ModeFile(parsing: "cat $1 '/usr/share/apertium/x y' | cat $2 /usr/share/apertiumX", dataRoot: "/d")
        #expect(plain.stages.map(\.arguments) == [["-z", "-n", "/d/x y"], ["-z", "/usr/share/apertiumX"]])
        let marked = try ModeFile(parsing: "cat $1", markUnknown: true)
        #expect(marked.stages[0].arguments == ["-z", "-g"])
        #expect(marked.stages[0].executable.hasPrefix("/"))
    }

    @Test("parses the real spa-eng and fr-es mode files", .needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test (scripts/setup, scripts/fetch-test-pairs)"))
    func realModes() throws {
        for path in [PipelineFixtures.spaEngMode, PipelineFixtures.frEsMode] {
            let mode = try ModeFile(contentsOf: path, dataRoot: PipelineFixtures.pairsRoot)
            #expect(mode.stages.count == 10)
            #expect(mode.stages.map { ($0.executable as NSString).lastPathComponent } == [
                "lt-proc", "apertium-tagger", "apertium-pretransfer", "lt-proc", "lrx-proc",
                "apertium-transfer", "apertium-interchunk", "apertium-postchunk", "lt-proc", "lt-proc",
            ])
            for stage in mode.stages {
                #expect(stage.executable.hasPrefix("/"))
                #expect(stage.arguments.first == "-z")
                #expect(!stage.arguments.contains("$1") && !stage.arguments.contains("$2"))
                for argument in stage.arguments where argument.hasPrefix("/") {
                    #expect(argument.hasPrefix(PipelineFixtures.pairsRoot + "/"))
                    #expect(FileManager.default.fileExists(atPath: argument), "\(argument)")
                }
            }
            #expect(mode.stages[1].arguments == ["-z", "-g", mode.stages[1].arguments[2]])
            #expect(mode.stages[8].arguments.prefix(2) == ["-z", "-n"])
        }
    }
}
