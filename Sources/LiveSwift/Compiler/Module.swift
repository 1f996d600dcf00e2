import SwiftSyntax

/// A checked lesson source, ready to run: its classes and functions, read once from the
/// syntax tree. Immutable after compilation, so one module serves every room that runs it.
final class Module: @unchecked Sendable {
    let fileName: String
    let tree: SourceFileSyntax
    let locations: SourceLocationConverter
    var classes: [String: ClassCode] = [:]
    var functions: [String: [FunctionCode]] = [:]
    /// Static members the source adds to the API's types (`extension UIColor { static … }`).
    var typeExtensions: [String: ClassCode] = [:]
    /// The source's enums: the names of each one's cases (for the name checks) and its code.
    var enums: [String: Set<String>] = [:]
    var enumTypes: [String: ClassCode] = [:]
    /// Cases with associated values by name, with their enums (for `.circle(radius: 2)`).
    var casesWithPayload: [String: [ClassCode]] = [:]
    /// The source's protocols, with the protocols each one inherits.
    var protocols: [String: [String]] = [:]
    /// Default members that protocol extensions give their conforming types.
    var protocolExtensions: [String: ClassCode] = [:]
    /// Names of the instance members that extensions add to the API's types (`center` in
    /// `extension CGRect { var center: CGPoint … }`): only these names look there.
    var extensionMemberNames: Set<String> = []
    /// Names of `mutating` methods of the source's value types and extensions: a call of one
    /// writes its receiver back.
    var mutatingMethodNames: Set<String> = []
    /// Operator functions the source declares (`static func + (l: CGPoint, r: CGPoint)` in an
    /// extension or a type), by operator.
    var operators: [String: [FunctionCode]] = [:]

    /// Whether an extension adds an instance member of that name to an API type (most sources
    /// add none: then no name is hashed on the hot path of member lookups).
    @inline(__always)
    func extendsAPIMember(_ name: String) -> Bool {
        !extensionMemberNames.isEmpty && extensionMemberNames.contains(name)
    }

    @inline(__always)
    func hasMutatingMethod(_ name: String) -> Bool {
        !mutatingMethodNames.isEmpty && mutatingMethodNames.contains(name)
    }
    /// The top level that runs, in order, before the controller is made: the variables, and a
    /// playground page's statements.
    var topLevel: [CodeBlockItemSyntax] = []
    /// A playground page: top-level code that shows its view with `PlaygroundPage.current.liveView`.
    var isPlayground = false
    /// `typealias Vector = CGVector`: each alias with the type it names (aliases of aliases resolved).
    var typeAliases: [String: String] = [:]
    /// The names generic clauses declare (`T` in `func maxOf<T: Comparable>`): types of any value.
    var genericNames: Set<String> = []
    /// The files the source joins (one, unless it has `// file:` markers).
    var files = SourceFiles("", fileName: "")
    /// The `UIViewController` subclass the lesson runs.
    var controller: ClassCode!
    /// Closures by their place in the tree, read once.
    var closures: [SyntaxIdentifier: FunctionCode] = [:]

    init(fileName: String, tree: SourceFileSyntax) {
        self.fileName = fileName
        self.tree = tree
        locations = SourceLocationConverter(fileName: fileName, tree: tree)
    }

    /// The 1-based line and column where `node` starts (after its leading trivia).
    func position(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        let location = locations.location(for: node.positionAfterSkippingLeadingTrivia)
        return (location.line, location.column)
    }

    /// A run-time error at `node`; a node outside this source (the standard library's
    /// placeholder) gives line 0, which the caller replaces with the call's place.
    func fault(_ message: String, at node: some SyntaxProtocol) -> LiveFault {
        guard node.root.id == tree.root.id else { return LiveFault(message: message, line: 0, column: 0) }
        let (line, column) = position(of: node)
        return LiveFault(message: message, line: line, column: column)
    }
}

/// A class of the source: its stored and computed properties and its methods.
final class ClassCode {
    struct Stored {
        var name: String
        var typeName: String?
        var initial: ExprSyntax?
        var isLazy: Bool
        var isWeak: Bool = false
        /// `let`: only an initializer may set it.
        var isLet: Bool
        var didSet: CodeBlockItemListSyntax?
        var willSet: CodeBlockItemListSyntax?
        var node: Syntax
    }

