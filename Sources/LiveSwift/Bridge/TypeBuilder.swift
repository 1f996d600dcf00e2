import Foundation
import Lessons

/// The arguments of a bridged call, read as the API's types.
struct Args {
    let raw: Arguments
    let interpreter: Interpreter

    func callAsFunction<V: Bridged>(_ i: Int, as type: V.Type = V.self) throws -> V {
        try V.from(raw[i], interpreter)
    }
    func item(_ i: Int) throws -> UIDynamicItem { try Convert.item(raw[i], interpreter) }
    func items(_ i: Int) throws -> [UIDynamicItem] { try Convert.items(raw[i], interpreter) }
    func identifier(_ i: Int) throws -> NSCopying { try Convert.identifier(raw[i]) }
    func block(_ i: Int) throws -> (() -> Void)? { try Convert.block(raw[i], interpreter) }
    /// An optional trailing argument, or nil when the call left it out.
    func optional(_ i: Int) -> Value? { i < raw.count ? raw[i] : nil }
}

/// Declares one bridged type's members, each a line of BridgeTable.swift.
final class TypeBuilder<T> {
    let type: BridgeType

    init(_ bridge: Bridge, _ name: String, parent: String? = nil) {
        type = BridgeType(name: name, parent: parent, isClass: T.self is AnyClass, matches: { $0 is T })
        bridge.add(type, for: T.self)
    }

    /// More members of a type declared before (a section of the table of its own).
    init(_ bridge: Bridge, _ name: String, reuse: Bool) {
        type = bridge.types[name]!
    }

    /// Records a member for completion and quick help; a later declaration of the same name
    /// and kind (an overload of a property) is one entry.
    func declare(_ name: String, _ kind: BridgeDeclaration.Kind, _ result: Any.Type?, settable: Bool = false) {
        guard !type.declarations.contains(where: { $0.name == name && $0.kind == kind }) else { return }
        type.declarations.append(BridgeDeclaration(name: name, kind: kind, result: result, settable: settable))
    }

    func initializer(_ signature: String, _ body: @escaping (Args) throws -> T) {
        declare(signature, .initializer, T.self)
        let (_, labels) = parseSignature(signature)
        type.initializers.append(.init(labels: labels) { args, interpreter in
            Bridge.shared.wrap(try body(Args(raw: args, interpreter: interpreter)))
        })
    }

    /// A read-only property. `read` is usually a key path literal (`\.bounds`), which the
    /// compiler makes a closure of: a read through a stored `KeyPath` cost several times more.
    func readOnly<V: Bridged>(_ name: String, _ read: @escaping (T) -> V) {
        declare(name, .property, V.self)
        type.properties[name] = .init(
            get: { value, interpreter in read(value as! T).live(interpreter) },
            getObject: Self.isClass ? { object, interpreter in read(Self.receiver(object)).live(interpreter) } : nil,
            set: nil)
    }

    /// A settable property of a class: read through the closure made of `read`, written
    /// through the key path (`view.property("center", \.center, \.center)`).
    func property<V: Bridged>(_ name: String, _ read: @escaping (T) -> V, _ keyPath: ReferenceWritableKeyPath<T, V>) {
        declare(name, .property, V.self, settable: true)
        type.properties[name] = .init(
            get: { value, interpreter in read(value as! T).live(interpreter) },
            getObject: { object, interpreter in read(Self.receiver(object)).live(interpreter) },
            set: { value, newValue, interpreter in (value as! T)[keyPath: keyPath] = try V.from(newValue, interpreter) })
    }

    /// A settable property of a struct (the changed copy is written back).
    func field<V: Bridged>(_ name: String, _ read: @escaping (T) -> V, _ keyPath: WritableKeyPath<T, V>) {
        declare(name, .property, V.self, settable: true)
        type.properties[name] = .init(
            get: { value, interpreter in read(value as! T).live(interpreter) },
            getObject: nil,
            set: { value, newValue, interpreter in
                var copy = value as! T
                copy[keyPath: keyPath] = try V.from(newValue, interpreter)
                value = copy
            })
    }

    private static var isClass: Bool { T.self is AnyClass }

    /// A bridged object as the class whose member it reads. The bridge found the member in the
    /// object's own type's members, so the object is a T: it is taken as one without the
    /// cast from `Any` (which cost more than the read it guarded).
    @inline(__always) static func receiver(_ object: AnyObject) -> T {
        assert(object is T)
        return unsafeBitCast(object, to: T.self)
    }

