import Foundation
import LiveSwift
import Testing

/// Sources refused before anything runs, with the compiler's file:line:column and message.
@Suite struct CompileErrorTests {
    func diagnostics(_ source: String, limits: LiveLimits = .init()) -> [LiveDiagnostic] {
        do {
            _ = try LiveSwift.compile(source: source, fileName: "Mine.swift", limits: limits)
            return []
        } catch {
            return error.diagnostics
        }
    }

    static let lesson = """
        final class MineViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                BODY
            }
        }
        """

    func body(_ text: String) -> String { Self.lesson.replacingOccurrences(of: "BODY", with: text) }

    @Test func syntaxErrorHasItsLineAndColumn() throws {
        let found = diagnostics(body("let x = (1 + "))
        let first = try #require(found.first)
        #expect(first.file == "Mine.swift")
        #expect(first.line == 4)
        #expect(first.message.contains("expected"))
        #expect(first.description.hasPrefix("Mine.swift:4:"))
        #expect(first.description.contains(": error: "))
    }

    @Test func unsupportedConstructsAreNamed() throws {
        let cases: [(String, String)] = [
            (body("func f() { typealias Meters = Double }"), "type aliases declared inside a function are not supported in live lessons"),
            (body("") + "\nclass Box { subscript(i: Int) -> Int }", "expected '{' in subscript to specify getter and setter implementation"),
            ("enum Mode: Int { case a = 1, b = 1 }\n" + body(""), "raw value for enum case is not unique"),
            ("enum Shape { case circle(Double)\n var r = 1.0 }\n" + body(""), "enums must not contain stored properties"),
            ("enum Mode { case a = 1 }\n" + body(""), "enum case cannot have a raw value if the enum does not have a raw type"),
            ("extension UIView { var n = 1 }\n" + body(""), "extensions must not contain stored properties"),
            (body("") + "\nextension MineViewController { var n = 1 }", "extensions must not contain stored properties"),
            (body("") + "\nextension MineViewController { deinit {} }",
             "deinitializers may only be declared within a class, actor, or noncopyable type"),
            ("protocol P { associatedtype T }\n" + body(""), "associated types are not supported in live lessons"),
            (body("func f() { enum Local { case a } }"), "enums declared inside a function are not supported in live lessons"),
            (body("let k = \\UIView.center"), "key paths are not supported in live lessons"),
        ]
        for (source, message) in cases {
            let found = diagnostics(source)
            #expect(found.map(\.message).contains(message), "\(found) for \(source)")
        }
    }

    @Test func theSandboxHasNoNamesForFilesProcessesNetworkOrClock() throws {
        for (code, name) in [
            ("let files = FileManager.default", "FileManager"), ("let now = Date()", "Date"),
            ("let env = ProcessInfo.processInfo.environment", "ProcessInfo"), ("exit(0)", "exit"),
            ("let s = URLSession.shared", "URLSession"), ("system(\"ls\")", "system"),
            ("let t = Thread()", "Thread"), ("let b = Bundle.main", "Bundle"),
        ] {
            let found = diagnostics(body(code))
            let first = try #require(found.first, "\(code) was accepted")
            #expect(first.message == "cannot find '\(name)' in scope", "\(first)")
            #expect(first.line == 4)
        }
        let imported = diagnostics("import Glibc\n" + body(""))
        #expect(imported.first?.message.contains("no such module 'Glibc'") == true)
        #expect(imported.first?.line == 1)
    }

    @Test func aClassThatInheritsFromItselfIsRefused() {
        let found = diagnostics("class A: B {}\nclass B: A {}\n" + body(""))
        #expect(found.contains { $0.message == "'A' inherits from itself" && $0.line == 1 }, "\(found)")
    }

    @Test func aLessonNeedsAViewController() {
        let found = diagnostics("func f() {}")
        #expect(found.first?.message.contains("inherits from UIViewController") == true)
    }

    @Test func deeplyNestedSourceIsRefusedBeforeParsing() throws {
        let deep = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        let found = diagnostics(body("let x = \(deep)"), limits: { var l = LiveLimits(); l.maxSourceBytes = 1 << 20; return l }())
        let first = try #require(found.first)
        #expect(first.message.contains("nests more than"))
        #expect(first.line == 4)
    }

    @Test func deepNestingWithoutBracketsIsRefused() throws {
        let sum = diagnostics(body("let x = " + Array(repeating: "1", count: 5_000).joined(separator: " + ")))
        #expect(sum.first?.message.contains("operators") == true, "\(sum)")
        let chain = diagnostics(body("let x = view" + String(repeating: ".superview!", count: 3_000)))
        #expect(chain.first?.message.contains("nests more than") == true, "\(chain)")
        let branches = diagnostics(body(String(repeating: "if true {} else ", count: 3_000) + "{}"))
        #expect(branches.first?.message.contains("nests more than") == true, "\(branches)")
    }

    @Test func aHugeSourceIsRefused() throws {
        let found = diagnostics(String(repeating: "// filler\n", count: 10_000))
        #expect(found.first?.message.contains("bytes") == true)
    }

    /// Every shipped lesson's source is inside the subset (drops with its `using: &random`).
    @Test func everyShippedLessonsSourceCompiles() throws {
        for type in LessonCatalog.all {
            let found = diagnostics(LessonCatalog.sourceCode(of: type))
            #expect(found.isEmpty, "\(type.info.id): \(found)")
        }
    }
}

import Lessons
