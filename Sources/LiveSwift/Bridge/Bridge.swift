import Foundation
import Lessons
import SwiftSyntax

/// Why a bridged call refused its arguments; the interpreter adds the place.
struct BridgeError: Error {
    var message: String
}

/// One bridged type: its initialisers, properties, methods and static members, and the
/// implicit members (`.red`, `.ellipse`) its values may be written as.
final class BridgeType: @unchecked Sendable {
    typealias Body = (inout Any, Arguments, Interpreter) throws -> Value
    struct Method {
        var labels: [String?]
        var body: Body
        /// The same call on an object, which it takes without a cast (TypeBuilder.receiver).
        var object: ((AnyObject, Arguments, Interpreter) throws -> Value)? = nil
    }
    struct StaticMethod {
        var labels: [String?]
        var body: (Arguments, Interpreter) throws -> Value
    }
    struct Property {
        var get: (Any, Interpreter) throws -> Value
        /// The same read for an object, which it takes without a cast (TypeBuilder.receiver).
        var getObject: ((AnyObject, Interpreter) throws -> Value)?
        var set: ((inout Any, Value, Interpreter) throws -> Void)?
    }

    let name: String
    let parent: String?
    let isClass: Bool
    let matches: (Any) -> Bool
    /// Depth below the root of its hierarchy: lookups try the most derived type first.
    var depth = 0
    var initializers: [StaticMethod] = []
    var properties: [String: Property] = [:]
    var methods: [String: [Method]] = [:]
    var staticValues: [String: () -> Value] = [:]
    var staticMethods: [String: [StaticMethod]] = [:]
    /// Implicit members a value of this type may be written as (`.red`, `.continuous`).
    var symbols: [String: () -> Any] = [:]
    /// Makes a value of this type from an interpreted value (implicit members, literals, arrays).
    var convert: ((Value, Interpreter) throws -> Any?)?
    /// The type and its ancestors, most derived first; and their members flattened (the most
    /// derived declaration first), so a member is one lookup, not a walk up the hierarchy.
    /// Filled once, when the bridge is built.
    var lineage: [BridgeType] = []
    var allProperties: [String: Property] = [:]
    var allMethods: [String: [Method]] = [:]
    /// What the table declares, in its order: the names, kinds and result types that
    /// completion and quick help show (Assist/APIReference.swift). Nothing runs through them.
    var declarations: [BridgeDeclaration] = []

    init(name: String, parent: String?, isClass: Bool, matches: @escaping (Any) -> Bool) {
        self.name = name
        self.parent = parent
        self.isClass = isClass
        self.matches = matches
    }
}

/// One member as BridgeTable.swift declares it: `damping`, `init(item:snapTo:)`, `addBehavior(_:)`.
struct BridgeDeclaration {
    enum Kind: String { case initializer, property, method, staticValue, staticMethod, symbol }
    var name: String
    var kind: Kind
    /// The Swift type a read or call gives, where the table says it (nil: not declared).
    var result: Any.Type?
    var settable = false
}

/// Matches call labels against a declaration's (a trailing closure fits any label).
func labelsMatch(_ given: [String?], _ declared: [String?]) -> Bool {
    guard given.count == declared.count else { return false }
    for (g, d) in zip(given, declared) where g != d && g != trailingLabel { return false }
    return true
}

/// `name(a:b:)` → ("name", ["a", "b"]); `_` is nil.
func parseSignature(_ signature: String) -> (name: String, labels: [String?]) {
    guard let open = signature.firstIndex(of: "(") else { return (signature, []) }
    let name = String(signature[..<open])
    let inner = signature[signature.index(after: open)..<(signature.lastIndex(of: ")") ?? signature.endIndex)]
    let labels = inner.split(separator: ":", omittingEmptySubsequences: true).map { $0 == "_" ? nil : String($0) }
    return (name, labels)
}

/// The whole UIKitDynamics surface a lesson may touch, and Swift's standard library as far
/// as lessons use it. Built once from the table in BridgeTable.swift.
final class Bridge: @unchecked Sendable {
    static let shared = Bridge()

