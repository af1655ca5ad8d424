import TestSupport
import Testing

/// The gate every fixture-needing suite goes through: a missing fixture skips it under plain
/// `swift test` and fails it, named, under `make test` (`HIKE_REVIEWS_REQUIRE_FIXTURES=1`).
@Suite(.tags(.fast)) struct FixtureGateTests {}

extension FixtureGateTests {
    @Test func aMissingFixtureSkipsUnlessRequiredThenFailsNamingIt() throws {
        #expect(try Fixture.check(true, "pairs", required: true))
        #expect(try !Fixture.check(false, "pairs", required: false))
        #expect(throws: Fixture.Missing.self) { try Fixture.check(false, "pairs", required: true) }
        do {
            _ = try Fixture.check(false, "the neural venv", required: true)
        } catch {
            #expect(error.description.contains("the neural venv") && error.description.contains("HIKE_REVIEWS_REQUIRE_FIXTURES"))
        }
    }
}
