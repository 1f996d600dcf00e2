/// What a type is, as far as a keyframe cares: whether a value of it can hold objects (which
/// the keyframe must capture too), and how to find them. Cached per type.
enum TypeShape {
    /// The runtime's metadata kinds a keyframe tells apart.
    enum Kind: Equatable {
        case `class`, `struct`, `enum`, optional, tuple, function, existential, other
    }

    static func kind(of type: Any.Type) -> Kind {
        // A type's metadata starts with its kind (a class's with its isa pointer, above 0x7FF).
        let raw = unsafeBitCast(type, to: UnsafePointer<Int>.self).pointee
        switch raw {
        case 0x200: return .struct
        case 0x201: return .enum
        case 0x202: return .optional
        case 0x301: return .tuple
        case 0x302: return .function
        case 0x303, 0x306, 0x307: return .existential
        case 0, 0x203, 0x305: return .class
        case let k where k > 0x7FF: return .class
        default: return .other
        }
    }

    static func size(of type: Any.Type) -> Int {
        func typed<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: typed)
    }

    /// False when no value of `type` can hold an object (a keyframe then copies it without looking inside).
    static func mayHoldObjects(_ type: Any.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[key] }) { return known }
        var visiting: Set<ObjectIdentifier> = []
        let answer = computeMayHoldObjects(type, visiting: &visiting)
        cache.withLock { $0[key] = answer }
        return answer
    }

    /// True for a type whose values are plain bytes (no references of any kind): the runtime's
    /// own flag, so the engine's value arrays (bodies, shapes, contacts, tree nodes) are copied
    /// without being looked into.
    static func isPlainBytes(_ type: Any.Type) -> Bool {
        func typed<T>(_: T.Type) -> Bool { _isPOD(T.self) }
        return _openExistential(type, do: typed)
    }

    private static func computeMayHoldObjects(_ type: Any.Type, visiting: inout Set<ObjectIdentifier>) -> Bool {
        if kind(of: type) != .class, isPlainBytes(type) { return false }
        if let container = type as? any ValueContainer.Type {
            return container.elementTypes.contains { mayHoldObjects($0) }
        }
        if type == String.self || type == Substring.self { return false }
        switch kind(of: type) {
        case .class, .existential: return true
        case .tuple:
            return tupleElementTypes(type).contains { mayHoldObjects($0) }
        case .function, .other: return false
        case .enum:
            // An enum without payloads fits in a byte; one with payloads is looked into value by value.
            return size(of: type) > 1
        case .optional, .struct:
            guard visiting.insert(ObjectIdentifier(type)).inserted else { return false }
            if let optional = type as? any OptionalValue.Type { return mayHoldObjects(optional.wrappedType) }
            // A weak reference inside a value is not followed: what it refers to is alive only if
            // something else holds it strongly, and the walk meets it there.
            let fields = StoredField.structFields(type)
            return fields.contains { ($0.storage == .variable || $0.storage == .constant) && mayHoldObjects($0.type) }
        }
    }

    private static let cache = Mutex<[ObjectIdentifier: Bool]>([:])

    /// A tuple type's element types, from its metadata (the ABI's layout: kind, element count,
    /// labels, then each element's type and offset).
    static func tupleElementTypes(_ type: Any.Type) -> [Any.Type] {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let count = metadata.load(fromByteOffset: 8, as: Int.self)
        return (0..<count).map { metadata.load(fromByteOffset: 24 + 16 * $0, as: Any.Type.self) }
    }
}

import Synchronization

/// The standard library's collections tell their element types and walk their elements, so a
/// keyframe looks into an array of structs only when the structs can hold objects.
protocol ValueContainer {
    static var elementTypes: [Any.Type] { get }
    /// Walks a value of this type given as `Any` (cast to the concrete type: no protocol
    /// lookup), with each element's static type.
    static var elementWalker: (Any, (Any, Any.Type) -> Void) -> Void { get }
    /// The bytes of a value of this type given as `Any`.
    static var byteCounter: (Any) -> Int { get }
    /// Bytes its storage takes, roughly (for the budget).
    var storageBytes: Int { get }
}

extension ValueContainer where Self: Collection {
    static var elementTypes: [Any.Type] { [Element.self] }
    static var elementWalker: (Any, (Any, Any.Type) -> Void) -> Void {
        { value, body in for element in value as! Self { body(element, Element.self) } }
    }
    static var byteCounter: (Any) -> Int { { ($0 as! Self).storageBytes } }
}

extension Array: ValueContainer {
    var storageBytes: Int { 32 + capacity * MemoryLayout<Element>.stride + nestedBytes(self) }
}

extension ContiguousArray: ValueContainer {
    var storageBytes: Int { 32 + capacity * MemoryLayout<Element>.stride + nestedBytes(self) }
}

extension Set: ValueContainer {
    var storageBytes: Int { 64 + capacity * (MemoryLayout<Element>.stride + 1) }
}

extension Dictionary: ValueContainer {
    static var elementTypes: [Any.Type] { [Key.self, Value.self] }
    static var elementWalker: (Any, (Any, Any.Type) -> Void) -> Void {
        { value, body in
            for (key, element) in value as! Self {
                body(key, Key.self)
                body(element, Value.self)
            }
        }
    }
    var storageBytes: Int {
        64 + capacity * (MemoryLayout<Key>.stride + MemoryLayout<Value>.stride + 1) + nestedBytes(values)
    }
}

/// Bytes held by the containers inside a collection's elements (an array of arrays).
private func nestedBytes<C: Collection>(_ collection: C) -> Int {
    guard C.Element.self is any ValueContainer.Type else { return 0 }
    var total = 0
    for element in collection { total += (element as! any ValueContainer).storageBytes }
    return total
}

protocol OptionalValue {
    static var wrappedType: Any.Type { get }
    /// Unwraps a value of this type given as `Any` (cast to the concrete type).
    static var unwrapper: (Any) -> Any? { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    static var unwrapper: (Any) -> Any? { { ($0 as! Self).map { $0 as Any } } }
}

/// How the walk looks into a value of one type, worked out once per type.
enum SearchPlan: @unchecked Sendable {
    case object
    case nothing
    case elements((Any, (Any, Any.Type) -> Void) -> Void)
    case wrapped((Any) -> Any?)
    /// An existential, a tuple, an enum with payloads, a struct: by the value's own shape.
    case dynamic

    static func of(_ type: Any.Type) -> SearchPlan {
        let key = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[key] }) { return known }
        let plan: SearchPlan
        if !TypeShape.mayHoldObjects(type) {
            plan = .nothing
        } else if TypeShape.kind(of: type) == .class {
            plan = .object
        } else if let container = type as? any ValueContainer.Type {
            plan = .elements(container.elementWalker)
        } else if let optional = type as? any OptionalValue.Type {
            plan = .wrapped(optional.unwrapper)
        } else {
            plan = .dynamic
        }
        cache.withLock { $0[key] = plan }
        return plan
    }

    private static let cache = Mutex<[ObjectIdentifier: SearchPlan]>([:])
}

extension StoredField {
    /// The stored fields of a struct type (no superclass), cached like a class's.
    static func structFields(_ type: Any.Type) -> [StoredField] {
        fieldsOfAnyType(type)
    }
}
