import Foundation
import Lessons
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Reads a lesson's source: parses it with swift-syntax, reports syntax errors and every
/// construct outside the supported subset (docs/live-code.md), and collects its classes.
struct Compiler {
    let fileName: String
    let limits: LiveLimits

    /// Modules a lesson may import: the ones the tutorials import. Any other is refused.
    static let allowedImports: Set<String> = [
        "Foundation", "UIKit", "UIKitDynamics", "CoreGraphics", "Lessons", "PlaygroundSupport", "CoreMotion", "QuartzCore",
    ]

    /// Compiles `source`, one file or several under their markers (SourceFiles); every
    /// diagnostic names its own file and line.
    func compile(_ source: String) throws(LiveCompileError) -> LiveProgram {
        let files = SourceFiles(source, fileName: fileName)
        do {
            return try compileJoined(source, files: files)
        } catch {
            guard files.files.count > 1 else { throw error }
            throw LiveCompileError(error.diagnostics.map { files.place($0) })
        }
    }

    private func compileJoined(_ source: String, files: SourceFiles) throws(LiveCompileError) -> LiveProgram {
        if source.utf8.count > limits.maxSourceBytes {
            throw LiveCompileError([
                LiveDiagnostic(
                    file: fileName, line: 1, column: 1,
                    message: "the source is \(source.utf8.count) bytes; a live lesson may be at most \(limits.maxSourceBytes)")
            ])
        }
        // Deep nesting is refused before the parser sees it, so no source can exhaust its stack.
        if let deep = Self.firstTooDeepBracket(in: source, limit: limits.maxSourceDepth) {
            throw LiveCompileError([
                LiveDiagnostic(
                    file: fileName, line: deep.line, column: deep.column,
                    message: "the source nests more than \(limits.maxSourceDepth) levels deep")
            ])
        }
        var parser = Parser(source, maximumNestingLevel: limits.maxSourceDepth * 2)
        let parsed = SourceFileSyntax.parse(from: &parser)
        let module = Module(fileName: fileName, tree: parsed)
        var diagnostics = ParseDiagnosticsGenerator.diagnostics(for: parsed).map { diagnostic in
            let location = diagnostic.location(converter: module.locations)
            return LiveDiagnostic(file: fileName, line: location.line, column: location.column, message: diagnostic.message)
        }
        if !diagnostics.isEmpty { throw LiveCompileError(Self.sorted(diagnostics)) }

        // Nesting without brackets (long operator chains, `a.b.c…`, `else if` runs) is
        // measured on the tree, without recursion, before anything walks it recursively.
        if let deep = Self.firstTooDeepNode(in: parsed, limit: limits.maxSourceDepth * 8, operators: limits.maxSourceDepth) {
            let (line, column) = module.position(of: deep.node)
            throw LiveCompileError([LiveDiagnostic(file: fileName, line: line, column: column, message: deep.message)])
        }

        let folded: SourceFileSyntax
        do {
            // `infix operator ** : MultiplicationPrecedence` and the source's precedence groups.
            var operators = OperatorTable.standardOperators
            try operators.addSourceFile(parsed)
            guard let tree = try operators.foldAll(parsed).as(SourceFileSyntax.self) else {
                throw LiveCompileError([LiveDiagnostic(file: fileName, line: 1, column: 1, message: "cannot read the source")])
            }
            folded = tree
        } catch let error as LiveCompileError {
            throw error
        } catch {
            throw LiveCompileError([
                LiveDiagnostic(file: fileName, line: 1, column: 1, message: "cannot group the operators: \(error)")
            ])
        }
        let foldedModule = Module(fileName: fileName, tree: folded)
        foldedModule.files = files
        let checker = SubsetChecker(module: foldedModule)
        checker.walk(folded)
        diagnostics = checker.diagnostics
        if diagnostics.isEmpty { diagnostics = collect(into: foldedModule) }
        if diagnostics.isEmpty { diagnostics = NameChecker(module: foldedModule).check() }
        if diagnostics.isEmpty {
            let mutability = MutabilityChecker(module: foldedModule)
            mutability.walk(folded)
            diagnostics = mutability.diagnostics
        }
        if !diagnostics.isEmpty { throw LiveCompileError(Self.sorted(diagnostics)) }
        // A shipped lesson's code, by its file's name or (pasted into a file of another name) by
        // its controller's: it gets that lesson's room (its gestures, live values, reactions).
        let shipped =
            LessonCatalog.all.first { $0.info.sourceFileName == fileName } ?? Self.shippedByController[foldedModule.controller.name]
        var info = lessonInfo(for: foldedModule, source: source)
        if let shipped { info.gestures = shipped.info.gestures }
        return LiveProgram(
            info: info, room: shipped?.info.id, parameters: shipped?.init().parameters ?? [], module: foldedModule,
            limits: limits)
    }

