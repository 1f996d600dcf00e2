/// The motion of a body over a step, for continuous collision: its centre of mass moves
/// from `c1` to `c2` while its rotation turns from `q1` to `q2`.
package struct Sweep: Sendable {
    /// Centre of mass in the body frame (metres).
    package var localCenter: Vec2
    /// Centre of mass at the start of the step (world).
    package var c1: Vec2
    /// Centre of mass at the end of the step (world).
    package var c2: Vec2
    /// Rotation at the start of the step.
    package var q1: Rot
    /// Rotation at the end of the step.
    package var q2: Rot

    package init(localCenter: Vec2, c1: Vec2, c2: Vec2, q1: Rot, q2: Rot) {
        self.localCenter = localCenter
        self.c1 = c1
        self.c2 = c2
        self.q1 = q1
        self.q2 = q2
    }

    /// The body-origin transform at fraction `t` of the step: the centre moves linearly, the
    /// rotation is the normalised linear blend of `q1` and `q2` (no trigonometry).
    package func transform(at t: Float) -> Transform {
        let p = Vec2((1 - t) * c1.x + t * c2.x, (1 - t) * c1.y + t * c2.y)
        let q = Rot(c: (1 - t) * q1.c + t * q2.c, s: (1 - t) * q1.s + t * q2.s).normalized()
        return Transform(p: p - q.rotate(localCenter), q: q)
    }
}

/// How a time-of-impact query ended.
package enum TOIState: Sendable {
    case unknown
    /// The root finder gave up; `fraction` is the last safe time.
    case failed
    /// The shapes overlap at the start; `fraction` is zero.
    case overlapped
    /// The shapes come within the target separation at `fraction`.
    case hit
    /// The shapes stay apart for the whole interval.
    case separated
}

package struct TOIOutput: Sendable {
    package var state: TOIState
    /// Fraction of the step at which the state holds.
    package var fraction: Float
}

/// The first fraction of the step, up to `maxFraction`, at which the two moving shapes come
/// within about `linearSlop` of touching (conservative advancement along separating axes,
/// as Box2D v3's `b2TimeOfImpact`). It can miss a brief touch that does not tunnel, but
/// never lets one shape pass through the other.
package func timeOfImpact(
    proxyA: ShapeProxy, sweepA: Sweep, proxyB: ShapeProxy, sweepB: Sweep, maxFraction: Float
) -> TOIOutput {
    var output = TOIOutput(state: .unknown, fraction: maxFraction)
    let linearSlop = Tolerance.linearSlop
    let totalRadius = proxyA.radius + proxyB.radius
    // Aim a slop inside the rounded surfaces' contact, at least a slop apart for the cores.
    let target = max(linearSlop, totalRadius - linearSlop)
    let tolerance = 0.25 * linearSlop
    let tMax = maxFraction
    var t1: Float = 0
    let maxIterations = 20
    var distanceIterations = 0
    var cache = SimplexCache()

    // Each outer round finds the closest features at t1, builds the separating axis they
    // imply, and advances t1 as far as that axis stays separated.
    while true {
        let xfA = sweepA.transform(at: t1)
        let xfB = sweepB.transform(at: t1)
        let relative = invMulTransforms(xfA, xfB)
        let localB = proxyB.transformed(by: relative)
        let result = gjk(proxyA, localB, cache: &cache)
        distanceIterations += 1

        let (witnessA, witnessB) = result.simplex.witnessPoints
        let distance = result.overlapped ? 0 : distance(witnessA, witnessB)
        if distance <= 0 {
            // Overlapping already: continuous collision can't help.
            output = TOIOutput(state: .overlapped, fraction: 0)
            break
        }
        if distance <= target + tolerance {
            output = TOIOutput(state: .hit, fraction: t1)
            break
        }

        let fcn = SeparationFunction(
            result.simplex, relative: relative, proxyA: proxyA, sweepA: sweepA, proxyB: proxyB, sweepB: sweepB,
            xfA: xfA, xfB: xfB)

        // Resolve the deepest points on this axis one after another; bounded by the vertex count.
        var done = false
        var t2 = tMax
        var pushBackIterations = 0
        while true {
            let (witness, separation2) = fcn.minSeparation(at: t2)
            var s2 = separation2
            if s2 > target + tolerance {
                // Separated at the end of the interval.
                output = TOIOutput(state: .separated, fraction: tMax)
                done = true
                break
            }
            if s2 > target - tolerance {
                // Within tolerance at t2: advance the sweep and look for a new axis.
                t1 = t2
                break
            }

            var s1 = fcn.separation(witness, at: t1)
            if s1 < target - tolerance {
                // Overlapping at t1 on this axis: the root finder ran out of iterations before.
                output = TOIOutput(state: .failed, fraction: t1)
                done = true
                break
            }
            if s1 <= target + tolerance {
                // Touching at t1.
                output = TOIOutput(state: .hit, fraction: t1)
                done = true
                break
            }

            // The root of s(t) = target on [t1, t2], by alternating bisection (for progress)
            // and the secant rule (for speed).
            var rootIterations = 0
            var a1 = t1
            var a2 = t2
            while true {
                let t = rootIterations & 1 == 1 ? a1 + (target - s1) * (a2 - a1) / (s2 - s1) : 0.5 * (a1 + a2)
                rootIterations += 1
                let s = fcn.separation(witness, at: t)
                if abs(s - target) < tolerance {
                    t2 = t
                    break
                }
                // Keep the root bracketed.
                if s > target {
                    a1 = t
                    s1 = s
                } else {
                    a2 = t
                    s2 = s
                }
                if rootIterations == 50 { break }
            }
            pushBackIterations += 1
            if pushBackIterations == Tolerance.maxPolygonVertices { break }
        }
        if done { break }
        if distanceIterations == maxIterations {
            // The root finder is stuck: t1 is still a safe time.
            output = TOIOutput(state: .failed, fraction: t1)
            break
        }
    }
    return output
}

