import Foundation
import LiveSwift
import Testing

/// Quick help (issue 33): every type, member and function live code may use has its help in
/// both of the page's languages (web/help/en.json, web/help/zh-CN.json), and nothing else does.
@Suite struct HelpCatalogTests {
    struct Entry: Decodable {
        struct Parameter: Decodable {
            var name: String
            var text: String
        }
        var summary: String
        var unit: String?
        var example: String
        var params: [Parameter]?
    }

    static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("web/help")

    @Test(arguments: ["en", "zh-CN"])
    func everyAPISymbolHasHelpWithItsParameters(language: String) throws {
        let data = try Data(contentsOf: Self.web.appendingPathComponent("\(language).json"))
        let catalog = try JSONDecoder().decode([String: Entry].self, from: data)
        for symbol in LiveSwift.api {
            guard let entry = catalog[symbol.key] else {
                Issue.record("no \(language) help for \(symbol.key)")
                continue
            }
            #expect(!entry.summary.isEmpty && !entry.example.isEmpty, "\(language) \(symbol.key)")
            if symbol.name.contains("("), symbol.kind != .function {
                let labels = symbol.name.split(separator: "(", maxSplits: 1)[1].filter { $0 == ":" }.count
                #expect((entry.params ?? []).count == labels, "\(language) \(symbol.key): one parameter a label")
            }
        }
        let known = Set(LiveSwift.api.map(\.key))
        for key in catalog.keys where !known.contains(key) { Issue.record("\(language) help for \(key), which the API does not have") }
    }

    @Test func chineseHelpIsWrittenInChinese() throws {
        let data = try Data(contentsOf: Self.web.appendingPathComponent("zh-CN.json"))
        let catalog = try JSONDecoder().decode([String: Entry].self, from: data)
        for (key, entry) in catalog {
            #expect(entry.summary.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(key)")
        }
    }
}
