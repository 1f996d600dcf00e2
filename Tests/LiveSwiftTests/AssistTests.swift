import Foundation
import Lessons
import Testing

import LiveSwift

/// The editor's helpers (issue 33): completion, and checking a source without running it.
@Suite struct AssistTests {
    /// The completions with the cursor where `‸` is in `source` (the marker is removed).
    static func complete(_ source: String) throws -> Completions {
        let lines = source.components(separatedBy: "\n")
        let line = lines.firstIndex { $0.contains("‸") }!
        let column = lines[line].components(separatedBy: "‸")[0].utf16.count + 1
        return try LiveSwift.complete(source: source.replacingOccurrences(of: "‸", with: ""), line: line + 1, column: column)
    }

    static func lesson(_ body: String, members: String = "") -> String {
        """
        import UIKit

        class DemoViewController: UIViewController {
            var animator: UIDynamicAnimator!
            var frog: UIView!
            var snap: UISnapBehavior?
            let gravity = UIGravityBehavior()
        \(members)
            override func viewDidLoad() {
                super.viewDidLoad()
        \(body)
            }
        }
        """
    }

    @Test func afterADotTheMembersOfTheDeclaredTypeAreOfferedWithTheirTypesAndHelpKeys() throws {
        let result = try Self.complete(Self.lesson("        snap?.‸"))
        let damping = try #require(result.items.first { $0.label == "damping" }, "\(result.items.prefix(5))")
        #expect(damping.detail == "CGFloat")
        #expect(damping.key == "UISnapBehavior.damping")
        #expect(result.items.contains { $0.label == "snapPoint" })
        // Inherited from UIDynamicBehavior.
        #expect(result.items.contains { $0.label == "action" })
        #expect(!result.items.contains { $0.label == "magnitude" })
    }

    @Test func aLocalsTypeComesFromItsInitialiserAndThePrefixFilters() throws {
        let result = try Self.complete(
            Self.lesson(
                """
                        let s = UISnapBehavior(item: frog, snapTo: CGPoint(x: 10, y: 10))
                        s.da‸
                """))
        #expect(result.items.map(\.label) == ["damping"])
        #expect(result.column == 11)
        let push = try Self.complete(
            Self.lesson(
                """
                        let push = UIPushBehavior(items: [frog], mode: .instantaneous)
                        push.pushDirection.‸
                """))
        #expect(push.items.contains { $0.label == "dx" && $0.detail == "CGFloat" })
    }

    @Test func theControllersViewAndLoopAndOptionalBindingVariablesHaveTheirTypes() throws {
        let view = try Self.complete(Self.lesson("        view.addSub‸"))
        let add = try #require(view.items.first { $0.label == "addSubview(_:)" })
        #expect(add.insert == "addSubview" && add.args == [nil])
        #expect(add.key == "UIView.addSubview(_:)")
        let loop = try Self.complete(
            Self.lesson(
                """
                        let views = [UIView(), UIView()]
                        for v in views { v.bac‸ }
                """))
        #expect(loop.items.contains { $0.label == "backgroundColor" })
        let bound = try Self.complete(
            Self.lesson(
                """
                        if let s = snap { s.snapP‸ }
                """))
        #expect(bound.items.map(\.label) == ["snapPoint"])
    }

    @Test func aTypesStaticMembersAndImplicitMembersOfAnAssignment() throws {
        let colors = try Self.complete(Self.lesson("        frog.backgroundColor = UIColor.‸"))
        #expect(colors.items.contains { $0.label == "red" && $0.kind == "symbol" })
        let implicit = try Self.complete(
            Self.lesson(
                """
                        let push = UIPushBehavior(items: [frog], mode: .continuous)
                        push.mode = .‸
                """))
        #expect(Set(implicit.items.map(\.label)) == ["continuous", "instantaneous"])
    }

    @Test func namesInScopeTypesInitialisersAndKeywordsAsOneTypes() throws {
        let result = try Self.complete(
            Self.lesson("        grav‸", members: "    func gravityOn(_ on: Bool, strength: Double) {}\n"))
        let labels = result.items.map(\.label)
        #expect(labels.contains("gravity"))
        #expect(labels.contains("gravityOn(_:strength:)"))
        let method = try #require(result.items.first { $0.label == "gravityOn(_:strength:)" })
        #expect(method.names == ["on", "strength"])
        let types = try Self.complete(Self.lesson("        UIGrav‸"))
        #expect(types.items.contains { $0.label == "UIGravityBehavior" && $0.kind == "type" })
        #expect(types.items.contains { $0.label == "UIGravityBehavior(items:)" && $0.kind == "initializer" })
        let keywords = try Self.complete(Self.lesson("        gua‸"))
        #expect(keywords.items.contains { $0.label == "guard" && $0.kind == "keyword" })
    }

