import Foundation

/// The name of an action method, for target/action (gesture recognisers, controls,
/// `CADisplayLink`-style callbacks).
///
/// Linux has no Objective-C runtime to find a method from its name, so a selector is
/// resolved one of two ways (docs/api.md, "Target/action without the Objective-C runtime"):
///
/// - made from the method itself, `Selector(Self.handlePan(_:))` (the mechanical change of
///   `#selector(handlePan(_:))`): it calls that method on the target, type-checked;
/// - made from its name, `Selector("handlePan:")`: the target's class lists its action
///   methods once, `Selector.register("handlePan:", ViewController.handlePan)` (in its
///   `init` or `viewDidLoad`), or the target answers for itself by conforming to
///   `SelectorPerforming` (what an interpreter does).
///
/// Two selectors are equal when their names are (a selector made from a method has the name
/// it was given, "" by default).
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The Objective-C style name: `handlePan:` for `handlePan(_:)`, `tapped` for `tapped()`.
    public let name: String
    /// Calls the method on a target, when the selector was made from one: false when the
    /// target is not of the method's class.
    let method: (@Sendable (AnyObject, Any?) -> Bool)?

    public init(_ name: String) {
        self.name = name
        method = nil
    }

    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// A selector that calls `method` (an unbound method, `Self.handlePan(_:)`) with the
    /// sender. `name` is optional: give it to compare selectors or find them by name.
    public init<Target: AnyObject, Sender>(_ method: @escaping (Target) -> (Sender) -> Void, name: String = "") {
        self.name = name
        let unchecked = UncheckedSendable(method)
        self.method = { target, sender in
            guard let target = target as? Target else { return false }
            guard let sender = sender as? Sender else { return false }
            unchecked.value(target)(sender)
            return true
        }
    }

    /// A selector for an action without arguments, `Selector(Self.tapped)`.
    public init<Target: AnyObject>(_ method: @escaping (Target) -> () -> Void, name: String = "") {
        self.name = name
        let unchecked = UncheckedSendable(method)
        self.method = { target, _ in
            guard let target = target as? Target else { return false }
            unchecked.value(target)()
            return true
        }
    }

    public var description: String { name }

    public static func == (a: Selector, b: Selector) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    // MARK: Names a class registers

    /// Says which method `name` means on instances of `Target` (and its subclasses):
    /// `Selector.register("handlePan:", ViewController.handlePan)`. Registering the same
    /// name for the same class again replaces the method.
    public static func register<Target: AnyObject, Sender>(
        _ name: String, _ method: @escaping (Target) -> (Sender) -> Void
    ) {
        SelectorRegistry.shared.add(name, Target.self, Selector(method, name: name))
    }

    /// Registers an action without arguments: `Selector.register("tapped", ViewController.tapped)`.
    public static func register<Target: AnyObject>(_ name: String, _ method: @escaping (Target) -> () -> Void) {
        SelectorRegistry.shared.add(name, Target.self, Selector(method, name: name))
    }

    /// Sends the action to `target` with `sender`, as UIKit's target/action does. True when
    /// a method was found and called; false (nothing happens) when the target has none for
    /// this selector, where UIKit would raise "unrecognized selector".
    @discardableResult
    public func perform(on target: AnyObject, with sender: Any?) -> Bool {
        if let method, method(target, sender) { return true }
        if let performing = target as? SelectorPerforming, performing.responds(to: self) {
            performing.perform(self, with: sender)
            return true
        }
        return SelectorRegistry.shared.perform(name, on: target, with: sender)
    }

    /// True when `target` has a method for this selector.
    public func isImplemented(by target: AnyObject) -> Bool {
        if method != nil { return true }
        if let performing = target as? SelectorPerforming, performing.responds(to: self) { return true }
        return SelectorRegistry.shared.has(name, for: target)
    }
}

/// A target that finds its own action methods by selector name (an interpreter's objects,
/// or a class that prefers a `switch` to `Selector.register`).
public protocol SelectorPerforming: AnyObject {
    func responds(to action: Selector) -> Bool
    func perform(_ action: Selector, with sender: Any?)
}

/// Selector names registered per class, looked up through the target's class and its
/// superclasses (the entry's cast decides: a subclass instance matches its superclass's).
final class SelectorRegistry: @unchecked Sendable {
    static let shared = SelectorRegistry()
    private let lock = NSLock()
    private var entries: [String: [(type: ObjectIdentifier, selector: Selector)]] = [:]

    func add(_ name: String, _ type: AnyObject.Type, _ selector: Selector) {
        lock.lock()
        defer { lock.unlock() }
        entries[name, default: []].removeAll { $0.type == ObjectIdentifier(type) }
        entries[name, default: []].append((ObjectIdentifier(type), selector))
    }

    private func candidates(_ name: String, for target: AnyObject) -> [Selector] {
        lock.lock()
        defer { lock.unlock() }
        let list = entries[name] ?? []
        // The most derived class first: walk the target's class chain.
        var result: [Selector] = []
        var type: AnyClass? = Swift.type(of: target)
        while let current = type {
            if let entry = list.first(where: { $0.type == ObjectIdentifier(current) }) { result.append(entry.selector) }
            type = _getSuperclass(current)
        }
        return result
    }

    func perform(_ name: String, on target: AnyObject, with sender: Any?) -> Bool {
        for selector in candidates(name, for: target) where selector.method?(target, sender) == true {
            return true
        }
        return false
    }

    func has(_ name: String, for target: AnyObject) -> Bool {
        !candidates(name, for: target).isEmpty
    }
}

/// Holds a non-Sendable method reference inside a `Sendable` selector: selectors are values
/// passed between objects of one thread (a room's), never run concurrently.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A selector by its Objective-C name (`NSSelectorFromString("setDebugEnabled:")`).
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }

/// A selector's Objective-C name.
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }
