#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
import MVI

/// A process's claim on one key of a ``FileStateStorage``: while one process holds it,
/// another that asks for it is refused with ``FileStateLockedError``, instead of both saving
/// the key and each overwriting the other's changes.
///
/// ```swift
/// let storage = FileStateStorage(directory: directory)
/// let lock = try storage.lock("todos")   // throws FileStateLockedError if another process has it
/// defer { lock.release() }               // after the last save
/// ```
///
/// It is an advisory `flock(2)` on `<directory>/<key>.lock`, which holds the holder's
/// process id for the refusal message. The kernel releases it when the process ends, however
/// it ends (`kill -9` included), so a crash never leaves the key locked. The file stays in
/// the directory after release: deleting it would let two processes lock two different files
/// of one name. Locking is between processes: a second `lock(_:)` of the same key in the
/// holding process is refused too. Only processes that ask for the lock are kept out.
public final class FileStateLock: Sendable {
    /// The lock file, `<directory>/<key>.lock`.
    package let path: String
    /// The locked file's descriptor, or `nil` once released.
    private let descriptor: Locked<Int32?>

    init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = Locked(descriptor)
    }

    deinit {
        release()
    }

    /// Whether this process still holds the lock.
    public var isHeld: Bool {
        descriptor.withLock { $0 != nil }
    }

    /// Gives the lock up, so that another process may take it. Call it after the last save;
    /// releasing twice does nothing. Dropping the last reference releases it too.
    public func release() {
        let fd = descriptor.withLock { fd in
            defer { fd = nil }
            return fd
        }
        // Closing the descriptor drops the flock.
        if let fd { close(fd) }
    }
}

/// ``FileStateStorage/lock(_:)`` was refused: another process holds the key's lock.
public struct FileStateLockedError: Error, CustomStringConvertible {
    /// The key asked for.
    public let key: String
    /// The lock file.
    public let path: String
    /// The process id of the holder, as it wrote it in the lock file (`nil` if it could not
    /// be read, for instance while the holder is still writing it).
    public let holder: Int32?

    /// `"todos" is in use by another process (pid 4242); lock file /data/todos.lock`.
    public var description: String {
        let pid = holder.map { " (pid \($0))" } ?? ""
        return "\"\(key)\" is in use by another process\(pid); lock file \(path)"
    }
}

extension FileStateStorage {
    /// The path of `key`'s lock file: `<directory>/<key>.lock`.
    func lockPath(for key: String) -> String {
        "\(directory)/\(key).lock"
    }

    /// Takes `key`'s lock for this process, without waiting, and returns it; hold it for as
    /// long as the process saves the key (see ``FileStateLock``).
    ///
    /// Throws ``FileStateLockedError`` if another process (or another ``FileStateLock`` of
    /// this one) holds it, and a ``FileStateStorageError`` if the lock file cannot be created
    /// or opened (a read-only directory whose lock file does not exist yet). The directory is
    /// created, with its parent, if it does not exist.
    public func lock(_ key: String) throws -> FileStateLock {
        try Self.validate(key)
        try makeDirectory(directory)
        let path = lockPath(for: key)
        var fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        var canWrite = true
        if fd < 0, errno == EACCES || errno == EROFS {
            // A lock file made before the directory became read-only still locks.
            fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            canWrite = false
        }
        if fd < 0 { throw FileStateStorageError(operation: "open", path: path, code: errno) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            let holder = Self.holder(fd)
            close(fd)
            if code == EWOULDBLOCK { throw FileStateLockedError(key: key, path: path, holder: holder) }
            throw FileStateStorageError(operation: "flock", path: path, code: code)
        }
        if canWrite {
            // Who holds it, for the message of the process that is refused. Best effort.
            let text = Array("\(getpid())\n".utf8)
            if ftruncate(fd, 0) == 0 {
                _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            }
        }
        return FileStateLock(path: path, descriptor: fd)
    }

    /// The process id a lock file holds, if it holds one.
    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        return Int32(text.prefix { $0 != "\n" })
    }
}

#endif