    /// The shipped lessons by the name of their controller class (`class GravityViewController:
    /// UIViewController`), read once from their sources. Read with the standard library's
    /// splitting only: Foundation's `contains` on Linux crashed here when rooms compiled at once.
    static let shippedByController: [String: any Lesson.Type] = {
        var lessons: [String: any Lesson.Type] = [:]
        for lesson in LessonCatalog.all {
            for line in LessonCatalog.sourceCode(of: lesson).split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "class"), index + 2 < words.count, words[index + 2] == "UIViewController",
                    words[index + 1].hasSuffix(":")
                else { continue }
                lessons[String(words[index + 1].dropLast())] = lesson
            }
        }
        return lessons
    }()

    private static func sorted(_ diagnostics: [LiveDiagnostic]) -> [LiveDiagnostic] {
        diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The first bracket that opens deeper than `limit`, ignoring strings and comments.
    static func firstTooDeepBracket(in source: String, limit: Int) -> (line: Int, column: Int)? {
        var depth = 0, line = 1, column = 0
        var inString = false, inLineComment = false, blockComments = 0
        var previous: Character = " "
        for c in source {
            column += 1
            defer { previous = c }
            if c == "\n" {
                line += 1
                column = 0
                inLineComment = false
                continue
            }
            if inLineComment { continue }
            if blockComments > 0 {
                if previous == "*" && c == "/" { blockComments -= 1 }
                if previous == "/" && c == "*" { blockComments += 1 }
                continue
            }
            if inString {
                if c == "\"" && previous != "\\" { inString = false }
                continue
            }
            switch c {
            case "\"": inString = true
            case "/" where previous == "/": inLineComment = true
            case "*" where previous == "/": blockComments = 1
            case "(", "[", "{":
                depth += 1
                if depth > limit { return (line, column) }
            case ")", "]", "}": depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    /// The first node nested deeper than `limit` levels, or an expression with more than
    /// `operators` operators in a row; found with an explicit stack.
    static func firstTooDeepNode(in tree: SourceFileSyntax, limit: Int, operators: Int) -> (node: Syntax, message: String)? {
        var stack: [(Syntax, Int)] = [(Syntax(tree), 0)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return (node, "the source nests more than \(limit) levels deep") }
            if let sequence = node.as(SequenceExprSyntax.self), sequence.elements.count > 2 * operators + 1 {
                return (node, "an expression with more than \(operators) operators; split it into several statements")
            }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }

    /// Collects the classes and functions; reports what a lesson must have.
    private func collect(into module: Module) -> [LiveDiagnostic] {
        var diagnostics: [LiveDiagnostic] = []
        func report(_ message: String, _ node: some SyntaxProtocol) {
            let (line, column) = module.position(of: node)
            diagnostics.append(LiveDiagnostic(file: fileName, line: line, column: column, message: message))
        }
        // Aliases and generic parameters: names of types, read before anything names them.
        let names = TypeNames(viewMode: .sourceAccurate)
        names.walk(module.tree)
        module.genericNames = names.generic
        for (alias, target) in names.aliases { module.typeAliases[alias] = target }
        for alias in module.typeAliases.keys {
            // `typealias A = B` where B is an alias too: the type at the end of the chain.
            var target = module.typeAliases[alias]!
            var seen: Set<String> = [alias]
            while let next = module.typeAliases[target], seen.insert(target).inserted { target = next }
            module.typeAliases[alias] = target
        }
        // Protocols first: a class's first inherited name is its superclass unless it is one.
        for item in module.tree.statements {
            guard let p = item.item.as(DeclSyntax.self)?.as(ProtocolDeclSyntax.self) else { continue }
            module.protocols[p.name.text] = p.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        }
        /// A class, struct or enum, and the types declared inside it (known by their own names).
        func collectType(_ decl: DeclSyntax) -> Bool {
            let members: MemberBlockItemListSyntax
            if let c = decl.as(ClassDeclSyntax.self) {
                let code = classCode(c, module: module)
                if module.classes[code.name] != nil || module.enumTypes[code.name] != nil {
                    report("invalid redeclaration of '\(code.name)'", c.name)
                }
                module.classes[code.name] = code
                members = c.memberBlock.members
            } else if let s = decl.as(StructDeclSyntax.self) {
                if module.classes[s.name.text] != nil || module.enumTypes[s.name.text] != nil {
                    report("invalid redeclaration of '\(s.name.text)'", s.name)
                }
                let code = ClassCode(
                    name: s.name.text, superclass: nil,
                    protocols: s.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? [])
                code.isStruct = true
                addMembers(s.memberBlock.members, to: code, module: module)
                module.classes[code.name] = code
                members = s.memberBlock.members
            } else if let e = decl.as(EnumDeclSyntax.self) {
                if module.classes[e.name.text] != nil || module.enums[e.name.text] != nil {
                    report("invalid redeclaration of '\(e.name.text)'", e.name)
                }
                enumCode(e, module: module, report: { report($0, $1) })
                members = e.memberBlock.members
            } else {
                return false
            }
            for member in members { _ = collectType(member.decl) }
            return true
        }
        for item in module.tree.statements {
            switch item.item {
            case .decl(let decl):
                if collectType(decl) {
                    continue
                } else if decl.is(ProtocolDeclSyntax.self) {
                    continue
                } else if let f = decl.as(FunctionDeclSyntax.self) {
                    let code = functionCode(f, module: module)
                    module.functions[code.name, default: []].append(code)
                    if !(code.name.first.map { $0.isLetter || $0 == "_" } ?? true) {
                        module.operators[code.name, default: []].append(code)  // `func ** (…)`
                    }
                } else if decl.is(VariableDeclSyntax.self) {
                    module.topLevel.append(item)
                } else if decl.is(TypeAliasDeclSyntax.self) || decl.is(OperatorDeclSyntax.self)
                    || decl.is(PrecedenceGroupDeclSyntax.self)
                {
                    continue  // aliases are read before; operators are grouped by the parser's table
                } else if decl.is(ExtensionDeclSyntax.self) {
                    continue  // added to their classes below, once every class is known
                } else if decl.is(ImportDeclSyntax.self) {
                    continue
                } else {
                    report("only classes, functions and constants may be declared at the top level of a live lesson", decl)
                }
            case .stmt, .expr:
                // A playground page: its top level runs in order, and shows `liveView`.
                module.isPlayground = true
                module.topLevel.append(item)
            }
        }
        // `extension MyViewController: UICollisionBehaviorDelegate { … }`: the tutorials' way
        // to keep a delegate's methods apart; they join the class (stored properties may not).
        for item in module.tree.statements {
            guard let e = item.item.as(DeclSyntax.self)?.as(ExtensionDeclSyntax.self) else { continue }
            var name = e.extendedType.trimmedDescription
            if let dot = name.lastIndex(of: "."), module.classes[name] == nil, module.enumTypes[name] == nil {
                name = String(name[name.index(after: dot)...])  // `extension Game.State`: a nested type, known by its name
            }
            for member in e.memberBlock.members {
                if let v = member.decl.as(VariableDeclSyntax.self), !v.modifiers.contains(where: { $0.name.text == "static" }),
                    v.bindings.contains(where: Self.isStored)
                {
                    report("extensions must not contain stored properties", v)
                }
            }
            if module.protocols[name] != nil {
                // `extension Drawable { func describe() … }`: default members of its conforming types.
                let defaults = module.protocolExtensions[name] ?? ClassCode(name: name, superclass: nil, protocols: [])
                addMembers(e.memberBlock.members, to: defaults, module: module)
                module.protocolExtensions[name] = defaults
                continue
            }
            guard let code = module.classes[name] ?? module.enumTypes[name] else {
                // `extension CGRect { var center: CGPoint { … } }`, `extension UIColor { static var
                // brand: UIColor { … } }`: members of an API type, with the API's value as `self`.
                guard Bridge.shared.isType(name) else {
                    report("cannot find type '\(name)' in scope", e.extendedType)
                    continue
                }
                let members = module.typeExtensions[name] ?? ClassCode(name: name, superclass: nil, protocols: [])
                addMembers(e.memberBlock.members, to: members, module: module)
                module.typeExtensions[name] = members
                module.extensionMemberNames.formUnion(members.methods.keys)
                module.extensionMemberNames.formUnion(members.computed.keys)
                continue
            }
            code.protocols += e.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            addMembers(e.memberBlock.members, to: code, module: module)
        }
        // Link superclasses of the source's own classes; find the view controller.
        for code in module.classes.values {
            if let name = code.superclass, let parent = module.classes[name] { code.superCode = parent }
        }
        // A class may not inherit from itself, however far round (the lookups would not end).
        for code in module.classes.values.sorted(by: { $0.name < $1.name }) {
            var seen: Set<String> = []
            var type: ClassCode? = code
            while let t = type {
                guard seen.insert(t.name).inserted else {
                    if let decl = module.tree.statements.compactMap({ $0.item.as(DeclSyntax.self)?.as(ClassDeclSyntax.self) })
                        .first(where: { $0.name.text == code.name })
                    {
                        report("'\(code.name)' inherits from itself", decl.name)
                    }
                    code.superCode = nil
                    break
                }
                type = t.superCode
            }
        }
        // Each type's protocols, with those they inherit; then its members, with the defaults
        // of its protocols' extensions after its own.
        func protocolClosure(_ names: [String]) -> Set<String> {
            var all: Set<String> = []
            var queue = names
            while let name = queue.popLast() {
                guard all.insert(name).inserted else { continue }
                queue += module.protocols[name] ?? []
            }
            return all
        }
        let allTypes = Array(module.classes.values) + Array(module.enumTypes.values)
        for code in allTypes {
            code.allProtocols = protocolClosure(code.lineage.flatMap(\.protocols) + (code.superclass.map { [$0] } ?? []))
        }
        for code in allTypes {
            let defaults = code.allProtocols.sorted().compactMap { module.protocolExtensions[$0] }
            code.flattenMembers(defaults: defaults)
            module.mutatingMethodNames.formUnion(code.methods.values.joined().filter(\.isMutating).map(\.name))
        }
        for code in module.protocolExtensions.values {
            module.mutatingMethodNames.formUnion(code.methods.values.joined().filter(\.isMutating).map(\.name))
        }
        for code in module.typeExtensions.values {
            code.flattenMembers()
            module.mutatingMethodNames.formUnion(code.methods.values.joined().filter(\.isMutating).map(\.name))
        }
        for code in module.protocolExtensions.values { code.flattenMembers() }
        // Operator functions, wherever declared, are found by their operator.
        for code in allTypes + Array(module.typeExtensions.values) {
            for (name, functions) in code.staticMethods where !(name.first.map { $0.isLetter || $0 == "_" } ?? true) {
                module.operators[name, default: []] += functions
            }
        }
        for code in module.classes.values {
            var type: ClassCode? = code
            var seen: Set<String> = []
            while let t = type, seen.insert(t.name).inserted {
                if t.superclass == "UIViewController" { code.isViewController = true }
                if let base = t.superclass, Bridge.shared.isClass(base) { code.nativeBase = base }
                type = t.superCode
            }
        }
        let controllers = module.tree.statements.compactMap { $0.item.as(DeclSyntax.self)?.as(ClassDeclSyntax.self) }
            .filter { module.classes[$0.name.text]?.isViewController == true }
        if module.isPlayground {
            // A playground page: its top level is the lesson; the host's controller shows `liveView`.
            let stage = ClassCode(name: "PlaygroundPage", superclass: "UIViewController", protocols: [])
            stage.isViewController = true
            stage.flattenMembers(defaults: [])
            module.controller = stage
        } else if let first = controllers.last {
            // The last view controller is the lesson's (helpers and base classes come first).
            module.controller = module.classes[first.name.text]
        } else if diagnostics.isEmpty {
            let line = module.locations.location(for: module.tree.endPosition).line
            diagnostics.append(
                LiveDiagnostic(
                    file: fileName, line: max(1, line), column: 1,
                    message: "a live lesson needs a class that inherits from UIViewController and builds its scene in viewDidLoad(), or, as a playground page, top-level code that sets PlaygroundPage.current.liveView"))
        }
        return diagnostics
    }

    private func classCode(_ c: ClassDeclSyntax, module: Module) -> ClassCode {
        let inherited = c.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        // The first inherited name is the superclass when it names a class (ours or bridged).
        let first = inherited.first
        let isClass = first.map {
            Bridge.shared.isClass($0) || $0.first?.isUppercase == true && !$0.hasSuffix("Delegate") && module.protocols[$0] == nil
        } ?? false
        let code = ClassCode(
            name: c.name.text, superclass: isClass ? first : nil,
            protocols: isClass ? Array(inherited.dropFirst()) : inherited)
        addMembers(c.memberBlock.members, to: code, module: module)
        return code
    }

    /// A class's members, from its declaration or an extension of it.
    private func addMembers(_ members: MemberBlockItemListSyntax, to code: ClassCode, module: Module) {
        for member in members {
            let decl = member.decl
            if let v = decl.as(VariableDeclSyntax.self) {
                let isLazy = v.modifiers.contains { $0.name.text == "lazy" }
                let isLet = v.bindingSpecifier.tokenKind == .keyword(.let)
                let isStatic = v.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
                for binding in v.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let typeName = binding.typeAnnotation?.type.trimmedDescription
                    if let accessors = binding.accessorBlock {
                        switch accessors.accessors {
                        case .getter(let body):
                            if isStatic {
                                code.staticComputed[name] = body
                            } else {
                                code.computed[name] = (body, nil, "newValue")
                            }
                            continue
                        case .accessors(let list):
                            var getter: CodeBlockItemListSyntax?, setter: CodeBlockItemListSyntax?
                            var didSet: CodeBlockItemListSyntax?, willSet: CodeBlockItemListSyntax?
                            var setName = "newValue"
                            for accessor in list {
                                let body = accessor.body?.statements
                                switch accessor.accessorSpecifier.text {
                                case "get": getter = body
                                case "set":
                                    setter = body
                                    if let p = accessor.parameters?.name.text { setName = p }
                                case "didSet": didSet = body
                                case "willSet": willSet = body
                                default: break
                                }
                            }
                            if let getter {
                                code.computed[name] = (getter, setter, setName)
                                continue
                            }
                            appendStored(code, .init(
                                name: name, typeName: typeName, initial: binding.initializer?.value, isLazy: isLazy, isLet: isLet,
                                didSet: didSet, willSet: willSet, node: Syntax(binding)), isStatic: isStatic)
                            continue
                        }
                    }
                    appendStored(code, .init(
                        name: name, typeName: typeName, initial: binding.initializer?.value, isLazy: isLazy, isLet: isLet,
                        didSet: nil, willSet: nil, node: Syntax(binding)), isStatic: isStatic)
                }
            } else if let f = decl.as(FunctionDeclSyntax.self) {
                let function = functionCode(f, module: module)
                function.isMutating = f.modifiers.contains { $0.name.text == "mutating" }
                if f.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) {
                    code.staticMethods[function.name, default: []].append(function)
                } else {
                    code.methods[function.name, default: []].append(function)
                }
            } else if let i = decl.as(InitializerDeclSyntax.self), let body = i.body {
                code.initializers.append(
                    FunctionCode(
                        name: "init", parameters: Self.parameters(i.signature.parameterClause), body: body.statements,
                        isClosure: false, node: Syntax(i)))
            } else if let s = decl.as(SubscriptDeclSyntax.self), let accessors = s.accessorBlock {
                // A subscript's parameters have no argument labels unless they name two.
                let parameters = Self.parameters(s.parameterClause).enumerated().map { i, p in
                    var p = p
                    if s.parameterClause.parameters[s.parameterClause.parameters.index(s.parameterClause.parameters.startIndex, offsetBy: i)].secondName == nil {
                        p.label = nil
                    }
                    return p
                }
                var getter: CodeBlockItemListSyntax?, setter: CodeBlockItemListSyntax?, setName = "newValue"
                switch accessors.accessors {
                case .getter(let body): getter = body
                case .accessors(let list):
                    for accessor in list {
                        if accessor.accessorSpecifier.text == "get" { getter = accessor.body?.statements }
                        if accessor.accessorSpecifier.text == "set" {
                            setter = accessor.body?.statements
                            if let p = accessor.parameters?.name.text { setName = p }
                        }
                    }
                }
                guard let getter else { continue }
                let get = FunctionCode(name: "subscript", parameters: parameters, body: getter, isClosure: false, node: Syntax(s))
                let valueType = s.returnClause.type.trimmedDescription
                let set = setter.map {
                    FunctionCode(
                        name: "subscript", parameters: parameters + [.init(label: nil, name: setName, typeName: valueType, isInout: false)],
                        body: $0, isClosure: false, node: Syntax(s))
                }
                set?.isMutating = true
                code.subscripts.append((get, set))
            } else if let d = decl.as(DeinitializerDeclSyntax.self), let body = d.body {
                code.deinitializer = FunctionCode(name: "deinit", parameters: [], body: body.statements, isClosure: false, node: Syntax(d))
            }
        }
    }

    /// Whether a binding stores its value (no getter: an initial value, or only observers).
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil: return true
        case .getter?: return false
        case .accessors(let list)?: return !list.contains { $0.accessorSpecifier.text == "get" }
        }
    }

    /// The raw types an enum may have, as Swift's literals give them.
    static let rawTypes: Set<String> = ["Int", "String", "Double", "CGFloat", "Float", "Character", "UInt", "Int32", "UInt32", "Int64"]

    /// An enum of the source: its cases (raw values counted on from the last as Swift does:
    /// integers add one, strings are the case's name), associated values and members.
    private func enumCode(_ e: EnumDeclSyntax, module: Module, report: (String, Syntax) -> Void) {
        var inherited = e.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        var rawType: String?
        if let first = inherited.first, Self.rawTypes.contains(first) {
            rawType = first
            inherited.removeFirst()
        }
        let code = ClassCode(name: e.name.text, superclass: nil, protocols: inherited)
        code.isEnum = true
        code.rawType = rawType
        var previous: Value?
        for member in e.memberBlock.members {
            guard let decl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in decl.elements {
                let name = element.name.text
                var raw: Value?
                if let rawType {
                    if let literal = element.rawValue?.value {
                        raw = Self.literalValue(literal, floating: Interpreter.isFloating(rawType))
                        if raw == nil { report("raw value for enum case must be a literal", Syntax(literal)) }
                    } else if rawType == "String" || rawType == "Character" {
                        raw = .string(name)
                    } else {
                        switch previous {
                        case .int(let n)?: raw = .int(n + 1)
                        case .double(let d)?: raw = .double(d + 1)
                        case nil: raw = Interpreter.isFloating(rawType) ? .double(0) : .int(0)
                        default: report("enum case must declare a raw value when the preceding raw value is not an integer", Syntax(element))
                        }
                    }
                    previous = raw
                } else if let value = element.rawValue {
                    report("enum case cannot have a raw value if the enum does not have a raw type", Syntax(value))
                }
                if let raw, code.cases.contains(where: { $0.rawValue.map { Self.sameLiteral($0, raw) } ?? false }) {
                    report("raw value for enum case is not unique", Syntax(element))
                }
                let parameters = element.parameterClause.map { clause in
                    clause.parameters.map { p in
                        (label: (p.firstName?.text).flatMap { $0 == "_" ? nil : $0 }, typeName: Optional(p.type.trimmedDescription))
                    }
                }
                if parameters != nil, rawType != nil {
                    report("enum with raw type cannot have cases with arguments", Syntax(element))
                }
                code.caseIndex[name] = code.cases.count
                code.cases.append(.init(name: name, rawValue: raw, parameters: parameters))
                if parameters == nil {
                    code.caseValues[name] = EnumValue(type: code, name: name)
                } else {
                    module.casesWithPayload[name, default: []].append(code)
                }
            }
        }
        for member in e.memberBlock.members {
            if let v = member.decl.as(VariableDeclSyntax.self), !v.modifiers.contains(where: { $0.name.text == "static" }),
                v.bindings.contains(where: Self.isStored)
            {
                report("enums must not contain stored properties", Syntax(v))
            }
        }
        addMembers(e.memberBlock.members, to: code, module: module)
        module.enumTypes[code.name] = code
        module.enums[code.name] = Set(code.cases.map(\.name))
    }

    /// A literal's value (`3`, `-1`, `2.5`, `"north"`), or nil for any other expression.
    static func literalValue(_ expr: ExprSyntax, floating: Bool) -> Value? {
        if let i = expr.as(IntegerLiteralExprSyntax.self) {
            let digits = i.literal.text.replacingOccurrences(of: "_", with: "")
            guard let n = Int(digits) ?? (digits.hasPrefix("0x") ? Int(digits.dropFirst(2), radix: 16) : nil) else { return nil }
            return floating ? .double(Double(n)) : .int(n)
        }
        if let f = expr.as(FloatLiteralExprSyntax.self) {
            return Double(f.literal.text.replacingOccurrences(of: "_", with: "")).map { .double($0) }
        }
        if let s = expr.as(StringLiteralExprSyntax.self) {
            var text = ""
            for segment in s.segments {
                guard case .stringSegment(let part) = segment else { return nil }
                text += part.content.text
            }
            return .string(text)
        }
        if let p = expr.as(PrefixOperatorExprSyntax.self), p.operator.text == "-" {
            switch literalValue(p.expression, floating: floating) {
            case .int(let n)?: return .int(-n)
            case .double(let d)?: return .double(-d)
            default: return nil
            }
        }
        return nil
    }

    private static func sameLiteral(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        default: return false
        }
    }

    private func appendStored(_ code: ClassCode, _ stored: ClassCode.Stored, isStatic: Bool) {
        var stored = stored
        if let binding = stored.node.as(PatternBindingSyntax.self),
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.modifiers.contains(where: { $0.name.text == "weak" }) == true
        {
            stored.isWeak = true
        }
        if isStatic {
            code.staticStored[stored.name] = stored
            return
        }
        code.storedIndex[stored.name] = code.stored.count
        code.stored.append(stored)
    }

    private func functionCode(_ f: FunctionDeclSyntax, module: Module) -> FunctionCode {
        let code = FunctionCode(
            name: f.name.text, parameters: Self.parameters(f.signature.parameterClause),
            body: f.body?.statements ?? CodeBlockItemListSyntax([]), isClosure: false, node: Syntax(f))
        code.isPostfix = f.modifiers.contains { $0.name.text == "postfix" }
        return code
    }

    /// Whether a parameter's type is `inout T`.
    static func isInout(_ type: AttributedTypeSyntax) -> Bool {
        type.specifiers.contains { $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.text == "inout" }
    }

    static func parameters(_ clause: FunctionParameterClauseSyntax) -> [FunctionCode.Parameter] {
        clause.parameters.map { p in
            let first = p.firstName.text
            let second = p.secondName?.text
            let isInout = p.type.as(AttributedTypeSyntax.self).map(Self.isInout) ?? false
            var typeName = p.type.trimmedDescription
            if let attributed = p.type.as(AttributedTypeSyntax.self) { typeName = attributed.baseType.trimmedDescription }
            return FunctionCode.Parameter(
                label: first == "_" ? nil : first, name: second ?? first, typeName: typeName,
                defaultValue: p.defaultValue?.value, isInout: isInout)
        }
    }

    /// The lesson's lobby card: a shipped lesson's own when the file is one of theirs,
    /// otherwise made from the file name and the source's first comment line.
    private func lessonInfo(for module: Module, source: String) -> LessonInfo {
        if let shipped = LessonCatalog.all.first(where: { $0.info.sourceFileName == fileName }) {
            return shipped.info
        }
        let stem = (fileName as NSString).deletingPathExtension
        var words: [String] = []
        var current = ""
        for c in stem {
            if (c.isUppercase && !current.isEmpty) || c == "-" || c == "_" || c == " " {
                if !current.isEmpty { words.append(current) }
                current = c.isLetter || c.isNumber ? String(c) : ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { words.append(current) }
        if words.count > 1, words.last == "Lesson" { words.removeLast() }
        let id = words.map { $0.lowercased() }.joined(separator: "-").filter { $0.isLetter || $0.isNumber || $0 == "-" }
        let title = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        let summary = source.split(separator: "\n").lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("//") && !$0.hasPrefix("// lesson:") && $0.count > 3 }
            .map { String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces) } ?? "A lesson from its Swift source."
        var gestures: [GestureKind] = []
        // Taps and drags reach whatever in the code takes them: recognisers, controls, touches.
        let taps = ["UITapGestureRecognizer", "UIButton", "addTarget", "UIControl", "touchesBegan", "touchesEnded", "UILongPressGestureRecognizer"]
        let drags = ["UIPanGestureRecognizer", "touchesMoved", "UISwipeGestureRecognizer"]
        if taps.contains(where: { source.firstRange(of: $0) != nil }) { gestures.append(.tap) }
        if drags.contains(where: { source.firstRange(of: $0) != nil }) { gestures.append(.pan) }
        var info = LessonInfo(
            id: id.isEmpty ? "live" : id, title: title.isEmpty ? "Live lesson" : title, summary: summary, order: 1000,
            gestures: gestures, sourceFileName: fileName)
        if module.isPlayground, let size = Self.playgroundStageSize(module) ?? Self.measuredStageSize(module, limits) {
            info.bounds = size
        }
        return info
    }
}

/// The `typealias` declarations and generic parameter names anywhere in a source.
private final class TypeNames: SyntaxVisitor {
    var aliases: [(String, String)] = []
    var generic: Set<String> = []

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        aliases.append((node.name.text, node.initializer.value.trimmedDescription))
        return .visitChildren
    }

    override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind {
        generic.insert(node.name.text)
        return .visitChildren
    }
}
