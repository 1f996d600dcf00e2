import Foundation

// UIView block animations run on the animator's clock: each step moves every running
// animation by one step's time and shows the interpolated value; finished ones take their
// final value and, when the last change of their `animate` call ends, run its completion.

extension UIDynamicAnimator {
    /// Starts a view animation on this clock (replacing a running one of the same view and
    /// property, whose completion then reads `false`), and resumes.
    func addViewAnimation(_ animation: ViewAnimation) {
        cancelViewAnimation(of: animation.view, animation.property)
        animation.group.remaining += 1
        animation.view.runningAnimationClock = self
        viewAnimations.append(animation)
        resume()
    }

    /// Ends a running animation of `view`'s property where it is: the view shows its model
    /// value, and the animation's completion reads `false`.
    func cancelViewAnimation(of view: UIView, _ property: AnimatedProperty) {
        guard let i = viewAnimations.firstIndex(where: { $0.view === view && $0.property == property }) else { return }
        let animation = viewAnimations.remove(at: i)
        view.setPresented(property, nil)
        animation.group.finished = false
        finish(animation.group)
    }

    func advanceViewAnimations(by dt: TimeInterval) {
        if !viewAnimations.isEmpty {
            var i = 0
            while i < viewAnimations.count {
                viewAnimations[i].elapsed += dt
                let a = viewAnimations[i]
                let t = a.duration > 0 ? (a.elapsed - a.delay) / a.duration : 1
                if t >= 1 - 1e-9 {
                    viewAnimations.remove(at: i)
                    a.view.setPresented(a.property, nil)
                    finish(a.group)
                } else {
                    if t > 0 { a.view.setPresented(a.property, a.from.interpolated(to: a.to, a.curve(t))) }
                    i += 1
                }
            }
        }
        guard !finishedAnimationGroups.isEmpty else { return }
        // Completions may start new animations: run those that were pending now.
        let groups = finishedAnimationGroups
        finishedAnimationGroups.removeAll(keepingCapacity: true)
        for group in groups { group.complete() }
    }

    private func finish(_ group: ViewAnimationGroup) {
        group.remaining -= 1
        if group.remaining == 0 { finishedAnimationGroups.append(group) }
    }
}
