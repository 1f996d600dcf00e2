import Foundation
import Lessons
import SwiftSyntax

extension Interpreter {
    /// `print(...)` goes to the room's events, never to the server's output.
    func print(_ line: String) {
        guard printed.count < 100 else { return }
        printed.append(String(line.prefix(500)))
    }

    /// A target for target/action (`UITapGestureRecognizer(target: self, action: …)`,
    /// `button.addTarget(self, …)`): the source's view controller answers for itself; another
    /// object of the source gets a native stand-in, kept alive here (UIKit keeps targets weakly).
    func actionTarget(_ value: Value) throws -> AnyObject? {
        switch value {
        case .none: return nil
        case .object(let instance):
            if let native = instance.native as? SelectorPerforming { return native }
            let key = ObjectIdentifier(instance)
            if let existing = adapters[key] as? LiveActions, existing.instance === instance { return existing }
            let adapter = LiveActions(instance: instance, interpreter: self)
            adapters[key] = adapter
            return adapter
        case .native(let object): return object
        default: throw mismatch(value, "target")
        }
    }

    /// The object that hears key-value changes for a value of the source: its native part (a
    /// view controller's hears through the source's `observeValue`).
    func observer(_ value: Value) throws -> NSObject? {
        switch value {
        case .none: return nil
        case .object(let instance):
            guard let native = instance.native as? NSObject else {
                throw BridgeError(message: "an observer must be a view controller or a view of the source (NSObject)")
            }
            return native
        case .native(let object as NSObject): return object
        default: throw mismatch(value, "NSObject")
        }
    }

    // MARK: Delegates

    func collisionDelegate(_ value: Value) throws -> UICollisionBehaviorDelegate? {
        switch value {
        case .none: return nil
        case .object(let instance):
            let key = ObjectIdentifier(instance)
            if let existing = adapters[key] as? LiveCollisionDelegate, existing.instance === instance { return existing }
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

/// The action methods of a source object, found by selector name (`handlePan:` is
/// `handlePan(_:)`), called as one callback of the lesson's code with the sender.
final class LiveActions: SelectorPerforming {
    weak var instance: Instance?
    weak var interpreter: Interpreter?

    init(instance: Instance, interpreter: Interpreter) {
        self.instance = instance
        self.interpreter = interpreter
    }

    /// Each action's method, found once (a drag sends its action every step).
    private var found: [String: FunctionCode?] = [:]

    private func method(for action: Selector) -> FunctionCode? {
        guard let instance else { return nil }
        let name = action.name
        if let known = found[name] { return known }
        let base = String(name.prefix { $0 != ":" })
        let arguments = name.filter { $0 == ":" }.count
        let candidates = instance.type.methods(named: base) ?? []
        let method = candidates.first { $0.parameters.count == arguments } ?? candidates.first { $0.parameters.count <= 1 }
        found[name] = method
        return method
    }

    func responds(to action: Selector) -> Bool { method(for: action) != nil }

    func perform(_ action: Selector, with sender: Any?) {
        guard let instance, let interpreter, let code = method(for: action) else { return }
        let args =
            code.parameters.isEmpty
            ? Arguments(values: [], labels: [])
            : Arguments(values: [sender.map { Bridge.shared.wrap($0) } ?? .none], labels: [code.parameters[0].label])
        interpreter.callback { _ = try interpreter.invoke(code, args, captured: nil, instance: instance, at: code.node) }
    }
}

/// The Objective-C style name of a method, as `#selector` and `Selector(Self.m(_:))` make it:
/// one colon per parameter (`handlePan(_:)` is `handlePan:`).
func selectorName(_ base: String, argumentCount: Int) -> String {
    base + String(repeating: ":", count: argumentCount)
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
