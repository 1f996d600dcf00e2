import Foundation

// Key-value coding as far as UIKit Dynamics code uses it: tutorials switch on the
// animator's private debug overlay with `animator.setValue(true, forKey: "debugEnabled")`.
// Linux's NSObject has no key-value coding, so the animator answers these keys itself.

extension UIDynamicAnimator {
    /// Sets `debugEnabled` (a Bool or an NSNumber). Other keys are ignored (UIKit raises
    /// an unknown-key exception; a room server must not stop).
    public func setValue(_ value: Any?, forKey key: String) {
        guard key == "debugEnabled" else { return }
        if let flag = value as? Bool {
            isDebugEnabled = flag
        } else if let number = value as? NSNumber {
            isDebugEnabled = number.boolValue
        }
    }

    /// `debugEnabled` as a Bool; nil for any other key.
    public func value(forKey key: String) -> Any? {
        key == "debugEnabled" ? isDebugEnabled : nil
    }
}
