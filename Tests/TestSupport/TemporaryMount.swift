import Foundation

/// Unmounting the small file systems that tests mount to make a disk full or read-only.
public enum TemporaryMount {
    /// Unmounts `folder`, and never leaves it mounted: a file the code under test closes a
    /// moment after the test's last check keeps the mount busy (seen once in a full run beside
    /// two CPU hogs, and the tmpfs stayed in /tmp), so a refused unmount is tried again for up
    /// to 5 s, then done lazily (the kernel detaches it and frees it when the last file closes).
    public static func unmount(_ folder: String) {
        for _ in 0..<50 {
            if (try? Subprocess.output(of: ["/bin/umount", folder], input: ""))?.status == 0 { return }
            usleep(100_000)
        }
        _ = try? Subprocess.output(of: ["/bin/umount", "-l", folder], input: "")
    }
}
