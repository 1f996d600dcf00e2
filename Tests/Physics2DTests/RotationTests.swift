import Foundation
import Physics2D
import Testing

@Suite struct RotationTests {
    /// The engine's own cosine and sine agree with the C library to single precision at
    /// every angle, including ones far outside [-π, π].
    @Test(arguments: Array(stride(from: -20.0, through: 20.0, by: 0.137)))
    func cosSinMatchesTheLibraryToSinglePrecision(angle: Double) {
        let cs = cosSin(Float(angle))
        #expect(abs(Double(cs.c) - cos(angle)) < 2e-6)
        #expect(abs(Double(cs.s) - sin(angle)) < 2e-6)
    }

    @Test func angleOfARotationIsTheAngleItWasMadeFrom() {
        for k in -30...30 {
            let angle = Float(k) * 0.1
            #expect(abs(Rot(angle: angle).angle - angle) < 1e-5)
        }
    }

    @Test func integratingAtConstantSpinTurnsByTheSpinTimesTime() {
        var q = Rot.identity
        for _ in 0..<240 { q = q.integrated(by: 1.0 / 240) }
        // First-order integration slightly under-turns: tan⁻¹(h w) per substep.
        #expect(abs(q.angle - 240 * atan(Float(1.0 / 240))) < 1e-4)
    }
}
