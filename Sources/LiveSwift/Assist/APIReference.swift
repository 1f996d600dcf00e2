import Foundation

/// One name of the API a live lesson may use, as completion and quick help show it. `key` is
/// what the page's help catalogs (web/help/*.json) are keyed by.
public struct APISymbol: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        case type, initializer, property, method, function, symbol
        case staticValue = "static-value"
        case staticMethod = "static-method"
    }
    /// `UISnapBehavior`, `UISnapBehavior.damping`, `UISnapBehavior.init(item:snapTo:)`, `sqrt`.
    public var key: String
    /// The type it belongs to; nil for a type or a global function.
    public var owner: String?
    /// As written in code: `damping`, `init(item:snapTo:)`, `addBehavior(_:)`.
    public var name: String
    public var kind: Kind
    /// What reading it or calling it gives, as Swift writes the type (`CGFloat`, `UIView?`);
    /// nil where the table does not say.
    public var type: String?
    /// A property the code may assign.
    public var settable: Bool
    /// For a type: the class it inherits from in the API.
    public var parent: String?
}

extension LiveSwift {
    /// Every type, member and global function the bridge declares (BridgeTable.swift,
    /// Builtins.swift), types in name order, each type's members in the table's order.
    public static let api: [APISymbol] = {
        let bridge = Bridge.shared
        var symbols: [APISymbol] = []
        for type in bridge.types.values.sorted(by: { $0.name < $1.name }) {
            symbols.append(
                APISymbol(key: type.name, owner: nil, name: type.name, kind: .type, type: nil, settable: false, parent: type.parent))
            for d in type.declarations {
                symbols.append(
                    APISymbol(
                        key: "\(type.name).\(d.name)", owner: type.name, name: d.name, kind: APISymbol.Kind(d.kind),
                        type: d.result.map(bridge.displayName(of:)), settable: d.settable, parent: nil))
            }
        }
        for name in bridge.globals.keys.sorted() {
            symbols.append(APISymbol(key: name, owner: nil, name: name, kind: .function, type: nil, settable: false, parent: nil))
        }
        for name in bridge.constants.keys.sorted() {
            symbols.append(APISymbol(key: name, owner: nil, name: name, kind: .staticValue, type: "Double", settable: false, parent: nil))
        }
        return symbols
    }()

    /// Members the bridge runs that its declarations (and so completion and quick help) leave
    /// out; empty when BridgeTable.swift declares everything through `TypeBuilder`.
    public static var undeclaredMembers: [String] {
        var missing: [String] = []
        for type in Bridge.shared.types.values {
            let declared = Set(type.declarations.map { CodeIndex.baseName($0.name) })
            let used = Set(type.properties.keys).union(type.methods.keys).union(type.symbols.keys)
                .union(type.staticMethods.keys).union(type.staticValues.keys)
            missing += used.subtracting(declared).map { "\(type.name).\($0)" }
            if type.initializers.count > type.declarations.filter({ $0.kind == .initializer }).count {
                missing.append("\(type.name).init")
            }
        }
        return missing.sorted()
    }

    /// The API's symbols by key.
    static let apiByKey: [String: APISymbol] = Dictionary(api.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
}

extension APISymbol.Kind {
    init(_ kind: BridgeDeclaration.Kind) {
        switch kind {
        case .initializer: self = .initializer
        case .property: self = .property
        case .method: self = .method
        case .staticValue: self = .staticValue
        case .staticMethod: self = .staticMethod
        case .symbol: self = .symbol
        }
    }
}

extension Bridge {
    /// A Swift type as code writes it: the bridge's name for an API type, `T?` for an
    /// optional, `[T]` for an array, `Void` for nothing.
    func displayName(of swiftType: Any.Type) -> String {
        if swiftType == Void.self { return "Void" }
        if let known = namesOfTypes[ObjectIdentifier(swiftType)] { return known }
        return Self.simplified("\(swiftType)")
    }

    /// `Optional<Swift.Array<UIKitDynamics.UIView>>` → `[UIView]?`.
    static func simplified(_ name: String) -> String {
        var name = name
        for module in ["Swift.", "UIKitDynamics.", "Foundation.", "CoreGraphics.", "Lessons.", "Physics2D."] {
            name = name.replacingOccurrences(of: module, with: "")
        }
        func generic(_ prefix: String) -> String? {
            guard name.hasPrefix(prefix + "<"), name.hasSuffix(">") else { return nil }
            return String(name.dropFirst(prefix.count + 1).dropLast())
        }
        if let inner = generic("Optional") { return simplified(inner) + "?" }
        if let inner = generic("ImplicitlyUnwrappedOptional") { return simplified(inner) + "!" }
        if let inner = generic("Array") { return "[" + simplified(inner) + "]" }
        return name
    }
}
