import Foundation
import RoomStore

/// A recording as the store's rows (RoomStore) and back: inputs as a recording file writes
/// them (`RecordingFile`), hashes as little-endian UInt32s.
public enum RecordingRows {
    /// A stored class's recording as a recording file (`newtons data export`), which a
    /// server opens as a new room and `newtons replay` plays.
    public static func recordingFile(_ loaded: LoadedClass, directory: LessonDirectory) throws(ReplayError) -> [UInt8] {
        let recording = try recording(loaded, directory: directory, budget: Int(Int32.max))
        guard !recording.epochs.isEmpty else { throw ReplayError("class \(loaded.room.code) has nothing recorded") }
        return RecordingFile.encode(recording, room: loaded.room.code, directory: directory)
    }

    static func input(_ timed: TimedInput) -> String {
        var json = JSONWriter(capacity: 64)
        RecordingFile.write(timed, into: &json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    static func bytes(_ hashes: ArraySlice<UInt32>) -> Data {
        // Little-endian in memory already on every machine Swift serves from (x86-64, ARM64):
        // one copy; byte by byte elsewhere.
        if UInt32(1).littleEndian == 1 { return hashes.withUnsafeBytes { Data($0) } }
        var data = Data(capacity: hashes.count * 4)
        for hash in hashes {
            withUnsafeBytes(of: hash.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// The recording a stored class holds, or why it is damaged or cannot play here.
    static func recording(
        _ loaded: LoadedClass, directory: LessonDirectory, budget: Int
    ) throws(ReplayError) -> Recording {
        let stride = loaded.room.hashStride
        guard stride >= 1, stride <= Recording.maxHashStride, stride & (stride - 1) == 0 else {
            throw ReplayError("its hash stride \(stride) is damaged")
        }
        var epochs: [RecordingEpoch] = []
        for (stored, inputs, hashBytes) in loaded.epochs {
            guard let entry = directory.entry(withID: stored.lesson) else {
                throw ReplayError("it plays lesson \(stored.lesson.prefix(64)), which this server does not have")
            }
            var epoch = RecordingEpoch(lessonID: stored.lesson, source: stored.source, startTick: stored.startTick)
            epoch.steps = stored.steps
            guard stored.steps >= 0, hashBytes.count == stored.steps / stride * 4,
                epochs.last.map({ $0.endTick <= stored.startTick }) ?? true
            else { throw ReplayError("its recording is damaged (epoch at tick \(stored.startTick))") }
            epoch.hashes = Swift.stride(from: 0, to: hashBytes.count, by: 4).map { i in
                let b = hashBytes.startIndex + i
                return UInt32(hashBytes[b]) | UInt32(hashBytes[b + 1]) << 8 | UInt32(hashBytes[b + 2]) << 16
                    | UInt32(hashBytes[b + 3]) << 24
            }
            let bounds = entry.info.bounds
            let reach = 10 * max(Double(bounds.width), Double(bounds.height), 2000)
            for text in inputs {
                let value: JSONValue
                do {
                    value = try JSONReader.parse(Array(text.utf8), maxDepth: 3)
                } catch {
                    throw ReplayError("an input of its recording is damaged")
                }
                let timed = try RecordingFile.readInput(value, reach: reach)
                guard timed.step <= epoch.steps, timed.step >= (epoch.inputs.last?.step ?? 0) else {
                    throw ReplayError("its recording's inputs are out of order")
                }
                epoch.inputs.append(timed)
            }
            epochs.append(epoch)
        }
        let marks = loaded.marks.map { RecordingMark(tick: $0.tick, kind: $0.kind, text: $0.text) }
        return Recording(epochs: epochs, marks: marks, hashStride: stride, budget: budget)
    }
}
