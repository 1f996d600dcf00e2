import Foundation
import Lessons
import Testing

/// Drives a lesson the way a room does: 60 steps a second.
extension Lesson {
    func run(seconds: Double) {
        let steps = Int((seconds * 60).rounded())
        for _ in 0..<steps { advance(by: 1.0 / 60) }
    }

    /// Runs until `done` holds (checked every step) or `limit` seconds pass; true when it held.
    @discardableResult
    func run(until done: () -> Bool, limit: Double) -> Bool {
        let steps = Int((limit * 60).rounded())
        for _ in 0..<steps {
            advance(by: 1.0 / 60)
            if done() { return true }
        }
        return done()
    }

    func item(named name: String) -> SceneItem? {
        items.first { $0.name == name }
    }

    /// The distance between two named items' centres (points).
    func distance(_ first: String, _ second: String) throws -> Double {
        let a = try #require(item(named: first)), b = try #require(item(named: second))
        return LessonsTests.distance(a.center, b.center)
    }

    /// The item's lowest point on screen (largest y), for items turned by `angle`.
    func bottom(of name: String) -> Double? {
        guard let item = item(named: name) else { return nil }
        let c = abs(cos(item.angle)), s = abs(sin(item.angle))
        return item.center.y + 0.5 * (item.size.width * s + item.size.height * c)
    }
}

func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
    hypot(a.x - b.x, a.y - b.y)
}

/// |a − b| ≤ tolerance × |b|.
func isClose(_ a: Double, _ b: Double, relative tolerance: Double) -> Bool {
    abs(a - b) <= tolerance * abs(b)
}
