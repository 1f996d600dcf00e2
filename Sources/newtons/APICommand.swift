import ArgumentParser
import Foundation
import LiveSwift

/// `newtons api`: the API a live lesson may use, one symbol a line (JSON), the keys the help
/// catalogs are written against (docs/teachers.md).
struct APICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "List every type, member and function live code may use, one JSON object a line.")

    func run() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for symbol in LiveSwift.api {
            print(String(decoding: try encoder.encode(symbol), as: UTF8.self))
        }
    }
}
