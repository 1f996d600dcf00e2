/// Which worker owns a room: a pure function of the room's name and the number of workers, so
/// the acceptor, every worker and the tests agree without asking one another.
///
/// Lesson rooms: instance `k` of a lesson (`snap` is instance 1, then `snap-2`, `snap-3`, ...)
/// lives on worker `(hash(lesson) + k - 1) mod N`, so a lesson's instances spread over the
/// workers. Class rooms: the worker that opens a class room draws codes until one hashes to
/// itself, so a code names its worker. Anything else (an unknown name) goes where its hash says
/// and is answered `unknown-room` there.
public struct WorkerRouting: Sendable, Equatable {
    public let workers: Int

    public init(workers: Int) {
        self.workers = max(1, workers)
    }

    /// The worker of instance `instance` (1-based) of lesson `lesson`.
    public func worker(lesson: String, instance: Int) -> Int {
        Int((Self.hash(lesson) &+ UInt64(max(1, instance) - 1)) % UInt64(workers))
    }

    /// The worker of a class room with this (canonical) code.
    public func worker(code: String) -> Int {
        Int(Self.hash(code) % UInt64(workers))
    }

    /// The worker of any other name (unknown rooms are answered there).
    public func worker(other name: String) -> Int {
        Int(Self.hash(name) % UInt64(workers))
    }

    /// FNV-1a over the UTF-8 bytes: stable across processes and runs, unlike `Hasher`.
    static func hash(_ text: String) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        return value
    }
}

/// A lesson's public room and its extra instances: `snap` is instance 1, `snap-2` instance 2.
public struct LessonInstance: Hashable, Sendable {
    public let lesson: String
    public let number: Int

    public init(lesson: String, number: Int) {
        self.lesson = lesson
        self.number = number
    }

    /// The room's id as clients see it.
    public var roomID: String { number == 1 ? lesson : "\(lesson)-\(number)" }

    /// Reads `snap` or `snap-2` against the lessons offered; nil for anything else. A lesson whose
    /// own id looks like an instance (`x-2`) is that lesson, not an instance of `x`.
    public static func parse(_ name: String, directory: LessonDirectory, maxInstances: Int) -> LessonInstance? {
        if directory.entry(withID: name) != nil { return LessonInstance(lesson: name, number: 1) }
        guard let dash = name.lastIndex(of: "-") else { return nil }
        let digits = name[name.index(after: dash)...]
        guard (1...4).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0",
            let number = Int(digits), number >= 2, number <= maxInstances
        else { return nil }
        let lesson = String(name[..<dash])
        guard directory.entry(withID: lesson) != nil else { return nil }
        return LessonInstance(lesson: lesson, number: number)
    }
}
