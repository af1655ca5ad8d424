import Foundation
import TestSupport
import Testing

/// docs/ARCHITECTURE.md shows the folder graph of each target with more than one folder (the
/// engine, the app) as `scripts/folder-graph` computes it from the sources, and no target's
/// folders form a cycle.
@Suite(.timeLimit(.minutes(5))) struct ArchitectureTests {
    static let packageRoot = PackagePaths.root

    /// The targets with more than one folder, whose graphs the document holds.
    static let graphedTargets = ["HikeReviewsTUI", "TranslationEngine"]

    /// The script's output for `arguments` (every target when empty) and its exit status (1 when
    /// there is a cycle).
    static func scriptOutput(_ arguments: [String] = []) throws -> (text: String, status: Int32) {
        let output = Scratch.root.appendingPathComponent("folder-graph-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let script = packageRoot.appendingPathComponent("scripts/folder-graph").path
        let status = try Subprocess.run(["/usr/bin/env", "python3", script] + arguments, outputPath: output)
        return (try String(contentsOfFile: output, encoding: .utf8), status)
    }

    /// The text from `target`'s begin marker to its end marker, both included.
    static func section(of target: String, in text: String) throws -> String {
        let begin = try #require(text.range(of: "<!-- folder-graph \(target): begin"), "no section for \(target)")
        let end = try #require(text.range(of: "<!-- folder-graph \(target): end -->", range: begin.upperBound..<text.endIndex))
        return String(text[begin.lowerBound..<end.upperBound])
    }

    static func document() throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    }

    /// The targets under Sources/ with Swift files, found here rather than by the script, so a
    /// target the script skipped would show.
    static func swiftTargets() throws -> [String] {
        let sources = packageRoot.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
            let files = FileManager.default.enumerator(atPath: sources.appendingPathComponent(name).path)
            return files?.contains { ($0 as? String)?.hasSuffix(".swift") == true } == true
        }.sorted()
    }
}

extension ArchitectureTests {
    @Test("docs/ARCHITECTURE.md shows the folder graphs the sources have (run scripts/folder-graph --write)")
    func theDocumentIsCurrent() throws {
        let (text, _) = try Self.scriptOutput()
        let document = try Self.document()
        for target in Self.graphedTargets {
            #expect(try Self.section(of: target, in: text) == (try Self.section(of: target, in: document)), "\(target)")
        }
        let documented = document.components(separatedBy: "<!-- folder-graph ").dropFirst().compactMap { $0.split(separator: ":").first.map(String.init) }
        #expect(Set(documented) == Set(Self.graphedTargets), "a section per target with more than one folder")
    }

    @Test("The engine's folders form no cycle (scripts/folder-graph --why names the types of each edge)")
    func noFolderCycles() throws {
        let (text, status) = try Self.scriptOutput(["TranslationEngine"])
        #expect(status == 0)
        #expect(text.contains("Cycles: none."))
    }

    @Test("The app's folders form no cycle: Render, Keys, Messages, Backend and Features, App, Screens, Runtime, CLI, main")
    func noAppFolderCycles() throws {
        let (text, status) = try Self.scriptOutput(["HikeReviewsTUI"])
        #expect(status == 0)
        #expect(text.contains("Cycles: none."))
        let layers = try #require(text.components(separatedBy: "| Folder (floor first) | Uses |").last)
        let order = layers.split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return line.hasPrefix("| ") && cells.first != "---" ? cells.first : nil
        }
        #expect(order.first == "Render" && order.last == ".", "\(order)")
    }

    @Test("Every target under Sources/ with Swift files is graphed, and none has a cycle")
    func noTargetHasACycle() throws {
        let targets = try Self.swiftTargets()
        #expect(targets.count > Self.graphedTargets.count)
        #expect(Set(Self.graphedTargets).isSubset(of: targets))
        for target in targets {
            let (text, status) = try Self.scriptOutput([target])
            #expect(status == 0, "\(target): \(text)")
            let graphed = Self.graphedTargets.contains(target)
            #expect(text.contains(graphed ? "Cycles: none." : "\(target): one folder, no graph"), "\(target)")
        }
        #expect(try Self.scriptOutput().status == 0)
    }
}
