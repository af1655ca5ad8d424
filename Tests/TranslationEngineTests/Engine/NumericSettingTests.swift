import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Every numeric variable the engine reads goes through `NumericSetting`: a value that is not
/// a finite number within the setting's range is a `SettingProblem` naming the variable, and
/// the default holds (`inf` once trapped converting to an Int, 2^63-1 overflowed a shift).
@Suite(.tags(.fast)) struct NumericSettingTests {
    /// Values no numeric setting takes.
    static let hostileValues = ["inf", "nan", "-1", "1e30", "9223372036854775807", "abc", "", "-inf", "0x1p80"]
}

extension NumericSettingTests {
    @Test(arguments: NumericSetting.all)
    func hostileValuesAreProblemsNamingTheVariableAndTheDefaultHolds(setting: NumericSetting) {
        for value in Self.hostileValues {
            let environment = EngineEnvironment.fromProcess(["HOME": "/h", setting.name: value], remembersTranslations: true)
            #expect(environment.problems.count == 1, "\(setting.name)=\(value)")
            let line = environment.problems.first?.description ?? ""
            #expect(line.hasPrefix(setting.name + "="), "\(line)")
            #expect(line.contains(setting.expectation), "\(line)")
            #expect(!line.contains("\n"))
            let defaults = EngineEnvironment.fromProcess(["HOME": "/h"], remembersTranslations: true)
            #expect(environment.pipelines == defaults.pipelines && environment.memory == defaults.memory)
            #expect(environment.downloadLimits.idleTimeout == defaults.downloadLimits.idleTimeout)
            #expect(environment.downloadLimits.minimumRate == defaults.downloadLimits.minimumRate)
        }
    }

    @Test func boundsAreTakenAndWholeNumbersAreAskedForWhereTheyCount() throws {
        for setting in NumericSetting.all {
            #expect(try setting.value(of: NumericSetting.text(setting.range.lowerBound)) == setting.range.lowerBound)
            #expect(try setting.value(of: " \(NumericSetting.text(setting.range.upperBound)) ") == setting.range.upperBound)
            #expect(try setting.value(of: nil) == nil, "unset: the default")
        }
        #expect(throws: SettingProblem.self) { try NumericSetting.neuralThreads.value(of: "1.5") }
        let environment = EngineEnvironment.fromProcess([
            "HIKE_REVIEWS_CACHE_MAX_MB": "1048576", "HIKE_REVIEWS_PIPELINE_MEMORY_MB": "1048576", "HIKE_REVIEWS_PIPELINE_IDLE_SECONDS": "1e7",
            "HIKE_REVIEWS_DOWNLOAD_IDLE_SECONDS": "0.5", "HIKE_REVIEWS_DOWNLOAD_MIN_RATE": "1073741824", "HIKE_REVIEWS_NEURAL_THREADS": "64",
            "HIKE_REVIEWS_PIPELINE_REPLICAS": "16",
        ], remembersTranslations: true)
        #expect(environment.problems.isEmpty)
        #expect(environment.memory?.maxBytes == 1 << 40 && environment.pipelines.memoryBudget == 1 << 40)
        #expect(environment.pipelines.idleTimeout == .seconds(10_000_000) && environment.pipelines.neuralThreads == 64)
        #expect(environment.pipelines.maxReplicas == 16)
        #expect(environment.downloadLimits.idleTimeout == .milliseconds(500) && environment.downloadLimits.minimumRate == 1 << 30)
    }

    @Test func everyProblemIsListedOncePerVariableEvenForASettingNotInUse() {
        // Without the memory, its cap is still checked: a typo is said before it matters.
        let environment = EngineEnvironment.fromProcess(["HIKE_REVIEWS_CACHE_MAX_MB": "inf", "HIKE_REVIEWS_NEURAL_THREADS": "abc"])
        #expect(environment.problems.map(\.variable).sorted() == ["HIKE_REVIEWS_CACHE_MAX_MB", "HIKE_REVIEWS_NEURAL_THREADS"])
        #expect(environment.problems.map(\.kind).sorted { "\($0)" < "\($1)" } == [.notANumber, .notFinite])
    }

