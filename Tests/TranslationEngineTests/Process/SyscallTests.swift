import Foundation
import TestSupport
import Testing
import TranslationEngine

/// The package's one EINTR retry.
@Suite(.tags(.fast)) struct SyscallTests {}

extension SyscallTests {
    @Test func anInterruptedCallIsMadeAgainUntilItAnswers() {
        var calls = 0
        let result = Syscall.retryingOnInterrupt { () -> Int in
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 7
        }
        #expect(result == 7)
        #expect(calls == 3)
    }

    @Test func anyOtherFailureComesBackWithItsErrno() {
        var calls = 0
        let result = Syscall.retryingOnInterrupt { () -> Int32 in
            calls += 1
            errno = EBADF
            return -1
        }
        #expect(result == -1)
        #expect(errno == EBADF)
        #expect(calls == 1)
    }

    @Test func aWriteToAClosedPipeFailsAndAReadSeesItsEnd() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        #expect(FileDescriptorIO.writeAll(fds[1], Array("ab".utf8)))
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(Syscall.retryingOnInterrupt { read(fds[0], &buffer, buffer.count) } == 2)
        #expect(Syscall.retryingOnInterrupt { read(fds[0], &buffer, buffer.count) } == 0)
        close(fds[0])
    }
}
