import Foundation
import SwiftSyntax
import UIKitDynamics

/// The main run loop of a lesson run from its source, on the lesson's clock (not the server's):
/// `Timer`s, `CADisplayLink`s and blocks sent to `DispatchQueue.main`. Each tick of the room,
/// after the animators step, what has come due runs, oldest first; a run repeats exactly.
final class LiveRunLoop {
    /// Seconds of the lesson's clock.
    private(set) var now: TimeInterval = 0
    private var timers: [LiveTimer] = []
    private var links: [LiveDisplayLink] = []
    private var blocks: [(due: TimeInterval, order: Int, run: () -> Void)] = []
    private var order = 0
    /// At most this many timers, links and blocks wait at once: code that schedules in a loop
    /// is stopped with an error instead of growing without end.
    static let maxWaiting = 1_000

    var isIdle: Bool { timers.isEmpty && links.isEmpty && blocks.isEmpty }

    func add(_ timer: LiveTimer) throws {
        guard !timers.contains(where: { $0 === timer }) else { return }
        try checkRoom()
        order += 1
        timer.order = order
        timer.fireDate = now + timer.timeInterval
        timers.append(timer)
    }

    func add(_ link: LiveDisplayLink) throws {
        guard !links.contains(where: { $0 === link }) else { return }
        try checkRoom()
        links.append(link)
    }

    func remove(_ link: LiveDisplayLink) { links.removeAll { $0 === link } }

    /// A block to run once the clock reaches `due` (at the next tick when it is now or past).
    func add(due: TimeInterval, _ block: @escaping () -> Void) throws {
        try checkRoom()
        order += 1
        blocks.append((due.isFinite ? due : now, order, block))
    }

    private func checkRoom() throws {
        guard timers.count + links.count + blocks.count < Self.maxWaiting else {
            throw BridgeError(message: "more than \(Self.maxWaiting) timers, display links and dispatched blocks wait at once")
        }
    }

    /// Runs what came due by `time`: blocks and timers in the order of their times, then the
    /// display links once each (one frame a tick). What this tick's code schedules waits for
    /// the next tick, as on iOS's run loop (so code that reschedules itself cannot spin here).
    func advance(to time: TimeInterval, by dt: TimeInterval) {
        now = time
        let scheduledBefore = order
        while true {
            let block = blocks.indices.filter { blocks[$0].due <= time + 1e-9 && blocks[$0].order <= scheduledBefore }
                .min { (blocks[$0].due, blocks[$0].order) < (blocks[$1].due, blocks[$1].order) }
            let timer = timers.filter { $0.isValid && $0.fireDate <= time + 1e-9 && $0.order <= scheduledBefore }
                .min { ($0.fireDate, $0.order) < ($1.fireDate, $1.order) }
            if let i = block, timer == nil || blocks[i].due <= timer!.fireDate {
                let run = blocks.remove(at: i).run
                run()
            } else if let timer {
                let action = timer.action
                if timer.repeats {
                    // Once a tick at most, however short its interval.
                    let step = max(timer.timeInterval, 1.0 / 60)
                    timer.fireDate += step
                    if timer.fireDate <= time { timer.fireDate = time + step }
                } else {
                    timer.invalidate()
                }
                action(timer)
            } else {
                break
            }
            timers.removeAll { !$0.isValid }
        }
        for link in links where !link.isPaused && link.isValid {
            link.timestamp = time
            link.duration = dt
            link.fire()
        }
        links.removeAll { !$0.isValid }
    }

    /// Lets go of everything (the lesson stops): their closures hold the source's objects.
    func removeAll() {
        for timer in timers { timer.invalidate() }
        timers.removeAll()
        links.removeAll()
        blocks.removeAll()
    }
}

/// `Timer` of a lesson run from its source: fires on the lesson's clock (LiveRunLoop).
final class LiveTimer {
    let timeInterval: TimeInterval
    let repeats: Bool
    var userInfo: Value
    var tolerance: TimeInterval = 0
    private(set) var isValid = true
    var fireDate: TimeInterval = .infinity
    /// When it was scheduled, among the run loop's timers and blocks.
    var order = 0
    /// The block, or the target's action, with the timer.
    var action: (LiveTimer) -> Void

    init(interval: TimeInterval, repeats: Bool, userInfo: Value = .none, action: @escaping (LiveTimer) -> Void) {
        timeInterval = interval.isFinite ? max(0, interval) : 0
        self.repeats = repeats
        self.userInfo = userInfo
        self.action = action
    }

    func invalidate() {
        isValid = false
        action = { _ in }  // lets go of the source's closure
    }

    /// Fires now, outside the schedule (a repeating timer keeps its schedule).
    func fire() {
        guard isValid else { return }
        action(self)
        if !repeats { invalidate() }
    }
}

/// `CADisplayLink` of a lesson run from its source: calls its target once a tick.
final class LiveDisplayLink {
    weak var target: AnyObject?
    let selector: Selector
    var timestamp: TimeInterval = 0
    var duration: TimeInterval = 0
    var isPaused = false
    var preferredFramesPerSecond = 0
    private(set) var isValid = true
    var targetTimestamp: TimeInterval { timestamp + duration }

    init(target: AnyObject?, selector: Selector) {
        self.target = target
        self.selector = selector
    }

    func fire() {
        (target as? SelectorPerforming)?.perform(selector, with: self)
    }

    func invalidate() {
        isValid = false
        target = nil
    }
}

/// `RunLoop.main` and `DispatchQueue.main` (one main thread: a global queue is the main one
/// too): stand-ins whose methods schedule on the calling lesson's run loop.
final class LiveMainRunLoop: Sendable {
    static let shared = LiveMainRunLoop()
}

final class LiveMainQueue: Sendable {
    static let shared = LiveMainQueue()
}

/// `DispatchTime`, whose `now()` is the lesson clock's time in seconds.
enum LiveDispatchTime {}

/// `RunLoop.Mode`: one main loop runs every mode.
enum LiveRunLoopMode { case common, `default`, tracking }
