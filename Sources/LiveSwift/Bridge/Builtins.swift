import Foundation
import Lessons

/// Swift's standard library as far as lessons use it: numbers and their conversions, the
/// math functions, strings, arrays, dictionaries, ranges. No clock, files, network, processes
/// or environment: those have no name here.
enum Builtins {
    static func register(into b: Bridge) {
        func math1(_ name: String, _ f: @escaping (Double) -> Double) {
            b.globals[name] = { args, i in .double(f(try Double.from(try one(args, name), i))) }
        }
        math1("sqrt", { $0.squareRoot() })
        // C's Float versions, which older code calls (`sqrtf`, `powf`): the same on CGFloat here.
        math1("sqrtf", { $0.squareRoot() })
        for (name, f) in [("sinf", sin), ("cosf", cos), ("tanf", tan), ("fabsf", fabs), ("floorf", floor), ("ceilf", ceil)] as [(String, (Double) -> Double)] {
            math1(name, f)
        }
        math1("sin", sin)
        math1("cos", cos)
        math1("tan", tan)
        math1("asin", asin)
        math1("acos", acos)
        math1("atan", atan)
        math1("exp", exp)
        math1("log", log)
        math1("log10", log10)
        math1("log2", log2)
        math1("floor", floor)
        math1("ceil", ceil)
        math1("round", { $0.rounded() })
        math1("fabs", fabs)
        math1("trunc", trunc)
        func math2(_ name: String, _ f: @escaping (Double, Double) -> Double) {
            b.globals[name] = { args, i in
                guard args.count == 2 else { throw BridgeError(message: "\(name) takes 2 arguments") }
                return .double(f(try Double.from(args[0], i), try Double.from(args[1], i)))
            }
        }
        math2("pow", pow)
        math2("powf", pow)
        math2("atan2f", atan2)
        math2("hypotf", hypot)
        math2("atan2", atan2)
        math2("hypot", hypot)
        math2("fmod", fmod)
        math2("copysign", copysign)
        b.globals["abs"] = { args, i in
            let x = try one(args, "abs")
            if case .int(let n) = x {
                guard n != .min else { throw BridgeError(message: "arithmetic overflow") }
                return .int(abs(n))
            }
            return .double(abs(try Double.from(x, i)))
        }
        b.globals["min"] = { args, i in try extreme(args, i, "min", <) }
        b.globals["max"] = { args, i in try extreme(args, i, "max", >) }
        b.globals["print"] = { args, i in
            i.print(args.values.map { i.describe($0) }.joined(separator: " "))
            return .void
        }
        b.globals["stride"] = { args, i in
            guard args.count == 3, args.labels[0] == "from", args.labels[2] == "by" else {
                throw BridgeError(message: "stride takes (from:to:by:) or (from:through:by:)")
            }
            let isInt = args.values.allSatisfy { if case .int = $0 { return true } else { return false } }
            let by = try Double.from(args[2], i)
            guard by != 0, by.isFinite else { throw BridgeError(message: "Stride size must not be zero") }
            return .value(
                LiveStride(
                    from: try Double.from(args[0], i), to: try Double.from(args[1], i), by: by,
                    through: args.labels[1] == "through", isInt: isInt))
        }
        b.globals["fatalError"] = { args, i in
            throw BridgeError(message: "Fatal error: " + (args.values.first.map { i.describe($0) } ?? ""))
        }
        b.globals["precondition"] = { args, i in
            if case .bool(false) = args.values.first {
                throw BridgeError(message: "Precondition failed" + (args.count > 1 ? ": \(i.describe(args[1]))" : ""))
            }
            return .void
        }
        b.globals["assert"] = b.globals["precondition"]
        b.globals["zip"] = { args, _ in
            guard args.count == 2, case .array(let a) = args[0], case .array(let c) = args[1] else {
                throw BridgeError(message: "zip takes two arrays")
            }
            return .array(zip(a, c).map { .tuple([$0, $1], labels: [nil, nil]) })
        }
        b.globals["type"] = { args, _ in .type(args.values.first?.typeName ?? "Void") }
        b.globals["swap"] = { args, _ in
            guard args.count == 2, let a = args.inoutBox(0), let c = args.inoutBox(1) else {
                throw BridgeError(message: "swap takes two variables, each passed with '&': swap(&a, &b)")
            }
            (a.value, c.value) = (c.value, a.value)
            return .void
        }
    }

