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
    public let directory: String
    /// The largest file it reads or writes, in bytes.
    public let maxBytes: Int

    /// The default ``maxBytes``: 64 MiB.
    public static let defaultMaxBytes = 64 * 1024 * 1024

    /// Creates a storage in `directory`. The directory is created, with its parent, on the
    /// first save if it does not exist.
    ///
    /// - Parameters:
    ///   - directory: The directory that holds the files.
    ///   - maxBytes: The largest file to read or write (at least 0). A larger saved file is
    ///     refused with ``StateKeeperError/Reason/tooLarge(limit:)``, and so is a larger state.
    public init(directory: String, maxBytes: Int = FileStateStorage.defaultMaxBytes) {
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

    // MARK: Helpers

    static func validate(_ key: String) throws {
        if key.isEmpty || key.hasPrefix(".") || key.contains("/") || key.utf8.contains(0) {
            throw FileStateStorageError(operation: "use key", path: key, code: EINVAL)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                // Non-empty buffer (offset < count): its base address exists.
                let count = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw FileStateStorageError(operation: "write", path: path, code: errno)
                }
                offset += count
            }
        }
    }

    func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        if errno == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectory(String(path[..<slash]))
            if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        }
        throw FileStateStorageError(operation: "mkdir", path: path, code: errno)
    }

    private static func temporaryPrefix(of name: String) -> String {
        ".\(name).tmp-"
    }

    /// A file's place once symbolic links are followed: where saves write.
    struct Target {
        /// The file's path (not a link; it may not exist yet).
        var path: String
        /// Its directory.
        var directory: String
        /// Its name in that directory.
        var name: String
    }

    /// `path` with the symbolic links of its last component followed (a chain of them,
    /// relative links taken from the link's directory), up to 40 links as the kernel allows.
    /// A dangling link gives the path it points to.
    static func resolvingLinks(_ path: String) throws -> Target {
        var current = path
        for _ in 0...40 {
            var info = stat()
            if lstat(current, &info) != 0 || info.st_mode & S_IFMT != S_IFLNK {
                // Not a link (or nothing there: a save creates it).
                let slash = current.lastIndex(of: "/")
                let directory = slash.map { $0 == current.startIndex ? "/" : String(current[..<$0]) } ?? "."
                let name = slash.map { String(current[current.index(after: $0)...]) } ?? current
                return Target(path: current, directory: directory, name: name)
            }
            let size = Int(PATH_MAX) + 1
            var buffer = [CChar](repeating: 0, count: size)
            let count = readlink(current, &buffer, size)
            if count < 0 { throw FileStateStorageError(operation: "readlink", path: current, code: errno) }
            if count >= size {
                throw FileStateStorageError(operation: "readlink", path: current, code: ENAMETOOLONG)
            }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                let directory = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
                current = directory + link
            }
        }
        throw FileStateStorageError(operation: "follow links", path: path, code: ELOOP)
    }

    /// Gives the new file (`fd`) the owner, group and permission bits of the one it replaces,
    /// as far as the process may: owner and group as root, the group alone if the writer
    /// belongs to it. Best effort: a file system without owners or modes takes the bytes
    /// anyway, and the save must not fail for it.
    private static func keepOwnerAndMode(of existing: stat, on fd: Int32) {
        if existing.st_uid != geteuid() || existing.st_gid != getegid() {
            // Before the mode: changing the owner clears the set-user-id and set-group-id bits.
            if fchown(fd, existing.st_uid, existing.st_gid) != 0 {
                _ = fchown(fd, uid_t.max, existing.st_gid)  // -1: the owner as it is
            }
        }
        _ = fchmod(fd, existing.st_mode & 0o7777)
    }

    /// The targets whose leftover temporary files this process has swept: once per target
    /// and process, at its first load (a sweep reads the whole directory).
    private static let sweptTargets = Locked<Set<String>>([])

    /// Creates `target`'s temporary file and takes an exclusive `flock` on it, which the
    /// writer holds until the file is renamed (closing the descriptor drops it), so that a
    /// sweep never deletes a file being written. A sweep that took the lock between the
    /// `open` and the `flock` may have deleted the name: the file is checked to still be the
    /// one the name gives once locked, and made again under a new name if not.
    private static func createTemporaryFile(for target: Target, mode: mode_t) throws -> (Int32, String) {
        var attempts = 0
        while true {
            let temporary =
                "\(target.directory)/\(temporaryPrefix(of: target.name))\(getpid())-\(UInt32.random(in: 0 ... .max))"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw FileStateStorageError(operation: "create", path: temporary, code: errno)
            }
            while flock(fd, LOCK_EX) != 0 {
                let code = errno
                if code == EINTR { continue }
                // A file system without locks: nobody can sweep the file either (a sweep
                // deletes only what it has locked).
                break
            }
            var opened = stat()
            var named = stat()
            if fstat(fd, &opened) == 0, lstat(temporary, &named) == 0, opened.st_dev == named.st_dev,
                opened.st_ino == named.st_ino
            {
                return (fd, temporary)
            }
            close(fd)
            attempts += 1
            if attempts >= 100 { throw FileStateStorageError(operation: "create", path: temporary, code: EAGAIN) }
        }
    }

    /// Deletes the temporary files of `target` that no live writer holds: those whose
    /// `flock` it can take at once (the kernel dropped the lock of a writer that was killed).
    /// A writer that holds its lock, in this process or another, in any PID namespace, is
    /// left alone; a file is deleted only while the sweep holds its lock and the name still
    /// gives that file.
    static func removeStaleTemporaryFiles(of target: Target) {
        guard let stream = opendir(target.directory) else { return }
        let prefix = temporaryPrefix(of: target.name)
        var candidates: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(prefix) { candidates.append(name) }
        }
        closedir(stream)
        for name in candidates {
            let path = "\(target.directory)/\(name)"
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
            if fd < 0 { continue }
            defer { close(fd) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }  // a live writer holds it
            var opened = stat()
            var named = stat()
            guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG, lstat(path, &named) == 0,
                opened.st_dev == named.st_dev, opened.st_ino == named.st_ino
            else { continue }
            unlink(path)
        }
    }

    /// Flushes a directory entry, so a rename survives a power loss. Best effort: some file
    /// systems do not allow it, and the rename is atomic without it.
    static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }

    /// The current UTC time as `20261122T050136123Z` (milliseconds after the seconds).
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(Int(parts.tm_year) + 1900, 4) + pad(Int(parts.tm_mon) + 1, 2) + pad(Int(parts.tm_mday), 2)
            + "T" + pad(Int(parts.tm_hour), 2) + pad(Int(parts.tm_min), 2) + pad(Int(parts.tm_sec), 2)
            + pad(Int(now.tv_nsec) / 1_000_000, 3) + "Z"
    }
}

/// A failed file operation of ``FileStateStorage``.
public struct FileStateStorageError: Error, CustomStringConvertible {
    /// What was being done: `open`, `write`, `fsync`, `rename`…
    public let operation: String
    /// The file it was done to.
    public let path: String
    /// The `errno` value.
    public let code: Int32

    /// Creates an error: for a storage of your own built on files, or a test's stand-in.
    public init(operation: String, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// `rename /path/key.json: No such file or directory`.
    public var description: String {
        "\(operation) \(path): \(String(cString: strerror(code)))"
    }
}

#endif