    @Test func aSourceOverTheLimitsIsRefusedAndAHalfWrittenOneStillCompletes() throws {
        var limits = LiveLimits()
        limits.maxSourceBytes = 100
        #expect(throws: LiveCompileError.self) {
            try LiveSwift.complete(source: String(repeating: "x", count: 200), line: 1, column: 1, limits: limits)
        }
        #expect(throws: LiveCompileError.self) {
            try LiveSwift.complete(source: String(repeating: "(", count: 500), line: 1, column: 1)
        }
        let broken = try Self.complete("class A: UIViewController {\n  let g = UIGravityBehavior()\n  func f() { g.mag‸")
        #expect(broken.items.map(\.label) == ["magnitude"])
    }

    @Test func checkingMarksAMisspeltNameAtItsLineAndColumnInUTF16() {
        let source = Self.lesson("        let 蛙 = 1; animator.addBehavior(gravty)")
        let diagnostics = LiveSwift.check(source: source, fileName: "Demo.swift")
        #expect(diagnostics.count == 1)
        let d = diagnostics[0]
        #expect(d.message == "cannot find 'gravty' in scope")
        #expect(d.line == 11)
        #expect(d.column == 41)  // 蛙 is one UTF-16 unit, three UTF-8 bytes
    }

    @Test func checkingMarksAMemberTheAPITypeDoesNotHave() {
        let diagnostics = LiveSwift.check(source: Self.lesson("        snap?.dampin = 0.5\n        gravity.magnitude = 2"), fileName: "Demo.swift")
        #expect(diagnostics.map(\.message) == ["value of type 'UISnapBehavior' has no member 'dampin'"])
        #expect(diagnostics.first?.line == 11)
    }

    @Test func everyShippedLessonChecksClean() {
        for lesson in LessonCatalog.all {
            let source = LessonCatalog.sourceCode(of: lesson)
            let diagnostics = LiveSwift.check(source: source, fileName: lesson.info.sourceFileName)
            #expect(diagnostics.isEmpty, "\(lesson.info.id): \(diagnostics)")
        }
    }

    @Test func theAPIListsEveryBridgedTypeAndMemberOnce() {
        let keys = LiveSwift.api.map(\.key)
        #expect(Set(keys).count == keys.count)
        #expect(keys.contains("UISnapBehavior.damping"))
        #expect(keys.contains("UIDynamicAnimator.addBehavior(_:)"))
        #expect(keys.contains("UIPushBehavior.Mode.continuous"))
        #expect(keys.contains("sqrt"))
        // Every member the bridge runs is declared for completion and help.
        #expect(LiveSwift.undeclaredMembers.isEmpty, "\(LiveSwift.undeclaredMembers)")
    }

    @Test func aTraceGivesEachLineItsValueTheTimesItRanAndTheItemsThatExistAfterIt() throws {
        let source = Self.lesson(
            """
                    frog = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
                    view.addSubview(frog)
                    var total = 0
                    for i in 1...3 {
                        total += i
                    }
                    gravity.magnitude = 2
                    let stones = [UIView(), UIView()]
                    let missing: UIView? = nil
                    missing!.backgroundColor = .red
                    gravity.magnitude = 3
            """)
        let trace = try LiveSwift.trace(source: source, fileName: "Demo.swift")
        let byLine = Dictionary(uniqueKeysWithValues: trace.values.map { ($0.line, $0) })
        #expect(byLine[11]?.text == "UIView frame (10, 20, 30, 40)")
        #expect(byLine[13]?.text == "0")
        #expect(byLine[15]?.text == "6" && byLine[15]?.count == 3)
        #expect(byLine[17]?.text == "2")
        #expect(byLine[18]?.text.hasPrefix("[UIView frame (0, 0, 0, 0), UIView frame") == true)
        // It stopped at the forced unwrap: that line and those after it made nothing.
        #expect(trace.error?.line == 20)
        #expect(byLine[21] == nil)
        let lines = trace.steps.map(\.line)
        #expect(lines.prefix(4) == [10, 11, 12, 13])
        #expect(lines.filter { $0 == 15 }.count == 3)
        #expect(trace.steps.first { $0.line == 11 }?.items == [])
        #expect(trace.steps.first { $0.line == 12 }?.items == [0])
        #expect(throws: LiveCompileError.self) { try LiveSwift.trace(source: "class A {", fileName: "A.swift") }
    }
}