    /// The C random functions older tutorials call, from the lesson's own generator (so a run
    /// repeats): `arc4random()`, `arc4random_uniform(n)`, `drand48()`.
    static func registerCRandom(into b: Bridge) {
        b.globals["arc4random"] = { args, i in
            guard args.count == 0 else { throw BridgeError(message: "arc4random takes no arguments") }
            return .int(Int(UInt32.random(in: .min ... .max, using: &i.random)))
        }
        b.globals["arc4random_uniform"] = { args, i in
            let bound = try Int.from(try one(args, "arc4random_uniform"), i)
            guard bound >= 0, bound <= Int(UInt32.max) else { throw BridgeError(message: "Not enough bits to represent the passed value") }
            return .int(bound < 2 ? 0 : Int.random(in: 0..<bound, using: &i.random))
        }
        b.globals["drand48"] = { args, i in
            guard args.count == 0 else { throw BridgeError(message: "drand48 takes no arguments") }
            return .double(Double.random(in: 0..<1, using: &i.random))
        }
    }

    /// Bridged functions with an inout parameter; `&` before any other argument is refused.
    static let takingInout: Set<String> = ["random", "shuffle", "shuffled", "randomElement", "swap"]

    // MARK: Random numbers, repeatable

    /// `Int.random(in:)`, `CGFloat.random(in:using:)`, `Bool.random()`…: Swift's own
    /// algorithms over the lesson's generator, so a run's numbers equal the compiled lesson's.
    static func callStatic(_ typeName: String, _ name: String, _ args: Arguments, _ i: Interpreter) throws -> Value? {
        guard name == "random", ["Int", "Double", "CGFloat", "Float", "TimeInterval", "Bool"].contains(typeName) else {
            return nil
        }
        return try withGenerator(args, i) { g in
            if typeName == "Bool" { return .bool(Bool.random(using: &g)) }
            guard args.labels.first == "in" else { throw BridgeError(message: "'\(typeName).random' takes (in:) or (in:using:)") }
            let empty = BridgeError(message: "Can't get random value with an empty range")
            switch args[0] {
            case .value(let r as LiveRange) where typeName == "Int":
                guard r.count > 0 else { throw empty }
                return .int(r.closed ? Int.random(in: r.lower...r.upper, using: &g) : Int.random(in: r.lower..<r.upper, using: &g))
            case .value(let r as LiveRange):
                return try randomFloating(typeName, Double(r.lower), Double(r.upper), closed: r.closed, &g)
            case .value(let r as LiveDoubleRange) where typeName != "Int":
                return try randomFloating(typeName, r.lower, r.upper, closed: r.closed, &g)
            default:
                throw mismatch(args[0], typeName == "Int" ? "Range<Int>" : "ClosedRange<\(typeName)>")
            }
        }
    }

    private static func randomFloating(_ typeName: String, _ lower: Double, _ upper: Double, closed: Bool, _ g: inout SeededRandom) throws -> Value {
        guard closed ? lower <= upper : lower < upper else { throw BridgeError(message: "Can't get random value with an empty range") }
        guard (upper - lower).isFinite else { throw BridgeError(message: "There is no uniform distribution on an infinite range") }
        switch typeName {
        case "CGFloat":
            let (l, u) = (CGFloat(lower), CGFloat(upper))
            return .double(Double(closed ? CGFloat.random(in: l...u, using: &g) : CGFloat.random(in: l..<u, using: &g)))
        case "Float":
            let (l, u) = (Float(lower), Float(upper))
            return .double(Double(closed ? Float.random(in: l...u, using: &g) : Float.random(in: l..<u, using: &g)))
        default:
            return .double(closed ? Double.random(in: lower...upper, using: &g) : Double.random(in: lower..<upper, using: &g))
        }
    }

