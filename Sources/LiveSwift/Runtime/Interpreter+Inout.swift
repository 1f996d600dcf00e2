import Foundation
import SwiftSyntax

/// A place a value lives (`x`, `self.p`, `a[i].x`, `view.center`), resolved once: the
/// subscripts' indices and the objects on the way are evaluated when the place is formed,
/// as Swift does for an inout argument.
struct Place {
    let get: () throws -> Value
    let set: (Value) throws -> Void
    /// Why Swift would refuse to change it ("'x' is a 'let' constant"), if it would.
    let immutable: String?
}

/// One `&x` argument of a call: the box the callee changes and where it goes back.
struct InoutArgument {
    var index: Int
    var box: Box
    var place: Place
}

extension Interpreter {
    /// `&x` as an argument: its value is copied into a box the callee changes (copy-in);
    /// `writeBack` copies the box back to the place when the call returns (copy-out).
    func inoutArgument(_ e: InOutExprSyntax, _ scope: Scope) throws -> (Value, Box, Place) {
        let place = try self.place(e.expression, scope)
        if let reason = place.immutable {
            throw fault("cannot pass immutable value as inout argument: \(reason)", e.expression)
        }
        let value = try place.get()
        return (value, Box(value), place)
    }

    func writeBack(_ arguments: [InoutArgument]) throws {
        for argument in arguments { try argument.place.set(argument.box.value) }
    }

    /// The place `expr` names; a value that is not a place is immutable, as in Swift.
    func place(_ expr: ExprSyntax, _ scope: Scope) throws -> Place {
        switch expr.as(ExprSyntaxEnum.self) {
        case .tupleExpr(let e) where e.elements.count == 1 && e.elements.first?.label == nil:
            return try place(e.elements.first!.expression, scope)
        case .declReferenceExpr(let e):
            let name = e.baseName.text
            if let box = scope.lookup(name) ?? globalBox(name, scope) {
                return Place(
                    get: { box.value },
                    set: { [unowned self] in box.value = try convert($0, to: box.declaredType, at: e) },
                    immutable: box.isLet ? "'\(name)' is a 'let' constant" : nil)
            }
            if name == "self" { return constant(try lookup(name, scope, at: e), "'self' is immutable") }
            if let instance = scope.instance, let place = try memberPlace(instance, name, at: e) { return place }
            return constant(try lookup(name, scope, at: e), "'\(name)' is not a variable")
        case .memberAccessExpr(let e):
            let name = e.declName.baseName.text
            guard let baseExpr = e.base else { return constant(try eval(expr, scope), "'.\(name)' is not a variable") }
            if baseExpr.is(SuperExprSyntax.self), let instance = scope.instance,
                let place = try memberPlace(instance, name, at: e.declName)
            {
                return place
            }
            let base = try place(baseExpr, scope)
            let container = try base.get()
            switch container {
            case .object(let instance):
                guard let place = try memberPlace(instance, name, at: e.declName) else {
                    throw fault("value of type '\(instance.type.name)' has no member '\(name)'", e.declName)
                }
                return place
            case .native(let object):
                // A reference: its property changes in the object, whatever holds the reference.
                return Place(
                    get: { [unowned self] in try get(.native(object), name, at: e.declName) },
                    set: { [unowned self] in
                        var target = Value.native(object)
                        try Bridge.shared.set(&target, name, $0, interpreter: self, at: e.declName)
                    },
                    immutable: Bridge.shared.isSettable(object, name) ? nil : "'\(name)' is a get-only property")
            case .none:
                throw fault("Unexpectedly found nil while implicitly unwrapping an Optional value (reading '\(name)')", e.declName)
            default:
                // A value (a struct, a tuple): the changed copy goes back to the place that holds it.
                var immutable = base.immutable
                if immutable == nil, case .value(let v) = container, !Bridge.shared.isSettable(v, name) {
                    immutable = "'\(name)' is a get-only property"
                }
                return Place(
                    get: { [unowned self] in try get(try base.get(), name, at: e.declName) },
                    set: { [unowned self] newValue in
                        var copy = try base.get()
                        try setValueMember(&copy, name, newValue, at: e.declName)
                        try base.set(copy)
                    },
                    immutable: immutable)
            }
        case .subscriptCallExpr(let e):
            let base = try place(e.calledExpression, scope)
            let index = try e.arguments.map { try eval($0.expression, scope) }
            return Place(
                get: { [unowned self] in try subscriptGet(try base.get(), index, at: e) },
                set: { [unowned self] newValue in
                    var copy = try base.get()
                    try subscriptSet(&copy, index, newValue, at: e)
                    try base.set(copy)
                },
                immutable: base.immutable)
        case .forceUnwrapExpr(let e):
            let inner = try place(e.expression, scope)
            return Place(
                get: { [unowned self] in
                    let value = try inner.get()
                    if value.isNone { throw fault("Unexpectedly found nil while unwrapping an Optional value", e) }
                    return value
                },
                set: inner.set, immutable: inner.immutable)
        case .integerLiteralExpr, .floatLiteralExpr, .stringLiteralExpr, .booleanLiteralExpr, .nilLiteralExpr, .arrayExpr,
            .dictionaryExpr:
            return constant(try eval(expr, scope), "literals are not mutable")
        default:
            return constant(try eval(expr, scope), "function call returns immutable value")
        }
    }

    /// A value that is no place: reading it works, changing it is refused.
    private func constant(_ value: Value, _ reason: String) -> Place {
        Place(get: { value }, set: { _ in }, immutable: reason)
    }

    /// A property of an instance of the source as a place: stored (`let` ones are immutable
    /// outside an initializer), computed (with a setter), or the bridged superclass's.
    private func memberPlace(_ instance: Instance, _ name: String, at node: some SyntaxProtocol) throws -> Place? {
        let type = instance.type
        var immutable: String?
        if let stored = type.storedProperty(name) {
            if stored.isLet && !isInitializing(instance) { immutable = "'\(name)' is a 'let' constant" }
        } else if let computed = type.computedProperty(name) {
            if computed.set == nil { immutable = "'\(name)' is a get-only property" }
        } else if let native = instance.native, Bridge.shared.hasMember(native, name) {
            if !Bridge.shared.isSettable(native, name) { immutable = "'\(name)' is a get-only property" }
        } else {
            return nil
        }
        return Place(
            get: { [unowned self] in
                guard let value = try instanceMember(instance, name, at: node) else {
                    throw fault("value of type '\(type.name)' has no member '\(name)'", node)
                }
                return value
            },
            set: { [unowned self] in try setInstanceMember(instance, name, $0, at: node) },
            immutable: immutable)
    }
}
