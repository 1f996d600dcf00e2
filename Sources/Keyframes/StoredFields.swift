import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a class keeps one stored property, as the Swift runtime describes it: the property's
/// name, its offset in the instance, its type and how it holds a reference.
///
/// A keyframe copies and puts back every stored property of every object of a lesson without
/// code that names them (docs/replay.md: a property that snapshot code forgot would be a replay
/// that drifts). The runtime's field reflection (the same data `Mirror` reads) gives each
/// property's offset and type, superclasses' included; a value is then read and written through a
/// pointer typed as the property's type, so copies retain and writes release as Swift's own
/// assignments do (without property observers: a restore puts back storage, it acts on nothing).
public struct StoredField: @unchecked Sendable {
    public enum Storage: Equatable, Sendable {
        /// A `var` held strongly (or a value): copied and put back.
        case variable
        /// A `let`: never changes after `init`; only searched for the objects it holds.
        case constant
        /// A `weak var`: its referent is kept beside the keyframe and assigned back weakly.
        case weakVariable
        /// An `unowned let`: like a constant.
        case unownedConstant
        /// An `unowned var` (or an optional `unowned`): cannot be put back; the coverage test
        /// fails on it.
        case unsupported
    }

    public var name: String
    public var offset: Int
    public var type: Any.Type
    public var storage: Storage
    /// Bytes the field takes in the object.
    public var size: Int

    /// The stored properties of `type` and its superclasses, cached (the runtime is asked once
    /// per class).
    public static func of(_ type: AnyClass) -> [StoredField] {
        fieldsOfAnyType(type)
    }

    static func fieldsOfAnyType(_ type: Any.Type) -> [StoredField] {
        let key = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[key] }) { return known }
        var fields: [StoredField] = []
        for index in 0..<runtimeFieldCount(type) {
            var metadata = FieldMetadata()
            let fieldType = runtimeFieldType(type, index: index, fieldMetadata: &metadata)
            let name = metadata.name.map { String(cString: $0) } ?? "#\(index)"
            metadata.freeName?(metadata.name)
            let storage: Storage
            if metadata.isStrong {
                storage = metadata.isVar ? .variable : .constant
            } else if TypeShape.kind(of: fieldType) == .optional {
                storage = metadata.isVar ? .weakVariable : .unsupported
            } else {
                storage = metadata.isVar ? .unsupported : .unownedConstant
            }
            fields.append(
                StoredField(
                    name: name, offset: runtimeFieldOffset(type, index: index), type: fieldType, storage: storage,
                    size: TypeShape.size(of: fieldType)))
        }
        cache.withLock { $0[key] = fields }
        return fields
    }

    /// Rooms on several worker threads capture at once.
    private static let cache = Mutex<[ObjectIdentifier: [StoredField]]>([:])
}

/// Reads and writes a field through a pointer typed as its type.
enum FieldAccess {
    static func load(_ type: Any.Type, from pointer: UnsafeRawPointer) -> Any {
        func typed<T>(_: T.Type) -> Any { pointer.assumingMemoryBound(to: T.self).pointee }
        return _openExistential(type, do: typed)
    }

    static func store(_ value: Any, as type: Any.Type, to pointer: UnsafeMutableRawPointer) {
        func typed<T>(_: T.Type) { pointer.assumingMemoryBound(to: T.self).pointee = value as! T }
        _openExistential(type, do: typed)
    }

    /// The object a weak field refers to now (nil when it is gone).
    static func loadWeak(from pointer: UnsafeMutableRawPointer) -> AnyObject? {
        guard let object = weakLoadStrong(pointer) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(object).takeRetainedValue()
    }

    /// Points a weak field at `object`.
    static func storeWeak(_ object: AnyObject?, to pointer: UnsafeMutableRawPointer) {
        _ = weakAssign(pointer, object.map { Unmanaged.passUnretained($0).toOpaque() })
    }
}

// MARK: The runtime's field reflection (what `Mirror` and the standard library's own
// `_forEachField` use), and its weak-reference entry points, found by name at run time.

private typealias NameFree = @convention(c) (UnsafePointer<CChar>?) -> Void

private struct FieldMetadata {
    var name: UnsafePointer<CChar>? = nil
    var freeName: NameFree? = nil
    var isStrong = false
    var isVar = false
}

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func runtimeFieldCount(_: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeFieldType(_: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<FieldMetadata>) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func runtimeFieldOffset(_: Any.Type, index: Int) -> Int

private typealias WeakAssign = @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer
private typealias WeakLoadStrong = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?

/// `swift_weakAssign(ref, value)`: value at +0, as the compiler's own weak stores.
nonisolated(unsafe) private let weakAssign: WeakAssign = unsafeBitCast(
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_weakAssign")!, to: WeakAssign.self)
/// `swift_weakLoadStrong(ref)`: the referent at +1, or null.
nonisolated(unsafe) private let weakLoadStrong: WeakLoadStrong = unsafeBitCast(
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_weakLoadStrong")!, to: WeakLoadStrong.self)
