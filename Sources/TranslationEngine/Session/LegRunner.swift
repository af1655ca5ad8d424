import Foundation

/// Runs a route that `RouteResolver` made runnable: each leg on a warm Apertium pipeline, a
/// neural worker or a remote server, in turn, collecting the words no leg knew. It holds no
/// state of its own, so the requests of a session run their legs side by side.
struct LegRunner: Sendable {
    let pool: PipelinePool
    /// The engine's remote servers (nil: none configured, or a test's session).
    let remotes: RemoteServers?
    /// Longest one leg may take before its pipeline is restarted (and the request retried once).
    let legTimeout: Duration = .seconds(30)

    /// `text` carried along every leg of `route`, its unknown words collected in order.
    func run(_ text: String, along route: [Direction], pairs: InstalledPairs) async throws -> TranslationMemory.Entry {
        var output = text
        var unknown = UnknownWords.Collector()
        for leg in route {
            do {
                if leg.engine == .remote {
                    let translation = try await remoteTranslation(of: output, leg: leg)
                    output = translation.text
                    unknown.add(translation.unknownWords, marks: translation.marks)
                    continue
                }
                if leg.engine == .neural {
                    guard let package = pairs.neuralPackage(of: leg) else {
                        throw TranslationError.internalError("no installed model for \(leg.pack)")
                    }
                    output = try await pool.worker(for: package).translate(output, timeout: legTimeout)
                    continue
                }
                guard let location = pairs.location(of: leg) else {
                    throw TranslationError.internalError("no mode file for \(leg.mode)")
                }
                let translation = try await pool.pipeline(for: location).translation(of: output, timeout: legTimeout)
                output = translation.text
                unknown.add(translation.unknownWords, marks: translation.marks)
            } catch let error as ChildProcessError {
                throw TranslationError.internalError(in: leg.mode, error)
            } catch let error as ModeFileError {
                throw TranslationError.internalError(in: leg.mode, error)
            }
        }
        return TranslationMemory.Entry(targetText: output, unknownWords: unknown.words, marks: unknown.marks)
    }

    /// Starts the pipeline or worker of each local leg of `route`, so the first text does not
    /// wait for them.
    func start(_ route: [Direction], pairs: InstalledPairs) async throws {
        for leg in route where leg.engine != .remote {
            do {
                if leg.engine == .neural, let package = pairs.neuralPackage(of: leg) {
                    try await pool.worker(for: package).start()
                } else if let location = pairs.location(of: leg) {
                    try await pool.pipeline(for: location).start()
                }
            } catch {
                throw TranslationError.internalError(in: leg.mode, error)
            }
        }
    }

    /// A one-leg neural route's `count` best hypotheses of `text`, best first.
    func hypotheses(of text: String, count: Int, leg: Direction, pairs: InstalledPairs) async throws -> [String] {
        guard let package = pairs.neuralPackage(of: leg) else {
            throw TranslationError.internalError("no installed model for \(leg.pack)")
        }
        do {
            return try await pool.worker(for: package).hypotheses(of: text, count: count, timeout: legTimeout)
        } catch let error as ChildProcessError {
            throw TranslationError.internalError(in: leg.mode, error)
        }
    }

    /// One leg on a remote server.
    func remoteTranslation(of text: String, leg: Direction) async throws -> PipelineTranslation {
        guard let remotes else { throw TranslationError.internalError("no remote server for \(leg.mode)") }
        do throws(RemoteError) {
            return try await remotes.translate(text, leg: leg)
        } catch {
            throw TranslationError.internalError(in: leg.mode, error)
        }
    }
}