    /// Runs `body` with the generator passed as `using: &g` (written back to its box), or with
    /// the lesson's own when the call names none.
    static func withGenerator(_ args: Arguments, _ i: Interpreter, _ body: (inout SeededRandom) throws -> Value) throws -> Value {
        guard let k = args.labels.firstIndex(of: "using") else { return try body(&i.random) }
        guard let box = args.inoutBox(k) else {
            throw BridgeError(message: "passing value of type '\(args[k].typeName)' to an inout parameter requires explicit '&'")
        }
        guard case .value(var generator as SeededRandom) = box.value else {
            throw BridgeError(message: "cannot convert value of type '\(box.value.typeName)' to expected argument type 'inout SeededRandom'")
        }
        let result = try body(&generator)
        box.value = .value(generator)
        return result
    }

    private static func sizeCheck(_ count: Int, _ i: Interpreter) throws {
        if count > i.limits.maxCollectionSize {
            throw BridgeError(
                message: "a string or collection grew past \(i.limits.maxCollectionSize) elements (the lesson's memory budget)")
        }
    }

    private static func one(_ args: Arguments, _ name: String) throws -> Value {
        guard args.count == 1 else { throw BridgeError(message: "\(name) takes 1 argument") }
        return args[0]
    }

    private static func extreme(_ args: Arguments, _ i: Interpreter, _ name: String, _ better: (Double, Double) -> Bool) throws -> Value {
        var values = args.values
        if values.count == 1, case .array(let a) = values[0] { values = a }
        guard values.count >= 2 || args.count == 1 else { throw BridgeError(message: "\(name) takes 2 or more arguments") }
        guard var best = values.first else { return .none }
        if values.allSatisfy({ if case .int = $0 { return true } else { return false } }) {
            for v in values.dropFirst() {
                if case .int(let x) = v, case .int(let y) = best, better(Double(x), Double(y)) { best = v }
            }
            return best
        }
        var bestValue = try Double.from(best, i)
        for v in values.dropFirst() {
            let x = try Double.from(v, i)
            // Swift's min/max return the first of equal values; NaN handling follows Double's `<`.
            if better(x, bestValue) { bestValue = x }
        }
        best = .double(bestValue)
        return best
    }

    // MARK: Initialisers of standard types

