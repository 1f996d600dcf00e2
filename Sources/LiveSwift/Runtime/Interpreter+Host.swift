import Foundation
import Lessons
import SwiftSyntax

extension Interpreter {
    /// `print(...)` goes to the room's events, never to the server's output.
    func print(_ line: String) {
        guard printed.count < 100 else { return }
        printed.append(String(line.prefix(500)))
    }

    /// `view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(handle(_:))))`.
    func addRecognizer(_ value: Value) throws {
        guard case .value(let request as LiveRecognizerRequest) = value else {
            throw BridgeError(message: "addGestureRecognizer needs a UITapGestureRecognizer or UIPanGestureRecognizer")
        }
        guard case .object(let target) = request.target else {
            throw BridgeError(message: "a gesture recogniser's target must be an object of the lesson's own class (self)")
        }
        guard case .string(let action) = request.action, target.type.hasMethod(named: action) else {
            throw BridgeError(message: "a gesture recogniser's action must be #selector(aMethodOfTheTarget(_:))")
        }
        guard recognizers.count < 64 else { throw BridgeError(message: "a lesson may add at most 64 gesture recognisers") }
        recognizers.append(LiveRecognizer(kind: request.kind, target: target, action: action))
    }

    /// Calls a gesture handler of the source with a delivered gesture.
    func deliver(_ gesture: UIGestureRecognizer, to target: Instance, action: String) {
        callback {
            let args = Arguments(values: [.native(gesture)], labels: [nil])
            let code = target.type.method(action, labels: [nil]) ?? target.type.method(action, labels: [])
            guard let code else {
                throw module.fault("no method '\(action)(_:)' for the gesture recogniser to call", at: module.tree)
            }
            let given = code.parameters.isEmpty ? Arguments(values: [], labels: []) : args
            _ = try invoke(code, given, captured: nil, instance: target, at: code.node)
        }
    }

    // MARK: Delegates

    func collisionDelegate(_ value: Value) throws -> UICollisionBehaviorDelegate? {
        switch value {
        case .none: return nil
        case .object(let instance):
            let key = ObjectIdentifier(instance)
            if let existing = adapters[key] as? LiveCollisionDelegate { return existing }
            let adapter = LiveCollisionDelegate(instance: instance, interpreter: self)
            adapters[key] = adapter
            return adapter
        default:
            throw mismatch(value, "UICollisionBehaviorDelegate")
        }
    }

    func animatorDelegate(_ value: Value) throws -> UIDynamicAnimatorDelegate? {
        switch value {
        case .none: return nil
        case .object(let instance):
            let key = ObjectIdentifier(LiveAnimatorDelegate.self)
            let adapter = LiveAnimatorDelegate(instance: instance, interpreter: self)
            adapters[key] = adapter
            return adapter
        default:
            throw mismatch(value, "UIDynamicAnimatorDelegate")
        }
    }

    /// The source object behind a delegate adapter, for reading the property back.
    func adapterOwner(_ delegate: AnyObject?) -> Value {
        if let adapter = delegate as? LiveDelegateAdapter, let instance = adapter.instance { return .object(instance) }
        return delegate.map { .native($0) } ?? .none
    }

    /// `UIFieldBehavior.field { field, position, velocity, mass, charge, deltaTime in … }`.
    func fieldWithBlock(_ value: Value) throws -> UIFieldBehavior {
        guard case .function(let f) = value else { throw mismatch(value, "field evaluation block") }
        return UIFieldBehavior.field { [weak self] field, position, velocity, mass, charge, dt in
            guard let self else { return .zero }
            let result = self.callback {
                try self.call(
                    f,
                    Arguments(
                        values: [.native(field), .value(position), .value(velocity), .double(Double(mass)), .double(Double(charge)), .double(dt)],
                        labels: [nil, nil, nil, nil, nil, nil]),
                    at: f.node)
            }
            guard case .value(let vector as CGVector)? = result else { return .zero }
            return vector
        }
    }
}

/// A native delegate standing for a source object.
class LiveDelegateAdapter {
    weak var instance: Instance?
    weak var interpreter: Interpreter?

    init(instance: Instance, interpreter: Interpreter) {
        self.instance = instance
        self.interpreter = interpreter
    }

    /// Calls the source's method if it declares one with these labels.
    func send(_ name: String, _ values: [Value], _ labels: [String?]) {
        guard let instance, let interpreter, let code = instance.type.method(name, labels: labels) else { return }
        interpreter.callback {
            _ = try interpreter.invoke(code, Arguments(values: values, labels: labels), captured: nil, instance: instance, at: code.node)
        }
    }
}

final class LiveCollisionDelegate: LiveDelegateAdapter, UICollisionBehaviorDelegate {
    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem, at p: CGPoint
    ) {
        send("collisionBehavior", [.native(behavior), .native(item1), .native(item2), .value(p)], [nil, "beganContactFor", "with", "at"])
    }

    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem) {
        send("collisionBehavior", [.native(behavior), .native(item1), .native(item2)], [nil, "endedContactFor", "with"])
    }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?,
        at p: CGPoint
    ) {
        send(
            "collisionBehavior", [.native(behavior), .native(item), Convert.liveIdentifier(identifier), .value(p)],
            [nil, "beganContactFor", "withBoundaryIdentifier", "at"])
    }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?
    ) {
        send(
            "collisionBehavior", [.native(behavior), .native(item), Convert.liveIdentifier(identifier)],
            [nil, "endedContactFor", "withBoundaryIdentifier"])
    }
}

final class LiveAnimatorDelegate: LiveDelegateAdapter, UIDynamicAnimatorDelegate {
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {
        send("dynamicAnimatorWillResume", [.native(animator)], [nil])
    }

    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        send("dynamicAnimatorDidPause", [.native(animator)], [nil])
    }
}
