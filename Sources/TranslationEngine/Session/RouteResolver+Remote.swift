import Foundation

extension RouteResolver {
    /// The memory's version of each remote server's pack: its URL is in the pack id, so a
    /// translation from one server is never answered for another's.
    var remoteVersions: [String: String] {
        Dictionary(catalog.remote.map { ($0.id, "server") }, uniquingKeysWith: { first, _ in first })
    }

    /// Adds the remote servers' pairs to the catalog, after their one probe (shared by every
    /// request of the session, and by every session of the engine).
    func applyRemotes() async {
        guard let remotes, !remoteApplied else { return }
        if remoteProbe == nil { remoteProbe = Task { await remotes.packs() } }
        guard let packs = await remoteProbe?.value, !remoteApplied else { return }
        remoteApplied = true
        catalog = catalog.with(remote: packs)
        rebuildAvailability()
    }

    /// Plans again over the catalog as it is now.
    func rebuildAvailability() {
        availability = Availability(packs: catalog.packInfos, engine: engine, ranking: ranking)
    }

    /// Asks once whether the texts of `route` may go to its remote servers; concurrent
    /// requests share the question, and an answer holds for the session.
    ///
    /// - Throws: `notInstalled` naming the servers when there is no consent handler or the
    ///   answer is "not now".
    func approveServers(of route: [Direction], reason: String) async throws {
        guard let remotes else { return }
        let hosts = remotes.hosts(for: route)
        guard !hosts.isEmpty, !approvedServers.contains(hosts) else { return }
        guard let consent, !declinedServers.contains(hosts) else { throw TranslationError.notInstalled(servers: hosts) }
        let question: Task<Bool, Never>
        if let asked = serverQuestions[hosts] {
            question = asked
        } else {
            question = Task { await consent.requestConsent(ConsentRequest(reason: reason, remoteServers: hosts)) != .notNow }
            serverQuestions[hosts] = question
        }
        let approved = await question.value
        serverQuestions[hosts] = nil
        if approved {
            approvedServers.insert(hosts)
        } else {
            declinedServers.insert(hosts)
            throw TranslationError.notInstalled(servers: hosts)
        }
    }
}
