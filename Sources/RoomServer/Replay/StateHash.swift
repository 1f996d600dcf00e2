import Lessons

/// The hash of what a state frame shows (every item's pose, flags and alpha, every line), kept
/// beside the recording for each step so that a replay that strays is caught, never shown.
public enum StateHash {
    /// FNV-1a over the frame's bytes after its header (the header carries the sequence number
    /// and flags, which differ between a live frame and its replay).
    public static func of(frame: WireBuffer) -> UInt32 {
        of(frameBytes: UnsafeRawBufferPointer(start: frame.payloadStart, count: frame.count))
    }

    /// Over raw bytes, not a generic collection: the room hashes every frame it sends, and a
    /// byte loop through a collection's witness tables costs tens of times more.
    public static func of(frameBytes bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        var i = StateFrame.headerSize
        while i < bytes.count {
            hash = (hash ^ UInt32(bytes[i])) &* 0x0100_0193
            i += 1
        }
        return hash
    }

    public static func of(frameBytes bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { of(frameBytes: $0) }
    }

    /// The hash of a lesson's state now.
    public static func of(_ lesson: any Lesson) -> UInt32 {
        of(frame: StateFrame.encode(poses: lesson.poses, lines: lesson.lines, sequence: 0, time: 0, paused: false))
    }

    /// FNV-1a 64 over bytes: the checksum of a recording file.
    static func fnv64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
