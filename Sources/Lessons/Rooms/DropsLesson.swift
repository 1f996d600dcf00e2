import Foundation
import UIKitDynamics

// lesson:begin
// Drop blocks: a game view ten blocks wide. Each tap drops a block of a random colour into
// a random column; gravity pulls the blocks down and they pile up inside the view's edges.
final class DropsViewController: UIViewController {
    var gameView: UIView { view }
    let dropsPerRow = 10
    var dropSize: CGSize {
        let size = gameView.bounds.size.width / CGFloat(dropsPerRow)
        return CGSize(width: size, height: size)
    }

    let gravity = UIGravityBehavior()
    lazy var collider: UICollisionBehavior = {
        let lazyCollider = UICollisionBehavior()
        lazyCollider.translatesReferenceBoundsIntoBoundary = true
        return lazyCollider
    }()
    lazy var animator: UIDynamicAnimator = UIDynamicAnimator(referenceView: gameView)
    /// The room's own random numbers, so every room drops its own sequence.
    var random = SeededRandom(seed: 2014)

    override func viewDidLoad() {
        super.viewDidLoad()
        animator.addBehavior(gravity)
        animator.addBehavior(collider)

        gameView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: Selector(Self.drop(_:))))
    }

    func drop(_ sender: UITapGestureRecognizer) {
        drop()
    }

    func drop() {
        var frame = CGRect(origin: .zero, size: dropSize)
        frame.origin.x = CGFloat(Int.random(in: 0..<dropsPerRow, using: &random)) * dropSize.width

        let dropView = UIView(frame: frame)
        dropView.backgroundColor = UIColor(
            red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
            blue: .random(in: 0...1, using: &random), alpha: 1)

        gameView.addSubview(dropView)
        gravity.addItem(dropView)
        collider.addItem(dropView)
    }
}
// lesson:end

/// The room: each tap drops a block; gravity is live.
final class DropsLesson: LessonHost<DropsViewController>, Lesson {
    static let info = LessonInfo.drops

    /// Most blocks a room keeps; the oldest goes when a tap would add one more.
    static let maxBlocks = 120

    required init() {
        super.init(bounds: Self.info.bounds) { DropsViewController() }
        addParameter("magnitude", "Gravity (1 = Earth)", min: 0.1, max: 3, step: 0.05, \.gravity.magnitude)
    }

    override var animator: UIDynamicAnimator? { controller.animator }

    override func willTap(at point: CGPoint) {
        if controller.gameView.subviews.count >= Self.maxBlocks, let oldest = controller.gameView.subviews.first {
            controller.gravity.removeItem(oldest)
            controller.collider.removeItem(oldest)
            oldest.removeFromSuperview()
        }
    }

    override func didTap(at point: CGPoint) {
        if let block = controller.gameView.subviews.last { name(block, "block") }
    }
}
