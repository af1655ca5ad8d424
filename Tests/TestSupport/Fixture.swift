import Foundation
import Testing

/// What a test does when something it needs from `make test` is missing (pair data, the pack
/// repository, the neural venv, tmux): under plain `swift test` it is skipped, saying what is
/// missing; under `make test`, which sets `HIKE_REVIEWS_REQUIRE_FIXTURES=1`, it fails naming
/// it, so a run that set up less than it should cannot pass by skipping suites silently.
public enum Fixture {
    /// The variable `make test` sets.
    public static let requireVariable = "HIKE_REVIEWS_REQUIRE_FIXTURES"

    /// Whether missing fixtures fail the run (`HIKE_REVIEWS_REQUIRE_FIXTURES` is `1`).
    public static var required: Bool { ProcessInfo.processInfo.environment[requireVariable] == "1" }

    /// A fixture a test needs is missing while `make test` requires every fixture.
    public struct Missing: Error, CustomStringConvertible {
        public let fixture: String
        public var description: String { "missing fixture: \(fixture) (\(Fixture.requireVariable)=1 is set: make test requires it)" }
    }

    /// `available`, or when it is false and fixtures are required, an error naming `fixture`.
    public static func check(_ available: Bool, _ fixture: String, required: Bool = Fixture.required) throws(Missing) -> Bool {
        if !available && required { throw Missing(fixture: fixture) }
        return available
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite when `available`; otherwise skips it with `fixture` as the
    /// reason, or, under `make test`, fails it naming `fixture` (a condition that throws is
    /// recorded as an issue of the test).
    public static func needs(_ available: @autoclosure @escaping @Sendable () -> Bool, _ fixture: String,
                             sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(if: try Fixture.check(available(), fixture), Comment(rawValue: fixture), sourceLocation: sourceLocation)
    }
}
