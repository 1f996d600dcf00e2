import Foundation
import Lessons
import SwiftSyntax

/// Native views behind the source's view subclasses (`class Ball: UIImageView { override var
/// collisionBoundsType … }`, a common tutorial pattern). The source's overrides are read once,
/// the first time the engine or the room asks, as UIKit reads them when an item gets its body.
enum LiveViewClasses {
    static let supported: Set<String> = ["UIView", "UIImageView"]

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
        default:
            throw interpreter.fault("no initializer of '\(owner.type.name)' takes these arguments", node)
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
