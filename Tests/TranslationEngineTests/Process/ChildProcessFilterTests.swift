import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// `ChildProcess.filter`, which runs Apertium's deformatters once per document: the whole output
/// of a large input, a failing program an error, and a program that never ends killed at its
/// deadline with nothing of its group left.
@Suite struct ChildProcessFilterTests {
    static let environment = ChildProcess.environment(["PATH": ChildProcess.systemPath])
}

extension ChildProcessFilterTests {
    @Test func aLargeInputComesBackWholeWithoutDeadlock() async throws {
        // 8 MB: far more than a pipe holds, written while the output is read.
        let input = Array(repeating: UInt8(ascii: "x"), count: 8 * 1024 * 1024) + Array("\nend\n".utf8)
        let output = try await ChildProcess.filter("/bin/cat", input: input, environment: Self.environment, timeout: .seconds(240))
        #expect(output == input)
    }

    @Test func aProgramThatFailsIsAnError() async throws {
        await #expect(throws: ChildProcessError.stageDied) {
            _ = try await ChildProcess.filter("/bin/sh", arguments: ["-c", "cat >/dev/null; exit 3"], input: Array("x".utf8),
                                              environment: Self.environment, timeout: .seconds(240))
        }
    }

    @Test func aProgramThatNeverEndsIsKilledAtItsDeadline() async throws {
        let folder = try Scratch.folder("filter-deadline")
        let pidFile = folder + "/pid"
        await #expect(throws: ChildProcessError.timedOut) {
            // The shell's child sleeps on: the whole group must go, not only the program.
            _ = try await ChildProcess.filter("/bin/sh", arguments: ["-c", "sleep 600 & echo $! > \(pidFile); wait"], input: [],
                                              environment: Self.environment, timeout: .seconds(2))
        }
        let sleeper = Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(sleeper > 0)
        // Reaped by init once killed; gone within the safety net.
        var gone = false
        for _ in 0..<600 where !gone {
            gone = kill(sleeper, 0) != 0
            if !gone { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(gone)
    }
}
