import Foundation
import Testing
import TestSupport
@testable import TranslationEngine

/// The malloc preloaded into the stages (`StageAllocator`): found where Debian puts it, never a
/// file the loader would refuse, in the listed stages of a pipeline started with it and in none
/// without, the stages' answers the same either way, and dropped after a stage dies.
@Suite struct StageAllocatorTests {
    static let reviews = [
        "La ruta sale del pueblo y sube por un bosque de hayas hasta el collado.",
        "El refugio estaba cerrado, así que dormimos en la tienda junto al lago.",
        "Apenas había agua en las fuentes en agosto; llevad al menos dos litros.",
        "Vistas increíbles desde la cima, pero el último tramo tiene cadenas y mucho vértigo.",
        "Bajamos por Arriondas con niebla y lluvia; el sendero estaba muy resbaladizo.",
    ]

    @Test func debiansTcmallocIsFoundWhereSetupInstallsIt() throws {
        // scripts/setup installs libtcmalloc-minimal4; `make test` runs it first.
        guard try Fixture.check(StageAllocator.installed != nil, "libtcmalloc-minimal4 (scripts/setup)") else { return }
        let found = try #require(StageAllocator.installed)
        #expect(found.hasSuffix("/" + StageAllocator.libraryName))
        #expect(StageAllocator.isLoadable(found))
        #expect(StageAllocator.libraryFolders.contains((found as NSString).deletingLastPathComponent))
    }

