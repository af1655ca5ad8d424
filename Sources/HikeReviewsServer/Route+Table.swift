/// Every route of both APIs, and how a request finds its own.
extension Route {
    /// LibreTranslate's work: Flask routes the method first; its limiter comes before the view,
    /// which reads its arguments, then the key and the text limits.
    static let libreTranslateWork: [Check] = [.method, .rateLimit, .arguments, .apiKey, .textLimit]
    /// APy's work: rate limited before anything, then its handler's method and callback, its
    /// arguments in APy's order, then the key and the text limits.
    static let apyWork: [Check] = [.rateLimit, .method, .callback, .arguments, .apiKey, .textLimit]
    /// APy's mode tools: the key before any argument is read.
    static let apyTool: [Check] = [.rateLimit, .method, .callback, .apiKey, .arguments, .textLimit]
    /// APy's routes that do no translation but are counted against the rate limits.
    static let apyCounted: [Check] = [.rateLimit, .method, .callback]
    /// APy's listings: not rate limited, as LibreTranslate's are not.
    static let apyListing: [Check] = [.method, .callback]

    /// APy's routes first: its `/translate` (with a `langpair`) is found before LibreTranslate's.
    static let table: [Route] = apy + libreTranslate + [
        Route(path: "/metrics", api: .server, method: .get, checks: [.method], body: .unread, isServed: { $0.metrics },
              documented: LibreTranslateRoutes.metricsSpec) {
            $0.router.metricsAnswer($0.request)
        },
    ]

    private static let libreTranslate: [Route] = [
        Route(path: "/languages", api: .libreTranslate, method: .get, checks: [.method], documented: LibreTranslateRoutes.languagesSpec) { LibreTranslateRoutes(router: $0.router).languages() },
        Route(path: "/health", api: .libreTranslate, method: .get, checks: [.method], documented: LibreTranslateRoutes.healthSpec) { _ in .encoded(LibreTranslateRoutes.Health()) },
        Route(path: "/spec", api: .libreTranslate, method: .get, checks: [.method], documented: LibreTranslateRoutes.specSpec) {
            .encoded(LibreTranslateRoutes.spec($0.router.options))
        },
        Route(path: "/frontend/settings", api: .libreTranslate, method: .get, checks: [.method], documented: LibreTranslateRoutes.settingsSpec) {
            LibreTranslateRoutes(router: $0.router).settings()
        },
        Route(path: "/translate", api: .libreTranslate, method: .post, checks: libreTranslateWork, documented: LibreTranslateRoutes.translateSpec) {
            await LibreTranslateRoutes(router: $0.router).translate($0)
        },
        Route(path: "/detect", api: .libreTranslate, method: .post, checks: libreTranslateWork, documented: LibreTranslateRoutes.detectSpec) { LibreTranslateRoutes(router: $0.router).detect($0) },
        Route(path: LibreTranslateFiles.translatePath, api: .libreTranslate, method: .post, checks: [.method, .arguments, .rateLimit, .apiKey],
              body: .document, documented: LibreTranslateFiles.translateSpec) { await LibreTranslateFiles(call: $0).translateFile() },
        Route(path: LibreTranslateFiles.downloadPath, api: .libreTranslate, method: .get, checks: [.method], body: .unread,
              documented: LibreTranslateFiles.downloadSpec) { LibreTranslateFiles(call: $0).downloadFile() },
    ]

    /// APy's `/translate`: the route of a request with a `langpair` at `/translate`.
    static let apyTranslate = Route(path: "/translate", api: .apy, method: .getOrPost, checks: apyWork, needsLangpair: true,
                                      documented: ApyRoutes.translateSpec) {
        await ApyRoutes(router: $0.router).translate($0)
    }

    /// What answers a request with a `langpair` at a path APy has no route for: 404, as tornado's.
    static let apyNotFound = Route(path: "", api: .apy, method: .getOrPost, checks: apyCounted) { _ in ApyRoutes.error(404, "Not Found") }