    /// A property read and written through closures (items, delegates, blocks).
    func computed(
        _ name: String, get: @escaping (T, Interpreter) -> Value,
        set: ((T, Value, Interpreter) throws -> Void)? = nil
    ) {
        declare(name, .property, nil, settable: set != nil)
        type.properties[name] = .init(
            get: { value, interpreter in get(value as! T, interpreter) },
            getObject: Self.isClass ? { object, interpreter in get(Self.receiver(object), interpreter) } : nil,
            set: set.map { set in { value, newValue, interpreter in try set(value as! T, newValue, interpreter) } })
    }

    /// A method returning nothing.
    func method(_ signature: String, _ body: @escaping (T, Args) throws -> Void) {
        declare(signature, .method, Void.self)
        addMethod(signature) { receiver, args, interpreter in
            try body(receiver, Args(raw: args, interpreter: interpreter))
            return .void
        }
    }

    /// A method returning a value.
    func function<V: Bridged>(_ signature: String, _ body: @escaping (T, Args) throws -> V) {
        declare(signature, .method, V.self)
        addMethod(signature) { receiver, args, interpreter in
            try body(receiver, Args(raw: args, interpreter: interpreter)).live(interpreter)
        }
    }

    /// A method returning an object or value the bridge wraps (`-> UIBezierPath?`, `-> Self`).
    func returning(_ signature: String, _ body: @escaping (T, Args) throws -> Any?) {
        declare(signature, .method, nil)
        addMethod(signature) { receiver, args, interpreter in
            guard let result = try body(receiver, Args(raw: args, interpreter: interpreter)) else { return .none }
            return Bridge.shared.wrap(result)
        }
    }

    private func addMethod(_ signature: String, _ body: @escaping (T, Arguments, Interpreter) throws -> Value) {
        let (name, labels) = parseSignature(signature)
        type.methods[name, default: []].append(
            .init(
                labels: labels, body: { value, args, interpreter in try body(value as! T, args, interpreter) },
                object: Self.isClass ? { object, args, interpreter in try body(Self.receiver(object), args, interpreter) } : nil))
    }

    func staticValue(_ name: String, returns: Any.Type? = nil, _ make: @escaping () -> Any) {
        declare(name, .staticValue, returns)
        type.staticValues[name] = { Bridge.shared.wrap(make()) }
    }

    /// A static method; `returns` names what it gives, for completion (a factory's own type).
    func staticMethod(_ signature: String, returns: Any.Type? = nil, _ body: @escaping (Args) throws -> Any?) {
        declare(signature, .staticMethod, returns)
        let (name, labels) = parseSignature(signature)
        type.staticMethods[name, default: []].append(.init(labels: labels) { args, interpreter in
            guard let result = try body(Args(raw: args, interpreter: interpreter)) else { return .void }
            return Bridge.shared.wrap(result)
        })
    }

    /// Implicit members (`.red`, `.continuous`): also readable as `Type.name`.
    func symbols(_ table: KeyValuePairs<String, T>) {
        for (name, _) in table { declare(name, .symbol, T.self) }
        for (name, value) in table { type.symbols[name] = { value } }
    }

    /// Implicit members computed on each use (classes: a fresh `UIColor`).
    func symbol(_ name: String, _ make: @escaping () -> T) {
        declare(name, .symbol, T.self)
        type.symbols[name] = make
    }
}

extension TypeBuilder where T: OptionSet, T.Element == T {
    /// An option set may be written as an array of its members: `[.items, .boundaries]`.
    func optionSet() {
        type.convert = { value, interpreter in
            guard case .array(let elements) = value else { return nil }
            var result = T()
            for element in elements {
                guard case .value(let member as T) = try Bridge.shared.resolveValue(element, as: self.type.name) else {
                    throw mismatch(element, self.type.name)
                }
                result.formUnion(member)
            }
            return result
        }
    }
}

extension Bridge {
    /// An implicit member or a value, as the named type.
    func resolveValue(_ value: Value, as typeName: String) throws -> Value {
        if case .symbol(let s) = value, let resolved = resolve(symbol: s, as: typeName) { return resolved }
        return value
    }
}
