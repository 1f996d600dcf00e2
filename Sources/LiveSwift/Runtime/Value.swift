import Foundation
import UIKitDynamics

/// A value of the interpreted program. Swift's value types stay values (arrays, tuples and
/// bridged structs are copied on assignment, as in Swift); classes are references.
/// An optional is either `.none` or its wrapped value itself (nested optionals are not told apart).
enum Value {
    case void
    case none
    case bool(Bool)
    case int(Int)
    /// Double and CGFloat alike (CGFloat is a Double on every platform the server runs on).
    case double(Double)
    case string(String)
    case array([Value])
    case dictionary([DictionaryKey: Value])
    case tuple([Value], labels: [String?])
    /// An instance of a class the source declares.
    case object(Instance)
    /// An instance of a bridged class (`UIView`, `UIDynamicAnimator`, …).
    case native(AnyObject)
    /// A bridged value type (`CGPoint`, `CGRect`, an API enum, …).
    case value(Any)
    /// An implicit member (`.red`, `.ellipse`, `.pi`) waiting for the type its use expects.
    case symbol(String)
    case function(Function)
    /// A type named as a value (`UIColor` in `UIColor.red`, `CGFloat` in `CGFloat.pi`).
    case type(String)
    /// A case of an enum the source declares, with its associated values.
    case enumCase(EnumValue)

    var isNone: Bool {
        if case .none = self { return true }
        return false
    }

    /// The Swift value behind it, for an API that takes `Any?` (`setValue(_:forKey:)`).
    var plain: Any? {
        switch self {
        case .bool(let b): return b
        case .int(let i): return i
        case .double(let d): return d
        case .string(let s): return s
        case .native(let object): return object
        case .value(let value): return value
        case .object(let instance): return instance.native
        default: return nil
        }
    }

    /// The name of the value's type, as an error message shows it.
    var typeName: String {
        switch self {
        case .void: return "Void"
        case .none: return "nil"
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .array: return "Array"
        case .dictionary: return "Dictionary"
        case .tuple: return "tuple"
        case .object(let instance): return instance.type.name
        case .native(let object): return String(describing: Swift.type(of: object))
        case .value(let value): return String(describing: Swift.type(of: value))
        case .symbol(let name): return ".\(name)"
        case .function: return "function"
        case .type(let name): return "\(name).Type"
        case .enumCase(let e): return e.type.name
        }
    }
}

/// A dictionary key: the hashable values a lesson uses as keys.
enum DictionaryKey: Hashable {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case symbol(String)

    var value: Value {
        switch self {
        case .int(let v): return .int(v)
        case .double(let v): return .double(v)
        case .string(let v): return .string(v)
        case .bool(let v): return .bool(v)
        case .symbol(let v): return .symbol(v)
        }
    }
}

/// A variable: closures capture the box, so a captured `var` is shared as in Swift. An
/// inout parameter is bound to the box its caller made for the argument.
final class Box {
    var value: Value
    /// The declared type's name, when it converts what is stored (`var x: CGFloat = 2`).
    let declaredType: String?
    /// A `let` with its value, a parameter, a loop or `if let` name: Swift refuses to change it.
    let isLet: Bool

    init(_ value: Value, declaredType: String? = nil, isLet: Bool = false) {
        self.value = value
        self.declaredType = declaredType
        self.isLet = isLet
    }
}

/// One level of names: a function body, a block, a closure.
final class Scope {
    /// The names declared here and their variables, in order. Most scopes hold a few names,
    /// looked for one by one (comparing short strings costs less than hashing one); a scope
    /// past `indexedAbove` names (a page's top level) also keeps a dictionary of them.
    private var keys: [String] = []
    private var boxes: [Box] = []
    private var index: [String: Int]?
    private static var indexedAbove: Int { 12 }
    let parent: Scope?
    /// The instance whose members are in scope without `self.` (methods and their closures).
    let instance: Instance?

    /// The class whose static members are in scope without its name (a static method's body).
    let staticType: ClassCode?
    /// A value whose members are in scope without `self.` (a method of an enum, or of an
    /// extension of the API's types): the box `self` names, which a mutating method changes.
    let selfBox: Box?

    init(parent: Scope?, instance: Instance? = nil, staticType: ClassCode? = nil, selfBox: Box? = nil) {
        self.parent = parent
        self.instance = instance ?? parent?.instance
        self.staticType = staticType ?? parent?.staticType
        self.selfBox = selfBox ?? parent?.selfBox
    }

    /// A copy of this chain of scopes (sharing their variables) that holds no instance: what a
    /// `[weak self]` or `[unowned self]` closure captures, so it does not keep `self` alive.
    func withoutInstance() -> Scope {
        let copy = Scope(parent: parent?.withoutInstance(), instance: nil, staticType: staticType, selfBox: selfBox)
        for (name, box) in zip(keys, boxes) {
            if name == "self", case .object = box.value { continue }
            copy.declare(name, box: box)
        }
        return copy
    }

    func declare(_ name: String, _ value: Value, type: String? = nil, isLet: Bool = false) {
        declare(name, box: Box(value, declaredType: type, isLet: isLet))
    }

