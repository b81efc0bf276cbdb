#if canImport(Glibc)
import Dispatch
import Glibc
import Synchronization

/// A TCP client for tests that need what a browser would never send: half a request, a frame
/// header claiming 60 MB, bytes that are not UTF-8. Reads never block: they poll, and sleep
/// between polls, so a test waiting on one does not hold a thread of the concurrency pool.
final class RawConnection: Sendable {
    let fd: Int32

    /// Connects to the loopback port; `nil` if that did not succeed within 5 seconds (the
    /// kernel's queue of the port was full, say).
    init?(port: Int) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let started = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard started == 0 || (errno == EINPROGRESS && poll(&descriptor, 1, 5_000) == 1),
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0
        else {
            close(fd)
            return nil
        }
        _ = fcntl(fd, F_SETFL, flags)
    }

    deinit { close(fd) }

    /// ``init(port:)`` on a dispatch thread: connecting may wait up to 5 seconds, which must not
    /// hold a thread of the concurrency pool (two of them on a 2-core machine: 200 connects at
    /// once from a task group starved every other test of the process).
    ///
    /// The connection travels through a mutex rather than the continuation: the concurrency
    /// runtime orders a resume with its own atomics, which ThreadSanitizer does not see, and a
    /// task that was still suspending when the dispatch thread resumed it then read the
    /// connection's `fd` with no order the sanitizer knew of (a reported race, once in CI).
    static func open(port: Int) async -> RawConnection? {
        final class Handoff: Sendable { let connection = Mutex<RawConnection?>(nil) }
        let handoff = Handoff()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                let connection = RawConnection(port: port)
                handoff.connection.withLock { $0 = connection }
                continuation.resume()
            }
        }
        return handoff.connection.withLock { $0 }
    }

    /// Sends all of `bytes`; `false` once the connection is gone.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// How a read ended.
    enum End: Equatable {
        /// The server closed its side: an orderly end (FIN).
        case closed
        /// The connection was reset (RST).
        case reset
        /// Nothing more came within the time given.
        case timedOut
    }

    /// Reads until the server closes, the connection resets, `enough` says the bytes so far
    /// suffice, or `timeout` passes.
    func read(
        timeout: Duration, until enough: ([UInt8]) -> Bool = { _ in false }
    ) async -> (bytes: [UInt8], end: End?) {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 0) > 0 {
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count == 0 { return (received, .closed) }
                if count < 0 {
                    if errno == EAGAIN || errno == EINTR { continue }
                    return (received, errno == ECONNRESET ? .reset : .closed)
                }
                received += chunk[..<count]
                if enough(received) { return (received, nil) }
                continue
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return (received, .timedOut)
    }

    /// Opens the page's WebSocket by hand; returns whether the server switched protocols.
    func upgrade(port: Int, token: String, origin: String? = nil) async -> Bool {
        let origin = origin ?? "http://127.0.0.1:\(port)"
        send(
            "GET /ws?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: \(origin)\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\n\r\n")
        let (head, _) = await read(timeout: .seconds(30)) { Self.headEnd(in: $0) != nil }
        return String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101")
    }

    /// Where the HTTP head ends in `bytes` (after its blank line), if it does.
    static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10 {
            return index + 1
        }
        return nil
    }

    /// A client frame's header and payload, masked with the zero key (which leaves the payload
    /// as it is). `length` is what the header claims; `payload` may be shorter, to send the
    /// rest later (or never).
    static func frame(opcode: UInt8, fin: Bool = true, payload: [UInt8], length: Int? = nil) -> [UInt8] {
        let length = length ?? payload.count
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if length < 126 {
            bytes.append(0x80 | UInt8(length))
        } else if length <= 0xFFFF {
            bytes += [0x80 | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            bytes.append(0x80 | 127)
            bytes += (0..<8).reversed().map { UInt8((length >> ($0 * 8)) & 0xFF) }
        }
        return bytes + [0, 0, 0, 0] + payload
    }

    /// The server's frames in `bytes` (which it does not mask): opcode and payload each.
    static func frames(in bytes: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        var frames: [(UInt8, [UInt8])] = []
        var index = 0
        while index + 2 <= bytes.count {
            var length = Int(bytes[index + 1] & 0x7F)
            var start = index + 2
            if length == 126 {
                guard start + 2 <= bytes.count else { break }
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            } else if length == 127 {
                guard start + 8 <= bytes.count else { break }
                length = bytes[start..<(start + 8)].reduce(0) { $0 << 8 | Int($1) }
                start += 8
            }
            guard start + length <= bytes.count else { break }
            frames.append((bytes[index] & 0x0F, Array(bytes[start..<(start + length)])))
            index = start + length
        }
        return frames
    }

    /// The status code of the first close frame in `bytes`, if there is one.
    static func closeCode(in bytes: [UInt8]) -> Int? {
        guard let close = frames(in: bytes).first(where: { $0.opcode == 0x8 }), close.payload.count >= 2 else {
            return nil
        }
        return Int(close.payload[0]) << 8 | Int(close.payload[1])
    }
}

/// The descriptors this process has open (Linux).
func openDescriptorCount() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(directory) }
    var count = 0
    while readdir(directory) != nil { count += 1 }
    return count - 3  // ".", "..", and the directory's own descriptor
}
#endif