    static func construct(_ typeName: String, _ args: Arguments, _ i: Interpreter) throws -> Value? {
        switch typeName {
        case "CGFloat", "Double", "TimeInterval":
            guard args.count == 1 else { return nil }
            switch args[0] {
            case .int(let n): return .double(Double(n))
            case .double: return args[0]
            case .string(let s): return Double(s).map { .double($0) } ?? .none
            default: throw mismatch(args[0], typeName)
            }
        case "Float":
            guard args.count == 1 else { return nil }
            return .double(Double(Float(try Double.from(args[0], i))))
        case "UInt32", "UInt", "UInt64", "Int32", "Int64", "UInt16", "Int16", "UInt8", "Int8":
            // Fixed-width integers are Ints here; a conversion traps where Swift's would.
            guard args.count == 1 else { return nil }
            let (low, high): (Double, Double) =
                switch typeName {
                case "UInt32": (0, Double(UInt32.max))
                case "UInt", "UInt64": (0, Double(Int.max))
                case "Int32": (Double(Int32.min), Double(Int32.max))
                case "UInt16": (0, Double(UInt16.max))
                case "Int16": (Double(Int16.min), Double(Int16.max))
                case "UInt8": (0, Double(UInt8.max))
                case "Int8": (Double(Int8.min), Double(Int8.max))
                default: (Double(Int.min), Double(Int.max))
                }
            let value: Double
            switch args[0] {
            case .int(let n): value = Double(n)
            case .double(let d): value = d.rounded(.towardZero)
            default: throw mismatch(args[0], typeName)
            }
            // Double(Int.max) is 2^63, which no Int holds: that bound is exclusive.
            guard value.isFinite, value >= low, high >= 0x1p63 ? value < high : value <= high else {
                throw BridgeError(message: "Not enough bits to represent the passed value (\(typeName))")
            }
            return .int(Int(value))
        case "Int":
            guard args.count == 1 else { return nil }
            switch args[0] {
            case .int: return args[0]
            case .double(let d):
                guard d.isFinite, d > -9.3e18, d < 9.3e18 else {
                    throw BridgeError(message: "Double value cannot be converted to Int because it is \(d.isNaN ? "NaN" : "out of range")")
                }
                return .int(Int(d))
            case .string(let s): return Int(s).map { .int($0) } ?? .none
            default: throw mismatch(args[0], "Int")
            }
        case "String":
            if args.labels.first == "format" { return .string(try format(args, i)) }
            guard args.count == 1 else { return nil }
            return .string(i.describe(args[0]))
        case "Bool":
            guard args.count == 1 else { return nil }
            return .bool(try Bool.from(args[0], i))
        case "Set":
            // `Set<Int>()`, `Set([1, 2])`, `Set(otherSet)`.
            guard args.count <= 1 else { return nil }
            var set = LiveSet()
            switch args.values.first {
            case nil: break
            case .array(let elements)?: for e in elements { set.insert(try i.dictionaryKey(e, at: TokenSyntaxPlaceholder.node)) }
            case .value(let other as LiveSet)?: set = other
            case let other?: throw mismatch(other, "Array")
            }
            return .value(set)
        case "Array":
            return .array([])
        case "Dictionary":
            return .dictionary([:])
        default:
            return nil
        }
    }

    /// `String(format: "%.2f m/s", speed)`: each conversion is checked against its argument
    /// first (a C format reading the wrong type would read memory it has no business reading),
    /// then Foundation formats it. `%d %i %u %x %X %o` take integers, `%f %e %g %a` (and their
    /// capitals) numbers, `%@` a string or number; `%%` is a percent sign.
    static func format(_ args: Arguments, _ i: Interpreter) throws -> String {
        let template = try String.from(args[0], i)
        var values = Array(args.values.dropFirst())
        if values.count == 1, args.labels.count > 1, args.labels[1] == "arguments", case .array(let list) = values[0] { values = list }
        var cArgs: [CVarArg] = []
        var chars = Array(template.unicodeScalars)[...]
        while let c = chars.popFirst() {
            guard c == "%" else { continue }
            guard let next = chars.first else { throw BridgeError(message: "String(format:) ends in the middle of a conversion") }
            if next == "%" {
                chars.removeFirst()
                continue
            }
            while let f = chars.first, "-+ #0'".unicodeScalars.contains(f) { chars.removeFirst() }
            while let d = chars.first, ("0"..."9").contains(d) || d == "." { chars.removeFirst() }
            while let l = chars.first, "hlqLzjt".unicodeScalars.contains(l) { chars.removeFirst() }
            guard let conversion = chars.popFirst() else { throw BridgeError(message: "String(format:) ends in the middle of a conversion") }
            guard cArgs.count < values.count else {
                throw BridgeError(message: "String(format:) has more conversions than arguments")
            }
            let value = values[cArgs.count]
            switch conversion {
            case "d", "i", "u", "x", "X", "o":
                guard case .int(let n) = value else { throw mismatch(value, "Int (for %\(conversion))") }
                cArgs.append(n)
            case "f", "F", "e", "E", "g", "G", "a", "A":
                guard let d = value.asDouble else { throw mismatch(value, "Double (for %\(conversion))") }
                cArgs.append(d)
            case "@":
                cArgs.append(NSString(string: i.describe(value)))
            default:
                throw BridgeError(message: "String(format:) does not take '%\(conversion)' in live lessons (use %d, %f, %@)")
            }
        }
        let text = String(format: template, arguments: cArgs)
        try sizeCheck(text.count, i)
        return text
    }

