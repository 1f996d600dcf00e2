import DynamicsTesting
import Foundation
import Testing

@Suite struct DeterminismTests {
    @Test func sameSceneGivesTheSameBitsEveryRun() {
        let first = EngineScenes.tumblingHash(steps: 240)
        let second = EngineScenes.tumblingHash(steps: 240)
        #expect(first == second)
    }

    /// Swift seeds hashing per process; a result that depended on dictionary or set order
    /// would differ between two processes. Runs the scene in a child process too.
    @Test func sameSceneGivesTheSameBitsInAnotherProcess() throws {
        let here = EngineScenes.tumblingHash(steps: 240)
        let child = try NewtonsBinary.run(["engine-hash", "--steps", "240"])
        #expect(child.status == 0)
        #expect(child.output.trimmingCharacters(in: .whitespacesAndNewlines) == String(here, radix: 16))
    }
}
