import Foundation

/// A window: the root of a view hierarchy that touches are delivered to. Its
/// `rootViewController`'s view fills it; `makeKeyAndVisible()` shows it, running the
/// controller's appearance calls and a layout pass, as a scene delegate's code does on iOS.
/// Headless, touches and time come from the simulation methods (`simulateTap(at:)`,
/// `advanceClock(by:)`, …, in UIView+Simulation.swift).
open class UIWindow: UIView {
    /// A window level (kept; headless windows do not overlap).
    public struct Level: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = Level(0)
        public static let statusBar = Level(1000)
        public static let alert = Level(2000)
    }

    open var windowLevel: Level = .normal
    public private(set) var isKeyWindow = false

    /// A hidden window the size of `frame` (UIKit's windows start hidden).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// A window the size of the screen.
    public convenience init() {
        self.init(frame: UIScreen.main.bounds)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = true
    }

    /// The controller whose view fills the window. Replacing it takes the old one's view out
    /// (with its disappearance calls when the window is visible).
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let old = oldValue {
                old.viewWillDisappear(false)
                old.viewIfLoaded?.removeFromSuperview()
                if old.isAppeared {
                    old.isAppeared = false
                    old.viewDidDisappear(false)
                }
            }
            if !isHidden { installRootView() }
        }
    }

    /// Shows the window and makes it key: the root controller's view is loaded, sized to
    /// the window and added, between `viewWillAppear` and `viewDidAppear`; then layout.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
        installRootView()
    }

    open func makeKey() {
        isKeyWindow = true
    }

    private func installRootView() {
        guard let controller = rootViewController else { return }
        let view = controller.view!
        // UIKit's order: viewWillAppear, the view enters the window, layout, viewDidAppear.
        if view.superview !== self {
            view.frame = bounds
            controller.beginAppearance(false)
            addSubview(view)
        } else {
            controller.beginAppearance(false)
        }
        runLoopTurn()
        controller.endAppearance(false)
    }

    /// A window is the top of its responder chain headless (there is no UIApplication).
    open override var next: UIResponder? { nil }

    /// The window's own bounds are the screen's coordinates.
    open override var window: UIWindow? { self }
}
