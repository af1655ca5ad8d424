import Foundation
import Synchronization
import TextSafety
import TranslationEngine

/// `hike-reviews packs list|install|remove`, and the consent `translate --yes` gives.
enum PacksCommand {
    /// One row of `packs list`: the engine's listing, its strings made harmless.
    struct Row: Sendable {
        var id: String
        var title: String
        var status: String
        var version: String
        var size: Int
        var directions: [[String]]
        var engine: String
        var sha256: String?

        /// A remote server's row.
        init(id: String, title: String, status: String, directions: [[String]]) {
            self.id = id
            self.title = title
            self.status = status
            version = "-"
            size = 0
            self.directions = directions.map { $0.map { EscapedText.escaped($0, limit: 20) } }
            engine = PackEngine.remote.rawValue
        }

        init(_ pack: PackListing) {
            id = EscapedText.escaped(pack.id, limit: 40)
            title = EscapedText.escaped(pack.title, limit: 60)
            status = pack.status.rawValue
            version = EscapedText.escaped(pack.version, limit: 30)
            size = pack.size
            directions = pack.directions.map { $0.map { EscapedText.escaped($0, limit: 20) } }
            engine = pack.engine.rawValue
            sha256 = pack.sha256.map { EscapedText.escaped($0, limit: 64) }
        }
    }

    static func list(json: Bool, manager: PackManager, remotes: RemoteServers? = nil) async -> Int32 {
        let (packs, problem) = await manager.listing()
        var remoteRows: [Row] = []
        if let remotes { remoteRows = await Self.remoteRows(remotes) }
        // Still list what is on disk and in the repositories that answered; say why the others
        // are missing, and which entries were left out.
        let problems = await manager.unreachableRepositories()
        if problems.isEmpty, let problem { StandardError.print("hike-reviews: packs list: \(problem)") }
        for (url, reason) in problems {
            StandardError.print("hike-reviews: packs list: \(problemLine(url, reason, publicIndex: manager.publicIndexURL, store: manager.store))")
        }
        for line in await manager.refusedEntries() {
            StandardError.print("hike-reviews: packs list: an entry was left out: \(line)")
        }
        let rows = packs.map(Row.init) + remoteRows
        let output = StandardOutput.shared
        if json {
            let objects: [[String: Any]] = rows.map {
                ["id": $0.id, "title": $0.title, "status": $0.status, "version": $0.version, "size": $0.size, "directions": $0.directions,
                 "engine": $0.engine, "sha256": $0.sha256 ?? NSNull()]
            }
            let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("[]".utf8)
            output.line(String(decoding: data, as: UTF8.self))
        } else if rows.isEmpty {
            output.line("no packs: none installed and no repository (see hike-reviews --help, packs)")
        } else {
            output.line(table(rows))
        }
        guard output.flush() else { return output.failureStatus }
        return problem == nil ? 0 : 1
    }

    /// One row per remote server: `remote URL`, status `remote` with its API, or `unreachable`
    /// with why (also said on stderr).
    static func remoteRows(_ remotes: RemoteServers) async -> [Row] {
        let packs = await remotes.packs()
        return await remotes.summary().map { server in
            let id = "remote " + server.url.absoluteString
            if let problem = server.problem { StandardError.print("hike-reviews: packs list: \(EscapedText.escaped(problem))") }
            let directions = packs.first { $0.id == id }?.directions.map { [$0.source, $0.target] } ?? []
            return Row(id: EscapedText.escaped(id, limit: 80), title: server.api.map { "\($0) server" } ?? "no translation server answers",
                       status: server.api == nil ? "unreachable" : "remote", directions: directions)
        }
    }

    /// Why a repository could not be read, in one line, with the age of the copy of its index
    /// that is used instead. The public index, which the user did not name, is said as what it
    /// leaves (its failure is said, but `list` still succeeds); another repository's line says
    /// what to check.
    static func problemLine(_ url: URL, _ reason: PackError, publicIndex: URL?, store: PackStore) -> String {
        let age = PackRepository.indexAge(of: url, in: store)
        if url == publicIndex { return HostAdvice.publicIndexLine(reason, copyAge: age) }
        return HostAdvice.text(reason) + (age.map { "; using its index of \(PackRepository.describeAge($0))" } ?? "")
    }

