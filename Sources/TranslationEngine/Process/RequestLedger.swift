/// What a generation's inbox keeps alike for Apertium's pipelines and the neural worker: the ids
/// it hands its requests and the failure that ends it. It lives inside each inbox, under that
/// inbox's lock, beside what differs (waiters in order with their nonce markers, or keyed by id
/// with their submission times).
struct RequestLedger {
    /// Set once; later requests are refused with it.
    private(set) var failure: ChildProcessError?
    private var lastID: UInt64 = 0

    /// The next request's id, or the failure that refuses it.
    mutating func admit() -> Result<UInt64, ChildProcessError> {
        if let failure { return .failure(failure) }
        lastID &+= 1
        return .success(lastID)
    }

    /// Ends the generation with `error`, unless it had already failed.
    mutating func close(with error: ChildProcessError) {
        if failure == nil { failure = error }
    }
}
