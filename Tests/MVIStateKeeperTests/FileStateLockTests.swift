import Foundation
import MVIStateKeeper
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private let lockChildDirectoryVariable = "MVI_STATE_KEEPER_LOCK_CHILD_DIRECTORY"
private let lockedMarker = "MVI-LOCKED "

/// One writer per key (issue 28, item 7): a second lock is refused with a typed error
/// naming the holder; releasing, or the holder's death by `kill -9`, frees it.
@Suite struct FileStateLockTests {
    @Test func aSecondLockIsRefusedUntilTheFirstIsReleased() throws {
        let directory = try temporaryDirectory()
        let storage = FileStateStorage(directory: directory + "/created")
        let first = try storage.lock("todos")
        #expect(first.isHeld)
        #expect(first.path == directory + "/created/todos.lock")
        do {
            _ = try storage.lock("todos")
            Issue.record("expected the second lock to be refused")
        } catch let error as FileStateLockedError {
            #expect(error.key == "todos")
            #expect(error.holder == getpid())
            #expect(
                error.description == "\"todos\" is in use by another process (pid \(getpid())); lock file \(first.path)"
            )
        }
        // Another key is another lock.
        let other = try storage.lock("notes")
        other.release()

        first.release()
        first.release()  // twice does nothing
        #expect(!first.isHeld)
        let second = try storage.lock("todos")
        #expect(second.isHeld)
        // The lock file stays, and is not the saved state.
        #expect(try files(in: directory + "/created") == ["notes.lock", "todos.lock"])
        #expect(try storage.load("todos") == nil)
    }

    @Test func droppingTheLockReleasesIt() throws {
        let storage = FileStateStorage(directory: try temporaryDirectory())
        do {
            let lock = try storage.lock("k")
            #expect(lock.isHeld)
        }
        _ = try storage.lock("k")
    }

    @Test(arguments: ["", ".hidden", "a/b"])
    func badKeysAreRejected(_ key: String) throws {
        let storage = FileStateStorage(directory: try temporaryDirectory())
        #expect(throws: FileStateStorageError.self) { try storage.lock(key) }
    }

    #if os(Linux)
    /// Another process holds the lock: refused, with its pid; killed with SIGKILL, the kernel
    /// frees the lock and this process gets it.
    @Test(.timeLimit(.minutes(10)))
    func aKilledHolderLeavesTheKeyFree() throws {
        let directory = try temporaryDirectory()
        let storage = FileStateStorage(directory: directory)
        let child = Process()
        child.executableURL = URL(
            fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        child.arguments = [
            "--testing-library", "swift-testing", "--filter", "FileStateLockTests/holdingTheLockUntilKilled",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment[lockChildDirectoryVariable] = directory
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }

        var text = ""
        while !text.contains(lockedMarker) {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        try #require(text.contains(lockedMarker), "the child did not take the lock: \(text)")

        #expect {
            try storage.lock("todos")
        } throws: { error in
            (error as? FileStateLockedError)?.holder == child.processIdentifier
        }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(try storage.lock("todos").isHeld)
    }

    /// The child's side: takes the lock, says so, and waits to be killed.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[lockChildDirectoryVariable] != nil))
    func holdingTheLockUntilKilled() throws {
        let directory = try #require(ProcessInfo.processInfo.environment[lockChildDirectoryVariable])
        let lock = try FileStateStorage(directory: directory).lock("todos")
        let line = Array("\(lockedMarker)\(getpid())\n".utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        while lock.isHeld { sleep(60) }
    }
    #endif
}