    @Test func repositoryVariablesThatNameNoURLAreProblems() {
        let environment = EngineEnvironment.fromProcess(["HIKE_REVIEWS_PACKS_URL": "/r/index.json abc", "HIKE_REVIEWS_PUBLIC_INDEX_URL": "ftp://x/i.json"])
        #expect(environment.problems.map(\.variable) == ["HIKE_REVIEWS_PACKS_URL", "HIKE_REVIEWS_PUBLIC_INDEX_URL"])
        #expect(environment.problems.allSatisfy { $0.kind == .notAURL })
        #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_PUBLIC_INDEX_URL": ""]).problems.isEmpty, "empty: no public index")
    }

    /// A path variable whose bytes are not UTF-8 is a problem only where it is the path in use:
    /// `HOME` and `XDG_*` count when no own variable comes first.
    @Test func pathVariablesThatAreNotUTF8AreProblemsWhereTheyAreUsed() {
        let bytes: [UInt8] = Array("/x".utf8) + [0xFF]
        func problems(_ variables: [String: String], notUTF8 names: [String]) -> [String] {
            let notUTF8 = Dictionary(uniqueKeysWithValues: names.map { ($0, bytes) })
            return EngineEnvironment.fromProcess(variables, notUTF8: notUTF8).problems.map(\.description)
        }
        let line = { (name: String) in "\(name)='/x\\xFF' is not UTF-8: give a path in UTF-8 (it would name another file)" }
        #expect(problems(["HIKE_REVIEWS_STORE": "/x\u{FFFD}", "HOME": "/h"], notUTF8: ["HIKE_REVIEWS_STORE"]) == [line("HIKE_REVIEWS_STORE")])
        // HOME is the memory's fallback here, not the store's.
        #expect(problems(["HIKE_REVIEWS_STORE": "/s", "HOME": "/x\u{FFFD}"], notUTF8: ["HOME"]) == [line("HOME")])
        #expect(problems(["HIKE_REVIEWS_STORE": "/s", "HIKE_REVIEWS_CACHE_DIR": "/c", "HOME": "/x\u{FFFD}"], notUTF8: ["HOME"]).isEmpty)
        #expect(problems(["HIKE_REVIEWS_STORE": "/s", "XDG_CACHE_HOME": "/x\u{FFFD}", "HOME": "/h"], notUTF8: ["XDG_CACHE_HOME"]) == [line("XDG_CACHE_HOME")])
        #expect(problems(["HIKE_REVIEWS_STORE": "/s", "XDG_DATA_HOME": "/x\u{FFFD}", "HOME": "/h"], notUTF8: ["XDG_DATA_HOME"]).isEmpty)
        #expect(problems(["LANG": "x\u{FFFD}", "HOME": "/h"], notUTF8: ["LANG"]).isEmpty, "not a path")
    }

    /// The lists the binary's test runs over are what `fromProcess` reads: a variable added
    /// there and not here fails this test.
    @Test func theListsAreEveryVariableFromProcessReads() throws {
        let engine = PackagePaths.root.appendingPathComponent("Sources/TranslationEngine/Engine")
        var named: Set<String> = []
        for file in ["EngineEnvironment+Process.swift", "NumericSetting.swift"] {
            let source = try String(contentsOf: engine.appendingPathComponent(file), encoding: .utf8)
            named.formUnion(source.matches(of: /"(HIKE_REVIEWS_[A-Z_]+)"/).map { String($0.output.1) })
        }
        #expect(Set(NumericSetting.all.map(\.name)) == EngineVariables.numeric)
        #expect(named == EngineVariables.numeric.union(EngineVariables.textual))
    }
}
