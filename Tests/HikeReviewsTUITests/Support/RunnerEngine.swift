import TranslationEngine
@testable import HikeReviewsTUI

extension Engine {
    /// The engine the tests' effect runners share: `HostEnvironment.make()`'s environment as the
    /// binary would configure it, without a memory (the user's cache is never written). One for
    /// the whole test process, so runners reuse its warm pipelines.
    static let testRunner = Engine(environment: HostEnvironment.make(GlobalOptions(rest: [], noCache: true)))
}
