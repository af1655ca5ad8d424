import Testing

extension Tag {
    /// The fast tier: a suite that starts nothing and needs no fixture, so `make test-fast`
    /// runs it (scripts/fast-tests turns the tag into `swift test --filter`, which cannot
    /// select tags itself; docs/TESTING.md).
    @Tag public static var fast: Self
}