    /// Binds a name to an existing variable (an inout parameter to its argument's box).
    func declare(_ name: String, box: Box) {
        if let i = position(of: name) {
            boxes[i] = box
            return
        }
        keys.append(name)
        boxes.append(box)
        if index != nil {
            index![name] = keys.count - 1
        } else if keys.count > Self.indexedAbove {
            index = Dictionary(uniqueKeysWithValues: zip(keys, keys.indices))
        }
    }

    private func position(of name: String) -> Int? {
        if let index { return index[name] }
        for i in keys.indices where keys[i] == name { return i }
        return nil
    }

    func lookup(_ name: String) -> Box? {
        var scope: Scope? = self
        while let s = scope {
            // Most scopes a closure's body looks through are empty: no hashing for them.
            if !s.keys.isEmpty, let i = s.position(of: name) { return s.boxes[i] }
            scope = s.parent
        }
        return nil
    }
}

/// Something that can be called: a closure or function of the source, a method bound to
/// its instance, or a bridged function.
final class Function {
    enum Body {
        case source(FunctionCode, captured: Scope, instance: Instance?)
        case native((Arguments) throws -> Value)
    }

    let name: String
    let body: Body
    /// A `[weak self]` or `[unowned self]` closure: the instance it runs with, held weakly.
    weak var weakSelf: Instance?
    var selfCapture: SelfCapture = .strong

    enum SelfCapture {
        case strong, weak, unowned
    }

    init(name: String, body: Body) {
        self.name = name
        self.body = body
    }
}

/// The arguments of one call: values with their labels, and for each `&` argument the box
/// the callee changes (copied back to the argument's place when the call returns).
struct Arguments {
    var values: [Value]
    var labels: [String?]
    /// Empty unless an argument is `&x`; then one entry per argument, nil for the others.
    var inoutBoxes: [Box?] = []

    subscript(_ i: Int) -> Value { values[i] }
    var count: Int { values.count }

    func inoutBox(_ i: Int) -> Box? { i < inoutBoxes.count ? inoutBoxes[i] : nil }
    var hasInout: Bool { !inoutBoxes.isEmpty }
}

/// An instance of a class the source declares. A `UIViewController` subclass has a native
/// controller behind it, whose `view` the instance reads as its own.
final class Instance {
    let type: ClassCode
    var fields: [String: Value] = [:]
    /// `weak` stored properties: they hold their object only while something else does.
    var weakFields: [String: WeakValue] = [:]
    /// The bridged superclass part (the view controller), if the class inherits one.
    var native: AnyObject?
    /// The interpreter that runs its `deinit` (if its class has one) once the last strong
    /// reference goes, and lets go of its properties.
    weak var interpreter: Interpreter?
    /// The stand-in that runs a released instance's `deinit` (with its properties): it never
    /// runs one again.
    var isReleased = false

    init(type: ClassCode) {
        self.type = type
    }

    /// A struct's copy, made when a shared one is about to change.
    func copy() -> Instance {
        let copy = Instance(type: type)
        copy.fields = fields
        copy.weakFields = weakFields
        copy.interpreter = interpreter
        return copy
    }

    deinit {
        guard let interpreter else { return }
        // Swift runs `deinit` when the last strong reference goes: the interpreter queues it
        // and runs it after the statement that let go, on a stand-in holding the properties.
        if type.hasDeinit && !isReleased { interpreter.queueDeinit(of: self) }
        // The properties are let go of later, one level at a time: a long chain of objects
        // (a linked list of the source's nodes) must not release itself recursively.
        if !fields.isEmpty { interpreter.bury(fields) }
    }
}

/// A case of one of the source's enums: its name and associated values (immutable; a case
/// without associated values is one shared object per enum).
final class EnumValue {
    let type: ClassCode
    let name: String
    let payload: [Value]
    let labels: [String?]

    /// Set for a case with associated values: where they are let go of, one level at a time.
    weak var interpreter: Interpreter?

    init(type: ClassCode, name: String, payload: [Value] = [], labels: [String?] = []) {
        self.type = type
        self.name = name
        self.payload = payload
        self.labels = labels
    }

    deinit {
        if !payload.isEmpty, let interpreter { interpreter.bury(payload) }
    }
}

/// A weak reference to an instance, for the interpreter's list of the instances it made.
struct WeakInstance {
    weak var instance: Instance?
}

/// What a `weak` property holds: the object while anything else holds it, then nil, as in
/// Swift (a value that is not an object is held as it is).
final class WeakValue {
    private weak var object: AnyObject?
    private let isInstance: Bool
    private let other: Value

    init(_ value: Value) {
        switch value {
        case .native(let o):
            object = o
            isInstance = false
            other = .none
        case .object(let instance):
            object = instance
            isInstance = true
            other = .none
        default:
            isInstance = false
            other = value
        }
    }

    var value: Value {
        guard let object else { return other }
        return isInstance ? .object(object as! Instance) : .native(object)
    }
}

/// A run-time error of the lesson's code: where it happened and why.
struct LiveFault: Error {
    var message: String
    var line: Int
    var column: Int
}

/// Thrown through an optional chain (`a?.b.c`) when a link is nil; caught at the chain's end.
struct ChainIsNil: Error {}
