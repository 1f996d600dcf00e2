import Foundation
import Physics2D

/// A small deterministic generator (SplitMix64), so every randomised test sees the same numbers.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func float(_ lo: Float, _ hi: Float) -> Float { Float.random(in: lo..<hi, using: &self) }
    mutating func vec(_ lo: Float, _ hi: Float) -> Vec2 { Vec2(float(lo, hi), float(lo, hi)) }
}

func approx(_ a: Float, _ b: Float, _ tolerance: Float) -> Bool { abs(a - b) <= tolerance }
func approx(_ a: Vec2, _ b: Vec2, _ tolerance: Float) -> Bool { distance(a, b) <= tolerance }

/// A rotation by `angle` radians from the C library's cosine and sine. (The tests use their own
/// because the engine's `Rot(angle:)` polynomial has its sine terms' signs wrong beyond x³, an
/// error of up to 0.7° near 1–2 rad; the collision code itself never turns angles into rotations.)
func rot(_ angle: Float) -> Rot { Rot(c: Float(cos(Double(angle))), s: Float(sin(Double(angle)))) }

/// A transform from a position and an angle in radians.
func xf(_ x: Float, _ y: Float, _ angle: Float = 0) -> Transform { Transform(p: Vec2(x, y), q: rot(angle)) }