    let name: String
    let superclass: String?
    /// Its protocols, with those its extensions add.
    var protocols: [String]
    var stored: [Stored] = []
    var storedIndex: [String: Int] = [:]
    var computed: [String: (get: CodeBlockItemListSyntax, set: CodeBlockItemListSyntax?, setName: String)] = [:]
    /// Methods by base name; a call picks the one whose labels match.
    var methods: [String: [FunctionCode]] = [:]
    var initializers: [FunctionCode] = []
    /// `static`/`class` methods and stored properties (one value per lesson, set on first read).
    var staticMethods: [String: [FunctionCode]] = [:]
    var staticStored: [String: Stored] = [:]
    var staticComputed: [String: CodeBlockItemListSyntax] = [:]
    /// `subscript(…)`s: each one's getter, and setter (its last parameter the new value).
    var subscripts: [(get: FunctionCode, set: FunctionCode?)] = []
    /// `deinit`, run once the last strong reference to an instance goes.
    var deinitializer: FunctionCode?
    /// Whether the class or a source superclass has a `deinit`.
    var hasDeinit = false
    /// A struct of the source: its instances are values (copied when changed while shared).
    var isStruct = false
    /// An enum of the source: its cases in order, their raw values and associated values.
    var isEnum = false
    var rawType: String?
    struct Case {
        var name: String
        var rawValue: Value?
        /// The associated values' labels and types; nil for a case without any.
        var parameters: [(label: String?, typeName: String?)]?
    }
    var cases: [Case] = []
    var caseIndex: [String: Int] = [:]
    /// Each case without associated values as a value, made once.
    var caseValues: [String: EnumValue] = [:]
    /// Its protocols, their inherited protocols included (filled when the classes are linked).
    var allProtocols: Set<String> = []
    /// True when the class (or a source superclass) inherits `UIViewController`.
    var isViewController = false
    /// The API class it inherits (`UIView`, `UIDynamicBehavior`, `UIViewController`, …), if
    /// any: each instance has a native part of that class, which UIKit's side sees, and which
    /// calls back the source's overrides (LiveViewClasses).
    var nativeBase: String?
    weak var superCode: ClassCode?

    init(name: String, superclass: String?, protocols: [String]) {
        self.name = name
        self.superclass = superclass
        self.protocols = protocols
    }

    /// The class and its source superclasses, nearest first.
    var lineage: UnfoldSequence<ClassCode, (ClassCode?, Bool)> {
        sequence(first: self) { $0.superCode }
    }

    /// The members of the class and its source superclasses, flattened (the nearest
    /// declaration first) once the compiler has linked the classes: one lookup per use.
    private var allMethods: [String: [FunctionCode]] = [:]
    private var allStored: [String: Stored] = [:]
    private var allComputed: [String: (get: CodeBlockItemListSyntax, set: CodeBlockItemListSyntax?, setName: String)] = [:]
    /// Every name above: a name the class lacks (a bridged superclass's `view`, read on every
    /// tick) is told by one lookup rather than one per kind of member.
    private var allMemberNames: Set<String> = []

    /// Flattens the members; called once, after the superclasses are linked. `defaults` are
    /// the extensions of the protocols it conforms to: their members come after its own.
    func flattenMembers(defaults: [ClassCode] = []) {
        allMethods = [:]
        allStored = [:]
        allComputed = [:]
        for t in lineage {
            allMethods.merge(t.methods) { nearer, further in nearer + further }
            for stored in t.stored where allStored[stored.name] == nil { allStored[stored.name] = stored }
            allComputed.merge(t.computed) { nearer, _ in nearer }
            if t.deinitializer != nil { hasDeinit = true }
        }
        for extra in defaults {
            allMethods.merge(extra.methods) { own, inherited in own + inherited }
            allComputed.merge(extra.computed) { own, _ in own }
        }
        allMemberNames = Set(allMethods.keys).union(allStored.keys).union(allComputed.keys)
    }