/// Separation of the two shapes along one axis as a function of time: between two points
/// (the axis is fixed in the world), or between a face of one shape (fixed in that body) and
/// the deepest point of the other.
private struct SeparationFunction {
    enum Kind {
        case points
        case faceA
        case faceB
    }

    let proxyA: ShapeProxy
    let proxyB: ShapeProxy
    let sweepA: Sweep
    let sweepB: Sweep
    let kind: Kind
    /// World axis (points), or the face normal in the face body's frame.
    var axis: Vec2
    /// A point on the face, in the face body's frame.
    var localPoint: Vec2

    /// Builds the function from the GJK simplex found at the start of the interval (vertices
    /// in frame A; `relative` carries frame B into frame A).
    init(
        _ simplex: Simplex, relative: Transform, proxyA: ShapeProxy, sweepA: Sweep, proxyB: ShapeProxy,
        sweepB: Sweep, xfA: Transform, xfB: Transform
    ) {
        self.proxyA = proxyA
        self.proxyB = proxyB
        self.sweepA = sweepA
        self.sweepB = sweepB
        localPoint = .zero
        axis = .zero

        // Two distinct points on a (non-curved) shape make a face of it.
        let twoOnA = simplex.count == 2 && !proxyA.isCurved && simplex.v1.indexA != simplex.v2.indexA
        let twoOnB = simplex.count == 2 && !proxyB.isCurved && simplex.v1.indexB != simplex.v2.indexB
        if twoOnB && !twoOnA {
            kind = .faceB
            (axis, localPoint) = Self.face(
                relative.invApply(simplex.v1.wB), relative.invApply(simplex.v2.wB), xfB,
                towards: xfA.apply(simplex.v1.wA))
        } else if twoOnA {
            kind = .faceA
            (axis, localPoint) = Self.face(simplex.v1.wA, simplex.v2.wA, xfA, towards: xfA.apply(simplex.v1.wB))
        } else {
            kind = .points
            let (a, b) = simplex.witnessPoints
            axis = xfA.q.rotate(b - a).normalized
        }
    }

    /// The face through local points `p1` and `p2` of the body at `xf`: its normal (local,
    /// turned to face the world point `other`) and its midpoint.
    private static func face(_ p1: Vec2, _ p2: Vec2, _ xf: Transform, towards other: Vec2) -> (Vec2, Vec2) {
        var axis = cross(p2 - p1, 1).normalized
        let localPoint = lerp(p1, p2, 0.5)
        if dot(other - xf.apply(localPoint), xf.q.rotate(axis)) < 0 { axis = -axis }
        return (axis, localPoint)
    }

    /// The deepest pair of points along the axis at time `t` (local points of A and B) and
    /// their separation.
    func minSeparation(at t: Float) -> (witness: (a: Vec2, b: Vec2), separation: Float) {
        let xfA = sweepA.transform(at: t)
        let xfB = sweepB.transform(at: t)
        switch kind {
        case .points:
            let localA = proxyA.support(xfA.q.invRotate(axis)).point
            let localB = proxyB.support(xfB.q.invRotate(-axis)).point
            return ((localA, localB), dot(xfB.apply(localB) - xfA.apply(localA), axis))
        case .faceA:
            let normal = xfA.q.rotate(axis)
            let pointA = xfA.apply(localPoint)
            let localB = proxyB.support(xfB.q.invRotate(-normal)).point
            return ((.zero, localB), dot(xfB.apply(localB) - pointA, normal))
        case .faceB:
            let normal = xfB.q.rotate(axis)
            let pointB = xfB.apply(localPoint)
            let localA = proxyA.support(xfA.q.invRotate(-normal)).point
            return ((localA, .zero), dot(xfA.apply(localA) - pointB, normal))
        }
    }

    /// The separation along the axis at time `t` of the given witness points.
    func separation(_ witness: (a: Vec2, b: Vec2), at t: Float) -> Float {
        let xfA = sweepA.transform(at: t)
        let xfB = sweepB.transform(at: t)
        switch kind {
        case .points:
            return dot(xfB.apply(witness.b) - xfA.apply(witness.a), axis)
        case .faceA:
            let normal = xfA.q.rotate(axis)
            return dot(xfB.apply(witness.b) - xfA.apply(localPoint), normal)
        case .faceB:
            let normal = xfB.q.rotate(axis)
            return dot(xfA.apply(witness.a) - xfB.apply(localPoint), normal)
        }
    }
}
