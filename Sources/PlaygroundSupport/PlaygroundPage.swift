import UIKitDynamics

/// What a playground page may show live: a view, or a view controller's view.
public protocol PlaygroundLiveViewable {
    var playgroundLiveViewRepresentation: PlaygroundLiveViewRepresentation { get }
}

public enum PlaygroundLiveViewRepresentation {
    case view(UIView)
    case viewController(UIViewController)
}

extension UIView: PlaygroundLiveViewable {
    public var playgroundLiveViewRepresentation: PlaygroundLiveViewRepresentation { .view(self) }
}

extension UIViewController: PlaygroundLiveViewable {
    public var playgroundLiveViewRepresentation: PlaygroundLiveViewRepresentation { .viewController(self) }
}

/// Swift Playgrounds' page, for code pasted from one: `liveView` is the page's live view
/// (its view is the stage when the page runs as a lesson, `newtons run --source`).
public final class PlaygroundPage {
    nonisolated(unsafe) public static let current = PlaygroundPage()

    public var liveView: PlaygroundLiveViewable?
    public var needsIndefiniteExecution = false
    public private(set) var finished = false

    /// The live view's root view: the view, or the view controller's (loaded).
    public var liveRootView: UIView? {
        switch liveView?.playgroundLiveViewRepresentation {
        case .view(let view): view
        case .viewController(let controller): controller.view
        case nil: nil
        }
    }

    public func finishExecution() { finished = true }
    public func setLiveView(_ view: PlaygroundLiveViewable) { liveView = view }
}
