import Foundation
import Lessons
import SwiftSyntax

/// Runs one lesson's source: walks the checked syntax tree, with the sandbox's budgets on
/// every step. One interpreter per running lesson; it is used from the room's thread only.
final class Interpreter {
    let module: Module
    let limits: LiveLimits
    /// The first run-time error; once set, the lesson's code never runs again.
    private(set) var fault: LiveDiagnostic?
    /// Called once, with the error, when the lesson's code stops.
    var onFault: ((LiveDiagnostic) -> Void)?

    private var steps = 0
    private var deadline: UInt64 = 0
    /// The time budget of the callback that runs now, in seconds.
    private var budget = 0.0
    /// True while the lesson's clock advances: callbacks then get the shorter tick budget.
    var inTick = false
    var callDepth = 0
    private var entries = 0
    private(set) var objectCount = 0
    /// Instances the source made, so that tearing the lesson down breaks their cycles: held
    /// weakly (an instance goes when its last strong reference does, and its `deinit` runs),
    /// except those with a native part (a view or controller that UIKit's side refers to).
    private var instances: [WeakInstance] = []
    private var nativeInstances: [Instance] = []
    /// Stand-ins of released instances whose `deinit` runs after the current statement.
    private(set) var pendingDeinits: [Instance] = []
    /// Properties of released instances, let go of after the current statement.
    private var graveyard: [Any] = []
    /// Whether there are `deinit`s to run or properties to let go of (one check per statement).
    private(set) var hasReleaseWork = false
    private var isTornDown = false
    private var closureCode: [SyntaxIdentifier: FunctionCode] = [:]
    /// What the interpreter reads from the syntax and the bridge once per node (NodeCache.swift).
    /// Held through a pointer: a keyframe copies every object a lesson reaches, and these,
    /// derived from the code and never from the lesson's state, are not the lesson's to keep.
    let caches: UnsafeMutablePointer<NodeCaches> = {
        let caches = UnsafeMutablePointer<NodeCaches>.allocate(capacity: 1)
        caches.initialize(to: NodeCaches())
        return caches
    }()
    /// Native objects that stand for the source's delegates, kept alive here (UIKit's
    /// delegate properties are weak).
    var adapters: [ObjectIdentifier: AnyObject] = [:]
    /// Instances whose `init` runs now: they may still set their `let` properties.
    var initializing: [Instance] = []
    /// The lesson's own random numbers for `Int.random(in:)` and the like without `using:`:
    /// seeded the same at every start, so a run repeats exactly.
    var random = SeededRandom(seed: 0x5EED)
    /// The values of the source's static stored properties, by `Class.name`.
    private var statics: [String: Value] = [:]
    /// Lines the source printed, for the room's event list.
    var printed: [String] = []
    /// Animators the source made, first first: the lesson's clock drives the first.
    var animators: [UIDynamicAnimator] = []
    /// Records `viewDidLoad`'s lines as they run, for the editor's values column (nil in rooms).
    var trace: ValueTrace?
    /// The source's top-level variables (`let ballSize: CGFloat = 40`), set before the
    /// controller is made; in scope everywhere a local or a member of `self` does not hide them.
    let globalScope = Scope(parent: nil)
    /// Timers, display links and dispatched blocks, on the lesson's clock.
    let runLoop = LiveRunLoop()
    /// `PlaygroundPage.current` of a playground page: this run's own.
    let playgroundPage = LivePlaygroundPage()
    private var hasGlobals = false

    init(module: Module, limits: LiveLimits) {
        self.module = module
        self.limits = limits
    }

    deinit {
        caches.deinitialize(count: 1)
        caches.deallocate()
    }

    // MARK: Entering from the host (every callback goes through here)

