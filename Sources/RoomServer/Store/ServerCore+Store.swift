import Foundation
import RoomStore

/// A worker's class rooms and the store (`newtons serve --data DIR`, docs/server.md).
extension ServerCore {
    /// Keeps this worker's class rooms in `store` from now on.
    public func useStore(_ store: RoomStore) {
        keeper = ClassKeeper(store: store)
    }

    /// Writes what changed in the class rooms now; the next write is due a flush interval on.
    public func writeClasses(now: Int64) {
        guard let keeper else { return }
        keeper.nextWrite = now + Int64(RoomStore.flushInterval * 1e6)
        keeper.write(classRooms)
    }

    /// Brings back the classes the store kept open (each on the worker its code names): live
    /// at the moment each had reached, or read-only where its recording no longer replays.
    /// Returns how many came back, and the read-only ones' reasons by code.
    @discardableResult
    public func restoreClasses(_ loaded: [LoadedClass], now: Int64) -> (restored: Int, readOnly: [String: String]) {
        var restored = 0
        var readOnly: [String: String] = [:]
        for stored in loaded {
            let code = stored.room.code
            guard RoomCode.normalize(code) == code, classRooms[code] == nil,
                let entry = directory.entry(withID: stored.room.lesson) ?? directory.entries.first
            else {
                logger.error("class \(code.prefix(16)) not brought back: its code or lesson \(stored.room.lesson.prefix(64)) is unknown here")
                continue
            }
            let room = Room(
                id: code, kind: .classRoom(code: code), lesson: entry, directory: directory, limits: limits,
                compiler: compiler, now: now, random: &random)
            do {
                let recording = try RecordingRows.recording(stored, directory: directory, budget: limits.recordingBudgetBytes)
                // Another engine's recording is judged by its hashes: the moment replays or not.
                room.restore(
                    recording: recording, paused: stored.room.paused, locked: stored.room.locked,
                    keyHash: stored.room.keyHash)
            } catch {
                room.readOnlyReason = error.message
                room.restoredKeyHash = stored.room.keyHash
                room.instructorKey = nil
                room.paused = true
            }
            classRooms[code] = room
            keeper?.noteRestored(room, stored: stored.room)
            if let reason = room.readOnlyReason {
                readOnly[code] = reason
                logger.warning("class \(code) brought back read-only: \(reason)")
            } else {
                restored += 1
                logger.info("class \(code) brought back at \(Room.seconds(room.liveTick)) s: lesson \(room.lessonEntry.info.id)\(room.source == nil ? "" : " with edited code")")
            }
        }
        mayHaveActiveRooms = true
        return (restored, readOnly)
    }

    /// The store's lines of `/metrics` (none without `--data`).
    func storeMetrics() -> [UInt8] {
        guard let store = keeper?.store else { return [] }
        let counters = store.counters
        return Array(
            """
            # HELP newtons_store_writing 1 while the store's writes succeed, 0 while they fail (rooms go on in memory).
            # TYPE newtons_store_writing gauge
            newtons_store_writing \(store.health == nil ? 1 : 0)
            # HELP newtons_store_written_bytes_total Bytes of rooms and recordings handed to the store's database.
            # TYPE newtons_store_written_bytes_total counter
            newtons_store_written_bytes_total \(counters.bytesWritten)
            # HELP newtons_store_failed_writes_total Writes of the store that failed (each tried again or rewritten).
            # TYPE newtons_store_failed_writes_total counter
            newtons_store_failed_writes_total \(counters.failedWrites)

            """.utf8)
    }
}
