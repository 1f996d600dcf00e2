import ArgumentParser
import DynamicsTesting

/// `newtons engine-hash`: a check the engine tests run in a second process, to prove that
/// the same scene gives the same bits whatever the process's hashing seed.
struct EngineHashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine-hash",
        abstract: "Print the state hash of the engine's determinism scene after N steps.",
        shouldDisplay: false)

    @Option(help: "Steps at 60 Hz.")
    var steps: Int = 240

    func validate() throws {
        guard (0...100_000).contains(steps) else { throw ValidationError("--steps must be from 0 to 100000") }
    }

    func run() {
        print(String(EngineScenes.tumblingHash(steps: steps), radix: 16))
    }
}
