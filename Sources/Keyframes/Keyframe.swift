/// An exact copy of a graph of objects at one moment, kept so that the same objects can be put
/// back to that moment later: a lesson's view controller, views, behaviours, animator, the
/// engine's world (its bodies, shapes, contacts with their warm-start impulses, broad phase,
/// islands and sleep timers are value arrays in the world's fields), the lesson's own variables,
/// an interpreted lesson's heap. See docs/replay.md.
///
/// Capturing walks every object reachable from the root through stored properties (collections,
/// optionals, structs, enums and existentials included) and copies each object's stored `var`s;
/// `let`s never change and are only searched. Restoring writes the copies back into the same
/// objects, so references between them, closures that captured them and their identities all
/// hold as they were; objects made after the capture are simply no longer referenced.
///
/// What it cannot see: state held only inside a closure's captured variables, and objects of
/// other libraries (Foundation, the standard library), which are kept by reference as values.
/// The room checks the state hash recorded for the moment after every restore, so a miss is
/// caught and the moment is rebuilt from its epoch's start instead (never shown).
public final class Keyframe: @unchecked Sendable {
    /// The object the capture started from (the lesson).
    public let root: AnyObject
    /// The lesson step it shows (steps since its epoch started).
    public let step: Int
    private let objects: [CapturedObject]
    /// Roughly how many bytes the copies hold (for the recording's budget).
    public let bytes: Int

    /// How many objects the keyframe holds.
    public var objectCount: Int { objects.count }

    /// Copies every object reachable from `root` as it is now.
    public init(capturing root: AnyObject, step: Int) {
        self.root = root
        self.step = step
        var walker = GraphWalker()
        walker.enqueue(root)
        var captured: [CapturedObject] = []
        var bytes = 0
        while let object = walker.next() {
            let entry = CapturedObject(object, walker: &walker)
            bytes += entry.bytes
            captured.append(entry)
        }
        objects = captured
        self.bytes = bytes
    }

    /// Puts every captured object back as it was.
    public func restore() {
        for object in objects { object.restore() }
    }

    /// The captured objects (for the coverage test).
    public var capturedObjects: [AnyObject] { objects.map(\.object) }

    /// True for classes of other libraries (Foundation, the standard library), which a keyframe
    /// keeps by reference without looking inside.
    public static func isForeign(_ type: AnyClass) -> Bool { GraphWalker.isForeign(type) }

    /// Every copied field as text, `Class.field = value` (for tests: a restore followed by a new
    /// capture must read the same, field for field).
    public func fieldDescriptions() -> [String] {
        objects.flatMap { $0.fieldDescriptions() }
    }

    /// The classes of the captured objects (for the coverage test).
    public var capturedClasses: [AnyClass] {
        var seen: Set<ObjectIdentifier> = []
        var classes: [AnyClass] = []
        for object in objects where seen.insert(ObjectIdentifier(type(of: object.object))).inserted {
            classes.append(type(of: object.object))
        }
        return classes
    }
}

/// What a keyframe does with each stored field of a class, worked out once per class.
private struct CapturePlan: @unchecked Sendable {
    /// A field holding references (or other non-plain values): copied as a value.
    struct ValueStep {
        var field: StoredField
        /// The field's type can hold objects: its value is searched for them.
        var holdsObjects: Bool
        /// The bytes of the field's value beyond the field itself (a collection's storage).
        var storageBytes: ((Any) -> Int)?
    }

    /// Neighbouring fields of plain bytes (numbers, geometry, flags, enums without payloads):
    /// copied as bytes, in one piece.
    struct ByteRun {
        var offset: Int
        var count: Int
    }

    /// Another library's class: kept by reference, its insides unseen.
    var isForeign: Bool
    var valueSteps: [ValueStep]
    var runs: [ByteRun]
    var runBytes: Int
    /// The plain fields, with where each one's bytes sit in the copy (for tests' descriptions).
    var plainFields: [(field: StoredField, at: Int)]

