import CoreMotion
import Foundation
import PlaygroundSupport
import UIKit

// Code from other authors as pasted, imports included (`import UIKit`, `import CoreMotion`,
// `import PlaygroundSupport`): a box placed with auto layout anchors whose constant moves it, an
// old-style constraint held by the superview, a motion manager on a server with no sensors,
// and a playground page's live view. Tested in WildCodeLayoutTests.swift: a file that imports
// both Testing and a module named UIKit asks for swift-testing's Apple-only overlay
// `_Testing_UIKit`, so the pasted code keeps a file of its own.

final class PinnedBoxViewController: UIViewController {
    let box = UIView()
    let label = UIView()
    var topConstraint: NSLayoutConstraint!
    var animator: UIDynamicAnimator!
    let motion = CMMotionManager()
    var gravity: UIGravityBehavior!
    var samples = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        box.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(box)
        topConstraint = box.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 40)
        NSLayoutConstraint.activate([
            box.widthAnchor.constraint(equalToConstant: 80),
            box.heightAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5),
            box.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            topConstraint,
        ])
        view.addSubview(label)
        view.addConstraint(
            NSLayoutConstraint(
                item: label, attribute: .leading, relatedBy: .equal, toItem: view, attribute: .leading, multiplier: 1, constant: 16))
        view.addConstraint(
            NSLayoutConstraint(
                item: label, attribute: .top, relatedBy: .equal, toItem: box, attribute: .bottom, multiplier: 1, constant: 8))
        label.widthAnchor.constraint(equalToConstant: 120).isActive = true
        label.heightAnchor.constraint(greaterThanOrEqualToConstant: 20).isActive = true

        animator = UIDynamicAnimator(referenceView: view)
        gravity = UIGravityBehavior(items: [box])
        if motion.isAccelerometerAvailable {
            motion.accelerometerUpdateInterval = 1 / 60
            motion.startAccelerometerUpdates(to: .main) { [weak self] data, _ in
                guard let self, let a = data?.acceleration else { return }
                self.samples += 1
                self.gravity.gravityDirection = CGVector(dx: a.x, dy: -a.y)
            }
        } else {
            gravity.gravityDirection = CGVector(dx: 0, dy: 1)
        }
        motion.startDeviceMotionUpdates(to: .main) { [weak self] _, _ in self?.samples += 1 }
    }
}

