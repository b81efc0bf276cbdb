#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
import MVI

extension FileStateStorage {
    // MARK: Helpers

    static func validate(_ key: String) throws {
        if key.isEmpty || key.hasPrefix(".") || key.contains("/") || key.utf8.contains(0) {
            throw FileStateStorageError(operation: "use key", path: key, code: EINVAL)
        }
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws {
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
    static func keepOwnerAndMode(of existing: stat, on fd: Int32) {
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
    static let sweptTargets = Locked<Set<String>>([])

    /// Creates `target`'s temporary file and takes an exclusive `flock` on it, which the
    /// writer holds until the file is renamed (closing the descriptor drops it), so that a
    /// sweep never deletes a file being written. A sweep that took the lock between the
    /// `open` and the `flock` may have deleted the name: the file is checked to still be the
    /// one the name gives once locked, and made again under a new name if not.
    static func createTemporaryFile(for target: Target, mode: mode_t) throws -> (Int32, String) {
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

#endif
