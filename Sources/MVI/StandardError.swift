#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(WinSDK)
import ucrt
#endif

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
private let systemWrite = write
#else
private let systemWrite = _write
#endif

/// Writes to the process's standard error without Foundation.
enum StandardError {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            // write(2) on descriptor 2: no shared FILE state, safe from any thread.
            _ = systemWrite(2, bytes.baseAddress, bytes.count)
        }
    }
}
