import Foundation
import Lessons
import SwiftSyntax

/// A line of `viewDidLoad` that made or assigned something, and what (the last time it ran),
/// as a playground's results column shows it.
public struct LineValue: Sendable, Equatable, Codable {
    public var line: Int
    public var text: String
    /// How many times the line ran (a loop's body runs more than once).
    public var count: Int
}

/// One line of `viewDidLoad` as it ran, and the scene's items that existed after it: their
/// indices in the finished scene's drawing order (the room's `items`), for "step slowly".
public struct LineStep: Sendable, Equatable, Codable {
    public var line: Int
    public var items: [Int]
}

/// What running a source's `viewDidLoad` made, line by line.
public struct RunTrace: Sendable, Equatable {
    public var values: [LineValue]
    public var steps: [LineStep]
    /// Why the code stopped, if it did (the lines before it are still traced).
    public var error: LiveDiagnostic?
}

extension LiveSwift {
    /// Most steps a trace keeps (a loop that builds many views is shown by its first ones).
    public static let maxTraceSteps = 400

    /// Runs a source's `viewDidLoad` in a lesson of its own (not any room's) and records its
    /// lines' values and order. The interpreter's budgets apply as to any run.
    public static func trace(source: String, fileName: String, limits: LiveLimits = .init()) throws(LiveCompileError) -> RunTrace {
        let program = try compile(source: source, fileName: fileName, limits: limits)
        guard let load = program.module.controller.method("viewDidLoad", labels: []), let body = load.node.as(FunctionDeclSyntax.self)?.body
        else { return RunTrace(values: [], steps: [], error: nil) }
        let trace = ValueTrace(module: program.module, body: body.range)
        let lesson = LiveLesson(program: program, trace: trace)
        return trace.finish(error: lesson.runtimeError)
    }
}

/// Records `viewDidLoad`'s lines as the interpreter runs them (`Interpreter.trace`).
final class ValueTrace {
    private let module: Module
    private let body: Range<AbsolutePosition>
    private var values: [Int: LineValue] = [:]
    private var steps: [(line: Int, views: [ObjectIdentifier])] = []
    /// The reference view, once `viewDidLoad` runs.
    private weak var root: UIView?

    init(module: Module, body: Range<AbsolutePosition>) {
        self.module = module
        self.body = body
    }

    /// After a statement ran: its value where it made or assigned one, and a step.
    func record(_ item: CodeBlockItemSyntax, _ scope: Scope, _ interpreter: Interpreter) {
        guard body.contains(item.position), steps.count < LiveSwift.maxTraceSteps || values.count < LiveSwift.maxTraceSteps else { return }
        if root == nil, let controller = scope.instance?.native as? UIViewController { root = controller.view }
        let line = module.position(of: item).line
        var made: Value?
        switch item.item {
        case .decl(let decl):
            if let v = decl.as(VariableDeclSyntax.self), let name = v.bindings.last?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                made = scope.lookup(name)?.value
            }
        case .expr(let expr):
            if let infix = expr.as(InfixOperatorExprSyntax.self), Self.isAssignment(infix.operator), Self.isPlace(infix.leftOperand) {
                made = try? interpreter.eval(infix.leftOperand, scope)
            }
            if expr.is(IfExprSyntax.self) || expr.is(SwitchExprSyntax.self) { return }
        case .stmt(let stmt):
            // A loop or a block is shown by its own lines.
            if stmt.is(ForStmtSyntax.self) || stmt.is(WhileStmtSyntax.self) || stmt.is(RepeatStmtSyntax.self) || stmt.is(GuardStmtSyntax.self) {
                return
            }
        }
        if let made {
            let count = (values[line]?.count ?? 0) + 1
            values[line] = LineValue(line: line, text: ValueText.describe(made, interpreter), count: count)
        }
        if steps.count < LiveSwift.maxTraceSteps { steps.append((line, viewsUnderRoot())) }
    }

    private static func isAssignment(_ op: ExprSyntax) -> Bool {
        if op.is(AssignmentExprSyntax.self) { return true }
        if let binary = op.as(BinaryOperatorExprSyntax.self) {
            return ["+=", "-=", "*=", "/="].contains(binary.operator.text)
        }
        return false
    }

    /// Names and members of names: reading them again has no effect of its own.
    private static func isPlace(_ expr: ExprSyntax) -> Bool {
        if expr.is(DeclReferenceExprSyntax.self) { return true }
        if let m = expr.as(MemberAccessExprSyntax.self), let base = m.base { return isPlace(base) }
        if let f = expr.as(ForceUnwrapExprSyntax.self) { return isPlace(f.expression) }
        if let o = expr.as(OptionalChainingExprSyntax.self) { return isPlace(o.expression) }
        return false
    }

    private func viewsUnderRoot() -> [ObjectIdentifier] {
        guard let root else { return [] }
        var result: [ObjectIdentifier] = []
        func walk(_ view: UIView) {
            result.append(ObjectIdentifier(view))
            view.subviews.forEach(walk)
        }
        root.subviews.forEach(walk)
        return result
    }

    func finish(error: LiveDiagnostic?) -> RunTrace {
        let final = viewsUnderRoot()
        var order: [ObjectIdentifier: Int] = [:]
        for (index, view) in final.enumerated() { order[view] = index }
        let steps = steps.map { step in LineStep(line: step.line, items: step.views.compactMap { order[$0] }.sorted()) }
        return RunTrace(values: values.values.sorted { $0.line < $1.line }, steps: steps, error: error)
    }
}

