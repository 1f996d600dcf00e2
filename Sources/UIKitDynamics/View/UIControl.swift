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
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

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

    /// Runs the actions added for any of `controlEvents`, in the order they were added.
    open func sendActions(for controlEvents: Event) {
        guard isEnabled else { return }
        for entry in actions where !entry.events.isDisjoint(with: controlEvents) {
            entry.action.handler(entry.action)
        }
    }
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

    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
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