    static func of(_ type: AnyClass) -> CapturePlan {
        let key = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[key] }) { return known }
        let foreign = GraphWalker.isForeign(type)
        var valueSteps: [ValueStep] = []
        var runs: [ByteRun] = []
        var plainFields: [(field: StoredField, at: Int)] = []
        var runBytes = 0
        var extendable = false
        for field in (foreign ? [] : StoredField.of(type)).sorted(by: { $0.offset < $1.offset }) {
            let plain =
                (field.storage == .variable || field.storage == .constant) && TypeShape.kind(of: field.type) != .class
                && TypeShape.isPlainBytes(field.type)
            if plain {
                // A `let` of plain bytes is copied back unchanged: it joins its neighbours' run.
                if extendable, let last = runs.last, field.offset >= last.offset + last.count {
                    let grown = field.offset + field.size - last.offset
                    runBytes += grown - last.count
                    runs[runs.count - 1].count = grown
                } else {
                    runs.append(ByteRun(offset: field.offset, count: field.size))
                    runBytes += field.size
                }
                plainFields.append((field, runBytes - (field.size)))
                extendable = true
                continue
            }
            extendable = false
            let holds = TypeShape.mayHoldObjects(field.type)
            switch field.storage {
            case .variable, .weakVariable: break
            case .constant: if !holds { continue }
            case .unownedConstant, .unsupported: continue
            }
            valueSteps.append(
                ValueStep(field: field, holdsObjects: holds, storageBytes: (field.type as? any ValueContainer.Type)?.byteCounter))
        }
        let plan = CapturePlan(
            isForeign: foreign, valueSteps: valueSteps, runs: runs, runBytes: runBytes, plainFields: plainFields)
        cache.withLock { $0[key] = plan }
        return plan
    }

    private static let cache = Mutex<[ObjectIdentifier: CapturePlan]>([:])
}

/// One object's stored fields, as they were.
private struct CapturedObject {
    let object: AnyObject
    let plan: CapturePlan
    /// The plain fields' bytes, run after run.
    let plainBytes: [UInt8]
    /// Values of the `variable` value fields, in the plan's order.
    let values: [Any]
    /// Referents of the `weakVariable` fields, in the plan's order, and the words after the
    /// reference (a weak existential's witness tables, which are plain pointers).
    let weakReferents: [(AnyObject?, [UInt])]
    let bytes: Int

