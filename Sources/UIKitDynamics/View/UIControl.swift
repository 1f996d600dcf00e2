import Foundation

/// A handler with a title, run when a control sends the events it was added for.
open class UIAction: NSObject {
    public let title: String
    let handler: (UIAction) -> Void

    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
        super.init()
    }
}

/// A control: a view that runs actions for events. Headless, events are sent with
/// `sendActions(for:)` (a room delivers a tap on a button that way).
open class UIControl: UIView {
    /// Control events.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Where a control's content sits across it (kept; nothing is drawn).
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center = 0, left, right, fill, leading, trailing
    }

    /// Where a control's content sits up and down (kept; nothing is drawn).
    public enum ContentVerticalAlignment: Int, Sendable {
        case center = 0, top, bottom, fill
    }

    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center
    open var contentVerticalAlignment: ContentVerticalAlignment = .center

    /// Control states (titles are kept per state).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    private var actions: [(action: UIAction, events: Event)] = []
    private var targetActions: [(target: WeakObject, action: Selector, events: Event)] = []

    /// A disabled control sends no actions.
    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false

    /// Runs `action` whenever one of `controlEvents` is sent.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        actions.append((action, controlEvents))
    }

    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { $0.action === action && !$0.events.isDisjoint(with: controlEvents) }
    }

    /// Sends `action` to `target` whenever one of `controlEvents` is sent (see `Selector` for
    /// how a selector finds its method without the Objective-C runtime).
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        guard let target else { return }
        targetActions.append((WeakObject(target as AnyObject), action, controlEvents))
    }

    /// Removes the target/action pairs matching `target` (nil: any) and `action` (nil: any)
    /// for `controlEvents`.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        targetActions.removeAll { entry in
            (object == nil || entry.target.value === object) && (action == nil || entry.action == action!)
                && !entry.events.isDisjoint(with: controlEvents)
        }
    }

    /// Runs the actions added for any of `controlEvents`, in the order they were added, then
    /// sends the target/action pairs (with the control as sender).
    open func sendActions(for controlEvents: Event) {
        guard isEnabled else { return }
        for entry in actions where !entry.events.isDisjoint(with: controlEvents) {
            entry.action.handler(entry.action)
        }
        for entry in targetActions where !entry.events.isDisjoint(with: controlEvents) {
            guard let target = entry.target.value else { continue }
            entry.action.perform(on: target, with: self)
        }
    }

    // MARK: Touches (a control tracks its own touches, as UIKit's do)

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else { return super.touchesBegan(touches, with: event) }
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else { return super.touchesMoved(touches, with: event) }
        isHighlighted = touches.contains { bounds.insetBy(dx: -70, dy: -70).contains($0.location(in: self)) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else { return super.touchesEnded(touches, with: event) }
        isHighlighted = false
        // UIKit counts a lift up to about 70 points outside the control as inside.
        let inside = touches.contains { bounds.insetBy(dx: -70, dy: -70).contains($0.location(in: self)) }
        sendActions(for: inside ? [.touchUpInside, .primaryActionTriggered] : .touchUpOutside)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled else { return super.touchesCancelled(touches, with: event) }
        isHighlighted = false
        sendActions(for: .touchCancel)
    }
}

/// A weak reference to any object (targets are not retained, as in UIKit).
struct WeakObject {
    weak var value: AnyObject?
    init(_ value: AnyObject) { self.value = value }
}

/// A button with a title per state.
open class UIButton: UIControl {
    /// Button styles (kept; nothing is drawn).
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close
        public static let roundedRect = ButtonType.system
    }

    public let buttonType: ButtonType
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]

    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
    }

    /// A button that runs `primaryAction` when tapped, titled with the action's title.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        guard let primaryAction else { return }
        if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
        addAction(primaryAction, for: .primaryActionTriggered)
    }

    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        buttonType = .custom
        super.init(coder: coder)
    }

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
    }

    /// The title for `state`, or the normal title when none was set for it.
    open func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
    }

    open func titleColor(for state: State) -> UIColor? {
        titleColors[state.rawValue] ?? titleColors[State.normal.rawValue]
    }

    /// The title shown now (the normal one: a headless button is never highlighted).
    open var currentTitle: String? { title(for: .normal) }
}
