import ArgumentParser
import Foundation
import Lessons
import LiveSwift

/// `newtons run`: one lesson, headless, printing its items' states as JSON lines.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run one lesson headless and print its items' states as JSON lines.",
        discussion: """
            Steps the lesson at 60 Hz for the given time. Every printed line is one JSON object:
              {"t":0.1,"items":[{"id":1,"name":"frog","x":187.5,"y":131.2,"angle":0,"alpha":1}, …]}
              {"t":0.53,"event":{"name":"collision-began","text":"Frog Collided","item":3}}
            Points are the lesson's reference-view points (origin top-left, y down), angles radians.
            Gestures happen at a time given after @ (default 0), for example:
              newtons run snap --seconds 2 --tap 120,300 --tap 300,500@1
              newtons run push --seconds 3 --push 250,333
              newtons run attachment --seconds 2 --drag 187,200:300,400@0.5
              newtons run properties --seconds 4 --set elasticity=0.5 --final
              newtons run --source MyLesson.swift --seconds 2 --tap 120,300
            With --source the lesson is read from a Swift file (a UIViewController subclass, as the
            lessons' own code) and interpreted; errors print as the Swift compiler prints them. A
            program that stops while it runs (an error, a loop that never ends) prints its error
            and line on stderr and exits 1.
            """)

    @Argument(help: "The lesson's id (see `newtons lessons`); not with --source.")
    var lesson: String?

    @Option(
        help: ArgumentHelp(
            "Run the lesson in this Swift file, interpreted; given again, or a folder, the lesson's files (one module).",
            valueName: "file"))
    var source: [String] = []

    @Option(help: "Simulated seconds to run (at most 600).")
    var seconds: Double = 3

    @Option(help: ArgumentHelp("A tap at X,Y, optionally at a time: X,Y@T.", valueName: "X,Y[@T]"))
    var tap: [TimedPoint] = []

    @Option(help: ArgumentHelp("A push gesture at X,Y, optionally at a time: X,Y@T.", valueName: "X,Y[@T]"))
    var push: [TimedPoint] = []

    @Option(
        help: ArgumentHelp(
            "A straight drag from X1,Y1 to X2,Y2 lasting half a second, optionally from a time.",
            valueName: "X1,Y1:X2,Y2[@T]"))
    var drag: [TimedDrag] = []

    @Option(help: ArgumentHelp("Set a live parameter before the first step.", valueName: "NAME=VALUE"))
    var set: [ParameterSetting] = []

    @Option(help: "Print the items every N steps (60 steps a second).")
    var every: Int = 6

    @Flag(help: "Print only the final state (and the events).")
    var final = false

    func validate() throws {
        switch (lesson, source.isEmpty ? nil : source) {
        case (nil, nil): throw ValidationError("name a lesson, or a file with --source")
        case (_?, _?): throw ValidationError("name a lesson or a --source file, not both")
        case (let id?, nil):
            guard LessonCatalog.lesson(withID: id) != nil else {
                let ids = LessonCatalog.all.map { $0.info.id }.joined(separator: ", ")
                throw ValidationError("no lesson named '\(id)'; the lessons are: \(ids)")
            }
        case (nil, _?): break
        }
        guard seconds.isFinite, seconds > 0, seconds <= 600 else {
            throw ValidationError("--seconds must be a number above 0 and at most 600")
        }
        guard every >= 1 else { throw ValidationError("--every must be 1 or more") }
    }

    /// The lesson to run: a shipped one by id, or one compiled from --source.
    private func makeLesson() throws -> any Lesson {
        guard !source.isEmpty else { return LessonCatalog.lesson(withID: lesson!)!.init() }
        // Each --source a file, or a folder of them: one lesson of all the files.
        var paths: [String] = []
        for path in source {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                paths += names.filter { $0.hasSuffix(".swift") }.sorted().map { (path as NSString).appendingPathComponent($0) }
            } else {
                paths.append(path)
            }
        }
        var files: [(name: String, source: String)] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read \(path)") }
            files.append(((path as NSString).lastPathComponent, String(decoding: data, as: UTF8.self)))
        }
        guard !files.isEmpty else { throw ValidationError("no .swift files in \(source.joined(separator: ", "))") }
        do {
            if files.count == 1 { return try LiveSwift.compile(source: files[0].source, fileName: files[0].name).makeLesson() }
            return try LiveSwift.compile(files: files).makeLesson()
        } catch {
            // The compiler's own form, with the path given, one line per problem.
            let lines = error.diagnostics.map { diagnostic -> String in
                var d = diagnostic
                d.file = paths.first { ($0 as NSString).lastPathComponent == diagnostic.file } ?? paths[0]
                return d.description
            }
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            throw ExitCode(1)
        }
    }

    func run() throws {
        let room = try makeLesson()
        for setting in set {
            do {
                try room.setParameter(setting.name, to: setting.value)
            } catch {
                throw ValidationError("--set \(setting.name): \(error.message)")
            }
        }
        // Gestures by the step they happen at.
        var actions: [(step: Int, act: () -> Void)] = []
        func step(_ t: Double) -> Int { max(0, Int((t * 60).rounded())) }
        for point in tap { actions.append((step(point.time), { room.tap(at: point.point) })) }
        for point in push { actions.append((step(point.time), { room.push(at: point.point, swipe: nil) })) }
        for drag in drag {
            let start = step(drag.time)
            actions.append((start, { room.pan(.began, at: drag.from) }))
            for i in 1...30 {
                let f = Double(i) / 30
                let p = CGPoint(x: drag.from.x + (drag.to.x - drag.from.x) * f, y: drag.from.y + (drag.to.y - drag.from.y) * f)
                actions.append((start + i, { room.pan(i == 30 ? .ended : .changed, at: p) }))
            }
        }
        actions.sort { $0.step < $1.step }

        let total = step(seconds)
        var next = 0
        // A program that stopped (an error, a loop past its budget) is a failed run: its
        // error and line go to stderr, and the exit status says so.
        var fault: String?
        if !final { RunOutput.emit(items: room.items, at: 0) }
        for s in 0..<total {
            while next < actions.count && actions[next].step <= s {
                actions[next].act()
                next += 1
            }
            room.advance(by: 1.0 / 60)
            let t = Double(s + 1) / 60
            for event in room.drainEvents() {
                RunOutput.emit(event: event, at: t)
                if event.name == "runtime-error", fault == nil { fault = event.text }
            }
            if !final && (s + 1) % every == 0 { RunOutput.emit(items: room.items, at: t) }
        }
        if final || total % every != 0 { RunOutput.emit(items: room.items, at: Double(total) / 60) }
        if let fault {
            // As the compile errors: the path given, where the error names the file.
            var line = fault
            if let path = source.first(where: { line.hasPrefix(($0 as NSString).lastPathComponent + ":") }) {
                line = path + line.dropFirst((path as NSString).lastPathComponent.count)
            }
            FileHandle.standardError.write(Data((line + "\n").utf8))
            throw ExitCode(1)
        }
    }
}