    init(_ object: AnyObject, walker: inout GraphWalker) {
        self.object = object
        let plan = CapturePlan.of(Swift.type(of: object))
        self.plan = plan
        let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        plainBytes = [UInt8](unsafeUninitializedCapacity: plan.runBytes) { buffer, count in
            var at = 0
            for run in plan.runs {
                UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: base + run.offset, byteCount: run.count)
                at += run.count
            }
            count = at
        }
        var values: [Any] = []
        var weakReferents: [(AnyObject?, [UInt])] = []
        var bytes = (plan.isForeign ? 16 : 48) + plan.runBytes
        for step in plan.valueSteps {
            let field = step.field
            let pointer = UnsafeMutableRawPointer(mutating: base + field.offset)
            switch field.storage {
            case .variable, .constant:
                let value = FieldAccess.load(field.type, from: pointer)
                if step.holdsObjects { walker.search(value, as: field.type) }
                if field.storage == .variable {
                    values.append(value)
                    bytes += 32 + field.size
                    if let storageBytes = step.storageBytes { bytes += storageBytes(value) }
                }
            case .weakVariable:
                let referent = FieldAccess.loadWeak(from: pointer)
                let words = (field.size - MemoryLayout<UInt>.size) / MemoryLayout<UInt>.size
                let rest = (0..<max(0, words)).map {
                    pointer.load(fromByteOffset: MemoryLayout<UInt>.size * ($0 + 1), as: UInt.self)
                }
                if let referent { walker.enqueue(referent) }
                weakReferents.append((referent, rest))
                bytes += 16 + 8 * rest.count
            case .unownedConstant, .unsupported:
                continue
            }
        }
        self.values = values
        self.weakReferents = weakReferents
        self.bytes = bytes
    }

    func restore() {
        let base = Unmanaged.passUnretained(object).toOpaque()
        plainBytes.withUnsafeBytes { bytes in
            var at = 0
            for run in plan.runs {
                (base + run.offset).copyMemory(from: bytes.baseAddress! + at, byteCount: run.count)
                at += run.count
            }
        }
        var nextValue = 0, nextWeak = 0
        for step in plan.valueSteps {
            let field = step.field
            let pointer = base.advanced(by: field.offset)
            switch field.storage {
            case .variable:
                FieldAccess.store(values[nextValue], as: field.type, to: pointer)
                nextValue += 1
            case .weakVariable:
                let (referent, rest) = weakReferents[nextWeak]
                FieldAccess.storeWeak(referent, to: pointer)
                for (i, word) in rest.enumerated() {
                    pointer.storeBytes(of: word, toByteOffset: MemoryLayout<UInt>.size * (i + 1), as: UInt.self)
                }
                nextWeak += 1
            default:
                continue
            }
        }
    }

    func fieldDescriptions() -> [String] {
        let name = String(describing: type(of: object))
        var lines: [String] = plainBytes.withUnsafeBytes { bytes in
            plan.plainFields.map { plain in
                let value = FieldAccess.load(plain.field.type, from: bytes.baseAddress! + plain.at)
                return "\(name).\(plain.field.name) = \(String(reflecting: value))"
            }
        }
        var values = self.values.makeIterator()
        var weak = weakReferents.makeIterator()
        for step in plan.valueSteps {
            switch step.field.storage {
            case .variable:
                guard let value = values.next() else { continue }
                lines.append("\(name).\(step.field.name) = \(String(reflecting: value))")
            case .weakVariable:
                guard let (referent, _) = weak.next() else { continue }
                let text = referent.map { String(describing: ObjectIdentifier($0)) } ?? "nil"
                lines.append("\(name).\(step.field.name) = weak \(text)")
            default:
                continue
            }
        }
        return lines
    }
}

/// Finds every object reachable from the ones enqueued, each once.
struct GraphWalker {
    private var seen: Set<ObjectIdentifier> = []
    private var queue: [AnyObject] = []
    private var head = 0

    mutating func enqueue(_ object: AnyObject) {
        if seen.insert(ObjectIdentifier(object)).inserted { queue.append(object) }
    }

    mutating func next() -> AnyObject? {
        guard head < queue.count else { return nil }
        defer { head += 1 }
        return queue[head]
    }

    /// Enqueues the objects a value holds (a field of static type `type`).
    mutating func search(_ value: Any, as type: Any.Type) {
        switch SearchPlan.of(type) {
        case .nothing:
            return
        case .object:
            enqueue(value as AnyObject)
        case .elements(let walk):
            walk(value) { element, type in search(element, as: type) }
        case .wrapped(let unwrap):
            if let wrapped = unwrap(value) { search(wrapped, as: Swift.type(of: wrapped)) }
        case .dynamic:
            let dynamicType = Swift.type(of: value)
            if dynamicType != type {
                // An existential: look at what it holds.
                search(value, as: dynamicType)
                return
            }
            for child in Mirror(reflecting: value).children {
                search(child.value, as: Swift.type(of: child.value))
            }
        }
    }

    /// Classes of Foundation and the standard library are not ours to look into.
    static func isForeign(_ type: AnyClass) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = foreign.withLock({ $0[key] }) { return known }
        let name = String(reflecting: type)
        let answer = ["Foundation.", "Swift.", "__C.", "_Concurrency.", "FoundationEssentials."].contains {
            name.hasPrefix($0)
        }
        foreign.withLock { $0[key] = answer }
        return answer
    }

    private static let foreign = Mutex<[ObjectIdentifier: Bool]>([:])
}

import Synchronization