    /// Whether the class or a source superclass (or a protocol extension) declares a stored
    /// or computed property or a method of that name.
    func declaresMember(_ name: String) -> Bool {
        allMemberNames.contains(name)
    }

    /// The value of a case without associated values.
    func caseValue(_ name: String) -> Value? {
        caseValues[name].map { .enumCase($0) }
    }

    func method(_ name: String, labels: [String?]) -> FunctionCode? {
        allMethods[name]?.first { $0.accepts(labels) }
    }

    /// Every method of that base name, the nearest class's first.
    func methods(named name: String) -> [FunctionCode]? {
        allMethods[name]
    }

    func hasMethod(named name: String) -> Bool {
        allMethods[name] != nil
    }

    func storedProperty(_ name: String) -> Stored? {
        allStored[name]
    }

    func computedProperty(_ name: String) -> (get: CodeBlockItemListSyntax, set: CodeBlockItemListSyntax?, setName: String)? {
        allComputed[name]
    }

    func staticMethod(_ name: String, labels: [String?]) -> (FunctionCode, ClassCode)? {
        for t in lineage { if let code = t.staticMethods[name]?.first(where: { $0.accepts(labels) }) { return (code, t) } }
        return nil
    }

    /// A static computed property's getter and the class that declares it.
    func staticGetter(_ name: String) -> (CodeBlockItemListSyntax, ClassCode)? {
        for t in lineage { if let getter = t.staticComputed[name] { return (getter, t) } }
        return nil
    }

    func hasStaticMember(_ name: String) -> Bool {
        lineage.contains { $0.staticStored[name] != nil || $0.staticComputed[name] != nil || $0.staticMethods[name] != nil }
    }

    /// A static stored property and the class that declares it (its value's owner).
    func staticProperty(_ name: String) -> (Stored, ClassCode)? {
        for t in lineage { if let stored = t.staticStored[name] { return (stored, t) } }
        return nil
    }

    func conforms(to protocolName: String) -> Bool {
        allProtocols.contains(protocolName) || lineage.contains { $0.protocols.contains(protocolName) }
    }
}

/// A function, method, initializer or closure of the source.
final class FunctionCode {
    struct Parameter {
        /// The argument label (nil for `_`).
        var label: String?
        var name: String
        var typeName: String?
        var defaultValue: ExprSyntax?
        var isInout: Bool
    }

    let name: String
    let parameters: [Parameter]
    let body: CodeBlockItemListSyntax
    /// A closure's body is a single expression whose value it returns.
    let isClosure: Bool
    /// `$0`, `$1`, … are in scope (a closure without named parameters).
    let usesAnonymousParameters: Bool
    let node: Syntax
    /// A `mutating` method: it may change `self`, a value, which the call writes back.
    var isMutating = false
    /// A `postfix` operator function (a prefix one has one parameter and no modifier).
    var isPostfix = false
    /// The body's one expression, when the body is one (its value is returned, as in closures and
    /// functions since Swift 5.9): found once, not read from the syntax on every call.
    let singleExpression: ExprSyntax?

    init(
        name: String, parameters: [Parameter], body: CodeBlockItemListSyntax, isClosure: Bool,
        usesAnonymousParameters: Bool = false, node: Syntax
    ) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.isClosure = isClosure
        self.usesAnonymousParameters = usesAnonymousParameters
        self.node = node
        if body.count == 1, let only = body.first, case .expr(let expr) = only.item {
            singleExpression = expr
        } else {
            singleExpression = nil
        }
    }

    /// Whether a call with these argument labels fits (parameters with defaults may be left out).
    func accepts(_ labels: [String?]) -> Bool {
        var i = 0
        for parameter in parameters {
            if i < labels.count && (labels[i] == parameter.label || labels[i] == trailingLabel) {
                i += 1
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return i == labels.count
    }

    /// `name(label:_:)`, as Swift's diagnostics and `#selector` name a function.
    var signature: String {
        "\(name)(" + parameters.map { "\($0.label ?? "_"):" }.joined() + ")"
    }
}