    private(set) var types: [String: BridgeType] = [:]
    /// Class types, most derived first, for finding an object's type.
    private var classOrder: [BridgeType] = []
    /// Bridged types of Swift types the table does not name, found once (nil: none bridges it).
    private var typeCache: [ObjectIdentifier: CachedType] = [:]
    private struct CachedType { var type: BridgeType? }
    private let cacheLock = NSLock()
    var globals: [String: (Arguments, Interpreter) throws -> Value] = [:]
    /// The C library's constants that Swift code still uses (`M_PI`).
    var constants: [String: Value] = [:]
    /// Type names a lesson may write that have no members of their own here.
    private var plainTypeNames: Set<String> = []

    /// Methods of UIViewController that a subclass calls on `super` and that do nothing here.
    static let viewControllerLifecycle: Set<String> = [
        "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
        "viewDidLayoutSubviews", "viewWillLayoutSubviews", "didReceiveMemoryWarning",
    ]

    private init() {
        BridgeTable.register(into: self)
        for type in types.values {
            var depth = 0
            var parent = type.parent
            while let p = parent, let t = types[p] {
                depth += 1
                parent = t.parent
            }
            type.depth = depth
        }
        for type in types.values {
            var t: BridgeType? = type
            while let current = t {
                type.lineage.append(current)
                t = current.parent.flatMap { types[$0] }
            }
            for ancestor in type.lineage {
                type.allProperties.merge(ancestor.properties) { derived, _ in derived }
                type.allMethods.merge(ancestor.methods) { derived, inherited in derived + inherited }
            }
        }
        classOrder = types.values.filter { $0.isClass }.sorted { ($0.depth, $0.name) > ($1.depth, $1.name) }
    }

    /// Bridged names of Swift types (`UIPushBehavior.Mode` for the type, whose own name is `Mode`).
    private(set) var namesOfTypes: [ObjectIdentifier: String] = [:]

    /// Each registered Swift type's bridged type: a value's type is found with one lookup
    /// (a subclass the table does not name is looked for once, then cached).
    private var exactTypes: [ObjectIdentifier: BridgeType] = [:]

    func add(_ type: BridgeType, for swiftType: Any.Type) {
        types[type.name] = type
        namesOfTypes[ObjectIdentifier(swiftType)] = type.name
        exactTypes[ObjectIdentifier(swiftType)] = type
    }

    func name(of swiftType: Any.Type) -> String {
        namesOfTypes[ObjectIdentifier(swiftType)] ?? "\(swiftType)"
    }

    /// Whether a bridged object has a property or method of that name.
    /// A bridged object's property or method `name` (as `get` gives it), or nil when it has
    /// none: one lookup of its type where `hasMember` then `get` would make two.
    func memberIfAny(_ object: AnyObject, _ name: String, interpreter: Interpreter, at node: some SyntaxProtocol) throws -> Value? {
        guard let type = type(of: object) else { return nil }
        if let property = type.allProperties[name] {
            do {
                if let getObject = property.getObject { return try getObject(object, interpreter) }
                return try property.get(object, interpreter)
            } catch let error as BridgeError {
                throw interpreter.fault(error.message, node)
            } catch let error as LiveFault where error.line == 0 {
                throw interpreter.fault(error.message, node)
            }
        }
        guard type.allMethods[name] != nil else { return nil }
        return try get(.native(object), name, interpreter: interpreter, at: node)
    }

    /// How a bridged object's property `name` is read, for the interpreter's inline cache of
    /// member reads; nil when its class has no such property (a method, or nothing).
    func propertyReader(of object: AnyObject, _ name: String) -> ((AnyObject, Interpreter) throws -> Value)? {
        guard let property = type(of: object)?.allProperties[name] else { return nil }
        if let getObject = property.getObject { return getObject }
        let get = property.get
        return { object, interpreter in try get(object, interpreter) }
    }

    /// The method `name` a bridged value's type declares for these labels, for the
    /// interpreter's inline cache of calls; nil for sets and ranges (Builtins answers them)
    /// and where none matches (`call` then says why).
    func method(of value: Any, _ name: String, labels: [String?]) -> BridgeType.Method? {
        guard !Self.isBuiltinValue(value) else { return nil }
        return type(of: value)?.allMethods[name]?.first { labelsMatch(labels, $0.labels) }
    }