    private static let apy: [Route] = [
        apyTranslate,
        Route(path: "/", api: .apy, method: .getOrPost, checks: apyListing, documented: ApyRoutes.rootSpec) { _ in ApyRoutes.root },
        Route(path: "/listPairs", api: .apy, method: .getOrPost, checks: apyListing, documented: ApyRoutes.listPairsSpec) { ApyRoutes(router: $0.router).listPairs() },
        Route(path: "/listLanguageNames", api: .apy, method: .getOrPost, checks: apyListing, documented: ApyRoutes.languageNamesSpec) {
            ApyRoutes(router: $0.router).languageNames($0.request, $0.parameters)
        },
        Route(path: "/identifyLang", api: .apy, method: .getOrPost, checks: apyWork, documented: ApyRoutes.identifySpec) { ApyRoutes(router: $0.router).identify($0) },
        Route(path: ApyDocuments.path, api: .apy, method: .getOrPost, checks: [.method, .arguments, .rateLimit], body: .document,
              documented: ApyRoutes.translateDocSpec) {
            await ApyDocuments(call: $0).translateDoc()
        },
        Route(path: "/translatePage", api: .apy, method: .getOrPost, checks: apyCounted) { _ in ApyDocuments.pageRefusal },
        Route(path: "/list", api: .apy, method: .getOrPost, checks: apyCounted, documented: ApyRoutes.listSpec) { ApyTools($0).list() },
        Route(path: "/stats", api: .apy, method: .getOrPost, checks: apyCounted, documented: ApyRoutes.statsSpec) { ApyTools($0).stats() },
        Route(path: "/analyze", api: .apy, method: .getOrPost, checks: apyTool, documented: ApyRoutes.analyzeSpec) { await ApyTools($0).analyze() },
        Route(path: "/analyse", api: .apy, method: .getOrPost, checks: apyTool) { await ApyTools($0).analyze() },
        Route(path: "/generate", api: .apy, method: .getOrPost, checks: apyTool, documented: ApyRoutes.generateSpec) { await ApyTools($0).generate() },
        Route(path: "/perWord", api: .apy, method: .getOrPost, checks: apyTool, documented: ApyRoutes.perWordSpec) { await ApyTools($0).perWord() },
        Route(path: "/calcCoverage", api: .apy, method: .getOrPost, checks: apyTool, documented: ApyRoutes.coverageSpec) { await ApyTools($0).coverage() },
        Route(path: "/pipedebug", api: .apy, method: .getOrPost, checks: apyTool, documented: ApyRoutes.pipeDebugSpec) { await ApyTools($0).pipeDebug() },
        Route(path: "/translateChain", api: .apy, method: .getOrPost, checks: apyTool, documented: ApyRoutes.translateChainSpec) { await ApyTools($0).translateChain() },
    ]

    /// The route a request names by its path and query alone, before its body is read (a body's
    /// `langpair` is seen by `after(reading:)`); nil when none is served.
    static func matching(path: String, queryNames: [String], options: ServerOptions?) -> Route? {
        table.first { route in
            route.matches(path) && (!route.needsLangpair || queryNames.contains("langpair")) && (options.map(route.isServed) ?? true)
        }
    }

    /// Whether `path` is this route's: the same, or for a path ending in `{filename}` (as /spec
    /// writes it), its start and then one name without a slash.
    func matches(_ path: String) -> Bool {
        guard self.path.hasSuffix("/{filename}") else { return self.path == path }
        let start = self.path.dropLast("{filename}".count)
        return path.hasPrefix(start) && path.count > start.count && !path.dropFirst(start.count).contains("/")
    }

    /// The route of a request once its parameters are read: a `langpair` anywhere makes it APy's
    /// (its `/translate`, or its 404 at any path APy has no route for).
    static func after(reading parameters: RequestParameters, path: String, matched: Route?) -> Route? {
        guard matched?.api != .apy, parameters["langpair"] != nil else { return matched }
        return path == apyTranslate.path ? apyTranslate : apyNotFound
    }
}
