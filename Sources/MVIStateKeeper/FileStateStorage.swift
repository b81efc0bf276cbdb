#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
import MVI

/// A ``StateStorage`` with one JSON file per key in a directory: `<directory>/<key>.json`.
///
/// Every save is atomic: the bytes go to a temporary file in the same directory, which is
/// flushed to disk (`fsync`) and then renamed over the old file, and the directory is flushed
/// too. A crash or a `SIGKILL` at any moment leaves the old file or the new one, never a torn
/// one. A bad file is moved aside to `<key>.corrupt-<UTC timestamp>.json` (with `-2`, `-3`…
/// if that name is taken), never overwritten.
///
/// A save keeps what the replaced file had: its permission bits (a `0600` file stays
/// `0600`), and its owner and group where the writer may set them (a process running as
/// root, or the owner setting a group it belongs to); otherwise the file becomes the
/// writer's, with the old mode. A new file is created `0644`, less the process's umask. When
/// `<key>.json` is a symbolic link, the link stays: the storage follows it (and any chain
/// of links, relative or absolute) and replaces the target atomically, writing its
/// temporary file next to the target; moving aside and removing act on the target too, so
/// the link is left pointing where it did. A hard-linked file is replaced, not written in
/// place: its other names keep the old contents.
///
/// It reads only regular files of at most ``maxBytes`` bytes. A FIFO, a device, a directory
/// (or a symbolic link to one) is refused with ``StateKeeperError/Reason/notARegularFile``
/// without blocking or reading it, and a larger file with ``StateKeeperError/Reason/tooLarge(limit:)``;
/// a ``StateKeeper`` then keeps the file as it is and refuses to save over it.
///
/// A key must be non-empty, must not start with `.` and must not contain `/`.
/// One process at a time should write a given key: take its ``lock(_:)`` for as long as the
/// process writes it, so that a second process is refused rather than saving over the first
/// one's changes. Available on Linux and Apple platforms (it uses POSIX calls, not
/// Foundation).
public struct FileStateStorage: StateStorage {
    /// The directory that holds the files.
    package let directory: String
    /// The largest file it reads or writes, in bytes.
    public let maxBytes: Int

    /// The default `maxBytes`: 64 MiB.
    package static let defaultMaxBytes = 64 * 1024 * 1024

    /// Creates a storage in `directory`. The directory is created, with its parent, on the
    /// first save if it does not exist.
    ///
    /// - Parameters:
    ///   - directory: The directory that holds the files.
    ///   - maxBytes: The largest file to read or write (at least 0), 64 MiB by default. A
    ///     larger saved file is refused with ``StateKeeperError/Reason/tooLarge(limit:)``, and
    ///     so is a larger state.
    public init(directory: String, maxBytes: Int = 64 * 1024 * 1024) {
        precondition(maxBytes >= 0, "maxBytes must not be negative")
        self.directory =
            directory.count > 1 && directory.hasSuffix("/")
            ? String(directory.dropLast()) : directory
        self.maxBytes = maxBytes
    }

    /// The path of the file that holds `key`.
    public func path(for key: String) -> String {
        "\(directory)/\(key).json"
    }

    /// Reads `<key>.json`, or returns `nil` if there is no such file.
    ///
    /// Throws a ``StateKeeperError`` with reason ``StateKeeperError/Reason/notARegularFile``
    /// if it is not a regular file (it is never read then, so a FIFO does not block and a
    /// device does not stream forever), or ``StateKeeperError/Reason/tooLarge(limit:)`` if it
    /// holds more than ``maxBytes`` bytes (reading stops there, even if the file grows
    /// meanwhile); a ``FileStateStorageError`` if a file operation fails.
    ///
    /// The first load of a key in a process also deletes the temporary files that writers
    /// of the key left behind when they were killed mid-write; a temporary file that a live
    /// writer (in any process, in any PID namespace) holds is never touched (see
    /// ``save(_:for:)``).
    public func load(_ key: String) throws -> [UInt8]? {
        try Self.validate(key)
        let path = path(for: key)
        if let target = try? Self.resolvingLinks(path), Self.sweptTargets.withLock({ $0.insert(target.path).inserted })
        {
            Self.removeStaleTemporaryFiles(of: target)
        }
        // Looked at before opening, so that a FIFO or a device is not even opened (opening
        // some devices does something); the opened descriptor is checked again below, and
        // that check is the one that counts if the file is replaced in between.
        var info = stat()
        if stat(path, &info) != 0 {
            if errno == ENOENT { return nil }
            throw FileStateStorageError(operation: "stat", path: path, code: errno)
        }
        try checkRegular(info, key)
        // O_NONBLOCK: opening a FIFO put there in the meantime returns at once.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileStateStorageError(operation: "open", path: path, code: errno)
        }
        defer { close(fd) }
        if fstat(fd, &info) != 0 { throw FileStateStorageError(operation: "fstat", path: path, code: errno) }
        try checkRegular(info, key)
        if info.st_size > maxBytes { throw StateKeeperError(key: key, reason: .tooLarge(limit: maxBytes)) }
        // One byte more than the limit is enough to tell that a file is too large.
        let readLimit = maxBytes < Int.max ? maxBytes + 1 : maxBytes
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let wanted = min(chunk.count, readLimit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileStateStorageError(operation: "read", path: path, code: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > maxBytes { throw StateKeeperError(key: key, reason: .tooLarge(limit: maxBytes)) }
        }
    }

