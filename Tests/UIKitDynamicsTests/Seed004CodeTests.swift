import DynamicsTesting
import Testing
import UIKitDynamics

// Seed 004: "Swift: UIView Animation 2", the drop-blocks example, in today's Swift: a game
// view ten blocks wide; each drop falls into a random column and the blocks pile up.

/// SplitMix64: the example's `arc4random`, made reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension UIColor {
    static func random(using generator: inout SeededGenerator) -> UIColor {
        UIColor(
            red: .random(in: 0...1, using: &generator), green: .random(in: 0...1, using: &generator),
            blue: .random(in: 0...1, using: &generator), alpha: 1)
    }
}

final class DropBlockViewController: SeedViewController {
    var gameView: UIView { view }
    var dropsPerRow = 10
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
    lazy var animator: UIDynamicAnimator = {
        return UIDynamicAnimator(referenceView: self.gameView)
    }()
    var random = SeededGenerator(state: 2014)

    func drop(_ sender: Gesture) {
        drop()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        animator.addBehavior(gravity)
        animator.addBehavior(collider)
    }

    func drop() {
        var frame = CGRect(origin: CGPoint.zero, size: dropSize)
        frame.origin.x = CGFloat(Int.random(in: 0..<dropsPerRow, using: &random)) * dropSize.width

        let dropView = UIView(frame: frame)
        dropView.backgroundColor = UIColor.random(using: &random)

        gameView.addSubview(dropView)
        gravity.addItem(dropView)
        collider.addItem(dropView)
    }
}

/// What the example shows: blocks fall and pile up, without jitter or sinking.
@Suite struct Seed004CodeTests {
    @Test func droppedBlocksPileUpInTheirColumnsWithoutSinking() {
        let vc = DropBlockViewController()
        vc.viewDidLoad()
        for _ in 0..<40 {
            vc.drop(Gesture(point: .zero))
            vc.animator.run(seconds: 0.4)
        }
        vc.animator.run(seconds: 5)
        #expect(!vc.animator.isRunning)
        let size = vc.dropSize.width
        let blocks = vc.gameView.subviews
        #expect(blocks.count == 40)
        // Each block rests flat (blocks dropped into a column rub against their neighbours
        // and may turn over on landing), on the floor or on the block below.
        for block in blocks {
            let angle = rotationAngle(of: block)
            #expect(abs(angle - (angle / (.pi / 2)).rounded() * (.pi / 2)) < 0.02)
            let level = (667 - block.center.y - size / 2) / size
            #expect(abs(level - level.rounded()) < 0.05)
            #expect(block.center.y <= 667 - size / 2 + 0.5)
        }
        // No two blocks overlap.
        for (i, a) in blocks.enumerated() {
            for b in blocks[(i + 1)...] {
                let overlapX = size - abs(a.center.x - b.center.x)
                let overlapY = size - abs(a.center.y - b.center.y)
                #expect(!(overlapX > 1 && overlapY > 1))
            }
        }
    }

    @Test func anIdleGameCostsNothingUntilTheNextDrop() {
        let vc = DropBlockViewController()
        vc.viewDidLoad()
        vc.animator.run(steps: 1)
        #expect(!vc.animator.isRunning)
        vc.drop()
        #expect(vc.animator.isRunning)
        vc.animator.run(seconds: 3)
        #expect(!vc.animator.isRunning)
    }
}
