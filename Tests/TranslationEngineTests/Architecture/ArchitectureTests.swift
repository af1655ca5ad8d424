import Foundation
import TestSupport
import Testing

/// docs/ARCHITECTURE.md shows the engine's folder graph as `scripts/folder-graph` computes it
/// from the sources, and the folders form no cycle.
@Suite(.timeLimit(.minutes(5))) struct ArchitectureTests {
    static let packageRoot = PackagePaths.root

    /// The script's Markdown section and its exit status (1 when there is a cycle).
    static func scriptSection() throws -> (text: String, status: Int32) {
        let output = Scratch.root.appendingPathComponent("folder-graph-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let script = packageRoot.appendingPathComponent("scripts/folder-graph").path
        let status = try Subprocess.run(["/usr/bin/env", "python3", script], outputPath: output)
        return (try String(contentsOfFile: output, encoding: .utf8), status)
    }

    static func documentSection() throws -> String {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- folder-graph: begin"))
        let end = try #require(text.range(of: "<!-- folder-graph: end -->", range: begin.upperBound..<text.endIndex))
        return String(text[begin.lowerBound..<end.upperBound])
    }

    @Test("docs/ARCHITECTURE.md shows the folder graph the sources have (run scripts/folder-graph --write)")
    func theDocumentIsCurrent() throws {
        let (text, _) = try Self.scriptSection()
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == (try Self.documentSection()))
    }

    @Test("The engine's folders form no cycle (scripts/folder-graph --why names the types of each edge)")
    func noFolderCycles() throws {
        let (text, status) = try Self.scriptSection()
        #expect(status == 0)
        #expect(text.contains("Cycles: none."))
    }
}