    private static func table(_ rows: [Row]) -> String {
        let header = ["ID", "STATUS", "ENGINE", "VERSION", "SIZE", "DIRECTIONS", "TITLE"]
        let cells = rows.map { row in
            [row.id, row.status, row.engine, row.version, row.size > 0 ? megabytes(row.size) : (row.status == PackManager.Status.available.rawValue ? "?" : "-"),
             row.directions.map { $0.joined(separator: ">") }.joined(separator: " "), row.title]
        }
        let widths = (0..<header.count - 1).map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
        return ([header] + cells).map { line in
            line.enumerated().map { column, cell in
                column < widths.count ? cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0) : cell
            }.joined()
        }.joined(separator: "\n")
    }

    static func install(_ ids: [String], yes: Bool, manager: PackManager) async -> Int32 {
        let entries: [PackIndex.Entry]
        do {
            let available = try await manager.availablePacks()
            let problems = await manager.unreachableRepositories().map(\.reason)
            entries = try ids.map { id throws(PackError) in
                guard let entry = available.first(where: { $0.id == id }) else { throw problems.first ?? PackError.unknownPack(id) }
                return entry
            }
        } catch {
            StandardError.print("hike-reviews: packs install: \(HostAdvice.text(error))")
            return 1
        }
        // Sizes the repository did not give, from the servers (a HEAD each), for the question.
        let missing = await manager.withSizes(entries.filter { entry in
            manager.installedPacks().first { $0.id == entry.id }?.version != entry.version
        })
        guard !missing.isEmpty else {
            StandardError.print("hike-reviews: packs install: already installed: \(ids.joined(separator: " "))")
            return 0
        }
        if !yes {
            guard isatty(STDIN_FILENO) != 0 else {
                StandardError.print("hike-reviews: packs install: standard input is not a terminal; pass --yes to download \(missing.map(\.id).joined(separator: " "))")
                return 3
            }
            let request = ConsentRequest(reason: "you asked for them", packs: missing, repository: manager.repositoryURL)
            guard askOnTerminal(request) else {
                StandardError.print("hike-reviews: packs install: nothing downloaded")
                return 3
            }
        }
        let progress = ProgressLine()
        let events = manager.events()
        let stalls = Task {
            for await event in events {
                if case .stalled(let id, let idle) = event { progress.stalled(id: id, seconds: Int(idle.components.seconds)) }
            }
        }
        defer { stalls.cancel() }
        do {
            try await manager.download(missing.map(\.id)) { id, bytes, total in progress.show(id: id, bytes: bytes, total: total) }
            progress.finish()
            for entry in missing { StandardError.print("hike-reviews: installed \(entry.id) \(EscapedText.escaped(entry.version))") }
            return 0
        } catch {
            progress.finish()
            StandardError.print("hike-reviews: packs install: \(HostAdvice.text(error))")
            return 1
        }
    }

    /// Removes the packs, and what `memory` remembered of the ones that are gone (those removed
    /// before a failure included).
    static func remove(_ ids: [String], manager: PackManager, memory: TranslationMemory?) async -> Int32 {
        var status: Int32 = 0
        do {
            try await manager.remove(ids)
            for id in ids { StandardError.print("hike-reviews: removed \(id)") }
        } catch {
            StandardError.print("hike-reviews: packs remove: \(HostAdvice.text(error))")
            status = 1
        }
        let gone = Set(ids.filter { manager.store.installedPack($0) == nil })
        if let memory, !gone.isEmpty { await memory.removeEntries(ofPacks: gone) }
        return status
    }

    /// What a consent request says, on the terminal, and the y/N answer (default no).
    static func askOnTerminal(_ request: ConsentRequest) -> Bool {
        StandardError.print(describe(request))
        FileHandle.standardError.write(Data("Download? [y/N] ".utf8))
        guard let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return answer == "y" || answer == "yes"
    }

    /// "Spanish -> English needs English - Spanish (eng-spa, 2.7 MB, GPL-2.0-only) ..."
    static func describe(_ request: ConsentRequest) -> String {
        if request.sendsTexts && request.packs.isEmpty { return remoteLine(request) }
        var lines = ["\(EscapedText.escaped(request.reason)): language packs to download:"]
        for pack in request.packs {
            let size = pack.sizeIsKnown ? megabytes(pack.size) : "size unknown"
            let checksum = pack.hasChecksum ? "" : ", the repository publishes no checksum"
            lines.append("  \(EscapedText.escaped(pack.title)) (\(EscapedText.escaped(pack.id)), \(pack.engine.rawValue), \(size), license \(EscapedText.escaped(pack.license))\(checksum)) from \(EscapedText.escaped(pack.url.absoluteString))")
        }
        let unknown = request.packs.contains { !$0.sizeIsKnown } ? " and packs of unknown size" : ""
        let origins = request.origins.isEmpty ? "the repository" : request.origins.joined(separator: ", ")
        lines.append("  total \(megabytes(request.totalSize))\(unknown) from \(origins)")
        if request.sendsTexts { lines.append(remoteLine(request)) }
        return lines.joined(separator: "\n")
    }

    /// "Spanish -> English: send texts to 10.0.0.5:5000 to translate"
    static func remoteLine(_ request: ConsentRequest) -> String {
        "\(EscapedText.escaped(request.reason)): send texts to \(request.remoteServers.map { EscapedText.escaped($0) }.joined(separator: ", ")) to translate"
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes < 1_000_000 ? String(format: "%.0f kB", Double(bytes) / 1000) : String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// `translate --yes`: approves, saying on stderr what is being fetched.
    struct ApproveWithProgress: ConsentHandler {
        func requestConsent(_ request: ConsentRequest) async -> ConsentAnswer {
            StandardError.print("hike-reviews: " + describe(request).replacingOccurrences(of: "\n", with: "\nhike-reviews: "))
            return .download
        }
    }
}