/// `X,Y` or `X,Y@T`.
struct TimedPoint: ExpressibleByArgument {
    var point: CGPoint
    var time: Double

    init?(argument: String) {
        let parts = argument.split(separator: "@", maxSplits: 1).map(String.init)
        guard let point = parsePoint(parts[0]) else { return nil }
        let time = parts.count > 1 ? Double(parts[1]) : 0
        guard let time, time.isFinite, time >= 0 else { return nil }
        self.point = point
        self.time = time
    }
}

/// `X1,Y1:X2,Y2` or `X1,Y1:X2,Y2@T`.
struct TimedDrag: ExpressibleByArgument {
    var from: CGPoint
    var to: CGPoint
    var time: Double

    init?(argument: String) {
        let parts = argument.split(separator: "@", maxSplits: 1).map(String.init)
        let ends = parts[0].split(separator: ":").map(String.init)
        guard ends.count == 2, let from = parsePoint(ends[0]), let to = parsePoint(ends[1]) else { return nil }
        let time = parts.count > 1 ? Double(parts[1]) : 0
        guard let time, time.isFinite, time >= 0 else { return nil }
        self.from = from
        self.to = to
        self.time = time
    }
}

/// `NAME=VALUE`.
struct ParameterSetting: ExpressibleByArgument {
    var name: String
    var value: Double

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, let value = Double(parts[1]) else { return nil }
        name = parts[0]
        self.value = value
    }
}

/// A finite point `X,Y` within a million points of the origin, or nil.
private func parsePoint(_ text: String) -> CGPoint? {
    let xy = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard xy.count == 2, let x = xy[0], let y = xy[1], x.isFinite, y.isFinite, abs(x) < 1e6, abs(y) < 1e6 else {
        return nil
    }
    return CGPoint(x: x, y: y)
}

/// The JSON lines `newtons run` and `newtons replay` print.
enum RunOutput {
    static func emit(items: [SceneItem], at t: Double) {
        let objects: [[String: Any]] = items.map {
            ["id": $0.id, "name": $0.name, "x": round3($0.center.x), "y": round3($0.center.y), "angle": round3($0.angle),
             "alpha": round3($0.alpha)]
        }
        print(json(["t": round3(t), "items": objects]))
    }

    static func emit(event: LessonEvent, at t: Double) {
        var object: [String: Any] = ["name": event.name, "text": event.text]
        if let item = event.item { object["item"] = item }
        if let p = event.point {
            object["x"] = round3(p.x)
            object["y"] = round3(p.y)
        }
        print(json(["t": round3(t), "event": object]))
    }

    private static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

    private static func json(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    static func emit(lesson: String, at t: Double) {
        print(json(["t": round3(t), "lesson": lesson]))
    }
}
