import ArgumentParser
import Foundation
import Lessons

/// `newtons lessons`: the lessons this build serves, in lobby order.
struct LessonsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lessons",
        abstract: "List the lessons: id, title, the gestures each takes, and what it shows.")

    @Flag(help: "Print one JSON object per line instead of a table.")
    var json = false

    func run() throws {
        for type in LessonCatalog.all {
            let info = type.info
            let gestures = info.gestures.map(\.rawValue)
            if json {
                let object: [String: Any] = [
                    "id": info.id, "title": info.title, "summary": info.summary, "order": info.order,
                    "gestures": gestures, "bounds": ["w": Double(info.bounds.width), "h": Double(info.bounds.height)],
                ]
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            } else {
                let id = info.id.padding(toLength: 12, withPad: " ", startingAt: 0)
                let title = info.title.padding(toLength: 18, withPad: " ", startingAt: 0)
                let takes = gestures.joined(separator: ",").padding(toLength: 10, withPad: " ", startingAt: 0)
                print("\(id)\(title)\(takes)\(info.summary)")
            }
        }
    }
}