    /// Runs `body` as one callback of the lesson's code, with a fresh budget of steps and time
    /// (a callback that the code triggers itself shares its caller's). Returns nil when the
    /// code has stopped or stops now.
    @discardableResult
    func callback<T>(_ body: () throws -> T) -> T? {
        guard fault == nil else { return nil }
        if entries == 0 {
            steps = 0
            budget = inTick ? limits.maxSecondsPerTickCallback : limits.maxSecondsPerCallback
            deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, budget) * 1e9)
        }
        entries += 1
        defer { entries -= 1 }
        do {
            let result = try body()
            if entries == 1 && hasReleaseWork { try runDeinits(at: module.tree) }
            return result
        } catch let error as LiveFault {
            stop(error)
        } catch is ChainIsNil {
            stop(LiveFault(message: "unexpected nil in an optional chain", line: 1, column: 1))
        } catch {
            stop(LiveFault(message: "\(error)", line: 1, column: 1))
        }
        return nil
    }

    private func stop(_ error: LiveFault) {
        guard fault == nil else { return }
        var diagnostic = LiveDiagnostic(file: module.fileName, line: error.line, column: error.column, message: error.message)
        if module.files.files.count > 1 { diagnostic = module.files.place(diagnostic) }
        fault = diagnostic
        onFault?(diagnostic)
    }

    /// Breaks the reference cycles between the source's objects and closures (a lesson that
    /// is started again leaves no garbage behind).
    func tearDown() {
        isTornDown = true  // no `deinit` runs once the lesson ends
        runLoop.removeAll()
        for instance in nativeInstances + instances.compactMap(\.instance) {
            instance.fields.removeAll()
            instance.weakFields.removeAll()
        }
        instances.removeAll()
        nativeInstances.removeAll()
        var pending: [Instance] = []
        swap(&pending, &pendingDeinits)
        pending.removeAll()
        emptyGraveyard()
        adapters.removeAll()
        closureCode.removeAll()
    }

    // MARK: The top level

    /// Runs the source's top level in order: its variables, and a playground page's
    /// statements (docs/live-code.md, "Playground pages").
    func runTopLevel() throws {
        for item in module.topLevel {
            hasGlobals = true
            if case .decl(let decl) = item.item {
                try declare(decl, globalScope)
                if hasReleaseWork { try runDeinits(at: item) }
            } else {
                _ = try exec(item, globalScope)
            }
        }
    }

    /// A top-level variable of that name, unless `self` has a member that hides it.
    @inline(__always)
    func globalBox(_ name: String, _ scope: Scope) -> Box? {
        guard hasGlobals, let box = globalScope.lookup(name) else { return nil }
        if let type = scope.instance?.type,
            type.storedProperty(name) != nil || type.computedProperty(name) != nil || type.hasMethod(named: name)
        {
            return nil
        }
        return box
    }

    // MARK: deinit

    /// Called from a released instance's own `deinit`: a stand-in with its properties runs the
    /// source's `deinit` after the statement that let it go (never twice: the stand-in is
    /// marked released).
    func queueDeinit(of released: Instance) {
        guard !isTornDown, fault == nil else { return }
        let standIn = Instance(type: released.type)
        standIn.isReleased = true
        standIn.fields = released.fields
        standIn.weakFields = released.weakFields
        standIn.native = released.native
        standIn.interpreter = self
        pendingDeinits.append(standIn)
        hasReleaseWork = true
    }

    /// Keeps a released instance's properties, to let go of them after the statement.
    func bury(_ fields: [String: Value]) {
        graveyard.append(fields)
        hasReleaseWork = true
    }

    /// Keeps a released enum case's associated values (an `indirect` enum's long chain).
    func bury(_ payload: [Value]) {
        graveyard.append(payload)
        hasReleaseWork = true
    }

    /// Lets go of the buried properties; what they held that goes is buried in turn, so no
    /// release recurses more than one level.
    private func emptyGraveyard() {
        while !graveyard.isEmpty {
            var batch: [Any] = []
            swap(&batch, &graveyard)
            while !batch.isEmpty { _ = batch.popLast() }
        }
    }

    /// Runs the queued `deinit`s, the class's own first, then its superclasses' (as Swift does);
    /// what they release in turn runs its own.
    func runDeinits(at node: some SyntaxProtocol) throws {
        hasReleaseWork = false
        emptyGraveyard()
        while !pendingDeinits.isEmpty {
            var batch: [Instance] = []
            swap(&batch, &pendingDeinits)
            for standIn in batch {
                for code in standIn.type.lineage {
                    guard let deinitializer = code.deinitializer else { continue }
                    _ = try invoke(deinitializer, Arguments(values: [], labels: []), captured: nil, instance: standIn, at: node)
                }
            }
            batch.removeAll()
            emptyGraveyard()
        }
        hasReleaseWork = false
    }

    /// One unit of work; ends the callback when its budget of steps or time is spent.
    @inline(__always)
    func tick(_ node: some SyntaxProtocol) throws {
        if fault != nil { throw LiveFault(message: "stopped", line: 0, column: 0) }
        steps += 1
        if steps > limits.maxStepsPerCallback {
            throw module.fault(
                "the lesson's code ran for more than \(limits.maxStepsPerCallback) steps in one callback (an endless loop?)",
                at: node)
        }
        if steps & 1023 == 0 && DispatchTime.now().uptimeNanoseconds > deadline {
            throw module.fault(
                "the lesson's code ran for more than \(Int((budget * 1000).rounded())) ms in one callback (an endless loop?)",
                at: node)
        }
    }

    /// Counts one more object against the lesson's budget.
    func countObject(at node: some SyntaxProtocol) throws {
        objectCount += 1
        if objectCount > limits.maxObjects {
            throw module.fault("the lesson made more than \(limits.maxObjects) objects", at: node)
        }
    }

    func checkSize(_ count: Int, at node: some SyntaxProtocol) throws {
        if count > limits.maxCollectionSize {
            throw module.fault(
                "a string or collection grew past \(limits.maxCollectionSize) elements (the lesson's memory budget)", at: node)
        }
    }

    // MARK: Instances

    /// A new instance of a source class: stored properties get their initial values in
    /// declaration order (lazy ones when first read), then a matching `init` runs.
    func instantiate(_ type: ClassCode, arguments: Arguments, native: AnyObject?, at node: some SyntaxProtocol) throws -> Instance {
        // A struct's value is not an object: it is not counted nor kept for the tear-down.
        if !type.isStruct { try countObject(at: node) }
        let instance = Instance(type: type)
        instance.native = native
        // A subclass of an API class: its native part is made by `super.init(…)` when an
        // initialiser of the source runs, else now, with the arguments of the inherited one.
        let ownInit = type.initializers.first(where: { $0.accepts(arguments.labels) })
        if native == nil, let base = type.nativeBase, ownInit == nil {
            instance.native = try LiveViewClasses.make(base, arguments, owner: instance, interpreter: self, at: node)
        }
        if type.isStruct {
        } else if instance.native != nil || type.nativeBase != nil {
            nativeInstances.append(instance)
        } else {
            if instances.count >= 64 && instances.count.nonzeroBitCount == 1 { instances.removeAll { $0.instance == nil } }
            instances.append(WeakInstance(instance: instance))
        }
        instance.interpreter = self
        var chain: [ClassCode] = []
        var t: ClassCode? = type
        while let c = t {
            chain.insert(c, at: 0)
            t = c.superCode
        }
        let scope = Scope(parent: nil, instance: instance)
        for code in chain {
            for stored in code.stored where !stored.isLazy {
                var value = Value.none
                if let initial = stored.initial {
                    value = Self.isFloating(stored.typeName) ? try evalFloating(initial, scope) : try eval(initial, scope)
                }
                let converted = try convert(value, to: stored.typeName, at: stored.node)
                if stored.isWeak {
                    instance.weakFields[stored.name] = WeakValue(converted)
                } else {
                    instance.fields[stored.name] = converted
                }
            }
        }
        if let initializer = ownInit {
            initializing.append(instance)
            defer { initializing.removeLast() }
            _ = try invoke(initializer, arguments, captured: nil, instance: instance, at: node)
            if instance.native == nil, let base = type.nativeBase {
                // No `super.init(…)` written: Swift calls the API class's `init()`.
                instance.native = try LiveViewClasses.make(base, Arguments(values: [], labels: []), owner: instance, interpreter: self, at: node)
            }
        } else if type.isStruct && type.initializers.isEmpty {
            try memberwiseInit(instance, arguments, at: node)
        } else if !arguments.values.isEmpty && type.nativeBase == nil {
            throw module.fault("no initializer of '\(type.name)' takes these arguments", at: node)
        }
        return instance
    }

    /// A struct's memberwise initialiser: its stored properties in order, by name; those with
    /// an initial value may be left out (a `let` with one is not an argument).
    private func memberwiseInit(_ instance: Instance, _ arguments: Arguments, at node: some SyntaxProtocol) throws {
        var i = 0
        for stored in instance.type.stored where !stored.isLazy && !(stored.isLet && stored.initial != nil) {
            if i < arguments.count && arguments.labels[i] == stored.name {
                instance.fields[stored.name] = try convert(arguments[i], to: stored.typeName, at: node)
                i += 1
            } else if stored.initial == nil {
                throw module.fault("missing argument for parameter '\(stored.name)' in call", at: node)
            }
        }
        if i < arguments.count {
            throw module.fault("extra argument '\(arguments.labels[i] ?? "_")' in call to the memberwise initializer of '\(instance.type.name)'", at: node)
        }
    }

    /// A struct about to change in `value`: its own copy unless nothing else holds it.
    func uniqueStruct(_ value: inout Value) -> Instance? {
        guard case .object(var instance) = value, instance.type.isStruct else { return nil }
        value = .void
        if !isKnownUniquelyReferenced(&instance) { instance = instance.copy() }
        value = .object(instance)
        return instance
    }

    // MARK: Static members

    /// A static stored property's value: its initial value on first read, as Swift's are lazy.
    func staticValue(_ stored: ClassCode.Stored, of owner: ClassCode) throws -> Value {
        let key = owner.name + "." + stored.name
        if let value = statics[key] { return value }
        let scope = Scope(parent: nil, staticType: owner)
        var value = Value.none
        if let initial = stored.initial {
            value = Self.isFloating(stored.typeName) ? try evalFloating(initial, scope) : try eval(initial, scope)
        }
        value = try convert(value, to: stored.typeName, at: stored.node)
        statics[key] = value
        return value
    }

    /// A static member of a source class or of an API type's extension, as a value: a stored
    /// or computed property's value, or a method. Nil when it has none of that name.
    func staticMember(_ type: ClassCode, _ name: String) throws -> Value? {
        if let (stored, owner) = type.staticProperty(name) { return try staticValue(stored, of: owner) }
        if let (getter, owner) = type.staticGetter(name) {
            let scope = Scope(parent: nil, staticType: owner)
            if getter.count == 1, let only = getter.first, case .expr(let expr) = only.item { return try eval(expr, scope) }
            if case .returned(let value) = try run(getter, scope) { return value }
            return .void
        }
        if let owner = type.lineage.first(where: { $0.staticMethods[name] != nil }), let code = owner.staticMethods[name]?.first {
            return .function(Function(name: name, body: .source(code, captured: Scope(parent: nil, staticType: owner), instance: nil)))
        }
        return nil
    }

    func setStaticValue(_ stored: ClassCode.Stored, of owner: ClassCode, _ value: Value, at node: some SyntaxProtocol) throws {
        statics[owner.name + "." + stored.name] = try convert(value, to: stored.typeName, at: node)
    }

    /// A static method run with its class's static members in scope.
    func invokeStatic(_ code: FunctionCode, of owner: ClassCode, _ arguments: Arguments, at node: some SyntaxProtocol) throws -> Value {
        try invoke(code, arguments, captured: Scope(parent: nil, staticType: owner), instance: nil, at: node)
    }

    func isInitializing(_ instance: Instance) -> Bool {
        initializing.contains { $0 === instance }
    }

    // MARK: Calls

    func call(_ function: Function, _ arguments: Arguments, at node: some SyntaxProtocol) throws -> Value {
        switch function.body {
        case .native(let body):
            do {
                return try body(arguments)
            } catch let error as BridgeError {
                throw module.fault(error.message, at: node)
            } catch let error as LiveFault where error.line == 0 {
                throw module.fault(error.message, at: node)
            }
        case .source(let code, let captured, let instance):
            switch function.selfCapture {
            case .strong:
                return try invoke(code, arguments, captured: captured, instance: instance, at: node)
            case .weak, .unowned:
                // `[weak self]`: self while it lives, nil once it went; `[unowned self]` traps then.
                if let alive = function.weakSelf { return try invoke(code, arguments, captured: captured, instance: alive, at: node) }
                if case .unowned = function.selfCapture {
                    throw fault("Fatal error: Attempted to read an unowned reference but the object was already deallocated", node)
                }
                let gone = Scope(parent: captured)
                gone.declare("self", .none)
                return try invoke(code, arguments, captured: gone, instance: nil, at: node)
            }
        }
    }

    func invoke(
        _ code: FunctionCode, _ arguments: Arguments, captured: Scope?, instance: Instance?, selfBox: Box? = nil,
        at node: some SyntaxProtocol
    ) throws -> Value {
        try tick(node)
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > limits.maxCallDepth {
            throw module.fault("the lesson's calls nested more than \(limits.maxCallDepth) deep (runaway recursion?)", at: node)
        }
        let scope = Scope(parent: captured, instance: instance, selfBox: selfBox)
        if let selfBox { scope.declare("self", box: selfBox) }
        if code.isClosure {
            if code.usesAnonymousParameters {
                if arguments.hasInout { throw fault("'&' used with a closure's anonymous parameter; name it 'inout'", node) }
                for (i, value) in arguments.values.enumerated() { scope.declare("$\(i)", value, isLet: true) }
            } else if code.parameters.count > 1, arguments.count == 1, case .tuple(let elements, _) = arguments[0],
                elements.count == code.parameters.count
            {
                // `zip(a, b).map { (x, y) in … }`: a closure of several parameters takes a tuple's elements.
                for (parameter, value) in zip(code.parameters, elements) { try bindParameter(parameter, value, nil, scope, at: node) }
            } else {
                for (i, parameter) in code.parameters.enumerated() {
                    let value = i < arguments.count ? arguments[i] : .none
                    try bindParameter(parameter, value, arguments.inoutBox(i), scope, at: node)
                }
            }
        } else {
            var i = 0
            for parameter in code.parameters {
                var value: Value
                var box: Box?
                if i < arguments.count && (arguments.labels[i] == parameter.label || arguments.labels[i] == trailingLabel) {
                    value = arguments[i]
                    box = arguments.inoutBox(i)
                    i += 1
                } else if let defaultValue = parameter.defaultValue {
                    value = try eval(defaultValue, scope)
                } else {
                    throw module.fault("missing argument for parameter '\(parameter.label ?? parameter.name)' in call", at: node)
                }
                try bindParameter(parameter, value, box, scope, at: node)
            }
        }
        // A body of one expression returns its value (closures, and functions since Swift 5.9).
        if let expr = code.singleExpression { return try eval(expr, scope) }
        switch try run(code.body, scope) {
        case .returned(let value): return value
        default: return .void
        }
    }

    /// A parameter in the callee's scope: a constant, or for an `inout` parameter the box the
    /// caller's `&` argument made (Swift requires the `&`, and refuses it elsewhere).
    private func bindParameter(_ parameter: FunctionCode.Parameter, _ value: Value, _ box: Box?, _ scope: Scope, at node: some SyntaxProtocol) throws {
        if parameter.isInout {
            guard let box else {
                throw fault("passing value of type '\(value.typeName)' to an inout parameter requires explicit '&'", node)
            }
            box.value = try convert(box.value, to: parameter.typeName, at: node)
            scope.declare(parameter.name, box: box)
            return
        }
        if box != nil { throw fault("'&' used with non-inout argument of type '\(value.typeName)'", node) }
        scope.declare(parameter.name, try convert(value, to: parameter.typeName, at: node), type: parameter.typeName, isLet: true)
    }

    /// The code of a closure expression, read once per interpreter.
    func closure(_ node: ClosureExprSyntax, _ scope: Scope) -> Function {
        let code: FunctionCode
        if let cached = closureCode[node.id] {
            code = cached
        } else {
            var parameters: [FunctionCode.Parameter] = []
            if let signature = node.signature, let clause = signature.parameterClause {
                switch clause {
                case .simpleInput(let list):
                    parameters = list.map { .init(label: nil, name: $0.name.text, typeName: nil, defaultValue: nil, isInout: false) }
                case .parameterClause(let p):
                    parameters = p.parameters.map {
                        let attributed = $0.type?.as(AttributedTypeSyntax.self)
                        return .init(
                            label: nil, name: ($0.secondName ?? $0.firstName).text,
                            typeName: (attributed?.baseType ?? $0.type)?.trimmedDescription, defaultValue: nil,
                            isInout: attributed.map(Compiler.isInout) ?? false)
                    }
                }
            }
            code = FunctionCode(
                name: "closure", parameters: parameters, body: node.statements, isClosure: true,
                usesAnonymousParameters: node.signature?.parameterClause == nil, node: Syntax(node))
            closureCode[node.id] = code
        }
        // `[weak self]` / `[unowned self]`: the closure does not keep self alive.
        if let captures = node.signature?.capture, let instance = scope.instance,
            let item = captures.items.first(where: { $0.name.text == "self" }),
            let specifier = item.specifier?.specifier.text, specifier == "weak" || specifier == "unowned"
        {
            let function = Function(name: "closure", body: .source(code, captured: scope.withoutInstance(), instance: nil))
            function.weakSelf = instance
            function.selfCapture = specifier == "weak" ? .weak : .unowned
            return function
        }
        return Function(name: "closure", body: .source(code, captured: scope, instance: scope.instance))
    }

    // MARK: Conversions by declared type

    /// A value stored where a type is declared: integer literals become Double/CGFloat there,
    /// implicit members (`.red`) become the declared type's value.
    func convert(_ value: Value, to typeName: String?, at node: some SyntaxProtocol) throws -> Value {
        guard let typeName else { return value }
        var name = typeName
        while name.hasSuffix("!") || name.hasSuffix("?") { name.removeLast() }
        if !module.typeAliases.isEmpty, let target = module.typeAliases[name] { name = target }
        switch value {
        case .int(let i):
            if name == "CGFloat" || name == "Double" || name == "Float" || name == "TimeInterval" { return .double(Double(i)) }
            return value
        case .symbol(let symbol):
            if let type = module.enumTypes[name] ?? module.enumTypes[Self.lastComponent(name)] {
                return type.caseValue(symbol) ?? value
            }
            if let resolved = Bridge.shared.resolve(symbol: symbol, as: name) { return resolved }
            if let number = Bridge.numericSymbol(symbol) { return .double(number) }
            return value
        case .array(let elements) where (name == "Set" || name.hasPrefix("Set<"))
            && elements.contains(where: { if case .native = $0 { true } else { false } }):
            // A set of objects (`Set<UITouch>`) stays the array of its members, each once.
            var seen = Set<ObjectIdentifier>()
            return .array(elements.filter { element in
                guard case .native(let object) = element else { return true }
                return seen.insert(ObjectIdentifier(object)).inserted
            })
        case .array(let elements) where name == "Set" || name.hasPrefix("Set<"):
            var set = LiveSet()
            for element in elements { set.insert(try dictionaryKey(element, at: node)) }
            return .value(set)
        case .array(let elements) where name.hasPrefix("[") && name.hasSuffix("]") && !name.contains(":"):
            let element = String(name.dropFirst().dropLast())
            return .array(try elements.map { try convert($0, to: element, at: node) })
        default:
            return value
        }
    }

    /// The named type an alias stands for (`typealias Vector = CGVector`; `Stack<Int>` → `Stack`),
    /// nil for a name that is no alias or an alias of a type without a name (a function type).
    func aliasedType(_ name: String) -> String? {
        guard !module.typeAliases.isEmpty, var target = module.typeAliases[name] else { return nil }
        if let angle = target.firstIndex(of: "<") { target = String(target[..<angle]) }
        guard target.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }), target != name else { return nil }
        return target
    }

    /// `Game.State` → `State`: a nested type is known by its own name.
    static func lastComponent(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    // MARK: Faults with places

    func fault(_ message: String, _ node: some SyntaxProtocol) -> LiveFault {
        module.fault(message, at: node)
    }
}

