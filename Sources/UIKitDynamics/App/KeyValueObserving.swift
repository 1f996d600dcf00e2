import Foundation

// Key-value observing of a view's geometry, as UIKit code written for iOS uses it: an observer
// added for `center` hears each move, the animator's included (it sets `center` every step).
// Foundation on Linux has no KVO, so these are the API's own: a view is observable (`center`,
// `frame`, `bounds`, `transform`, `alpha`), and an observer that is a responder (a view
// controller, a view) hears through its `observeValue(forKeyPath:of:change:context:)`. A
// value arrives as itself (`change?[.newKey] as? CGPoint`), not boxed in an NSValue.

public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    /// Also once at once, when the observer is added (the value then).
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    /// Also before each change (`notificationIsPriorKey` true, the old value only).
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let kindKey = NSKeyValueChangeKey("kind")
    public static let newKey = NSKeyValueChangeKey("new")
    public static let oldKey = NSKeyValueChangeKey("old")
    public static let indexesKey = NSKeyValueChangeKey("indexes")
    public static let notificationIsPriorKey = NSKeyValueChangeKey("notificationIsPrior")
}

public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1, insertion, removal, replacement
}

/// One observer of one key path of a view.
struct KeyValueObservation {
    weak var observer: NSObject?
    let keyPath: String
    let options: NSKeyValueObservingOptions
    nonisolated(unsafe) let context: UnsafeMutableRawPointer?
}

extension UIView {
    /// The key paths a view can be observed for, and which of them a change of each touches.
    static let observableKeyPaths: Set<String> = ["center", "frame", "bounds", "transform", "alpha"]

    /// Starts telling `observer` of changes to `keyPath` (one of `center`, `frame`, `bounds`,
    /// `transform`, `alpha`; another is accepted and never changes).
    public func addObserver(
        _ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
        context: UnsafeMutableRawPointer?
    ) {
        keyValueObservations.removeAll { $0.observer == nil }
        keyValueObservations.append(KeyValueObservation(observer: observer, keyPath: keyPath, options: options, context: context))
        if options.contains(.initial) {
            var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSKeyValueChange.setting.rawValue]
            if options.contains(.new), let value = observedValue(keyPath) { change[.newKey] = value }
            (observer as? UIResponder)?.observeValue(forKeyPath: keyPath, of: self, change: change, context: context)
        }
    }

    /// Stops telling `observer` of `keyPath` (every context).
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
        keyValueObservations.removeAll { $0.observer == nil || ($0.observer === observer && $0.keyPath == keyPath) }
    }

    /// Stops telling `observer` of `keyPath` for `context`.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        keyValueObservations.removeAll {
            $0.observer == nil || ($0.observer === observer && $0.keyPath == keyPath && $0.context == context)
        }
    }

    func observedValue(_ keyPath: String) -> Any? {
        switch keyPath {
        case "center": return center
        case "frame": return frame
        case "bounds": return bounds
        case "transform": return transform
        case "alpha": return alpha
        default: return nil
        }
    }

    /// Tells the observers of `keyPaths` that they changed from `old` (their values before).
    func keyValuesDidChange(_ keyPaths: [String], old: [Any]) {
        for observation in keyValueObservations {
            guard let index = keyPaths.firstIndex(of: observation.keyPath),
                let observer = observation.observer as? UIResponder
            else { continue }
            var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSKeyValueChange.setting.rawValue]
            if observation.options.contains(.old) { change[.oldKey] = old[index] }
            if observation.options.contains(.new), let value = observedValue(observation.keyPath) { change[.newKey] = value }
            observer.observeValue(forKeyPath: observation.keyPath, of: self, change: change, context: observation.context)
        }
    }
}
