import DynamicsTesting
import Testing
import UIKitDynamics

/// `UIViewPropertyAnimator`: `UIView.animate`'s animations, started when asked, on the clock of
/// the views' dynamic animator.
@Suite struct PropertyAnimatorTests {
    @Test func nothingAnimatesUntilStarted() {
        let (view, animator, box) = makeRoom(withSquareAt: CGPoint(x: 100, y: 100))
        _ = view
        let scaler = UIViewPropertyAnimator(duration: 0.2, curve: .easeOut) {
            box.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
        }
        #expect(scaler.state == .inactive && !scaler.isRunning)
        #expect(box.transform.isIdentity)
        animator.run(seconds: 0.1)
        #expect(box.transform.isIdentity)
    }

    @Test func startedItMovesTheShownValueAlongItsCurveOverItsDuration() {
        let (view, animator, box) = makeRoom(withSquareAt: CGPoint(x: 100, y: 100))
        _ = view
        let scaler = UIViewPropertyAnimator(duration: 0.2, curve: .easeOut) {
            box.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
        }
        var ended: [UIViewAnimatingPosition] = []
        scaler.addCompletion { ended.append($0) }
        scaler.startAnimation()
        // The model value at once, the shown one from the old value.
        #expect(box.transform.a == 1.2 && box.presentationTransform.a == 1)
        #expect(scaler.isRunning && scaler.state == .active)
        animator.run(seconds: 0.1)
        // Ease out at half time: t(2 - t) = 0.75 of the way.
        #expect(abs(box.presentationTransform.a - (1 + 0.2 * 0.75)) < 0.005)
        #expect(ended.isEmpty)
        animator.run(seconds: 0.11)
        #expect(box.presentationTransform.a == 1.2)
        #expect(ended == [.end])
        #expect(scaler.state == .inactive)
    }

    @Test func easeInLagsEaseOutAtHalfTime() {
        let (view, animator) = makeRoom()
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.addSubview(a)
        view.addSubview(b)
        UIViewPropertyAnimator(duration: 1, curve: .easeIn) { a.alpha = 0 }.startAnimation()
        UIViewPropertyAnimator(duration: 1, curve: .easeOut) { b.alpha = 0 }.startAnimation()
        animator.run(seconds: 0.5)
        #expect(abs(a.presentationAlpha - 0.75) < 0.02)  // t² = 0.25 of the way
        #expect(abs(b.presentationAlpha - 0.25) < 0.02)  // t(2 - t) = 0.75 of the way
    }

    @Test func startAfterDelayWaitsOnTheClock() {
        let (view, animator, box) = makeRoom(withSquareAt: CGPoint(x: 100, y: 100))
        _ = view
        let fader = UIViewPropertyAnimator(duration: 0.2, curve: .linear) { box.alpha = 0 }
        fader.startAnimation(afterDelay: 0.3)
        #expect(fader.delay == 0.3)
        animator.run(seconds: 0.25)
        #expect(box.presentationAlpha == 1)
        animator.run(seconds: 0.35)
        #expect(box.presentationAlpha == 0)
        #expect(!fader.isRunning)
    }

    @Test func withoutAnAnimatorTheChangeIsImmediateAndCompletes() {
        let view = UIView(frame: .zero)
        let fader = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.alpha = 0.2 }
        var ended = false
        fader.addCompletion { _ in ended = true }
        fader.startAnimation()
        #expect(view.presentationAlpha == 0.2 && ended && fader.state == .inactive)
    }

    @Test func addedAnimationsRunAtStart() {
        let (view, animator, box) = makeRoom(withSquareAt: CGPoint(x: 100, y: 100))
        _ = view
        let mover = UIViewPropertyAnimator(duration: 0.5, curve: .linear)
        mover.addAnimations { box.center = CGPoint(x: 200, y: 100) }
        #expect(box.center == CGPoint(x: 100, y: 100))
        mover.startAnimation()
        animator.run(seconds: 0.25)
        #expect(abs(box.presentationCenter.x - 150) < 2)
        animator.run(seconds: 0.3)
        #expect(box.presentationCenter.x == 200)
    }
}
