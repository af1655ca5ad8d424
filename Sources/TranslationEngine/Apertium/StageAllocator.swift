import Foundation

/// The memory allocator preloaded into a warm pipeline's stages: gperftools' tcmalloc, from
/// Debian's `libtcmalloc-minimal4`.
///
/// Apertium's stages are C++ programs that allocate and free small objects for every character
/// they read (lttoolbox's `State` copies its alive paths step by step); measured with `perf` on
/// 3,000 review lines, glibc's malloc and free were about 16% of all the stages' CPU, and the
/// bilingual `lt-proc` a quarter of its time. With tcmalloc the same stages write the same
/// bytes on 15-25% less CPU. Only the stages get it: this process keeps glibc's allocator.
///
/// Only the programs in `programs` get it, the ones that do most of the work: another allocator
/// lays memory out differently, and a program that reads memory it never wrote behaves
/// differently on it (Debian's perceptron tagger, `apertium-tagger -gx` in eng-cat, frees a
/// pointer it read from such memory and aborts under tcmalloc). And a pipeline whose stage dies
/// runs on glibc's malloc from its next start (`ApertiumPipeline`), so a program that fails on
/// it costs one restart, not the pair.
public enum StageAllocator {
    /// The file Debian's `libtcmalloc-minimal4` installs.
    public static let libraryName = "libtcmalloc_minimal.so.4"

    /// The programs it is preloaded into: lttoolbox's `lt-proc` (analysis, the bilingual
    /// dictionary, generation) and the transfer and lexical-selection stages, about 90% of a
    /// pipeline's CPU (spa-eng, 3,000 review lines); every pair's fidelity tests run on it.
    public static let programs: Set<String> = ["lt-proc", "apertium-transfer", "apertium-interchunk", "apertium-postchunk", "lrx-proc"]

    /// Whether a stage running `executable` gets the allocator, out of `programs`.
    static func isPreloaded(into executable: String, programs: Set<String> = programs) -> Bool {
        programs.contains((executable as NSString).lastPathComponent)
    }

    /// The library in the system's library folders, when it is there, readable, an ELF shared
    /// object for this machine, and its path holds no space or colon (`LD_PRELOAD` splits on
    /// both); nil otherwise, and the stages keep glibc's allocator.
    ///
    /// A file the dynamic loader would refuse is never preloaded: the loader would say so on
    /// the stage's stderr, which for the HMM tagger the engine reads as reports.
    public static let installed: String? = find(libraryName, in: libraryFolders)

    /// Where Debian (and most distributions) put shared libraries, multiarch folders first.
    static var libraryFolders: [String] {
        var name = utsname()
        uname(&name)
        let machine = withUnsafeBytes(of: &name.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let triple = machine + "-linux-gnu"
        return ["/usr/lib/" + triple, "/lib/" + triple, "/usr/lib64", "/lib64", "/usr/lib", "/lib"]
    }

    /// The first `folder/name` that can be preloaded here.
    static func find(_ name: String, in folders: [String]) -> String? {
        folders.lazy
            .map { ($0 as NSString).appendingPathComponent(name) }
            .first { TaggerReset.canBePreloaded($0) && isLoadable($0) }
    }

    /// Whether `path` is a readable ELF shared object of this process's class and machine.
    static func isLoadable(_ path: String) -> Bool {
        guard let header = elfHeader(path), let own = ownHeader else { return false }
        // Class (32/64-bit) and byte order at 4 and 5, type at 16 (3: shared object), machine at 18.
        return header[4] == own[4] && header[5] == own[5]
            && header[16] == 3 && header[17] == 0
            && header[18] == own[18] && header[19] == own[19]
    }

    /// This process's own ELF header, to compare a library's with.
    private static let ownHeader: [UInt8]? = elfHeader("/proc/self/exe")

    /// The first 20 bytes of an ELF file, nil when `path` is not a readable regular ELF file.
    private static func elfHeader(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 20)
        let count = bytes.withUnsafeMutableBytes { raw in Syscall.retryingOnInterrupt { read(fd, raw.baseAddress, raw.count) } }
        guard count == 20, bytes[0] == 0x7F, bytes[1] == UInt8(ascii: "E"), bytes[2] == UInt8(ascii: "L"),
              bytes[3] == UInt8(ascii: "F") else { return nil }
        return bytes
    }
}
