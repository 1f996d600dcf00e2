import Foundation

/// What every worker of one server shares: the counts the server-wide limits are about (clients,
/// connections per address, class rooms, unknown rooms asked for) and the head count of each
/// lesson instance, which the acceptor reads to send a newcomer to an instance with a free seat.
///
/// One lock guards it all; every call is a few dictionary operations, made once per connection
/// or per room event, never per frame. Time is an input (microseconds), as in `ServerCore`.
public final class ServerLedger: @unchecked Sendable {
    public let limits: ServerLimits
    public let routing: WorkerRouting

    private let lock = NSLock()
    private var clients = 0
    private var clientsByWorker: [Int]
    private var connectionsByAddress: [String: Int] = [:]
    private var classRooms = 0
    private var classRoomsByAddress: [String: Int] = [:]
    private var unknownRoomBuckets: [String: TokenBucket] = [:]
    /// Members of each open lesson instance (an instance is here from its opening to its closing).
    private var seats: [LessonInstance: Int] = [:]
    /// Seats promised by the acceptor to connections not yet joined, by when they were promised.
    private var promised: [LessonInstance: [Int64]] = [:]
    private var nextWorker = 0

    /// How long a promised seat is held for a connection that has not joined yet.
    static let promiseMicroseconds: Int64 = 10_000_000

    public init(limits: ServerLimits = ServerLimits(), workers: Int = 1) {
        self.limits = limits
        routing = WorkerRouting(workers: workers)
        clientsByWorker = Array(repeating: 0, count: routing.workers)
    }

    /// Most instances a lesson may have: enough for every client the server takes.
    public var maxInstances: Int {
        min(9999, limits.maxClients / max(1, limits.maxClientsPerRoom) + 1)
    }

    // MARK: Connections

    /// Counts a WebSocket connection in; returns the server's total and the address's count,
    /// this one included.
    public func connect(address: String, worker: Int) -> (total: Int, fromAddress: Int) {
        lock.withLock {
            clients += 1
            clientsByWorker[worker % clientsByWorker.count] += 1
            connectionsByAddress[address, default: 0] += 1
            return (clients, connectionsByAddress[address] ?? 0)
        }
    }

    /// Counts a connection out (every `connect` is matched by one `disconnect`).
    public func disconnect(address: String, worker: Int) {
        lock.withLock {
            clients -= 1
            clientsByWorker[worker % clientsByWorker.count] -= 1
            if let count = connectionsByAddress[address], count > 1 {
                connectionsByAddress[address] = count - 1
            } else {
                connectionsByAddress[address] = nil
            }
        }
    }

    /// WebSocket clients on the whole server.
    public var clientCount: Int { lock.withLock { clients } }

    /// The worker with the fewest clients (ties taken in turn): where a new class room opens.
    public func leastLoadedWorker() -> Int {
        lock.withLock {
            let fewest = clientsByWorker.min() ?? 0
            for offset in 0..<clientsByWorker.count {
                let worker = (nextWorker + offset) % clientsByWorker.count
                if clientsByWorker[worker] == fewest {
                    nextWorker = worker + 1
                    return worker
                }
            }
            return 0
        }
    }

    // MARK: Class rooms

    /// Takes a class room for `address`, or says why not (the server's or the address's limit).
    public func openClassRoom(address: String) -> String? {
        lock.withLock {
            guard classRooms < limits.maxRooms else { return "the server has no room for another class; try again later" }
            let here = classRoomsByAddress[address, default: 0]
            guard here < limits.maxRoomsPerAddress else {
                return "your address has \(here) class rooms open already; close one first"
            }
            classRooms += 1
            classRoomsByAddress[address] = here + 1
            return nil
        }
    }

    /// A class room opened by `address` closed.
    public func closeClassRoom(address: String) {
        lock.withLock {
            classRooms -= 1
            if let count = classRoomsByAddress[address], count > 1 {
                classRoomsByAddress[address] = count - 1
            } else {
                classRoomsByAddress[address] = nil
            }
        }
    }

    public var classRoomCount: Int { lock.withLock { classRooms } }

    // MARK: Unknown rooms

    /// One unknown room asked for by `address`: false when it asked for too many this minute.
    public func takeUnknownRoom(address: String, now: Int64) -> Bool {
        lock.withLock {
            let perMinute = Double(limits.unknownRoomsPerMinute)
            var bucket = unknownRoomBuckets[address] ?? TokenBucket(capacity: perMinute, perSecond: perMinute / 60, now: now)
            let allowed = bucket.take(now: now)
            unknownRoomBuckets[address] = bucket
            return allowed
        }
    }

    /// Forgets addresses that asked for nothing lately, and promises never taken up.
    public func housekeeping(now: Int64) {
        lock.withLock {
            unknownRoomBuckets = unknownRoomBuckets.filter { !$0.value.isFull(now: now) }
            for (instance, times) in promised {
                let kept = times.filter { now - $0 < Self.promiseMicroseconds }
                promised[instance] = kept.isEmpty ? nil : kept
            }
        }
    }

    // MARK: Lesson instances

    /// The lowest instance of `lesson` with a free seat, counting seats already promised; the
    /// seat is promised to the caller's connection (`join` takes it up).
    public func promiseSeat(lesson: String, now: Int64) -> LessonInstance {
        lock.withLock {
            var number = 1
            while number < maxInstances {
                let instance = LessonInstance(lesson: lesson, number: number)
                let waiting = promised[instance]?.count(where: { now - $0 < Self.promiseMicroseconds }) ?? 0
                if seats[instance, default: 0] + waiting < limits.maxClientsPerRoom { break }
                number += 1
            }
            let instance = LessonInstance(lesson: lesson, number: number)
            promised[instance, default: []].append(now)
            return instance
        }
    }

    /// A lesson instance's head count changed (`members` now); `joined` takes up a promised seat.
    public func setSeats(_ instance: LessonInstance, members: Int, joined: Bool = false) {
        lock.withLock {
            seats[instance] = members
            if joined, var times = promised[instance], !times.isEmpty {
                times.removeFirst()
                promised[instance] = times.isEmpty ? nil : times
            }
        }
    }

    /// A lesson instance closed.
    public func closeInstance(_ instance: LessonInstance) {
        lock.withLock { seats[instance] = nil }
    }

    /// Every open lesson instance and its head count.
    public func openInstances() -> [LessonInstance: Int] {
        lock.withLock { seats }
    }
}