    @Test func aFileTheLoaderWouldRefuseIsNeverChosen() throws {
        let folder = try Scratch.folder("stage-allocator")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = StageAllocator.libraryName
        let shapes: [(String, [UInt8])] = [
            ("text", Array("not a library\n".utf8)),
            ("short", [0x7F, 0x45, 0x4C, 0x46]),
            ("32-bit", Self.elfHeader(class: 1, machine: Self.ownMachine)),
            ("other-machine", Self.elfHeader(class: 2, machine: (0xB7, 0x00))),  // aarch64 (or x86-64 on aarch64 below)
            ("executable", Self.elfHeader(class: 2, machine: Self.ownMachine, type: 2)),
        ]
        var folders: [String] = []
        for (shape, bytes) in shapes {
            var bytes = bytes
            if shape == "other-machine" && Self.ownMachine == (0xB7, 0x00) { bytes[18] = 0x3E }
            let path = folder + "/" + shape
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data(bytes + [UInt8](repeating: 0, count: 64)).write(to: URL(fileURLWithPath: path + "/" + name))
            #expect(!StageAllocator.isLoadable(path + "/" + name), "\(shape)")
            folders.append(path)
        }
        // A folder, and a missing file.
        try FileManager.default.createDirectory(atPath: folder + "/directory/" + name, withIntermediateDirectories: true)
        folders += [folder + "/directory", folder + "/missing"]
        #expect(StageAllocator.find(name, in: folders) == nil)

        // A loadable copy is taken, but not from a path LD_PRELOAD would split.
        // (Debian's name is a symbolic link to the versioned file: the file itself is copied.)
        guard let real = StageAllocator.installed.flatMap(Self.realPath) else { return }
        for (index, place) in ["with space", "with:colon", "plain"].enumerated() {
            let path = folder + "/\(index)-" + place
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: real, toPath: path + "/" + name)
            folders.append(path)
        }
        #expect(StageAllocator.find(name, in: folders) == folder + "/2-plain/" + name)
    }

    @Test func everyStageRunsOnTheAllocatorItIsGivenWithTheSameAnswers() async throws {
        guard try Fixture.check(PipelineFixtures.dataAvailable, "the test pairs (scripts/fetch-test-pairs)") else { return }
        guard try Fixture.check(StageAllocator.installed != nil, "libtcmalloc-minimal4 (scripts/setup)"),
              let allocator = StageAllocator.installed else { return }
        // /proc/PID/maps names the file Debian's symbolic link points to.
        let mapped = try #require(Self.realPath(allocator))
        var answers: [[String]] = []
        for chosen in [allocator, nil] {
            let pipeline = try ApertiumPipeline(modeFile: PipelineFixtures.spaEngMode, dataRoot: PipelineFixtures.pairsRoot,
                                                stageAllocator: chosen)
            defer { pipeline.shutdown() }
            var texts: [String] = []
            for review in Self.reviews {
                texts.append(try await pipeline.translate(review, timeout: .seconds(120)))
            }
            answers.append(texts)
            let pids = try #require(pipeline.slot.child?.pids)
            #expect(pids.count >= 9)
            for pid in pids {
                let maps = Self.maps(of: pid)
                let command = ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? "?" as String) as NSString
                let listed = StageAllocator.programs.contains(command.lastPathComponent)
                #expect(maps.contains(mapped) == (chosen != nil && listed), "stage \(pid) (\(command)) with \(chosen ?? "glibc")")
            }
            // The tagger was neither replaced nor disturbed by a loader message on its stderr.
            #expect(pipeline.taggerReplacements == 0)
            #expect(pipeline.currentStageAllocator == chosen)
        }
        #expect(answers[0] == answers[1])
        #expect(answers[0].allSatisfy { !$0.isEmpty })
    }

    @Test func onlyTheListedProgramsGetIt() {
        for program in ["lt-proc", "apertium-transfer", "apertium-interchunk", "apertium-postchunk", "lrx-proc"] {
            #expect(StageAllocator.isPreloaded(into: "/usr/bin/" + program))
        }
        for program in ["apertium-tagger", "cg-proc", "apertium-pretransfer", "lsx-proc", "apertium-anaphora", "rtx-proc", "sh"] {
            #expect(!StageAllocator.isPreloaded(into: "/usr/bin/" + program))
        }
    }

    /// Debian's perceptron tagger (`apertium-tagger -gx`, eng-cat) aborts under tcmalloc ("Attempt
    /// to free invalid pointer"): given the allocator on purpose, the pipeline loses one
    /// generation, then answers on glibc's malloc exactly as a pipeline that never had it.
    @Test func aPipelineWhoseStageDiesOnTheAllocatorGoesOnWithout() async throws {
        guard try Fixture.check(PipelineFixtures.dataAvailable, "the test pairs (scripts/fetch-test-pairs)") else { return }
        guard try Fixture.check(StageAllocator.installed != nil, "libtcmalloc-minimal4 (scripts/setup)"),
              let allocator = StageAllocator.installed else { return }
        let modeFile = PipelineFixtures.pairsRoot + "/modes/eng-cat.mode"
        let mode = try ModeFile(contentsOf: modeFile, dataRoot: PipelineFixtures.pairsRoot, markUnknown: true,
                                searchPath: ChildProcess.systemPath)
        #expect(mode.stages.contains { $0.executable.hasSuffix("/apertium-tagger") && $0.arguments.contains("-gx") })
        let texts = ["The path climbs through the beech forest to the pass.", "We slept in the tent next to the lake."]

        let plain = ApertiumPipeline(mode: mode, stageAllocator: nil)
        defer { plain.shutdown() }
        var expected: [String] = []
        for text in texts { expected.append(try await plain.translate(text, timeout: .seconds(120))) }

        let risky = ApertiumPipeline(mode: mode, stageAllocator: allocator,
                                     stageAllocatorPrograms: StageAllocator.programs.union(["apertium-tagger"]))
        defer { risky.shutdown() }
        #expect(risky.currentStageAllocator == allocator)
        var answers: [String] = []
        for text in texts { answers.append(try await risky.translate(text, timeout: .seconds(120))) }
        #expect(answers == expected)
        #expect(risky.currentStageAllocator == nil)
        // The generation now running has no stage on it.
        let mapped = try #require(Self.realPath(allocator))
        for pid in try #require(risky.slot.child?.pids) {
            #expect(!Self.maps(of: pid).contains(mapped))
        }
    }

    @Test func theVariableTurnsItOffAndAWrongValueIsAProblem() {
        let base = ["HOME": "/nonexistent-home"]
        #expect(EngineEnvironment.fromProcess(base).pipelines.stageAllocator == StageAllocator.installed)
        #expect(EngineEnvironment.fromProcess(base.merging(["HIKE_REVIEWS_STAGE_ALLOCATOR": "1"]) { $1 }).pipelines.stageAllocator
                == StageAllocator.installed)
        let off = EngineEnvironment.fromProcess(base.merging(["HIKE_REVIEWS_STAGE_ALLOCATOR": "0"]) { $1 })
        #expect(off.pipelines.stageAllocator == nil)
        #expect(off.problems.isEmpty)
        let wrong = EngineEnvironment.fromProcess(base.merging(["HIKE_REVIEWS_STAGE_ALLOCATOR": "off"]) { $1 })
        #expect(wrong.problems.map(\.variable) == ["HIKE_REVIEWS_STAGE_ALLOCATOR"])
        #expect(wrong.problems.first?.kind == .notAChoice)
        #expect(wrong.problems.first?.description.hasPrefix("HIKE_REVIEWS_STAGE_ALLOCATOR='off' is not one of the values it takes: give 0") == true)
        #expect(wrong.pipelines.stageAllocator == StageAllocator.installed)
    }

    /// /proc/PID/maps, read to its end (Foundation's String(contentsOfFile:) stops at 4 KB of a
    /// /proc file); empty when it cannot be read.
    static func maps(of pid: pid_t) -> String {
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else { return "" }
        defer { try? file.close() }
        return (try? file.readToEnd()).flatMap { $0.map { String(decoding: $0, as: UTF8.self) } } ?? ""
    }

    /// `path` with every symbolic link resolved (`realpath(3)`).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// This machine's ELF machine field (from the running executable).
    static let ownMachine: (UInt8, UInt8) = {
        let file = FileHandle(forReadingAtPath: "/proc/self/exe")
        defer { try? file?.close() }
        let data = (try? file?.read(upToCount: 20)).flatMap { $0.map { [UInt8]($0) } } ?? []
        return data.count == 20 ? (data[18], data[19]) : (0x3E, 0)
    }()

    /// The first 20 bytes of a little-endian ELF file: class 1 (32-bit) or 2 (64-bit), type 3
    /// (a shared object) unless told.
    static func elfHeader(class elfClass: UInt8, machine: (UInt8, UInt8), type: UInt8 = 3) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 20)
        bytes[0...3] = [0x7F, 0x45, 0x4C, 0x46]
        bytes[4] = elfClass
        bytes[5] = 1
        bytes[6] = 1
        bytes[16] = type
        bytes[18] = machine.0
        bytes[19] = machine.1
        return bytes
    }
}