    func hasMember(_ value: Any, _ name: String) -> Bool {
        guard let type = type(of: value) else { return false }
        return type.allProperties[name] != nil || type.allMethods[name] != nil
    }
    /// Whether a bridged value's property may be set (an inout argument needs a settable place).
    func isSettable(_ value: Any, _ name: String) -> Bool {
        type(of: value)?.allProperties[name]?.set != nil
    }

    func addTypeNames(_ names: [String]) { plainTypeNames.formUnion(names) }

    func isType(_ name: String) -> Bool { types[name] != nil || plainTypeNames.contains(name) }
    func isClass(_ name: String) -> Bool { types[name]?.isClass ?? false }

    /// Names usable without a receiver: global functions.
    var globalNames: Set<String> { Set(globals.keys).union(constants.keys) }

    /// Members of UIViewController a subclass reads without `self.`.
    var controllerMemberNames: Set<String> {
        var names: Set<String> = []
        var type = types["UIViewController"]
        while let t = type {
            names.formUnion(t.properties.keys)
            names.formUnion(t.methods.keys)
            type = t.parent.flatMap { types[$0] }
        }
        return names
    }

    /// The properties and methods of a bridged type and its ancestors (the names an extension
    /// of it uses bare).
    func memberNames(ofType name: String) -> Set<String> {
        guard let type = types[name] else { return [] }
        return Set(type.allProperties.keys).union(type.allMethods.keys)
    }

    /// The bridged type of a value, most derived first.
    func type(of value: Any) -> BridgeType? {
        let dynamicType = Swift.type(of: value)
        let key = ObjectIdentifier(dynamicType)
        if let exact = exactTypes[key] { return exact }
        // Looked up on every member access of a subclass's instance (a lesson's `Ball`, the live
        // controller): the cache is read before any cast, which costs far more than the lock.
        cacheLock.lock()
        let cached = typeCache[key]
        cacheLock.unlock()
        if let cached { return cached.type }
        let found: BridgeType?
        if dynamicType is AnyClass {
            let object = value as AnyObject
            found = classOrder.first { $0.matches(object) }
        } else {
            found = types.values.first { !$0.isClass && $0.matches(value) }
        }
        // An optional's match depends on whether it holds a value, not on its type alone.
        if !String(describing: dynamicType).hasPrefix("Optional<") {
            cacheLock.lock()
            typeCache[key] = CachedType(type: found)
            cacheLock.unlock()
        }
        return found
    }

    private func chain(of value: Any) -> [BridgeType] {
        type(of: value)?.lineage ?? []
    }

    func isInstance(_ value: Any, of name: String) -> Bool {
        guard let type = types[name] else { return false }
        return type.matches(value)
    }

    // MARK: Numbers written as implicit members

    static func numericSymbol(_ name: String) -> Double? {
        switch name {
        case "pi": return .pi
        case "infinity": return .infinity
        case "nan": return .nan
        case "zero": return 0
        case "greatestFiniteMagnitude": return .greatestFiniteMagnitude
        case "leastNormalMagnitude": return .leastNormalMagnitude
        case "leastNonzeroMagnitude": return .leastNonzeroMagnitude
        case "ulpOfOne": return .ulpOfOne
        default: return nil
        }
    }

    /// An implicit member as a value of the named type (`.red` as a UIColor).
    func resolve(symbol: String, as typeName: String) -> Value? {
        guard let type = types[typeName], let make = type.symbols[symbol] else { return nil }
        return wrap(make())
    }

    /// An implicit member as a value of the same type as `sample` (for `state == .began`).
    func resolve(symbol: String, like sample: Any) -> Any? {
        for type in chain(of: sample) {
            if let make = type.symbols[symbol] { return make() }
        }
        return nil
    }

    static func equalValues(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? AnyHashable, let y = b as? AnyHashable { return x == y }
        if let x = a as? AnyObject, let y = b as? AnyObject { return x === y }
        return String(describing: a) == String(describing: b)
    }

    /// A bridged result as an interpreted value.
    func wrap(_ value: Any) -> Value {
        switch value {
        case let v as Value: return v
        case let v as Int: return .int(v)
        case let v as Double: return .double(v)
        case let v as CGFloat: return .double(Double(v))
        case let v as Float: return .double(Double(v))
        case let v as Bool: return .bool(v)
        case let v as String: return .string(v)
        case let v as NSObject: return .native(v)
        default:
            if Swift.type(of: value) is AnyClass { return .native(value as AnyObject) }
            return .value(value)
        }
    }

