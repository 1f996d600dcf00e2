import ArgumentParser
import Foundation
import Logging
import RoomStore

/// How long the store keeps classes (`--keep-classes`, `--data-budget`), applied when the
/// server starts and every hour while it runs.
struct DataRetention {
    static let defaultKeepDays = 30.0

    var keepDays: Double
    var budgetMegabytes: Double?

    static func validate(keepDays: Double, budgetMegabytes: Double?) throws {
        guard keepDays.isFinite, keepDays > 0, keepDays <= 36500 else {
            throw ValidationError("--keep-classes must be a number of days from 0 to 36500")
        }
        if let budgetMegabytes {
            guard budgetMegabytes.isFinite, budgetMegabytes > 0, budgetMegabytes <= 1_048_576 else {
                throw ValidationError("--data-budget must be a positive number of megabytes")
            }
        }
    }

    /// Deletes what is past the retention, saying what went; a store that cannot be read is
    /// left as it is, with a log line.
    func prune(_ store: RoomStore, logger: Logger, onlyClosed: Bool = false) {
        do {
            let deleted = try store.prune(
                keepSeconds: keepDays * 86400, budgetBytes: budgetMegabytes.map { Int($0 * 1024 * 1024) },
                onlyClosed: onlyClosed)
            if !deleted.isEmpty {
                logger.notice(
                    "data: \(deleted.count) class\(deleted.count == 1 ? "" : "es") past the retention deleted (\(deleted.prefix(10).joined(separator: ", "))\(deleted.count > 10 ? ", …" : ""))")
            }
        } catch {
            logger.error("data: retention not applied: \(error)")
        }
    }

    /// Applies the retention every `interval` seconds from now on (closed classes only: the open
    /// ones are the running server's rooms), off the workers' threads.
    func keepPruning(_ store: RoomStore, logger: Logger, every interval: Double = 3600) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + interval) {
            prune(store, logger: logger, onlyClosed: true)
            keepPruning(store, logger: logger, every: interval)
        }
    }
}