    // MARK: Members of standard values

    static func get(_ base: Value, _ name: String, _ i: Interpreter) throws -> Value? {
        switch base {
        case .array(let a):
            switch name {
            case "count": return .int(a.count)
            case "isEmpty": return .bool(a.isEmpty)
            case "first": return a.first ?? Value.none
            case "last": return a.last ?? Value.none
            case "indices": return .value(LiveRange(lower: 0, upper: a.count, closed: false))
            default: return nil
            }
        case .dictionary(let d):
            switch name {
            case "count": return .int(d.count)
            case "isEmpty": return .bool(d.isEmpty)
            case "keys": return .array(d.keys.map(\.value))
            case "values": return .array(Array(d.values))
            default: return nil
            }
        case .string(let s):
            switch name {
            case "count": return .int(s.count)
            case "isEmpty": return .bool(s.isEmpty)
            default: return nil
            }
        case .int(let n):
            switch name {
            case "magnitude": return .int(n.magnitude > UInt(Int.max) ? Int.max : Int(n.magnitude))
            case "description": return .string(n.description)
            default: return nil
            }
        case .double(let d):
            switch name {
            case "magnitude": return .double(d.magnitude)
            case "isNaN": return .bool(d.isNaN)
            case "isFinite": return .bool(d.isFinite)
            case "isInfinite": return .bool(d.isInfinite)
            case "isZero": return .bool(d.isZero)
            case "sign": return .symbol(d.sign == .minus ? "minus" : "plus")
            case "description": return .string(d.description)
            default: return nil
            }
        case .value(let set as LiveSet):
            switch name {
            case "count": return .int(set.keys.count)
            case "isEmpty": return .bool(set.keys.isEmpty)
            case "first": return set.keys.first?.value ?? Value.none
            default: return nil
            }
        case .value(let range as LiveRange):
            switch name {
            case "count": return .int(range.count)
            case "lowerBound": return .int(range.lower)
            case "upperBound": return .int(range.upper)
            case "isEmpty": return .bool(range.count == 0)
            default: return nil
            }
        case .type("PlaygroundPage") where name == "current":
            return .native(i.playgroundPage)
        case .type(let typeName) where ["CGFloat", "Double", "Float", "Int", "TimeInterval"].contains(typeName):
            if typeName == "Int" {
                switch name {
                case "max": return .int(.max)
                case "min": return .int(.min)
                default: return nil
                }
            }
            return Bridge.numericSymbol(name).map { .double($0) }
        default:
            return nil
        }
    }