extension Value {
    /// An instance of the source's class that is also an API object (a view subclass).
    fileprivate var isNativeBacked: Bool {
        if case .object(let instance) = self { return instance.native != nil }
        return false
    }
}

/// A value as the results column shows it: short, the numbers a student reads.
enum ValueText {
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "\(x)" }
        if x == x.rounded(), abs(x) < 1e9 { return String(Int(x)) }
        return String(format: "%.4g", x)
    }

    static func point(_ x: CGFloat, _ y: CGFloat) -> String { "(\(number(Double(x))), \(number(Double(y))))" }

    static func describe(_ value: Value, _ interpreter: Interpreter) -> String {
        let text: String
        switch value {
        case .void: text = "()"
        case .none: text = "nil"
        case .bool(let b): text = b ? "true" : "false"
        case .int(let i): text = String(i)
        case .double(let d): text = number(d)
        case .string(let s): text = "\"" + String(s.prefix(60)) + (s.count > 60 ? "…" : "") + "\""
        case .array(let elements):
            text = "[" + elements.prefix(3).map { describe($0, interpreter) }.joined(separator: ", ") + (elements.count > 3 ? ", … (\(elements.count))]" : "]")
        case .dictionary(let d): text = "[…] (\(d.count))"
        case .tuple(let values, _): text = "(" + values.map { describe($0, interpreter) }.joined(separator: ", ") + ")"
        case .enumCase, .object(_) where !value.isNativeBacked:
            // The source's own values (a struct, an enum case) as Swift prints them.
            text = interpreter.describe(value)
        case .object(let instance):
            text = instance.native.map { "\(instance.type.name) " + native($0) } ?? instance.type.name
        case .native(let object): text = "\(String(describing: type(of: object))) " + native(object)
        case .value(let v): text = plain(v)
        case .symbol(let name): text = "." + name
        case .function: text = "{ … }"
        case .type(let name): text = name
        }
        return String(text.prefix(200))
    }

    static func plain(_ value: Any) -> String {
        switch value {
        case let p as CGPoint: return point(p.x, p.y)
        case let s as CGSize: return "\(number(Double(s.width))) × \(number(Double(s.height)))"
        case let r as CGRect: return "(\(number(Double(r.minX))), \(number(Double(r.minY))), \(number(Double(r.width))), \(number(Double(r.height))))"
        case let v as CGVector: return "(dx \(number(Double(v.dx))), dy \(number(Double(v.dy))))"
        default: return String(describing: value)
        }
    }

    /// A bridged object by what matters in the scene, in the API's own names (words of no
    /// language but Swift's, so the Chinese page shows them as the code writes them).
    static func native(_ object: AnyObject) -> String {
        switch object {
        case let view as UIView: return "frame " + plain(view.frame)
        case let g as UIGravityBehavior: return "gravityDirection \(plain(g.gravityDirection)), magnitude \(number(Double(g.magnitude)))"
        case let s as UISnapBehavior: return "snapPoint \(plain(s.snapPoint)), damping \(number(Double(s.damping)))"
        case let p as UIPushBehavior:
            return ".\(p.mode == .continuous ? "continuous" : "instantaneous"), pushDirection \(plain(p.pushDirection)), magnitude \(number(Double(p.magnitude)))"
        case let a as UIAttachmentBehavior:
            return "length \(number(Double(a.length))), damping \(number(Double(a.damping))), frequency \(number(Double(a.frequency)))"
        case let c as UICollisionBehavior:
            return "items.count \(c.items.count), translatesReferenceBoundsIntoBoundary \(c.translatesReferenceBoundsIntoBoundary)"
        case let i as UIDynamicItemBehavior:
            return "elasticity \(number(Double(i.elasticity))), friction \(number(Double(i.friction))), density \(number(Double(i.density))), resistance \(number(Double(i.resistance)))"
        case let f as UIFieldBehavior: return "strength \(number(Double(f.strength))), position \(plain(f.position))"
        case let animator as UIDynamicAnimator: return "behaviors.count \(animator.behaviors.count)"
        default: return ""
        }
    }
}
