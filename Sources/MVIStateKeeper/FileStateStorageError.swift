#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
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