    static func call(_ base: inout Value, _ name: String, _ args: Arguments, _ i: Interpreter) throws -> Value {
        // The collection is moved out of `base` (one owner while it changes: no copy per append).
        if case .array = base {
            guard case .array(var a) = base else { return .void }
            base = .void
            defer { base = .array(a) }
            return try arrayMethod(&a, name, args, i)
        }
        if case .value(var set as LiveSet) = base {
            base = .void
            defer { base = .value(set) }
            return try setMethod(&set, name, args, i)
        }
        switch base {
        case .dictionary:
            guard case .dictionary(var d) = base else { return .void }
            base = .void
            defer { base = .dictionary(d) }
            switch name {
            case "removeValue":
                let key = try i.dictionaryKey(args[0], at: TokenSyntaxPlaceholder.node)
                return d.removeValue(forKey: key) ?? .none
            case "removeAll":
                d.removeAll()
                return .void
            case "updateValue":
                let key = try i.dictionaryKey(args[1], at: TokenSyntaxPlaceholder.node)
                let old = d.updateValue(args[0], forKey: key)
                try sizeCheck(d.count, i)
                return old ?? .none
            default:
                throw BridgeError(message: "value of type 'Dictionary' has no member '\(name)'")
            }
        case .string:
            guard case .string(var s) = base else { return .void }
            base = .void
            defer { base = .string(s) }
            switch name {
            case "append":
                let suffix = try String.from(args[0], i)
                try sizeCheck(s.utf8.count + suffix.utf8.count, i)
                s += suffix
                return .void
            case "uppercased": return .string(s.uppercased())
            case "lowercased": return .string(s.lowercased())
            case "hasPrefix": return .bool(s.hasPrefix(try String.from(args[0], i)))
            case "hasSuffix": return .bool(s.hasSuffix(try String.from(args[0], i)))
            case "contains": return .bool(s.contains(try String.from(args[0], i)))
            case "removeAll":
                s.removeAll()
                return .void
            default:
                throw BridgeError(message: "value of type 'String' has no member '\(name)'")
            }
        case .int(let n):
            switch name {
            case "isMultiple": return .bool(n.isMultiple(of: try Int.from(args[0], i)))
            default: throw BridgeError(message: "value of type 'Int' has no member '\(name)'")
            }
        case .double(let d):
            switch name {
            case "rounded":
                if args.count == 0 { return .double(d.rounded()) }
                guard case .symbol(let rule) = args[0] else { throw mismatch(args[0], "FloatingPointRoundingRule") }
                let rules: [String: FloatingPointRoundingRule] = [
                    "up": .up, "down": .down, "towardZero": .towardZero, "awayFromZero": .awayFromZero,
                    "toNearestOrEven": .toNearestOrEven, "toNearestOrAwayFromZero": .toNearestOrAwayFromZero,
                ]
                guard let r = rules[rule] else { throw BridgeError(message: "no rounding rule '.\(rule)'") }
                return .double(d.rounded(r))
            case "squareRoot": return .double(d.squareRoot())
            case "truncatingRemainder": return .double(d.truncatingRemainder(dividingBy: try Double.from(args[0], i)))
            default: throw BridgeError(message: "value of type 'Double' has no member '\(name)'")
            }
        case .value(let range as LiveRange):
            switch name {
            case "contains": return .bool(range.contains(try Double.from(args[0], i)))
            default:
                // `(0...5).map { … }`: a range of integers is a collection of them.
                try sizeCheck(range.count, i)
                var elements = (0..<range.count).map { Value.int(range.lower + $0) }
                return try arrayMethod(&elements, name, args, i)
            }
        case .value(let range as LiveDoubleRange):
            switch name {
            case "contains": return .bool(range.contains(try Double.from(args[0], i)))
            default: throw BridgeError(message: "value of type 'ClosedRange' has no member '\(name)'")
            }
        default:
            throw BridgeError(message: "value of type '\(base.typeName)' has no member '\(name)'")
        }
    }

    /// `Set`'s methods; those it shares with arrays (`map`, `filter`, `sorted`, `contains(where:)`…)
    /// run over its elements in order.
    private static func setMethod(_ set: inout LiveSet, _ name: String, _ args: Arguments, _ i: Interpreter) throws -> Value {
        func key(_ k: Int) throws -> DictionaryKey { try i.dictionaryKey(args[k], at: TokenSyntaxPlaceholder.node) }
        func other(_ k: Int) throws -> LiveSet {
            switch args[k] {
            case .value(let s as LiveSet): return s
            case .array(let elements):
                var s = LiveSet()
                for e in elements { s.insert(try i.dictionaryKey(e, at: TokenSyntaxPlaceholder.node)) }
                return s
            default: throw mismatch(args[k], "Set")
            }
        }
        switch name {
        case "insert":
            let k = try key(0)
            let inserted = set.insert(k)
            try sizeCheck(set.keys.count, i)
            return .tuple([.bool(inserted), k.value], labels: ["inserted", "memberAfterInsert"])
        case "remove":
            let k = try key(0)
            return set.remove(k) ? k.value : .none
        case "contains" where args.labels.first == nil:
            return .bool(set.members.contains(try key(0)))
        case "removeAll":
            set = LiveSet()
            return .void
        case "union", "formUnion":
            var result = set
            for k in try other(0).keys { result.insert(k) }
            try sizeCheck(result.keys.count, i)
            if name == "formUnion" { set = result; return .void }
            return .value(result)
        case "intersection", "formIntersection", "subtracting", "subtract":
            let o = try other(0)
            let keeping = !name.hasPrefix("subtract")
            var result = LiveSet()
            for k in set.keys where o.members.contains(k) == keeping { result.insert(k) }
            if name == "formIntersection" || name == "subtract" { set = result; return .void }
            return .value(result)
        case "isSubset": return .bool(set.members.isSubset(of: try other(0).members))
        case "isSuperset": return .bool(set.members.isSuperset(of: try other(0).members))
        case "isDisjoint": return .bool(set.members.isDisjoint(with: try other(0).members))
        default:
            var elements = set.keys.map(\.value)
            return try arrayMethod(&elements, name, args, i)
        }
    }

