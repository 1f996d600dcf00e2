import Foundation

/// A view controller in UIKit's shape: its `view` is made on first use by `loadView()`
/// (a plain view the size of the screen, `UIScreen.main.bounds`), then `viewDidLoad()` runs
/// once. A window's `rootViewController` is shown by `makeKeyAndVisible()`, which runs the
/// appearance calls (`viewWillAppear(_:)`, `viewDidAppear(_:)`) and a layout pass
/// (`viewWillLayoutSubviews()`, `viewDidLayoutSubviews()`). Child view controllers are
/// kept (`addChild`, `removeFromParent`) and appear with their parent's view.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    private var isLoadingView = false
    public let nibName: String?
    public let nibBundle: Bundle?
    open var title: String?
    open var preferredContentSize: CGSize = .zero

    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?
    /// The controller this one presented (`present(_:animated:completion:)`), if any.
    public private(set) var presentedViewController: UIViewController?
    public private(set) weak var presentingViewController: UIViewController?
    /// Whether the view is in a window now (between `viewWillAppear` and `viewDidDisappear`).
    var isAppeared = false

    /// A view controller without a nib (the only kind there is headless).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// There are no storyboards headless: a controller made from a coder has no archive to
    /// read and loads its view in code, as `init()` does.
    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init()
    }

    // MARK: The view

    /// The root view, loaded on first use (`loadView()` then `viewDidLoad()`).
    open var view: UIView! {
        get {
            if loadedView == nil { loadViewIfNeeded() }
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    /// The root view if it is loaded, without loading it.
    open var viewIfLoaded: UIView? { loadedView }
    open var isViewLoaded: Bool { loadedView != nil }

    /// Makes the root view: a plain view the size of the screen. Override it to make your
    /// own and assign it to `view` (do not call `super` then, as in UIKit).
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    open func loadViewIfNeeded() {
        guard loadedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        isLoadingView = false
        viewDidLoad()
    }

    /// Called once, after the view is loaded. Subclasses call `super.viewDidLoad()` first.
    open func viewDidLoad() {}

    // Orientation (UIInterfaceOrientation.swift): a room is upright and never turns, so these
    // are asked of nobody, and a size transition never comes; code that overrides them runs.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    open var shouldAutorotate: Bool { true }
    open var prefersStatusBarHidden: Bool { false }
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func didReceiveMemoryWarning() {}

    /// The insets of the safe area: the root view's.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero
    /// The edges the view extends under bars (a room has none: kept for code that sets it).
    open var edgesForExtendedLayout: UIRectEdge = .all
    open var extendedLayoutIncludesOpaqueBars = false

    /// Where content may start below the top bars (iOS 7–10; `safeAreaLayoutGuide` replaced
    /// it): a room has no status or navigation bar, so its length is the view's top safe-area
    /// inset (`additionalSafeAreaInsets.top`, 0 unless set).
    open var topLayoutGuide: any UILayoutSupport { LayoutSupportGuide { [weak self] in self?.view.safeAreaInsets.top ?? 0 } }
    /// Where content must end above the bottom bars: the view's bottom safe-area inset.
    open var bottomLayoutGuide: any UILayoutSupport {
        LayoutSupportGuide { [weak self] in self?.view.safeAreaInsets.bottom ?? 0 }
    }

    // MARK: Containment

    /// Adds `childController` as a child; call `didMove(toParent:)` after adding its view,
    /// as in UIKit.
    open func addChild(_ childController: UIViewController) {
        guard childController !== self, childController.parent !== self else { return }
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes this controller from its parent; call `willMove(toParent: nil)` first.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Presentation

    /// Shows `viewControllerToPresent` over this one: its view covers the window (headless,
    /// at once; `animated` is kept for the appearance calls). The completion runs after.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        guard presentedViewController == nil, viewControllerToPresent !== self else { return }
        let host: UIView = view.window ?? view.rootAncestor
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        let presented = viewControllerToPresent.view!
        presented.frame = host.bounds
        viewControllerToPresent.beginAppearance(flag)
        host.addSubview(presented)
        host.runLoopTurn()
        viewControllerToPresent.endAppearance(flag)
        completion?()
    }

    /// Dismisses the controller this one presented (or this one, if it was presented).
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            presented.viewWillDisappear(flag)
            presented.viewIfLoaded?.removeFromSuperview()
            presented.isAppeared = false
            presented.viewDidDisappear(flag)
            presented.presentingViewController = nil
            presentedViewController = nil
            completion?()
        } else if let presenting = presentingViewController {
            presenting.dismiss(animated: flag, completion: completion)
        }
    }

    // MARK: Appearance (the window runs these)

    func beginAppearance(_ animated: Bool) {
        _ = view
        guard !isAppeared else { return }
        viewWillAppear(animated)
        for child in children where child.viewIfLoaded?.isDescendant(of: view) ?? false { child.beginAppearance(animated) }
    }

    func endAppearance(_ animated: Bool) {
        guard !isAppeared else { return }
        isAppeared = true
        viewDidAppear(animated)
        for child in children where child.viewIfLoaded?.isDescendant(of: view) ?? false { child.endAppearance(animated) }
    }

    func disappear(_ animated: Bool) {
        guard isAppeared else { return }
        viewWillDisappear(animated)
        isAppeared = false
        viewDidDisappear(animated)
    }

    // MARK: Responder chain

    /// The root view's superview (UIKit: a controller's next responder).
    open override var next: UIResponder? { loadedView?.superview }
}

/// Edges of a rectangle (`edgesForExtendedLayout`, screen-edge gestures).
public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// A bar's extent at an edge of a view controller's view (`topLayoutGuide`,
/// `bottomLayoutGuide`). Headless it has a length only: its anchors are left out.
public protocol UILayoutSupport: AnyObject {
    /// How far the bars reach into the view from its edge, points.
    var length: CGFloat { get }
}

/// A layout guide that reads its length from its controller when asked.
package final class LayoutSupportGuide: UILayoutSupport {
    private let measure: () -> CGFloat
    init(_ measure: @escaping () -> CGFloat) { self.measure = measure }
    package var length: CGFloat { measure() }
}