    private func checkRegular(_ info: stat, _ key: String) throws {
        if info.st_mode & S_IFMT != S_IFREG { throw StateKeeperError(key: key, reason: .notARegularFile) }
    }

    /// Writes `<key>.json` atomically: temporary file, `fsync`, `rename`, `fsync` of the
    /// directory.
    ///
    /// The new file gets the old one's permission bits, and its owner and group where the
    /// process may set them. If `<key>.json` is a symbolic link, the link's target is
    /// replaced (the temporary file is written next to it) and the link stays.
    ///
    /// Throws ``StateKeeperError/Reason/tooLarge(limit:)`` without writing if `bytes` holds
    /// more than ``maxBytes`` bytes: a file this storage would refuse to read back.
    public func save(_ bytes: [UInt8], for key: String) throws {
        try Self.validate(key)
        if bytes.count > maxBytes { throw StateKeeperError(key: key, reason: .tooLarge(limit: maxBytes)) }
        try makeDirectory(directory)
        let target = try Self.resolvingLinks(path(for: key))
        var existing = stat()
        let replacesFile = stat(target.path, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG
        // Created private when it replaces a file, so that the bytes of a 0600 file are never
        // readable by others in between; given the old file's mode before a byte is written.
        let (fd, temporary) = try Self.createTemporaryFile(for: target, mode: replacesFile ? 0o600 : 0o644)
        // Closed only after the rename (or the unlink of a failed write): closing drops the
        // `flock` that keeps other processes' sweeps off the temporary file.
        defer { close(fd) }
        var written = false
        defer { if !written { unlink(temporary) } }
        if replacesFile { Self.keepOwnerAndMode(of: existing, on: fd) }
        try Self.writeAll(bytes, to: fd, path: temporary)
        if fsync(fd) != 0 { throw FileStateStorageError(operation: "fsync", path: temporary, code: errno) }
        if rename(temporary, target.path) != 0 {
            throw FileStateStorageError(operation: "rename", path: target.path, code: errno)
        }
        written = true
        Self.syncDirectory(target.directory)
    }

    /// Deletes `<key>.json`, if it exists; through a symbolic link, its target (the link
    /// stays, and the next save creates the target again).
    public func remove(_ key: String) throws {
        try Self.validate(key)
        let target = try Self.resolvingLinks(path(for: key))
        if unlink(target.path) != 0 && errno != ENOENT {
            throw FileStateStorageError(operation: "unlink", path: target.path, code: errno)
        }
        Self.syncDirectory(target.directory)
    }

    /// Renames `<key>.json` to `<key>.corrupt-<UTC timestamp>.json`, never replacing an
    /// existing file, and returns the new file's path. Through a symbolic link, the target is
    /// moved aside in its own directory (`<target name>.corrupt-<UTC timestamp>.json`) and the
    /// link stays.
    public func moveAside(_ key: String) throws -> String? {
        try Self.validate(key)
        let target = try Self.resolvingLinks(path(for: key))
        let path = target.path
        if access(path, F_OK) != 0 { return nil }
        let stamp = Self.timestamp()
        let base = target.name.hasSuffix(".json") ? String(target.name.dropLast(5)) : target.name
        for attempt in 1...1000 {
            let suffix = attempt == 1 ? "" : "-\(attempt)"
            let aside = "\(target.directory)/\(base).corrupt-\(stamp)\(suffix).json"
            // link(2) fails if the target exists, so nothing moved aside before is replaced.
            if link(path, aside) == 0 {
                if unlink(path) != 0 {
                    throw FileStateStorageError(operation: "unlink", path: path, code: errno)
                }
                Self.syncDirectory(target.directory)
                return aside
            }
            let code = errno
            if code == EEXIST { continue }
            if code == ENOENT { return nil }
            // A file system without hard links: check, then rename.
            if access(aside, F_OK) == 0 { continue }
            if rename(path, aside) != 0 {
                throw FileStateStorageError(operation: "rename", path: aside, code: errno)
            }
            Self.syncDirectory(target.directory)
            return aside
        }
        throw FileStateStorageError(operation: "move aside", path: path, code: EEXIST)
    }
}

#endif