    // MARK: Members

    func get(_ base: Value, _ name: String, interpreter: Interpreter, at node: some SyntaxProtocol) throws -> Value {
        do {
            switch base {
            case .native(let object):
                if let getObject = type(of: object)?.allProperties[name]?.getObject { return try getObject(object, interpreter) }
                return try getMember(object, name, interpreter)
            case .value(let value) where Swift.type(of: value) == LiveSet.self:
                if let builtin = try Builtins.get(base, name, interpreter) { return builtin }
                throw BridgeError(message: "value of type 'Set' has no member '\(name)'")
            case .value(let value):
                return try getMember(value, name, interpreter)
            case .type(let typeName):
                if let builtin = try Builtins.get(base, name, interpreter) { return builtin }
                if let type = types[typeName] {
                    if let make = type.staticValues[name] { return make() }
                    if let make = type.symbols[name] { return wrap(make()) }
                    if types["\(typeName).\(name)"] != nil { return .type("\(typeName).\(name)") }
                    if let methods = type.staticMethods[name], let method = methods.first {
                        return .function(Function(name: name, body: .native { [unowned interpreter] in try method.body($0, interpreter) }))
                    }
                }
                throw BridgeError(message: "type '\(typeName)' has no member '\(name)'")
            default:
                if let builtin = try Builtins.get(base, name, interpreter) { return builtin }
                throw BridgeError(message: "value of type '\(base.typeName)' has no member '\(name)'")
            }
        } catch let error as BridgeError {
            throw interpreter.fault(error.message, node)
        } catch let error as LiveFault where error.line == 0 {
            throw interpreter.fault(error.message, node)
        }
    }

    private func getMember(_ value: Any, _ name: String, _ interpreter: Interpreter) throws -> Value {
        let type = type(of: value)
        if let property = type?.allProperties[name] { return try property.get(value, interpreter) }
        if type?.allMethods[name] != nil {
            // A method used as a value (`view.removeFromSuperview` passed along).
            return .function(
                Function(name: name) { [unowned self, unowned interpreter] args in
                    try self.callMember(value, name, args, interpreter)
                })
        }
        throw BridgeError(message: "value of type '\(String(describing: Swift.type(of: value)))' has no member '\(name)'")
    }

    func set(_ base: inout Value, _ name: String, _ newValue: Value, interpreter: Interpreter, at node: some SyntaxProtocol) throws {
        do {
            switch base {
            case .native(let object):
                var any: Any = object
                try setMember(&any, name, newValue, interpreter)
            case .value(let value):
                var any = value
                try setMember(&any, name, newValue, interpreter)
                base = .value(any)
            default:
                throw BridgeError(message: "cannot assign to property '\(name)' of a value of type '\(base.typeName)'")
            }
        } catch let error as BridgeError {
            throw interpreter.fault(error.message, node)
        } catch let error as LiveFault where error.line == 0 {
            throw interpreter.fault(error.message, node)
        }
    }

    private func setMember(_ value: inout Any, _ name: String, _ newValue: Value, _ interpreter: Interpreter) throws {
        if let property = type(of: value)?.allProperties[name] {
            guard let set = property.set else {
                throw BridgeError(message: "cannot assign to property: '\(name)' is a get-only property")
            }
            try set(&value, newValue, interpreter)
            return
        }
        throw BridgeError(message: "value of type '\(String(describing: Swift.type(of: value)))' has no member '\(name)'")
    }

    // MARK: Calls

