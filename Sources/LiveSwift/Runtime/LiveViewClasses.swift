import Foundation
import Lessons
import SwiftSyntax

/// The native parts of the source's subclasses of API classes. Views (`class Ball:
/// UIImageView { override var collisionBoundsType … }`, a common tutorial pattern): the
/// source's overrides are read once, the first time the engine or the room asks, as UIKit reads
/// them when an item gets its body. Behaviours (`class PendulumBehavior: UIDynamicBehavior`):
/// `willMove(to:)` reaches the source. View controllers: their lifecycle reaches the source
/// (LiveViewController). Any other API class: an instance of it, made by its initialiser.
enum LiveViewClasses {
    static func make(
        _ base: String, _ arguments: Arguments, owner: Instance, interpreter: Interpreter, at node: some SyntaxProtocol
    ) throws -> AnyObject {
        let args = Args(raw: arguments, interpreter: interpreter)
        let view: UIView & LiveOverrides
        switch (base, arguments.labels) {
        case ("UIImageView", ["image"]): view = LiveImageView(image: try args(0) as UIImage?)
        case ("UIImageView", ["frame"]): view = LiveImageView(frame: try args(0))
        case ("UIImageView", []): view = LiveImageView(image: nil)
        case ("UIView", ["frame"]): view = LiveView(frame: try args(0))
        case ("UIView", []): view = LiveView(frame: .zero)
        case ("UIDynamicBehavior", []):
            let behavior = LiveBehavior()
            behavior.owner = owner
            behavior.interpreter = interpreter
            return behavior
        case ("UIViewController", ["nibName", "bundle"]), ("UIViewController", []):
            let controller = LiveViewController()
            controller.attach(owner, interpreter)
            return controller
        default:
            guard case .native(let object) = try Bridge.shared.construct(base, arguments, interpreter: interpreter, at: node) else {
                throw interpreter.fault("no initializer of '\(owner.type.name)' takes these arguments", node)
            }
            return object
        }
        view.overrides = Overrides(owner: owner, interpreter: interpreter)
        return view
    }

    /// The source's overrides of a view's collision outline.
    final class Overrides {
        weak var owner: Instance?
        weak var interpreter: Interpreter?
        lazy var boundsType: UIDynamicItemCollisionBoundsType? = read("collisionBoundsType")
        lazy var boundingPath: UIBezierPath? = read("collisionBoundingPath")

        init(owner: Instance, interpreter: Interpreter) {
            self.owner = owner
            self.interpreter = interpreter
        }

        private func read<T>(_ name: String) -> T? {
            guard let owner, let interpreter, owner.type.computedProperty(name) != nil else { return nil }
            let value = interpreter.callback { try interpreter.instanceMember(owner, name, at: owner.type.computedProperty(name)!.get) }
            switch value {
            case .value(let v as T)??: return v
            case .native(let v as T)??: return v
            case .symbol(let s)??:
                if case .value(let v as T)? = Bridge.shared.resolve(symbol: s, as: "UIDynamicItemCollisionBoundsType") { return v }
                return nil
            default: return nil
            }
        }
    }
}

/// A native part whose overrides forward to the source: `super.name(…)` in the source calls
/// the API class's own method instead (the forwarding override would call the source again).
protocol LiveNative: AnyObject {
    /// The API class's own method `name`, or nil when this part does not forward it.
    func callBase(_ name: String, _ args: Arguments, interpreter: Interpreter) throws -> Value?
}

/// Calls the source's override of `name` on `owner`, if it has one taking these labels.
func callOverride(_ owner: Instance?, _ interpreter: Interpreter?, _ name: String, _ values: [Value], labels: [String?]) -> Bool {
    guard let owner, let interpreter, let code = owner.type.method(name, labels: labels) else { return false }
    interpreter.callback {
        _ = try interpreter.invoke(code, Arguments(values: values, labels: labels), captured: nil, instance: owner, at: code.node)
    }
    return true
}

/// A `UIDynamicBehavior` subclass of the source: the animator's `willMove(to:)` reaches it.
final class LiveBehavior: UIDynamicBehavior, LiveNative {
    weak var owner: Instance?
    weak var interpreter: Interpreter?

    override func willMove(to dynamicAnimator: UIDynamicAnimator?) {
        let animator: Value = dynamicAnimator.map { .native($0) } ?? .none
        if !callOverride(owner, interpreter, "willMove", [animator], labels: ["to"]) { super.willMove(to: dynamicAnimator) }
    }

    func callBase(_ name: String, _ args: Arguments, interpreter: Interpreter) throws -> Value? {
        guard name == "willMove" else { return nil }
        super.willMove(to: try Args(raw: args, interpreter: interpreter)(0) as UIDynamicAnimator?)
        return .void
    }
}

protocol LiveOverrides: AnyObject {
    var overrides: LiveViewClasses.Overrides? { get set }
}

final class LiveView: UIView, LiveOverrides {
    var overrides: LiveViewClasses.Overrides?
    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { overrides?.boundsType ?? super.collisionBoundsType }
    override var collisionBoundingPath: UIBezierPath { overrides?.boundingPath ?? super.collisionBoundingPath }
}

final class LiveImageView: UIImageView, LiveOverrides {
    var overrides: LiveViewClasses.Overrides?
    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { overrides?.boundsType ?? super.collisionBoundsType }
    override var collisionBoundingPath: UIBezierPath { overrides?.boundingPath ?? super.collisionBoundingPath }
}
