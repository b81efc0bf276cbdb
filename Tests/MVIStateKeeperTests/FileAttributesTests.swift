import Foundation
import MVIStateKeeper
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A save replaces the file atomically but keeps what the user set on it (issue 28, item 5):
/// its mode, its owner where the writer may set it, and a symbolic link in its place.
@Suite struct FileAttributesTests {
    static func status(_ path: String) throws -> stat {
        var info = stat()
        guard stat(path, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return info
    }

    static func linkStatus(_ path: String) throws -> stat {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return info
    }

    static func isLink(_ path: String) -> Bool {
        (try? linkStatus(path)).map { $0.st_mode & S_IFMT == S_IFLNK } ?? false
    }

    @Test(arguments: [0o600, 0o640, 0o444, 0o664])
    func theModeSurvivesASave(_ mode: Int) throws {
        let storage = FileStateStorage(directory: try temporaryDirectory("mode-\(mode)"))
        let path = storage.path(for: "k")
        try storage.save([1], for: "k")
        #expect(chmod(path, mode_t(mode)) == 0)
        try storage.save([2, 3], for: "k")
        #expect(try Self.status(path).st_mode & 0o7777 == mode_t(mode))
        #expect(try storage.load("k") == [2, 3])
    }

    @Test func aNewFileGetsTheUsualMode() throws {
        let storage = FileStateStorage(directory: try temporaryDirectory())
        try storage.save([1], for: "k")
        let mask = umask(0o022)
        umask(mask)
        #expect(try Self.status(storage.path(for: "k")).st_mode & 0o7777 == 0o644 & ~mask)
    }

    /// A file owned by another user keeps its owner and group, and its 0600 mode, after a
    /// save by root (CI runs as root; elsewhere the test is skipped).
    @Test(.enabled(if: geteuid() == 0, "only root may give a file to another user"))
    func theOwnerSurvivesASaveWherePermitted() throws {
        let storage = FileStateStorage(directory: try temporaryDirectory())
        let path = storage.path(for: "k")
        try storage.save([1], for: "k")
        #expect(chown(path, 4321, 8765) == 0)
        #expect(chmod(path, 0o600) == 0)
        try storage.save([2], for: "k")
        let info = try Self.status(path)
        #expect(info.st_uid == 4321)
        #expect(info.st_gid == 8765)
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(try storage.load("k") == [2])
    }

    @Test func aSymlinkedFileStaysALinkAndItsTargetIsUpdated() throws {
        let directory = try temporaryDirectory()
        let elsewhere = try temporaryDirectory("elsewhere")
        let storage = FileStateStorage(directory: directory)
        let target = elsewhere + "/synced-notes.json"
        try writeFile(target, [0])
        #expect(chmod(target, 0o600) == 0)
        #expect(symlink(target, storage.path(for: "k")) == 0)

        try storage.save([1, 2, 3], for: "k")
        #expect(Self.isLink(storage.path(for: "k")))
        #expect(try readFile(target) == [1, 2, 3])
        #expect(try Self.status(target).st_mode & 0o7777 == 0o600)
        #expect(try storage.load("k") == [1, 2, 3])
        // No temporary file left on either side.
        #expect(try files(in: directory) == ["k.json"])
        #expect(try files(in: elsewhere) == ["synced-notes.json"])
    }

    @Test func aChainOfRelativeLinksIsFollowed() throws {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/a/b", withIntermediateDirectories: true)
        let storage = FileStateStorage(directory: directory + "/a")
        // a/k.json -> b/hop.json -> ../../real.json
        #expect(symlink("b/hop.json", directory + "/a/k.json") == 0)
        #expect(symlink("../../real.json", directory + "/a/b/hop.json") == 0)
        try storage.save([7], for: "k")  // a dangling chain: the target is created
        #expect(try readFile(directory + "/real.json") == [7])
        try storage.save([8], for: "k")
        #expect(try readFile(directory + "/real.json") == [8])
        #expect(Self.isLink(directory + "/a/k.json") && Self.isLink(directory + "/a/b/hop.json"))
    }

    @Test func aLinkLoopIsAnError() throws {
        let directory = try temporaryDirectory()
        let storage = FileStateStorage(directory: directory)
        #expect(symlink("k.json", storage.path(for: "k")) == 0)
        #expect {
            try storage.save([1], for: "k")
        } throws: { error in
            (error as? FileStateStorageError)?.code == ELOOP
        }
        #expect(Self.isLink(storage.path(for: "k")))
    }

    /// Bad contents behind a link are moved aside where they are; the link stays, and the
    /// next save writes its target again.
    @Test func movingAsideAndRemovingActOnTheTarget() throws {
        let directory = try temporaryDirectory()
        let elsewhere = try temporaryDirectory("elsewhere")
        let storage = FileStateStorage(directory: directory)
        let target = elsewhere + "/notes.json"
        try writeFile(target, Array("garbage".utf8))
        #expect(symlink(target, storage.path(for: "k")) == 0)

        let aside = try #require(try storage.moveAside("k"))
        #expect(aside.hasPrefix(elsewhere + "/notes.corrupt-"))
        #expect(try readFile(aside) == Array("garbage".utf8))
        #expect(Self.isLink(storage.path(for: "k")))
        #expect(try storage.load("k") == nil)

        try storage.save([5], for: "k")
        #expect(try readFile(target) == [5])
        try storage.remove("k")
        #expect(Self.isLink(storage.path(for: "k")))
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// Through a keeper: a bad file behind a link is kept, and saving goes on through the link.
    @Test func aKeeperKeepsTheLink() throws {
        let directory = try temporaryDirectory()
        let elsewhere = try temporaryDirectory("elsewhere")
        let storage = FileStateStorage(directory: directory)
        try writeFile(elsewhere + "/notes.json", Array("{".utf8))
        #expect(symlink(elsewhere + "/notes.json", storage.path(for: "notes")) == 0)
        let keeper = StateKeeper<Notes.State, Notes.State>(storage: storage, key: "notes")
        #expect(keeper.restoredState(or: .init()) == Notes.State())
        try keeper.save(Notes.State(count: 2))
        #expect(Self.isLink(storage.path(for: "notes")))
        #expect(try savedState(Notes.State.self, readFile(elsewhere + "/notes.json"))?.count == 2)
        #expect(try files(in: elsewhere).filter { $0.contains("corrupt") }.count == 1)
    }
}
