import Foundation
import SwiftSyntax
import UIKitDynamics

/// Swift Playgrounds' `PlaygroundPage.current` for a page run as a lesson: one per
/// interpreter (a room's page is its own), holding what the page shows.
final class LivePlaygroundPage {
    /// A view, a view controller, or an instance of the source's own view or controller class.
    var liveView: Value = .none
    var needsIndefiniteExecution = false
    var finished = false

    /// The view the page shows, with the controller that owns it (if the live view is one).
    func liveRootView() -> (view: UIView, controller: UIViewController?)? {
        let object: AnyObject?
        switch liveView {
        case .native(let native): object = native
        case .object(let instance): object = instance.native
        default: object = nil
        }
        if let view = object as? UIView { return (view, nil) }
        if let controller = object as? UIViewController { return (controller.view, controller) }
        return nil
    }

    /// A live view controller joins the stage's controller as its child, its view filling
    /// the stage (a live view that is a view is the stage itself: LiveViewController.loadView).
    func show(in host: UIViewController) {
        guard let (view, controller) = liveRootView(), let controller, controller.parent == nil else { return }
        host.addChild(controller)
        view.frame = host.view.bounds
        host.view.addSubview(view)
        controller.didMove(toParent: host)
    }
}

extension Compiler {
    /// The size of a playground page's live view, from the code that makes it
    /// (`let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))` … `liveView =
    /// view`): the stage of the lesson. Nil when the source does not say it in numbers.
    static func playgroundStageSize(_ module: Module) -> CGSize? {
        var shown: String?
        for item in module.topLevel {
            guard let assignment = item.item.as(ExprSyntax.self)?.as(InfixOperatorExprSyntax.self),
                assignment.operator.is(AssignmentExprSyntax.self),
                assignment.leftOperand.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "liveView"
            else { continue }
            shown = assignment.rightOperand.as(DeclReferenceExprSyntax.self)?.baseName.text
            if shown == nil { return size(in: Syntax(assignment.rightOperand)) }
        }
        guard let shown else { return nil }
        for item in module.topLevel {
            if let variable = item.item.as(DeclSyntax.self)?.as(VariableDeclSyntax.self) {
                for binding in variable.bindings
                where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == shown {
                    if let value = binding.initializer?.value, let size = size(in: Syntax(value)) { return size }
                }
            } else if let assignment = item.item.as(ExprSyntax.self)?.as(InfixOperatorExprSyntax.self),
                assignment.operator.is(AssignmentExprSyntax.self),
                let member = assignment.leftOperand.as(MemberAccessExprSyntax.self),
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == shown,
                ["frame", "bounds"].contains(member.declName.baseName.text),
                let size = size(in: Syntax(assignment.rightOperand))
            {
                return size
            }
        }
        return nil
    }

    /// The size of a playground page's live view when the code computes it (a helper makes the
    /// container): the page's top level run once in a sandbox of its own, nothing kept.
    static func measuredStageSize(_ module: Module, _ limits: LiveLimits) -> CGSize? {
        let interpreter = Interpreter(module: module, limits: limits)
        defer { interpreter.tearDown() }
        interpreter.callback { try interpreter.runTopLevel() }
        guard let size = interpreter.playgroundPage.liveRootView()?.view.bounds.size,
            size.width >= 1, size.height >= 1, size.width <= 4096, size.height <= 4096
        else { return nil }
        return size
    }

    /// The first `width:` and `height:` given as number literals in a call inside `node`.
    private static func size(in node: Syntax) -> CGSize? {
        var stack = [node]
        while let next = stack.popLast() {
            if let call = next.as(FunctionCallExprSyntax.self) {
                func number(_ label: String) -> Double? {
                    guard let expr = call.arguments.first(where: { $0.label?.text == label })?.expression else { return nil }
                    if let i = expr.as(IntegerLiteralExprSyntax.self) { return Double(i.literal.text) }
                    if let f = expr.as(FloatLiteralExprSyntax.self) { return Double(f.literal.text) }
                    return nil
                }
                if let w = number("width"), let h = number("height"), w >= 1, h >= 1, w <= 4096, h <= 4096 {
                    return CGSize(width: w, height: h)
                }
            }
            stack += next.children(viewMode: .sourceAccurate).reversed()
        }
        return nil
    }
}