    private static func arrayMethod(_ a: inout [Value], _ name: String, _ args: Arguments, _ i: Interpreter) throws -> Value {
        func index(_ v: Value) throws -> Int {
            let n = try Int.from(v, i)
            guard n >= 0 && n < a.count else { throw BridgeError(message: "Index out of range (index \(n), count \(a.count))") }
            return n
        }
        func function(_ k: Int) throws -> Function {
            guard k < args.count, case .function(let f) = args[k] else { throw BridgeError(message: "\(name) needs a closure") }
            return f
        }
        func apply(_ f: Function, _ values: Value...) throws -> Value {
            try i.call(f, Arguments(values: values, labels: values.map { _ in nil }), at: f.node)
        }
        switch name {
        case "append":
            if args.labels.first == "contentsOf" {
                guard case .array(let more) = args[0] else { throw mismatch(args[0], "Array") }
                try sizeCheck(a.count + more.count, i)
                a.append(contentsOf: more)
            } else {
                try sizeCheck(a.count + 1, i)
                a.append(args[0])
            }
            return .void
        case "insert":
            let n = try Int.from(args[1], i)
            guard n >= 0 && n <= a.count else { throw BridgeError(message: "Array index is out of range") }
            try sizeCheck(a.count + 1, i)
            a.insert(args[0], at: n)
            return .void
        case "remove": return a.remove(at: try index(args[0]))
        case "removeFirst":
            guard !a.isEmpty else { throw BridgeError(message: "Can't remove first element from an empty collection") }
            return a.removeFirst()
        case "removeLast":
            guard !a.isEmpty else { throw BridgeError(message: "Can't remove last element from an empty collection") }
            return a.removeLast()
        case "popLast": return a.popLast() ?? .none
        case "removeAll":
            if args.count == 1, args.labels[0] == "where" || args.labels[0] == trailingLabel {
                let f = try function(0)
                var kept: [Value] = []
                for v in a where !(try i.truth(try apply(f, v), f.node)) { kept.append(v) }
                a = kept
            } else {
                a.removeAll()
            }
            return .void
        case "reverse":
            a.reverse()
            return .void
        case "swapAt":
            a.swapAt(try index(args[0]), try index(args[1]))
            return .void
        case "contains":
            if args.labels.first == "where" || args.labels.first == trailingLabel {
                let f = try function(0)
                for v in a where try i.truth(try apply(f, v), f.node) { return .bool(true) }
                return .bool(false)
            }
            for v in a where (try? i.equal(v, args[0], at: TokenSyntaxPlaceholder.node)) == true { return .bool(true) }
            return .bool(false)
        case "firstIndex":
            for (n, v) in a.enumerated() where (try? i.equal(v, args[0], at: TokenSyntaxPlaceholder.node)) == true { return .int(n) }
            return .none
        case "joined":
            // `["a", "b"].joined(separator: ", ")`
            let separator = args.count == 1 ? try String.from(args[0], i) : ""
            var text = ""
            for (n, v) in a.enumerated() {
                guard case .string(let s) = v else { throw mismatch(v, "String") }
                if n > 0 { text += separator }
                text += s
                try sizeCheck(text.utf8.count, i)
            }
            return .string(text)
        case "enumerated":
            return .array(a.enumerated().map { .tuple([.int($0.offset), $0.element], labels: ["offset", "element"]) })
        case "reversed": return .array(a.reversed())
        case "dropFirst", "dropLast", "prefix", "suffix":
            let k = args.count == 0 ? 1 : try Int.from(args[0], i)
            guard k >= 0 else { throw BridgeError(message: "Can't \(name) a negative number of elements from a collection") }
            switch name {
            case "dropFirst": return .array(Array(a.dropFirst(k)))
            case "dropLast": return .array(Array(a.dropLast(k)))
            case "prefix": return .array(Array(a.prefix(k)))
            default: return .array(Array(a.suffix(k)))
            }
        case "map":
            let f = try function(0)
            return .array(try a.map { try apply(f, $0) })
        case "compactMap":
            let f = try function(0)
            return .array(try a.map { try apply(f, $0) }.filter { !$0.isNone })
        case "filter":
            let f = try function(0)
            return .array(try a.filter { try i.truth(try apply(f, $0), f.node) })
        case "forEach":
            let f = try function(0)
            for v in a { _ = try apply(f, v) }
            return .void
        case "first":
            let f = try function(0)
            for v in a where try i.truth(try apply(f, v), f.node) { return v }
            return .none
        case "reduce":
            let f = try function(1)
            var result = args[0]
            for v in a { result = try apply(f, result, v) }
            return result
        case "sorted", "sort":
            var failure: Error?
            let sorted: [Value]
            if args.count == 1 {
                let f = try function(0)
                sorted = a.sorted { x, y in
                    do { return try i.truth(try apply(f, x, y), f.node) } catch { failure = failure ?? error; return false }
                }
            } else {
                sorted = a.sorted { x, y in
                    do {
                        guard case .bool(let less) = try i.binary("<", x, y, at: TokenSyntaxPlaceholder.node) else { return false }
                        return less
                    } catch { failure = failure ?? error; return false }
                }
            }
            if let failure { throw failure }
            if name == "sort" {
                a = sorted
                return .void
            }
            return .array(sorted)
        case "min", "max":
            guard !a.isEmpty else { return .none }
            return try extreme(Arguments(values: a, labels: a.map { _ in nil }), i, name, name == "min" ? (<) : (>))
        case "shuffle":
            return try withGenerator(args, i) { g in
                a.shuffle(using: &g)
                return .void
            }
        case "shuffled":
            return try withGenerator(args, i) { g in .array(a.shuffled(using: &g)) }
        case "randomElement":
            return try withGenerator(args, i) { g in a.randomElement(using: &g) ?? .none }
        default:
            throw BridgeError(message: "value of type 'Array' has no member '\(name)'")
        }
    }
}

import SwiftSyntax

/// A place for faults raised inside the standard library, which has no syntax of its own;
/// the interpreter reports them at the call that made them.
enum TokenSyntaxPlaceholder {
    static let node = Syntax(TokenSyntax.identifier("builtin"))
}

/// `Set<T>`: its elements in the order they were first inserted (Swift's order is unspecified;
/// this one repeats from run to run).
struct LiveSet {
    private(set) var keys: [DictionaryKey] = []
    private(set) var members: Set<DictionaryKey> = []

    @discardableResult
    mutating func insert(_ key: DictionaryKey) -> Bool {
        guard members.insert(key).inserted else { return false }
        keys.append(key)
        return true
    }

    mutating func remove(_ key: DictionaryKey) -> Bool {
        guard members.remove(key) != nil else { return false }
        keys.removeAll { $0 == key }
        return true
    }
}
