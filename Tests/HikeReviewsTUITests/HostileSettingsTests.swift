import Foundation
import TestSupport
import Testing

/// The real binary under every variable the engine reads, set to values no setting takes:
/// it never traps (`inf` once ended in "Double value cannot be converted", exit 132), and each
/// numeric one stops the command with one line naming the variable and its range, exit 2.
@Suite(.serialized, .needs(FileManager.default.fileExists(atPath: CommandLineTests.testPairs + "/modes/spa-eng.mode"), "needs make test's pair data"))
struct HostileSettingsTests {
    static let hostileValues = ["inf", "nan", "-1", "1e30", "9223372036854775807", "abc", ""]

    /// Runs `body` on a thread of its own: many blocking waits for children must not hold one
    /// of the cooperative pool's two threads (LAB-NOTES).
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// `availability es en` in a folder of its own (a relative store or cache path lands there),
    /// with `variable=value` after the test pairs' environment.
    static func availability(_ variable: String, _ value: String) throws -> (status: Int32, output: String, error: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let argv = ["/usr/bin/env", "-C", folder] + HostileCommandLineTests.pairsEnvironment
            + ["HIKE_REVIEWS_CACHE=1", "HIKE_REVIEWS_CACHE_DIR=\(folder)/cache", "\(variable)=\(value)", Paths.binary.path, "availability", "es", "en"]
        return try Subprocess.output(of: argv, input: "")
    }
}

extension HostileSettingsTests {
    @Test func everyNumericVariableOutOfRangeIsOneLineNamingItAndExit2() async throws {
        let failures = try await Self.offPool { () throws -> [String] in
            var failures: [String] = []
            for variable in EngineVariables.numeric.sorted() {
                for value in Self.hostileValues {
                    let run = try Self.availability(variable, value)
                    let lines = run.error.split(separator: "\n")
                    if run.status != 2 || lines.count != 1 || !lines[0].hasPrefix("hike-reviews: \(variable)='\(value)'")
                        || !lines[0].contains(" from ") || !run.output.isEmpty {
                        failures.append("\(variable)=\(value): \(run.status) \(run.error)")
                    }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func noOtherVariableTrapsWhateverItsValue() async throws {
        let failures = try await Self.offPool { () throws -> [String] in
            var failures: [String] = []
            for variable in EngineVariables.textual.union(EngineVariables.system).sorted() {
                for value in Self.hostileValues {
                    let run = try Self.availability(variable, value)
                    // A signal is 128 + its number; every answer or error is below.
                    if run.status >= 128 || run.error.contains("Fatal error") { failures.append("\(variable)=\(value): \(run.status) \(run.error)") }
                    // A repository variable that names no URL is said, as --packs-url's value is.
                    if variable.hasSuffix("_URL"), !value.isEmpty, run.status != 2 || !run.error.hasPrefix("hike-reviews: \(variable)='\(value)'") {
                        failures.append("\(variable)=\(value): \(run.status) \(run.error)")
                    }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func theStageAllocatorSwitchTakes0Or1AndSaysSoOtherwise() async throws {
        let failures = try await Self.offPool { () throws -> [String] in
            var failures: [String] = []
            for value in ["0", "1", ""] {
                let run = try Self.availability("HIKE_REVIEWS_STAGE_ALLOCATOR", value)
                if run.status != 0 || run.output != "installed\n" || !run.error.isEmpty { failures.append("\(value): \(run)") }
            }
            for value in ["off", "2", "yes", "inf"] {
                let run = try Self.availability("HIKE_REVIEWS_STAGE_ALLOCATOR", value)
                let lines = run.error.split(separator: "\n")
                if run.status != 2 || lines.count != 1 || !run.output.isEmpty
                    || !lines[0].hasPrefix("hike-reviews: HIKE_REVIEWS_STAGE_ALLOCATOR='\(value)' is not one of the values it takes: give 0") {
                    failures.append("\(value): \(run)")
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func aGoodValueIsTakenAndHelpIgnoresBadOnes() throws {
        let good = try Self.availability("HIKE_REVIEWS_CACHE_MAX_MB", "16")
        #expect(good.status == 0 && good.output == "installed\n" && good.error.isEmpty, "\(good)")
        // --help and --version read no setting: they answer whatever the environment says.
        let help = try Subprocess.output(of: ["/usr/bin/env", "HIKE_REVIEWS_CACHE_MAX_MB=inf", Paths.binary.path, "--version"], input: "")
        #expect(help.status == 0 && help.output.hasPrefix("hike-reviews "), "\(help)")
    }
}
