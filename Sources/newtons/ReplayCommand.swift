import ArgumentParser
import Foundation
import Lessons
import RoomServer

/// `newtons replay`: plays a recording headless, printing JSON lines like `newtons run`.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a room's recording headless and print its items' states as JSON lines.",
        discussion: """
            FILE is a recording downloaded from a room (/api/rooms/ROOM/recording, or the page's
            timeline). Every step's state is checked against the hash recorded beside it: a replay
            that strays stops with an error (exit status 1). Lines are those of `newtons run`, with
            "t" in seconds of the room's timeline, plus {"t":…,"lesson":"snap"} where the lesson
            starts (again). With --csv, prints the items as CSV instead (--from/--to in seconds).
            """)

    @Argument(help: "The recording file.")
    var file: String

    @Option(help: "Print the items every N steps (60 steps a second).")
    var every: Int = 6

    @Flag(help: "Print only the final state (and the events).")
    var final = false

    @Flag(help: "Print the items as CSV (time,lesson,item,name,x,y,angle,alpha,hidden,at_rest).")
    var csv = false

    @Option(help: "Start at this moment, in seconds of the room's timeline (default: the first recorded).")
    var from: Double?

    @Option(help: "Stop at this moment (default: the last recorded).")
    var to: Double?

    func validate() throws {
        guard (1...3600).contains(every) else { throw ValidationError("--every must be from 1 to 3600") }
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, !(value.isFinite && value >= 0 && value <= 1e7) {
                throw ValidationError("\(name) must be a number of seconds from 0 to 10000000")
            }
        }
    }

    func run() throws {
        let directory = LessonDirectory.served(withFixtures: true)
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ValidationError("cannot read \(file)")
        }
        do {
            let contents = try RecordingFile.decode(
                [UInt8](data), directory: directory, limits: Self.fileLimits)
            let recording = contents.recording
            var query: [String: String] = ["every": String(every)]
            if let from { query["from"] = String(from) }
            if let to { query["to"] = String(to) }
            let range = try ItemsCSV.range(query: query, recording: recording)
            if csv {
                print(
                    try ItemsCSV.export(recording, directory: directory, from: range.from, to: range.to, every: every),
                    terminator: "")
                return
            }
            try play(recording, directory: directory, from: range.from, to: range.to)
        } catch let error as ReplayError {
            FileHandle.standardError.write(Data("newtons replay: \(error.message)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Files of any size the machine can hold are read here (the server's upload limit is for
    /// the network).
    static var fileLimits: ServerLimits {
        var limits = ServerLimits()
        limits.maxRecordingFileBytes = 1 << 30
        return limits
    }

    private func play(_ recording: Recording, directory: LessonDirectory, from: Int, to: Int) throws(ReplayError) {
        var lastLesson: (any Lesson)?
        try ReplayCursor.walk(recording, directory: directory, from: from, to: to) { moment throws(ReplayError) in
            let t = Double(moment.tick) / 60
            if moment.tick == from || moment.restarted { RunOutput.emit(lesson: moment.entry.info.id, at: t) }
            for event in moment.events { RunOutput.emit(event: event, at: t) }
            let due = moment.tick == from || moment.restarted || (moment.tick - from) % every == 0
            if !final && due { RunOutput.emit(items: moment.lesson.items, at: t) }
            lastLesson = moment.lesson
        }
        if final, let lastLesson { RunOutput.emit(items: lastLesson.items, at: Double(to) / 60) }
    }
}
