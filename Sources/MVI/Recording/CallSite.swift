/// Where in the source a `send`, `dispatch`, `post` or `run` was called: what `#fileID` and
/// `#line` said there. Kept only while time travel records with call sites on (a causal
/// trace shows them); otherwise passed along in a register and dropped.
///
/// One word, trivially copyable: the address of the program's own text of `#fileID` (a
/// literal `StaticString`, null-terminated, immutable, as long-lived as the program) in the
/// low 48 bits, the line in the high 16. Capturing one never allocates or counts references,
/// and passing it costs the send path one register (two words plus a line cost a plain
/// `dispatch` its inlining; budgets.tsv: timetravel-idle).
@usableFromInline
package struct CallSite: Sendable, Hashable {
    @usableFromInline let bits: UInt

    @inlinable init(bits: UInt) {
        self.bits = bits
    }

    /// No call site (an input from outside any recorded call: a replaced state, a failure).
    @inlinable package static var none: CallSite { CallSite(bits: 0) }

    @inlinable static var addressMask: UInt {
        #if _pointerBitWidth(_64)
        (1 &<< 48) &- 1
        #else
        .max
        #endif
    }

    /// The call site `#fileID` and `#line` name. A literal `#fileID` is always a pointer to
    /// the program's text (anything else, a `StaticString` made of one scalar, is no site).
    /// Lines past 65,535 are kept as 65,535. On 32-bit platforms only the file is kept.
    ///
    /// No check that the address fits in 48 bits: user-space addresses of a program's text
    /// do on every 64-bit platform Swift runs on, and a check here (a mask, a test, a select)
    /// made every inlined `dispatch` bigger, enough that a child's `execute` was no longer
    /// inlined where its parent forwards to it (`child-in-10-working`: an allocation a send).
    @inlinable @inline(__always) package init(fileID: StaticString, line: UInt) {
        guard fileID.hasPointerRepresentation else {
            self = .none
            return
        }
        #if _pointerBitWidth(_64)
        self.init(bits: UInt(bitPattern: fileID.utf8Start) | (Swift.min(line, 0xFFFF) &<< 48))
        #else
        self.init(bits: UInt(bitPattern: fileID.utf8Start))
        #endif
    }

    /// Whether there is a call site.
    @inlinable package var exists: Bool { bits & Self.addressMask != 0 }

    /// The file, as `#fileID` wrote it: `Module/File.swift`.
    package var fileID: String {
        guard let start = UnsafePointer<CChar>(bitPattern: bits & Self.addressMask) else { return "" }
        return String(cString: start)
    }

    /// The line (0 on 32-bit platforms).
    package var line: Int {
        #if _pointerBitWidth(_64)
        Int(bits >> 48)
        #else
        0
        #endif
    }
}

/// Why an input reached the store, as far as the store knows when it takes it: the call site
/// that sent it, the async work that sent it (its token), and the intent whose `execute`
/// sent it (its slot number in the recording). What a causal trace is built from.
@usableFromInline
package struct InputCause: Sendable {
    /// The `send`, `dispatch` or `post` that made the input.
    @usableFromInline package var site: CallSite
    /// The token of the async work that sent it; 0 if none did.
    @usableFromInline package var work: Int
    /// The recorded slot of the intent whose `execute` sent it; 0 if none did.
    @usableFromInline package var intentSlot: Int

    @inlinable package init(site: CallSite, work: Int = 0, intentSlot: Int = 0) {
        self.site = site
        self.work = work
        self.intentSlot = intentSlot
    }

    /// An input from outside the store made at `fileID`:`line`.
    @inlinable @inline(__always) package init(fileID: StaticString, line: UInt) {
        self.init(site: CallSite(fileID: fileID, line: line))
    }

    /// No cause known.
    @inlinable package static var none: InputCause { InputCause(site: .none) }
}

/// What the scheduler asks, for a store with a hook, before it boxes a queued intent with its
/// cause (``QueueItem/traced(_:)``): whether causes are traced now. The recording session.
@usableFromInline
package protocol CauseTracing: AnyObject, Sendable {
    /// Whether causes are kept now.
    var isTracing: Bool { get }
}

/// The causes of one recorded slot, kept beside the slots while call sites are captured.
@usableFromInline
package struct RecordedCause: Sendable {
    /// The slot's number (``RecordLog/appendedSlots`` once it was appended).
    @usableFromInline package let slotNumber: Int
    /// For a slot that starts with an intent: the `send` that sent it.
    @usableFromInline package let intentSite: CallSite
    /// For a slot with a message or a side effect: the `dispatch` or `post` that made it.
    @usableFromInline package let site: CallSite
    /// The token of the async work that sent the slot's first input; 0 if none did.
    @usableFromInline package let work: Int
    /// The slot of the intent whose `execute` sent the slot's first input (for a message
    /// that shares a slot with its intent, that slot itself); 0 if none did.
    @usableFromInline package let intentSlot: Int

    /// No cause (slot number 0 is never a slot's).
    @inlinable static var none: RecordedCause {
        RecordedCause(slotNumber: 0, intentSite: .none, site: .none, work: 0, intentSlot: 0)
    }

    @inlinable package init(slotNumber: Int, intentSite: CallSite, site: CallSite, work: Int, intentSlot: Int) {
        self.slotNumber = slotNumber
        self.intentSite = intentSite
        self.site = site
        self.work = work
        self.intentSlot = intentSlot
    }
}

/// One piece of async work as recorded: who started it, where, and how it ended.
@usableFromInline
package struct RecordedWork: Sendable {
    /// The work's token: what the messages it sent name (``RecordedCause/work``).
    package let token: Int
    /// The work whose operation started it; 0 when an intent or the bootstrap did.
    package let parentWork: Int
    /// The slot of the intent whose `execute` started it; 0 if none did.
    package let intentSlot: Int
    /// The id it was started with, as text.
    package let id: String?
    /// The sequence number the next event had when it started: it started after every
    /// event before this one.
    package let startSequence: UInt64
    /// How it ended; `nil` while it runs.
    package var ending: AsyncWorkEvent.Phase?
    /// The sequence number the next event had when it ended.
    package var endSequence: UInt64 = 0
}
