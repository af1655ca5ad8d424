import Foundation
import TestSupport

/// A data root whose spa-eng mode has `Fixtures/fault_stage.py` spliced in as an extra stage,
/// so a test makes a stage die or hang exactly at request N instead of killing one after
/// "N answers seen" (by when the stage may have passed every request on already).
///
/// The root holds only `modes/spa-eng.mode` and a link to the real pair data, so the mode's
/// `/usr/share/apertium/...` paths resolve against it like any installed root.
struct FaultStage {
    /// The data root to scan (`InstalledPairs.scan(roots:)`) or give as `dataRoot`.
    let root: String
    /// Its spa-eng mode file.
    var modeFile: String { root + "/modes/spa-eng.mode" }
    /// Written by the stage when its fault fires, with its pid (it fires once: later
    /// generations pass everything through).
    let marker: String

    static let script = PackagePaths.fixtures.appendingPathComponent("fault_stage.py").path

    /// Splices the stage in after stage `after` (0-based) of the real spa-eng mode; it fails with
    /// `fault` (`die` or `hang`) on the `at`th request it reads.
    init(after: Int, at: Int, fault: String = "die") throws {
        root = try Scratch.folder("fault-stage")
        marker = root + "/fault-fired"
        try FileManager.default.createDirectory(atPath: root + "/modes", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/apertium-eng-spa", withDestinationPath: PipelineFixtures.pairsRoot + "/apertium-eng-spa")
        let copy = root + "/fault_stage.py"
        try FileManager.default.copyItem(atPath: Self.script, toPath: copy)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
        var stages = try String(contentsOfFile: PipelineFixtures.spaEngMode, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: " | ")
        stages.insert("'\(copy)' --at \(at) --fault \(fault) --once '\(marker)'", at: after + 1)
        try (stages.joined(separator: " | ") + "\n").write(toFile: modeFile, atomically: true, encoding: .utf8)
    }

    /// The pid of the stage whose fault fired, nil if none did.
    var firedIn: pid_t? {
        (try? String(contentsOfFile: marker, encoding: .utf8)).flatMap { pid_t($0) }
    }
}
