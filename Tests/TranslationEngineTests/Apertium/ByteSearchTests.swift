import TestSupport
import Testing
@testable import TranslationEngine

/// The reader's marker search, now the standard library's `firstRange(of:)`.
@Suite(.tags(.fast)) struct ByteSearchTests {}

extension ByteSearchTests {
    @Test func findsTheFirstMarkerAtOrAfterTheStart() {
        let haystack = Array("ab\0xy\0xy".utf8)
        let marker = Array("\0xy".utf8)
        #expect(ChildPipeline.find(marker, in: haystack, from: 0) == 2)
        #expect(ChildPipeline.find(marker, in: haystack, from: 3) == 5)
        #expect(ChildPipeline.find(marker, in: haystack, from: 6) == nil)
        #expect(ChildPipeline.find(marker, in: haystack, from: haystack.count) == nil)
        #expect(ChildPipeline.find(marker, in: haystack, from: haystack.count + 1) == nil)
        #expect(ChildPipeline.find(marker, in: Array("\0x".utf8), from: 0) == nil)
    }

    @Test func intervalsClampToWhatDispatchTakes() {
        #expect(ChildProcess.interval(.milliseconds(1500)) == .nanoseconds(1_500_000_000))
        #expect(ChildProcess.interval(.seconds(-3)) == .nanoseconds(0))
        #expect(ChildProcess.interval(.seconds(Int64.max)) == .nanoseconds(Int(Int32.max) * 1_000_000_000))
    }
}
