import MVI
import MVIStateKeeper
import Testing

@Suite struct FileStateStorageTests {
    @Test func savesLoadsAndRemoves() throws {
        let directory = try temporaryDirectory()
        let storage = FileStateStorage(directory: directory + "/nested/deeper/")
        #expect(try storage.load("k") == nil)
        try storage.save([1, 2, 3], for: "k")
        #expect(try storage.load("k") == [1, 2, 3])
        try storage.save([4], for: "k")
        #expect(try storage.load("k") == [4])
        #expect(try files(in: directory + "/nested/deeper") == ["k.json"])  // no temporary file left
        try storage.remove("k")
        try storage.remove("k")  // removing nothing is fine
        #expect(try storage.load("k") == nil)
    }

    @Test func largeFilesRoundTrip() throws {
        let storage = FileStateStorage(directory: try temporaryDirectory())
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try storage.save(bytes, for: "big")
        #expect(try storage.load("big") == bytes)
    }

    @Test func movingAsideNeverReplacesAnEarlierCopy() throws {
        let directory = try temporaryDirectory()
        let storage = FileStateStorage(directory: directory)
        var moved: [String] = []
        for index in 0..<5 {
            try storage.save([UInt8(index)], for: "k")
            moved.append(try #require(try storage.moveAside("k")))
        }
        #expect(Set(moved).count == 5)
        for (index, path) in moved.enumerated() {
            #expect(try readFile(path) == [UInt8(index)])
        }
        #expect(try storage.moveAside("k") == nil)
    }

    @Test(arguments: ["", ".hidden", "a/b", "../up"])
    func badKeysAreRejected(_ key: String) throws {
        let storage = FileStateStorage(directory: try temporaryDirectory())
        #expect(throws: FileStateStorageError.self) { try storage.save([1], for: key) }
        #expect(throws: FileStateStorageError.self) { try storage.load(key) }
    }

    @Test func anUnwritableDirectoryIsAnError() throws {
        let directory = try temporaryDirectory()
        try writeFile(directory + "/file", [0])
        let storage = FileStateStorage(directory: directory + "/file/sub")
        #expect {
            try storage.save([1], for: "k")
        } throws: { error in
            (error as? FileStateStorageError)?.operation == "mkdir"
        }
    }
}
