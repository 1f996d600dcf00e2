import DynamicsTesting
import Testing
import UIKitDynamics

/// The headless view: geometry, hierarchy, controls, and block animations on the animator's
/// clock.
@Suite struct UIViewTests {
    @Test func frameCentreAndBoundsAgree() {
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 150, y: 125))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        view.center = CGPoint(x: 10, y: 20)
        #expect(view.frame == CGRect(x: -40, y: -5, width: 100, height: 50))
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 30)
        #expect(view.center == CGPoint(x: 10, y: 15) && view.bounds.size == CGSize(width: 20, height: 30))
    }

    @Test func frameOfARotatedViewEnclosesIt() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let side = 100 * 2.0.squareRoot()
        #expect(abs(view.frame.width - side) < 1e-9)
        #expect(abs(view.frame.midX - 50) < 1e-9)
    }

    @Test func subviewsAndSuperview() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = UIView(), b = UIView()
        root.addSubview(a)
        root.addSubview(b)
        #expect(root.subviews.count == 2 && a.superview === root)
        a.addSubview(b)  // moves it
        #expect(root.subviews.count == 1 && b.superview === a && b.isDescendant(of: root))
        b.addSubview(root)  // a cycle: ignored
        #expect(root.superview == nil)
        b.removeFromSuperview()
        #expect(b.superview == nil && a.subviews.isEmpty)
        root.addSubview(b)
        root.bringSubviewToFront(a)
        #expect(root.subviews.last === a)
    }

    @Test func layerAndAppearanceValuesAreKept() {
        let view = UIView(frame: .zero)
        view.backgroundColor = .red
        view.layer.cornerRadius = 10
        view.layer.shadowColor = UIColor.black.cgColor
        view.layer.shadowOffset = CGSize(width: 0, height: 5)
        view.layer.shadowOpacity = 0.3
        view.isHidden = true
        #expect(view.backgroundColor == .red)
        #expect(view.layer.cornerRadius == 10 && view.layer.shadowOpacity == 0.3)
        #expect(view.layer.shadowColor == UIColor.black.cgColor)
        #expect(view.isHidden)
    }

    @Test func buttonRunsItsActionsWhenTapped() {
        let button = UIButton(type: .system)
        button.setTitle("Dismiss", for: .normal)
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: .touchDown)
        #expect(taps == 1)
        #expect(button.title(for: .normal) == "Dismiss" && button.title(for: .highlighted) == "Dismiss")
        button.isEnabled = false
        button.sendActions(for: .touchUpInside)
        #expect(taps == 1)
    }

    @Test func labelsAndImagesKeepTheirText() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        label.text = "Frog Collided"
        let frog = UIImageView(image: UIImage(named: "frog"))
        #expect(label.text == "Frog Collided")
        #expect(frog.image?.name == "frog")
        #expect(UIScreen.main.bounds.size == CGSize(width: 375, height: 667))
    }

    @Test func animationRunsOnTheAnimatorsClock() {
        let (view, animator) = makeRoom()
        let overlay = UIView(frame: view.bounds)
        overlay.alpha = 0
        view.addSubview(overlay)
        var finished: Bool?
        UIView.animate(withDuration: 0.4, animations: { overlay.alpha = 1 }, completion: { finished = $0 })
        // The model value changes at once; what is shown follows the clock.
        #expect(overlay.alpha == 1)
        #expect(overlay.presentationAlpha == 0)
        #expect(animator.isRunning)
        animator.run(seconds: 0.2)
        #expect(abs(overlay.presentationAlpha - 0.5) < 0.01)  // ease in, ease out: half way at half time
        #expect(finished == nil)
        animator.run(seconds: 0.2)
        #expect(overlay.presentationAlpha == 1)
        #expect(finished == true)
        animator.run(steps: 1)
        #expect(!animator.isRunning)
    }

    @Test func animationWithoutAnAnimatorFinishesAtOnce() {
        let view = UIView(frame: .zero)
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { view.alpha = 0.2 }, completion: { finished = $0 })
        #expect(view.presentationAlpha == 0.2)
        #expect(finished == true)
    }

    /// Setters skip the animation lookup while no block runs: nesting, a block without
    /// animation inside one, and a set after the blocks must still each behave as on iOS.
    @Test func nestedBlocksAnimateOnlyWhatTheyCover() {
        let (view, animator) = makeRoom()
        let inner = UIView(frame: view.bounds), outer = UIView(frame: view.bounds)
        let immediate = UIView(frame: view.bounds), after = UIView(frame: view.bounds)
        for v in [inner, outer, immediate, after] { view.addSubview(v) }
        UIView.animate(withDuration: 1) {
            UIView.animate(withDuration: 0.5) { inner.alpha = 0 }
            outer.alpha = 0  // still inside the outer block
            UIView.performWithoutAnimation { immediate.alpha = 0 }
        }
        after.alpha = 0
        #expect(inner.presentationAlpha == 1 && outer.presentationAlpha == 1)
        #expect(immediate.presentationAlpha == 0 && after.presentationAlpha == 0)
        animator.run(seconds: 0.25)
        #expect(inner.presentationAlpha > 0 && inner.presentationAlpha < 1)
        #expect(outer.presentationAlpha > inner.presentationAlpha && outer.presentationAlpha < 1)
        animator.run(seconds: 1)
        #expect(inner.presentationAlpha == 0 && outer.presentationAlpha == 0)
    }

    @Test func replacedAnimationCompletesWithFalse() {
        let (view, animator) = makeRoom()
        let overlay = UIView(frame: view.bounds)
        view.addSubview(overlay)
        var results: [Bool] = []
        UIView.animate(withDuration: 0.4, animations: { overlay.alpha = 0 }, completion: { results.append($0) })
        animator.run(seconds: 0.1)
        UIView.animate(withDuration: 0.4, animations: { overlay.alpha = 1 }, completion: { results.append($0) })
        animator.run(seconds: 0.5)
        #expect(results == [false, true])
        #expect(overlay.presentationAlpha == 1)
    }

    @Test func animatingFrameAndColourInterpolatesThem() {
        let (view, animator) = makeRoom()
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        box.backgroundColor = .black
        view.addSubview(box)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            box.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
            box.backgroundColor = .white
        })
        animator.run(seconds: 0.5)
        #expect(abs(box.presentationCenter.x - 100) < 1)
        var white: CGFloat = 0
        box.presentationBackgroundColor?.getRed(&white, green: nil, blue: nil, alpha: nil)
        #expect(abs(white - 0.5) < 0.02)
        animator.run(seconds: 0.6)
        #expect(box.presentationCenter.x == 150)
    }

    @Test func delayedAnimationWaitsBeforeMoving() {
        let (view, animator) = makeRoom()
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.addSubview(box)
        UIView.animate(withDuration: 0.5, delay: 0.5, animations: { box.alpha = 0 })
        animator.run(seconds: 0.4)
        #expect(box.presentationAlpha == 1)
        animator.run(seconds: 0.6)
        #expect(box.presentationAlpha == 0)
    }

    @Test func directSetEndsARunningAnimation() {
        let (view, animator) = makeRoom()
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.addSubview(box)
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { box.alpha = 0 }, completion: { finished = $0 })
        animator.run(seconds: 0.2)
        box.alpha = 0.7
        #expect(box.presentationAlpha == 0.7)
        animator.run(steps: 1)
        #expect(finished == false)
    }

    @Test func completionMayRemoveTheViewItAnimated() {
        // Seed 000's dismissal: fade out, then remove the alert in the completion.
        let (view, animator) = makeRoom()
        let overlay = UIView(frame: view.bounds)
        let alert = makeSquare(in: view, center: CGPoint(x: 187.5, y: 333.5))
        view.addSubview(overlay)
        animator.addBehavior(UIGravityBehavior(items: [alert]))
        UIView.animate(withDuration: 0.4, animations: { overlay.alpha = 0 }, completion: { _ in alert.removeFromSuperview() })
        animator.run(seconds: 1)
        #expect(alert.superview == nil)
        #expect(!animator.isRunning)
    }
}