    func call(_ base: Value, _ name: String, _ args: Arguments, interpreter: Interpreter, at node: some SyntaxProtocol) throws -> Value {
        do {
            try Self.refuseInout(name, args)
            switch base {
            case .native(let object):
                return try callMember(object, object: object, name, args, interpreter)
            case .value(let value) where Self.isBuiltinValue(value):
                var copy = base
                return try Builtins.call(&copy, name, args, interpreter)
            case .value(let value):
                return try callMember(value, name, args, interpreter)
            case .type(let typeName):
                if name == "init" { return try construct(typeName, args, interpreter: interpreter, at: node) }
                if let builtin = try Builtins.callStatic(typeName, name, args, interpreter) { return builtin }
                guard let type = types[typeName], let methods = type.staticMethods[name] else {
                    throw BridgeError(message: "type '\(typeName)' has no member '\(name)'")
                }
                guard let method = methods.first(where: { labelsMatch(args.labels, $0.labels) }) else {
                    throw BridgeError(message: "no '\(name)' of '\(typeName)' takes the arguments (\(describe(args.labels)))")
                }
                return try method.body(args, interpreter)
            default:
                var copy = base
                return try Builtins.call(&copy, name, args, interpreter)
            }
        } catch let error as BridgeError {
            throw interpreter.fault(error.message, node)
        } catch let error as LiveFault where error.line == 0 {
            throw interpreter.fault(error.message, node)
        }
    }

    /// Sets and ranges, whose members Builtins answers: their exact types, compared rather than
    /// cast, since every call on a bridged value asks.
    private static func isBuiltinValue(_ value: Any) -> Bool {
        let type = Swift.type(of: value)
        return type == LiveSet.self || type == LiveRange.self || type == LiveDoubleRange.self
    }

    /// A method that may change a value-type receiver (arrays, dictionaries, strings).
    func callMutating(_ base: inout Value, _ name: String, _ args: Arguments, interpreter: Interpreter, at node: some SyntaxProtocol) throws -> Value {
        do {
            try Self.refuseInout(name, args)
            return try Builtins.call(&base, name, args, interpreter)
        } catch let error as BridgeError {
            throw interpreter.fault(error.message, node)
        } catch let error as LiveFault where error.line == 0 {
            throw interpreter.fault(error.message, node)
        }
    }

    /// `object` is the value when it is a bridged object, for methods that take it without a cast.
    fileprivate func callMember(
        _ value: Any, object: AnyObject? = nil, _ name: String, _ args: Arguments, _ interpreter: Interpreter
    ) throws -> Value {
        var any = value
        let methods = type(of: value)?.allMethods[name]
        let sawName = methods != nil
        if let method = methods?.first(where: { labelsMatch(args.labels, $0.labels) }) {
            if let object, let call = method.object { return try call(object, args, interpreter) }
            return try method.body(&any, args, interpreter)
        }
        let typeName = String(describing: Swift.type(of: value))
        if sawName { throw BridgeError(message: "no '\(name)' of '\(typeName)' takes the arguments (\(describe(args.labels)))") }
        throw BridgeError(message: "value of type '\(typeName)' has no member '\(name)'")
    }

    func construct(_ typeName: String, _ args: Arguments, interpreter: Interpreter, at node: some SyntaxProtocol) throws -> Value {
        do {
            try Self.refuseInout("init", args)
            if let builtin = try Builtins.construct(typeName, args, interpreter) { return builtin }
            guard let type = types[typeName] else { throw BridgeError(message: "cannot make a '\(typeName)' in a live lesson") }
            guard let initializer = type.initializers.first(where: { labelsMatch(args.labels, $0.labels) }) else {
                throw BridgeError(message: "no initializer of '\(typeName)' takes the arguments (\(describe(args.labels)))")
            }
            if type.isClass { try interpreter.countObject(at: node) }
            return try initializer.body(args, interpreter)
        } catch let error as BridgeError {
            throw interpreter.fault(error.message, node)
        } catch let error as LiveFault where error.line == 0 {
            throw interpreter.fault(error.message, node)
        }
    }

    /// `&x` passed where the bridged function takes no inout parameter, as Swift refuses it.
    static func refuseInout(_ name: String, _ args: Arguments) throws {
        guard args.hasInout, !Builtins.takingInout.contains(name),
            let k = args.inoutBoxes.firstIndex(where: { $0 != nil })
        else { return }
        throw BridgeError(message: "'&' used with non-inout argument of type '\(args[k].typeName)'")
    }

    private func describe(_ labels: [String?]) -> String {
        labels.map { $0 == trailingLabel ? "{ … }" : "\($0 ?? "_"):" }.joined(separator: " ")
    }
}

/// A `Function` with a native body.
extension Function {
    convenience init(name: String, _ body: @escaping (Arguments) throws -> Value) {
        self.init(name: name, body: .native(body))
    }
}
