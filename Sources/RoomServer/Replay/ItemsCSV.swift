import Foundation
import Lessons

/// A time range of a recording's items as CSV, for a spreadsheet: one row per item per sample,
/// `time` in seconds of the room's timeline, points in the lesson's view (y down), angles in
/// radians.
public enum ItemsCSV {
    public static let header = "time,lesson,item,name,x,y,angle,alpha,hidden,at_rest"
    /// Most samples one export may hold (rows are samples times items).
    public static let maxSamples = 36_000

    /// Reads `from`, `to` (seconds) and `every` (steps) from a query, defaulting to the whole
    /// recording at every step.
    public static func range(
        query: [String: String], recording: Recording
    ) throws(ReplayError) -> (from: Int, to: Int, every: Int) {
        guard let first = recording.firstTick, let last = recording.lastTick else {
            throw ReplayError("nothing is recorded")
        }
        func seconds(_ name: String, _ fallback: Int) throws(ReplayError) -> Int {
            guard let text = query[name] else { return fallback }
            guard let value = Double(text), value.isFinite, value >= 0, value <= 1e7 else {
                throw ReplayError("\"\(name)\" must be a number of seconds")
            }
            return Int((value * Double(Room.rate)).rounded())
        }
        let from = try seconds("from", first)
        let to = try seconds("to", last)
        var every = 1
        if let text = query["every"] {
            guard let value = Int(text), (1...3600).contains(value) else {
                throw ReplayError("\"every\" must be a whole number of steps from 1 to 3600")
            }
            every = value
        }
        guard from >= first, to <= last, from <= to else {
            throw ReplayError(
                "the recording reaches from \(ReplayCursor.seconds(first)) s to \(ReplayCursor.seconds(last)) s; "
                    + "choose \"from\" and \"to\" within it, \"from\" first")
        }
        return (from, to, every)
    }

    /// The CSV text of `from`...`to` (ticks), a row per item every `every` steps.
    public static func export(
        _ recording: Recording, directory: LessonDirectory, from: Int, to: Int, every: Int
    ) throws(ReplayError) -> String {
        guard (to - from) / every + 1 <= maxSamples else {
            throw ReplayError("that is more than \(maxSamples) samples: choose a shorter range or a larger \"every\"")
        }
        var lines = [header]
        try ReplayCursor.walk(recording, directory: directory, from: from, to: to) { moment throws(ReplayError) in
            guard (moment.tick - from) % every == 0 || moment.tick == to else { return }
            let time = format(Double(moment.tick) / Double(Room.rate))
            for item in moment.lesson.items {
                lines.append(
                    [
                        time, moment.entry.info.id, String(item.id), quoted(item.name), format(Double(item.center.x)),
                        format(Double(item.center.y)), format(item.angle), format(item.alpha),
                        item.isHidden ? "1" : "0", item.isAtRest ? "1" : "0",
                    ].joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        return String(format: "%.4f", value)
    }

    /// A field as CSV text: quoted when it holds a comma, a quote or a line break; a leading
    /// `=`, `+`, `-` or `@` is escaped so a spreadsheet does not run it as a formula.
    private static func quoted(_ text: String) -> String {
        var text = text
        if let first = text.first, "=+-@".contains(first) { text = "'" + text }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
