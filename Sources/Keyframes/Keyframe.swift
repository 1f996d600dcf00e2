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
    ///
    /// A `shareable` keyframe (the recording's) is kept so that the next one can share what did
    /// not change: given `previous` (an earlier shareable keyframe of the same root), an object
    /// whose fields all read as they did is the same copy, and the large arrays of plain values
    /// (the world's bodies, shapes, contacts) are cut into chunks of `chunkBytes`, of which the
    /// unchanged ones are shared. A settled pile is mostly sleeping bodies: most of a keyframe
    /// is then the previous one's. Restoring a chunked array builds it again (an allocation);
    /// a keyframe that is not shareable keeps arrays whole (copy-on-write) and restores them as
    /// they were. See docs/replay.md.
    public init(capturing root: AnyObject, step: Int, shareable: Bool = false, sharingWith previous: Keyframe? = nil) {
        self.root = root
        self.step = step
        var walker = GraphWalker()
        walker.enqueue(root)
        var captured: [CapturedObject] = []
        var prior: [ObjectIdentifier: CapturedObject] = [:]
        if shareable, let previous, previous.root === root {
            prior.reserveCapacity(previous.objects.count)
            for object in previous.objects { prior[ObjectIdentifier(object.object)] = object }
        }
        var bytes = 0
        while let object = walker.next() {
            let entry = CapturedObject.capture(
                object, walker: &walker, prior: prior[ObjectIdentifier(object)], chunking: shareable)
            bytes += entry.totalBytes
            captured.append(entry)
        }
        objects = captured
        self.bytes = bytes
    }

    /// Bytes of large arrays a shareable keyframe keeps in chunks (shared while unchanged).
    public static let chunkBytes = 1024

    /// Calls `body` with each piece of memory the keyframe holds (an object's copy, a chunk of a
    /// large array) and its bytes; a piece shared with another keyframe is the same identity in
    /// both, so a recording counts it once.
    public func forEachPiece(_ body: (ObjectIdentifier, Int) -> Void) {
        for object in objects { object.forEachPiece(body) }
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

    /// Bytes by what holds them, `Class.field` (a class's plain fields together as
    /// `Class.(plain)`), largest first: where a heavy scene's keyframe goes (`bench-replay
    /// --keyframe-costs`).
    public func bytesByField() -> [(field: String, bytes: Int)] {
        var totals: [String: Int] = [:]
        for object in objects {
            for (field, bytes) in object.bytesByField() { totals[field, default: 0] += bytes }
        }
        return totals.map { ($0.key, $0.value) }.sorted { $0.bytes > $1.bytes }
    }

    /// Like `bytesByField()`, only what this keyframe does not share with `other`.
    public func bytesByField(notSharedWith other: Keyframe) -> [(field: String, bytes: Int)] {
        var held: Set<ObjectIdentifier> = []
        other.forEachPiece { id, _ in held.insert(id) }
        var totals: [String: Int] = [:]
        for object in objects {
            let name = String(describing: type(of: object.object))
            if !held.contains(ObjectIdentifier(object)) { totals["\(name) (copy)", default: 0] += object.bytes }
            if !held.contains(ObjectIdentifier(object.plain)) { totals["\(name) (plain)", default: 0] += object.plain.cost }
            if !held.contains(ObjectIdentifier(object.fields)) { totals["\(name) (fields)", default: 0] += object.fields.bytes }
            for (step, copy) in zip(object.plan.valueSteps.filter { $0.field.storage == .variable }, object.values) {
                if case .shared(let shared) = copy, !held.contains(ObjectIdentifier(shared)) {
                    totals["\(name).\(step.field.name)", default: 0] += shared.bytes
                }
                guard case .chunked(let array) = copy else { continue }
                for chunk in array.chunks where !held.contains(ObjectIdentifier(chunk)) {
                    totals["\(name).\(step.field.name) (chunks)", default: 0] += chunk.cost
                }
            }
        }
        return totals.map { ($0.key, $0.value) }.sorted { $0.bytes > $1.bytes }
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
struct CapturePlan: @unchecked Sendable {
    /// A field holding references (or other non-plain values): copied as a value.
    struct ValueStep {
        var field: StoredField
        /// The field's type can hold objects: its value is searched for them.
        var holdsObjects: Bool
        /// The bytes of the field's value beyond the field itself (a collection's storage).
        var storageBytes: ((Any) -> Int)?
        /// The field is an array of plain values: a shareable keyframe may keep it in chunks.
        var plainArray: (any PlainValueArray.Type)?
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
            let plainArray = (field.type as? any PlainValueArray.Type).flatMap { $0.hasPlainElements ? $0 : nil }
            valueSteps.append(
                ValueStep(
                    field: field, holdsObjects: holds, storageBytes: (field.type as? any ValueContainer.Type)?.byteCounter,
                    plainArray: field.storage == .variable ? plainArray : nil))
        }
        let plan = CapturePlan(
            isForeign: foreign, valueSteps: valueSteps, runs: runs, runBytes: runBytes, plainFields: plainFields)
        cache.withLock { $0[key] = plan }
        return plan
    }

    private static let cache = Mutex<[ObjectIdentifier: CapturePlan]>([:])
}

/// A copied `var`: the value itself (arrays shared copy-on-write with the live object until it
/// changes them), or a large array of plain values in chunks that keyframes share.
enum FieldCopy {
    case value(Any)
    /// A collection of some size: a piece of its own, shared while the field holds the same storage.
    case shared(SharedValue)
    case chunked(ChunkedArray)
}

/// An object's plain fields' bytes, shared by its copies while they read the same.
final class PlainCopy {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var cost: Int { bytes.count + 48 + CapturedObject.ledgerCost }
}

/// An object's value and weak fields' copies, shared by its copies while they read the same.
final class FieldCopies {
    let values: [FieldCopy]
    let weakReferents: [(AnyObject?, [UInt])]
    /// Bytes of these copies (the shared values and chunks they hold aside).
    let bytes: Int

    init(values: [FieldCopy], weakReferents: [(AnyObject?, [UInt])], bytes: Int) {
        self.values = values
        self.weakReferents = weakReferents
        self.bytes = bytes
    }
}

/// A collection a field held (a dictionary, a set, an array of references), kept by keyframes
/// as one piece while the field holds the same storage.
final class SharedValue {
    let value: Any
    let bytes: Int

    init(_ value: Any, storageBytes: Int) {
        self.value = value
        bytes = storageBytes + 64 + CapturedObject.ledgerCost
    }

    /// Collections whose storage takes at least this many bytes are pieces of their own.
    static let minimumBytes = 256
}

/// One object's stored fields, as they were. Shared by consecutive shareable keyframes while
/// the object does not change, so a class: its identity is what a recording counts once. Its
/// plain bytes and its value fields are pieces of their own too, so that a block that moved
/// (new plain bytes) shares its unchanged references and collections with the previous copy.
final class CapturedObject {
    let object: AnyObject
    let plan: CapturePlan
    let plain: PlainCopy
    let fields: FieldCopies
    /// Bytes with its pieces'.
    let totalBytes: Int

    /// The plain fields' bytes, run after run.
    var plainBytes: [UInt8] { plain.bytes }
    /// Copies of the `variable` value fields, in the plan's order.
    var values: [FieldCopy] { fields.values }
    /// Referents of the `weakVariable` fields, in the plan's order, and the words after the
    /// reference (a weak existential's witness tables, which are plain pointers).
    var weakReferents: [(AnyObject?, [UInt])] { fields.weakReferents }
    /// Bytes of the copy itself (its pieces aside).
    var bytes: Int { 32 + Self.ledgerCost }

    private init(object: AnyObject, plan: CapturePlan, plain: PlainCopy, fields: FieldCopies, totalBytes: Int) {
        self.object = object
        self.plan = plan
        self.plain = plain
        self.fields = fields
        self.totalBytes = totalBytes
    }

    /// Calls `body` with this copy and each piece it holds, and their bytes.
    func forEachPiece(_ body: (ObjectIdentifier, Int) -> Void) {
        body(ObjectIdentifier(self), bytes)
        body(ObjectIdentifier(plain), plain.cost)
        body(ObjectIdentifier(fields), fields.bytes)
        for copy in fields.values {
            switch copy {
            case .value: continue
            case .shared(let shared): body(ObjectIdentifier(shared), shared.bytes)
            case .chunked(let array): for chunk in array.chunks { body(ObjectIdentifier(chunk), chunk.cost) }
            }
        }
    }

    /// Copies `object`'s fields, or returns `prior` (its copy in the previous keyframe) when
    /// every field reads as it did there. A value field is unchanged when its bits are the bits
    /// of the value `prior` holds: `prior` keeps that value alive, so equal bits are the same
    /// references and the same (immutable while shared) collection storage.
    static func capture(_ object: AnyObject, walker: inout GraphWalker, prior: CapturedObject?, chunking: Bool)
        -> CapturedObject
    {
        let plan = CapturePlan.of(Swift.type(of: object))
        let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        let plain: PlainCopy
        if let prior, plainBytesEqual(prior.plainBytes, plan: plan, base: base) {
            plain = prior.plain
        } else {
            plain = PlainCopy(
                [UInt8](unsafeUninitializedCapacity: plan.runBytes) { buffer, count in
                    var at = 0
                    for run in plan.runs {
                        UnsafeMutableRawPointer(buffer.baseAddress! + at).copyMemory(from: base + run.offset, byteCount: run.count)
                        at += run.count
                    }
                    count = at
                })
        }
        var fieldsUnchanged = prior != nil
        var values: [FieldCopy] = []
        values.reserveCapacity(plan.valueSteps.count)
        var weakReferents: [(AnyObject?, [UInt])] = []
        var bytes = 48 + Self.ledgerCost
        var pieceBytes = 0
        for step in plan.valueSteps {
            let field = step.field
            let pointer = UnsafeMutableRawPointer(mutating: base + field.offset)
            switch field.storage {
            case .variable, .constant:
                let priorCopy = prior.map { $0.values.count > values.count ? $0.values[values.count] : nil } ?? nil
                if step.holdsObjects || field.storage == .variable {
                    let value = FieldAccess.load(field.type, from: pointer)
                    if step.holdsObjects { walker.search(value, as: field.type) }
                    guard field.storage == .variable else { continue }
                    bytes += 32 + field.size
                    if chunking, let arrayType = step.plainArray, arrayType.byteCount(of: value) >= 2 * Keyframe.chunkBytes {
                        var previousChunks: ChunkedArray?
                        if case .chunked(let chunked) = priorCopy { previousChunks = chunked }
                        let chunked = ChunkedArray(value, as: arrayType, sharingWith: previousChunks)
                        if !chunked.isSame(as: previousChunks) { fieldsUnchanged = false }
                        bytes += chunked.chunks.count * 8
                        pieceBytes += chunked.chunks.reduce(0) { $0 + $1.cost }
                        values.append(.chunked(chunked))
                    } else if case .value(let old) = priorCopy, sameValue(old, value, step: step, at: pointer) {
                        // The same value: keep the copy already made (no new box).
                        values.append(.value(old))
                        if let storageBytes = step.storageBytes { bytes += storageBytes(old) }
                    } else if case .shared(let old) = priorCopy, sameValue(old.value, value, step: step, at: pointer) {
                        values.append(.shared(old))
                    } else {
                        fieldsUnchanged = false
                        let storage = step.storageBytes?(value) ?? 0
                        if chunking, storage >= SharedValue.minimumBytes {
                            let shared = SharedValue(value, storageBytes: storage)
                            pieceBytes += shared.bytes
                            values.append(.shared(shared))
                        } else {
                            bytes += storage
                            values.append(.value(value))
                        }
                    }
                }
            case .weakVariable:
                let referent = FieldAccess.loadWeak(from: pointer)
                let words = (field.size - MemoryLayout<UInt>.size) / MemoryLayout<UInt>.size
                let rest = (0..<max(0, words)).map {
                    pointer.load(fromByteOffset: MemoryLayout<UInt>.size * ($0 + 1), as: UInt.self)
                }
                if let referent { walker.enqueue(referent) }
                if let prior {
                    let (old, oldRest) = prior.weakReferents[weakReferents.count]
                    if old !== referent || oldRest != rest { fieldsUnchanged = false }
                }
                weakReferents.append((referent, rest))
                bytes += 16 + 8 * rest.count
            case .unownedConstant, .unsupported:
                continue
            }
        }
        if fieldsUnchanged, let prior {
            if plain === prior.plain { return prior }
            return CapturedObject(
                object: object, plan: plan, plain: plain, fields: prior.fields,
                totalBytes: prior.totalBytes - prior.plain.cost + plain.cost)
        }
        let fields = FieldCopies(values: values, weakReferents: weakReferents, bytes: bytes)
        return CapturedObject(
            object: object, plan: plan, plain: plain, fields: fields,
            totalBytes: 32 + Self.ledgerCost + plain.cost + bytes + pieceBytes)
    }

    /// True when a field (at `pointer`, holding `value`) reads as the copy `old`: the same bits,
    /// or for an array of plain values, the same elements byte for byte (lists rebuilt every
    /// step, such as an item's collisions, are new storage with the same contents).
    private static func sameValue(_ old: Any, _ value: Any, step: CapturePlan.ValueStep, at pointer: UnsafeRawPointer) -> Bool {
        if FieldAccess.bitsEqual(old, as: step.field.type, at: pointer) { return true }
        guard let arrayType = step.plainArray else { return false }
        return arrayType.sameBytes(old, value)
    }

    /// What a recording's count of shared pieces costs per piece (its table's entry).
    static let ledgerCost = 32

    private static func plainBytesEqual(_ copy: [UInt8], plan: CapturePlan, base: UnsafeRawPointer) -> Bool {
        copy.withUnsafeBytes { bytes in
            var at = 0
            for run in plan.runs {
                if memcmp(bytes.baseAddress! + at, base + run.offset, run.count) != 0 { return false }
                at += run.count
            }
            return true
        }
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
                FieldAccess.store(values[nextValue].value(as: step.plainArray), as: field.type, to: pointer)
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

    func bytesByField() -> [(String, Int)] {
        let name = String(describing: type(of: object))
        var result = [("\(name).(plain)", (plan.isForeign ? 16 : 48) + plan.runBytes)]
        var values = self.values.makeIterator()
        for step in plan.valueSteps {
            switch step.field.storage {
            case .variable:
                guard let copy = values.next() else { continue }
                let storage: Int
                switch copy {
                case .value(let value): storage = step.storageBytes?(value) ?? 0
                case .shared(let shared): storage = shared.bytes
                case .chunked(let array): storage = array.chunks.reduce(8 * array.chunks.count) { $0 + $1.cost }
                }
                result.append(("\(name).\(step.field.name)", 32 + step.field.size + storage))
            case .weakVariable:
                result.append(("\(name).\(step.field.name)", 16 + step.field.size))
            default:
                continue
            }
        }
        return result
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
                guard let copy = values.next() else { continue }
                lines.append("\(name).\(step.field.name) = \(String(reflecting: copy.value(as: step.plainArray)))")
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
