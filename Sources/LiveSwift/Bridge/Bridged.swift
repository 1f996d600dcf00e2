import CoreMotion
import Foundation
import Lessons

/// A Swift type that crosses between the interpreter and UIKitDynamics.
protocol Bridged {
    static func from(_ value: Value, _ interpreter: Interpreter) throws -> Self
    func live(_ interpreter: Interpreter) -> Value
}

func mismatch(_ value: Value, _ expected: String) -> BridgeError {
    BridgeError(message: "cannot convert value of type '\(value.typeName)' to expected argument type '\(expected)'")
}

extension Int: Bridged {
    static func from(_ value: Value, _ interpreter: Interpreter) throws -> Int {
        if case .int(let i) = value { return i }
        throw mismatch(value, "Int")
    }
    func live(_ interpreter: Interpreter) -> Value { .int(self) }
}

extension Double: Bridged {
    static func from(_ value: Value, _ interpreter: Interpreter) throws -> Double {
        switch value {
        case .double(let d): return d
        case .int(let i): return Double(i)  // an integer literal where a Double is expected
        case .symbol(let s): if let n = Bridge.numericSymbol(s) { return n }
        default: break
        }
        throw mismatch(value, "Double")
    }
    func live(_ interpreter: Interpreter) -> Value { .double(self) }
}

extension CGFloat: Bridged {
    static func from(_ value: Value, _ interpreter: Interpreter) throws -> CGFloat {
        do {
            return CGFloat(try Double.from(value, interpreter))
        } catch {
            throw mismatch(value, "CGFloat")
        }
    }
    func live(_ interpreter: Interpreter) -> Value { .double(Double(self)) }
}

extension Float: Bridged {
    static func from(_ value: Value, _ interpreter: Interpreter) throws -> Float {
        Float(try Double.from(value, interpreter))
    }
    func live(_ interpreter: Interpreter) -> Value { .double(Double(self)) }
}

extension Bool: Bridged {
    static func from(_ value: Value, _ interpreter: Interpreter) throws -> Bool {
        if case .bool(let b) = value { return b }
        throw mismatch(value, "Bool")
    }
    func live(_ interpreter: Interpreter) -> Value { .bool(self) }
}

extension String: Bridged {
    static func from(_ value: Value, _ interpreter: Interpreter) throws -> String {
        if case .string(let s) = value { return s }
        throw mismatch(value, "String")
    }
    func live(_ interpreter: Interpreter) -> Value { .string(self) }
}

extension Optional: Bridged where Wrapped: Bridged {
    static func from(_ value: Value, _ interpreter: Interpreter) throws -> Wrapped? {
        if case .none = value { return nil }
        return try Wrapped.from(value, interpreter)
    }
    func live(_ interpreter: Interpreter) -> Value {
        switch self {
        case .none: return .none
        case .some(let w): return w.live(interpreter)
        }
    }
}

extension Array: Bridged where Element: Bridged {
    static func from(_ value: Value, _ interpreter: Interpreter) throws -> [Element] {
        guard case .array(let elements) = value else { throw mismatch(value, "Array") }
        return try elements.map { try Element.from($0, interpreter) }
    }
    func live(_ interpreter: Interpreter) -> Value { .array(map { $0.live(interpreter) }) }
}

/// A bridged struct: passes as `.value`, and may be written as an implicit member (`.zero`).
protocol BridgedValue: Bridged {}

extension BridgedValue {
    static func from(_ value: Value, _ interpreter: Interpreter) throws -> Self {
        switch value {
        case .value(let v as Self): return v
        case .symbol(let s):
            if let v = Bridge.shared.resolve(symbol: s, as: Bridge.shared.name(of: Self.self)), case .value(let r as Self) = v {
                return r
            }
        case .array(let elements):
            // An option set written as an array literal: `[.curveEaseIn, .allowUserInteraction]`.
            if let convert = Bridge.shared.types[Bridge.shared.name(of: Self.self)]?.convert,
                let made = try convert(.array(elements), interpreter) as? Self
            {
                return made
            }
        default: break
        }
        throw mismatch(value, Bridge.shared.name(of: Self.self))
    }
    func live(_ interpreter: Interpreter) -> Value { .value(self) }
}

extension CGPoint: BridgedValue {}
extension CGSize: BridgedValue {}
extension CGRect: BridgedValue {}
extension CGVector: BridgedValue {}
extension UIOffset: BridgedValue {}
extension UIEdgeInsets: BridgedValue {}
extension UIFloatRange: BridgedValue {}
extension CGAffineTransform: BridgedValue {}
extension UIPushBehavior.Mode: BridgedValue {}
extension UICollisionBehavior.Mode: BridgedValue {}
extension UIAttachmentBehavior.AttachmentType: BridgedValue {}
extension UIDynamicItemCollisionBoundsType: BridgedValue {}
extension UIControl.Event: BridgedValue {}
extension UIControl.State: BridgedValue {}
extension UIButton.ButtonType: BridgedValue {}
extension UIView.AnimationOptions: BridgedValue {}
extension UIGestureRecognizer.State: BridgedValue {}
extension UISwipeGestureRecognizer.Direction: BridgedValue {}
extension Selector: BridgedValue {}
extension UIRectEdge: BridgedValue {}
extension UIView.ContentMode: BridgedValue {}
extension NSKeyValueObservingOptions: BridgedValue {}
extension UIImage.RenderingMode: BridgedValue {}
extension NSLayoutConstraint.Attribute: BridgedValue {}
extension NSLayoutConstraint.Relation: BridgedValue {}
extension UILayoutPriority: BridgedValue {}
extension UIView.AnimationCurve: BridgedValue {}
extension UIViewAnimatingPosition: BridgedValue {}
extension UIViewAnimatingState: BridgedValue {}
extension CAShapeLayerLineJoin: BridgedValue {}
extension CAShapeLayerLineCap: BridgedValue {}
extension UITouch.Phase: BridgedValue {}