/// Download progress on stderr: one rewritten line on a terminal, a few lines otherwise.
final class ProgressLine: Sendable {
    private struct State {
        var lastPercent: [String: Int] = [:]
        /// The last figures of each pack, to redraw them with a stall.
        var lastFigures: [String: String] = [:]
        /// Packs whose current stall was reported (once a stall, when not on a terminal).
        var stalled: Set<String> = []
        var drawn = false
    }

    private let state = Mutex(State())
    private let isTerminal = isatty(STDERR_FILENO) != 0

    func show(id: String, bytes: Int, total: Int) {
        // Without a total (no Content-Length), a line every 10 MB off a terminal.
        let percent = total > 0 ? min(100, bytes * 100 / total) : bytes / 400_000
        let line = state.withLock { state -> String? in
            let figures = total > 0 ? "\(PacksCommand.megabytes(bytes)) of \(PacksCommand.megabytes(total)) (\(percent)%)"
                                    : "\(PacksCommand.megabytes(bytes)) (size unknown)"
            state.lastFigures[id] = figures
            let wasStalled = state.stalled.remove(id) != nil
            let step = isTerminal ? 1 : 25
            let last = state.lastPercent[id] ?? -step
            guard percent >= last + step || (percent == 100 && last != 100) || (wasStalled && isTerminal) else { return nil }
            state.lastPercent[id] = percent
            state.drawn = true
            return "downloading \(id): \(figures)"
        }
        guard let line else { return }
        write(line)
    }

    /// No byte of `id` for `seconds`: on a terminal the line says so and counts up; otherwise
    /// one line per stall.
    func stalled(id: String, seconds: Int) {
        let line = state.withLock { state -> String? in
            let first = state.stalled.insert(id).inserted
            guard isTerminal || first else { return nil }
            state.drawn = true
            return "downloading \(id): \(state.lastFigures[id] ?? "waiting"), stalled: no data for \(seconds) s"
        }
        guard let line else { return }
        write(line)
    }

    private func write(_ line: String) {
        FileHandle.standardError.write(Data((isTerminal ? "\r\u{1B}[K" + line : line + "\n").utf8))
    }

    func finish() {
        let drawn = state.withLock { $0.drawn }
        if drawn && isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
