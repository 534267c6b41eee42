/// Gathers the text of a bracketed paste, read scalar by scalar once the start marker
/// (ESC [ 200 ~) has arrived, up to the end marker (ESC [ 201 ~). Everything in between is
/// text, escapes included: a paste never turns into keys. Terminals send a paste's line
/// breaks as CR (tmux and xterm turn LF into CR), so CR and CR LF become "\n". Past
/// `byteLimit` bytes of UTF-8 the rest is read and dropped.
struct PasteCollector {
    static let endMarker: [UInt32] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~

    let byteLimit: Int
    private(set) var text = ""
    /// Whether some of the paste was dropped for being past the limit.
    private(set) var isTruncated = false
    private var byteCount = 0
    /// How much of the end marker the last scalars matched (held back until they no longer do).
    private var markerMatched = 0
    private var previousWasCarriageReturn = false

    init(byteLimit: Int = 1 << 20) {
        self.byteLimit = byteLimit
    }

    /// Takes the next scalar read; true when it completed the end marker.
    mutating func feed(_ value: UInt32) -> Bool {
        if value == Self.endMarker[markerMatched] {
            markerMatched += 1
            if markerMatched == Self.endMarker.count {
                markerMatched = 0
                return true
            }
            return false
        }
        releaseHeldMarker()
        if value == Self.endMarker[0] {
            markerMatched = 1
        } else {
            append(value)
        }
        return false
    }

    /// The paste stopped without its end marker (the terminal went quiet): keep what was held.
    mutating func finish() {
        releaseHeldMarker()
    }

    private mutating func releaseHeldMarker() {
        for value in Self.endMarker.prefix(markerMatched) { append(value) }
        markerMatched = 0
    }

    private mutating func append(_ value: UInt32) {
        guard let scalar = Unicode.Scalar(value) else { return }
        let wasCarriageReturn = previousWasCarriageReturn
        previousWasCarriageReturn = value == 0x0D
        if value == 0x0A, wasCarriageReturn { return }  // the LF of a CR LF
        let shown: Unicode.Scalar = value == 0x0D ? "\n" : scalar
        let size = UTF8.width(shown)
        guard byteCount + size <= byteLimit else {
            isTruncated = true
            return
        }
        byteCount += size
        text.unicodeScalars.append(shown)
    }
}