/// A bridged class: passes as `.native`; a source view controller passes its native part.
protocol BridgedObject: AnyObject, Bridged {}

extension BridgedObject {
    static func from(_ value: Value, _ interpreter: Interpreter) throws -> Self {
        switch value {
        case .native(let object as Self): return object
        case .object(let instance):
            if let object = instance.native as? Self { return object }
        case .symbol(let s):
            if let v = Bridge.shared.resolve(symbol: s, as: Bridge.shared.name(of: Self.self)), case .native(let r as Self) = v {
                return r
            }
        default: break
        }
        throw mismatch(value, Bridge.shared.name(of: Self.self))
    }
    func live(_ interpreter: Interpreter) -> Value { .native(self) }
}

extension UIView: BridgedObject {}
extension UIColor: BridgedObject {}
extension CGColor: BridgedObject {}
extension UIImage: BridgedObject {}
extension UIBezierPath: BridgedObject {}
extension UIDynamicBehavior: BridgedObject {}
extension UIDynamicAnimator: BridgedObject {}
extension UIRegion: BridgedObject {}
extension UIDynamicItemGroup: BridgedObject {}
extension UIAction: BridgedObject {}
extension CALayer: BridgedObject {}
extension UIScreen: BridgedObject {}
extension UIViewController: BridgedObject {}
extension NSLayoutConstraint: BridgedObject {}
extension NSLayoutXAxisAnchor: BridgedObject {}
extension NSLayoutYAxisAnchor: BridgedObject {}
extension NSLayoutDimension: BridgedObject {}
extension UILayoutGuide: BridgedObject {}
extension CGPath: BridgedObject {}
extension UIViewPropertyAnimator: BridgedObject {}
extension UITouch: BridgedObject {}
extension UIEvent: BridgedObject {}
extension LayoutSupportGuide: BridgedObject {}
extension OperationQueue: BridgedObject {}
extension CMMotionManager: BridgedObject {}
extension LiveTimer: BridgedObject {}
extension LiveDisplayLink: BridgedObject {}
extension UIGestureRecognizer: BridgedObject {}

/// Conversions the API needs beyond single types: items, identifiers, closures.
enum Convert {
    static func item(_ value: Value, _ interpreter: Interpreter) throws -> UIDynamicItem {
        switch value {
        case .native(let object as UIDynamicItem): return object
        case .object(let instance): if let item = instance.native as? UIDynamicItem { return item }
        default: break
        }
        throw mismatch(value, "UIDynamicItem")
    }

    static func items(_ value: Value, _ interpreter: Interpreter) throws -> [UIDynamicItem] {
        guard case .array(let elements) = value else { throw mismatch(value, "[UIDynamicItem]") }
        return try elements.map { try item($0, interpreter) }
    }

    static func liveItems(_ items: [UIDynamicItem]) -> Value {
        .array(items.map { .native($0) })
    }

    /// A boundary identifier: strings and numbers become NSStrings/NSNumbers, as in Swift.
    static func identifier(_ value: Value) throws -> NSCopying {
        switch value {
        case .string(let s): return s as NSString
        case .int(let i): return NSNumber(value: i)
        case .double(let d): return NSNumber(value: d)
        case .native(let object as NSCopying): return object
        default: throw mismatch(value, "NSCopying")
        }
    }

    static func liveIdentifier(_ identifier: NSCopying?) -> Value {
        switch identifier {
        case nil: return .none
        case let s as NSString: return .string(s as String)
        case let n as NSNumber: return .int(n.intValue)
        case let other?: return .native(other as AnyObject)
        }
    }

    /// A source closure as a UIKit block. A call runs as one callback of the lesson's code
    /// (with its own budget), and does nothing once the code has stopped.
    static func block(_ value: Value, _ interpreter: Interpreter) throws -> (() -> Void)? {
        switch value {
        case .none: return nil
        case .function(let f):
            return { [weak interpreter] in
                guard let interpreter else { return }
                interpreter.callback { _ = try interpreter.call(f, Arguments(values: [], labels: []), at: f.node) }
            }
        default: throw mismatch(value, "() -> Void")
        }
    }

    static func block1<A>(_ value: Value, _ interpreter: Interpreter, _ wrap: @escaping (A) -> Value) throws -> ((A) -> Void)? {
        switch value {
        case .none: return nil
        case .function(let f):
            return { [weak interpreter] a in
                guard let interpreter else { return }
                interpreter.callback { _ = try interpreter.call(f, Arguments(values: [wrap(a)], labels: [nil]), at: f.node) }
            }
        default: throw mismatch(value, "(\(A.self)) -> Void")
        }
    }
}

extension Function {
    /// Where a fault inside a native call of this function is reported.
    var node: Syntax {
        if case .source(let code, _, _) = body { return code.node }
        return Syntax(TokenSyntax.identifier(name))
    }
}

import SwiftSyntax
