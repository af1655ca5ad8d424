import Foundation
import TestSupport
import Testing

/// `make test-fast` runs the suites tagged `.fast`, as scripts/fast-tests reads them from the
/// sources; a suite that starts nothing and needs no fixture cannot be left out of it unseen.
@Suite(.tags(.fast)) struct FastTierTests {
    static let script = Paths.packageRoot.appendingPathComponent("scripts/fast-tests").path

    /// The script run on `root`'s Tests/ (the checkout's when nil).
    static func fastTests(_ arguments: [String], root: String? = nil) async throws -> Subprocess.Measured {
        try await Subprocess.measuredOffPool(["/usr/bin/env", "python3", script] + arguments + (root.map { ["--root", $0] } ?? []), input: "")
    }
}

extension FastTierTests {
    @Test func everySuiteThatStartsNothingIsTaggedFast() async throws {
        let result = try await Self.fastTests(["--check"])
        #expect(result.status == 0, "\(result.error)")
    }

    /// The filter names each tagged suite by its target, this one among them, and what the
    /// Makefile's fast tier had before the tag (a suite of each of its targets) is still in it.
    @Test func theFilterSelectsTheTaggedSuites() async throws {
        let result = try await Self.fastTests([])
        #expect(result.status == 0, "\(result.error)")
        let filter = try Regex(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        for id in ["HikeReviewsTUITests.FastTierTests/everySuiteThatStartsNothingIsTaggedFast()",
                   "HikeReviewsTUITests.ReducerTests/x()", "ReviewModelTests.LoaderTests/x()", "TranslationEngineTests.RoutePlannerTests/x()"] {
            #expect(id.contains(filter), "\(id) is not selected by \(result.output)")
        }
        #expect(!"HikeReviewsTUITests.ServeParityTests/x()".contains(filter))
    }

    /// A suite planted without the tag in a tree of its own is named, and the check fails.
    @Test func anUntaggedSuiteThatStartsNothingFailsTheCheck() async throws {
        let root = try Scratch.folder("fast-tier")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/Tests/SomeTests"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "import Testing\n@Suite(.tags(.fast)) struct TaggedTests {}\n".write(toFile: folder + "/TaggedTests.swift", atomically: true, encoding: .utf8)
        try "import Testing\n@Suite(.serialized) struct ForgottenTests {}\n".write(toFile: folder + "/ForgottenTests.swift", atomically: true, encoding: .utf8)
        let result = try await Self.fastTests(["--check"], root: root)
        #expect(result.status == 1)
        #expect(result.error.contains("SomeTests.ForgottenTests") && !result.error.contains("TaggedTests"), "\(result.error)")
    }
}
