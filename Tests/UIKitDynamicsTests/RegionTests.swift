import Testing
import UIKitDynamics

/// Regions: circles include their edge, rectangles exclude theirs, and the set operations
/// combine them point by point. Points are relative to the region's centre.
@Suite struct RegionTests {
    private let origin = CGPoint.zero

    @Test func circleContainsItsInsideAndEdgeOnly() {
        let circle = UIRegion(radius: 50)
        #expect(circle.contains(origin))
        #expect(circle.contains(CGPoint(x: 30, y: 40)), "on the edge: 30² + 40² = 50²")
        #expect(circle.contains(CGPoint(x: -35, y: -35)))
        #expect(!circle.contains(CGPoint(x: 36, y: 36)))
        #expect(!circle.contains(CGPoint(x: 50.001, y: 0)))
    }

    @Test func rectangleIsCentredAndExcludesItsEdge() {
        let rect = UIRegion(size: CGSize(width: 100, height: 40))
        #expect(rect.contains(origin))
        #expect(rect.contains(CGPoint(x: 49.9, y: -19.9)))
        #expect(!rect.contains(CGPoint(x: 50, y: 0)))
        #expect(!rect.contains(CGPoint(x: 0, y: 20)))
        #expect(!rect.contains(CGPoint(x: 60, y: 0)))
    }

    @Test func infiniteContainsEveryFinitePoint() {
        let all = UIRegion.infinite
        for p in [origin, CGPoint(x: 1e12, y: -1e12), CGPoint(x: -CGFloat.greatestFiniteMagnitude, y: 0)] {
            #expect(all.contains(p))
        }
        #expect(!all.inverse().contains(origin))
        #expect(UIRegion(radius: .infinity).contains(CGPoint(x: 1e30, y: 1e30)))
    }

    @Test func inverseUnionIntersectionAndDifference() {
        let disc = UIRegion(radius: 50)
        let bar = UIRegion(size: CGSize(width: 200, height: 20))
        let inside = CGPoint(x: 10, y: 30)  // in the disc, not in the bar
        let both = CGPoint(x: 20, y: 0)  // in the disc and the bar
        let barOnly = CGPoint(x: 90, y: 5)  // in the bar, not the disc
        let neither = CGPoint(x: 90, y: 90)

        let inverse = disc.inverse()
        #expect(!inverse.contains(inside) && !inverse.contains(both))
        #expect(inverse.contains(barOnly) && inverse.contains(neither))

        let union = disc.union(with: bar)
        #expect(union.contains(inside) && union.contains(both) && union.contains(barOnly))
        #expect(!union.contains(neither))

        let intersection = disc.intersection(with: bar)
        #expect(intersection.contains(both))
        #expect(!intersection.contains(inside) && !intersection.contains(barOnly) && !intersection.contains(neither))

        // The receiver minus the argument.
        let difference = disc.difference(from: bar)
        #expect(difference.contains(inside))
        #expect(!difference.contains(both) && !difference.contains(barOnly) && !difference.contains(neither))
        let other = bar.difference(from: disc)
        #expect(other.contains(barOnly) && !other.contains(both) && !other.contains(inside))

        // Operations leave their operands unchanged and nest.
        #expect(disc.contains(both) && !disc.contains(barOnly))
        let ring = UIRegion(radius: 100).difference(from: disc).inverse()
        #expect(ring.contains(origin) && !ring.contains(CGPoint(x: 70, y: 0)) && ring.contains(CGPoint(x: 101, y: 0)))
    }

    @Test func badSizesMakeEmptyRegionsAndBadPointsAreOutside() {
        for region in [
            UIRegion(radius: .nan), UIRegion(radius: -1), UIRegion(radius: -.infinity),
            UIRegion(size: CGSize(width: -10, height: 10)), UIRegion(size: CGSize(width: CGFloat.nan, height: 10)),
            UIRegion(size: .zero),
        ] {
            #expect(!region.contains(origin))
            #expect(region.inverse().contains(origin))
        }
        #expect(!UIRegion.infinite.contains(CGPoint(x: CGFloat.nan, y: 0)))
        #expect(!UIRegion.infinite.inverse().contains(CGPoint(x: CGFloat.infinity, y: 0)))
        #expect(UIRegion(radius: 0).contains(origin), "a zero radius holds its centre")
    }

    @Test func copyIsTheSameImmutableRegion() {
        let disc = UIRegion(radius: 5)
        let copy = disc.copy() as? UIRegion
        #expect(copy === disc)
    }
}
