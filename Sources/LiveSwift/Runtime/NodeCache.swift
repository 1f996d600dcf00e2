import SwiftSyntax

/// Values the interpreter keeps per syntax node (a member read's cache, a call's arguments, a
/// reference's name), in an array indexed by the node's place in its tree. A dictionary keyed
/// by the node's identifier cost as much to hash as reading the syntax again did.
struct NodeCache<Value> {
    private var slots: [(id: SyntaxIdentifier, value: Value)?] = []
    /// Trees larger than this (far past any lesson's) are simply not cached.
    private static var maxSlots: Int { 1 << 22 }

    subscript(id: SyntaxIdentifier) -> Value? {
        get {
            let i = Int(truncatingIfNeeded: id.indexInTree.toOpaque())
            // Another tree's node may have the same index: the whole identifier must match.
            guard i < slots.count, let slot = slots[i], slot.id == id else { return nil }
            return slot.value
        }
        set {
            let i = Int(truncatingIfNeeded: id.indexInTree.toOpaque())
            guard i < Self.maxSlots else { return }
            if i >= slots.count {
                slots.append(contentsOf: repeatElement(nil, count: max(i + 1, slots.count * 2) - slots.count))
            }
            slots[i] = newValue.map { (id, $0) }
        }
    }

    /// The node's value, made (and kept) the first time it is asked for.
    mutating func value(for id: SyntaxIdentifier, making make: () -> Value) -> Value {
        if let known = self[id] { return known }
        let made = make()
        self[id] = made
        return made
    }
}

/// The interpreter's caches, one per kind of node (Interpreter.caches).
struct NodeCaches {
    /// Bridged property reads (`ball.frame`, a controller's `view`), per member expression: how
    /// the receiver's class read it the last time; a receiver of another class looks the
    /// property up again (Interpreter+Expressions.swift, `readNative`).
    var memberReads = NodeCache<MemberRead>()
    /// Bridged methods called, per call expression (Interpreter+Calls.swift, `callBridged`).
    var methodCalls = NodeCache<MethodCall>()
    /// Each call expression's arguments as read from the syntax (Interpreter+Calls.swift).
    var callShapes = NodeCache<CallShape>()
    /// Names of references, each block's statements, each condition list's elements.
    var identifiers = NodeCache<String>()
    var blockStatements = NodeCache<[CodeBlockItemSyntax]>()
    var conditionLists = NodeCache<[ConditionElementSyntax]>()
}
