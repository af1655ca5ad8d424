import Foundation

/// Runs `body` with a fresh directory under the system temporary directory and removes it afterwards.
///
/// A closure rather than an object with `deinit`, because Swift may end an
/// object's lifetime after its last use, deleting the directory too early.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("ReviewModelTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

/// Writes `data` to `name` inside `directory` and returns the file's URL.
@discardableResult
func writeFile(_ data: Data, named name: String = "routes.json", in directory: URL) throws -> URL {
    let url = directory.appendingPathComponent(name)
    try data.write(to: url)
    return url
}

/// Writes `text` as UTF-8 to `name` inside `directory` and returns the file's URL.
@discardableResult
func writeFile(_ text: String, named name: String = "routes.json", in directory: URL) throws -> URL {
    try writeFile(Data(text.utf8), named: name, in: directory)
}
