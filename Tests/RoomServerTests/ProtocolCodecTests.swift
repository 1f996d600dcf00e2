import Foundation
import Lessons
import Testing

import RoomServer

/// The JSON reader, client-message validation and the binary frame layout, without sockets.
struct ProtocolCodecTests {
    @Test func everyMessageTypeParsesWithItsFields() throws {
        #expect(try parse(#"{"type":"tap","x":1.5,"y":-2}"#).get() == .tap(x: 1.5, y: -2))
        #expect(try parse(#"{"type":"pan","phase":"changed","x":3,"y":4}"#).get() == .pan(.changed, x: 3, y: 4))
        #expect(try parse(#"{"type":"push","x":1,"y":2}"#).get() == .push(x: 1, y: 2, dx: nil, dy: nil))
        #expect(try parse(#"{"type":"push","x":1,"y":2,"dx":3,"dy":4}"#).get() == .push(x: 1, y: 2, dx: 3, dy: 4))
        #expect(try parse(#"{"type":"reset"}"#).get() == .reset)
        #expect(try parse(#"{"type":"set","param":"g","value":0.5}"#).get() == .set(param: "g", value: 0.5))
        #expect(try parse(#"{"type":"claim","key":"abc"}"#).get() == .claim(key: "abc"))
        #expect(try parse(#"{"type":"control","action":"pause"}"#).get() == .control(.pause))
        #expect(try parse(#"{"type":"control","action":"lesson","lesson":"snap"}"#).get() == .control(.lesson("snap")))
        #expect(try parse(#"{"type":"control","action":"give","member":3}"#).get() == .control(.give(member: 3)))
        #expect(try parse(#"{"type":"control","action":"give","member":null}"#).get() == .control(.give(member: nil)))
        #expect(try parse(#"{"type":"ping","id":"a"}"#).get() == .ping(id: .string("a")))
        #expect(try parse(#"{"type":"ping","id":7}"#).get() == .ping(id: .number(7)))
        // Unknown extra fields are ignored.
        #expect(try parse(#"{"type":"reset","extra":[1,{"a":null}]}"#).get() == .reset)
    }

    @Test func notJSONNotAnObjectNoTypeOrAnUnknownTypeIsBadMessage() {
        for text in ["", "nope", "{", "[]", "1", "\"tap\"", "{}", #"{"type":1}"#, #"{"type":"jump"}"#, #"{"type":"tap"} x"#] {
            #expect(code(text) == .badMessage, "\(text)")
        }
    }

    @Test func wrongTypesMissingFieldsAndNonFiniteNumbersAreBadValue() {
        let texts = [
            #"{"type":"tap","x":1}"#, #"{"type":"tap","x":"1","y":1}"#, #"{"type":"tap","x":true,"y":1}"#,
            #"{"type":"tap","x":NaN,"y":1}"#, #"{"type":"tap","x":Infinity,"y":1}"#, #"{"type":"tap","x":-Infinity,"y":1}"#,
            #"{"type":"tap","x":1e400,"y":1}"#, #"{"type":"pan","phase":"up","x":1,"y":1}"#,
            #"{"type":"push","x":1,"y":1,"dy":2}"#, #"{"type":"set","param":"g","value":null}"#,
            #"{"type":"set","param":7,"value":1}"#, #"{"type":"control","action":"fly"}"#,
            #"{"type":"control","action":"give","member":1.5}"#, #"{"type":"ping","id":{}}"#,
            #"{"type":"claim","key":"\#(String(repeating: "k", count: 65))"}"#,
        ]
        for text in texts { #expect(code(text) == .badValue, "\(text)") }
    }

    @Test func theReaderDecodesEscapesAndRefusesDeepNesting() throws {
        let value = try JSONReader.parse(Array(#"{"a":"\u00e9\n\ud83d\ude00\"","b":[true,false,null,-1.5e2]}"#.utf8))
        #expect(value["a"] == .string("é\n😀\""))
        #expect(value["b"] == .array([.bool(true), .bool(false), .null, .number(-150)]))
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(deep.utf8)) }
    }

    @Test func theWriterEscapesStringsAndWritesWholeNumbersWithoutAFraction() {
        var writer = JSONWriter()
        writer.string("a\"b\\c\n\u{1}")
        writer.comma()
        writer.number(2)
        writer.comma()
        writer.number(0.25)
        writer.comma()
        writer.number(.nan)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #""a\"b\\c\n\u0001",2,0.25,0"#)
    }

    @Test func aStateFrameHasTheDocumentedLittleEndianLayout() {
        let item = SceneItem(
            id: 258, name: "f", shape: .rect, size: .zero, color: "#000000", center: CGPoint(x: 1.5, y: -2),
            angle: 0.5, alpha: 0.5, isHidden: true, isAtRest: true)
        let frame = StateFrame.encode(
            poses: [ItemPose(item)], lines: [SceneLine(from: CGPoint(x: 1, y: 2), to: CGPoint(x: 3, y: 4))], sequence: 0x0102_0304,
            time: 2, paused: true)
        let bytes = frame.bytes
        #expect(frame.isBinary)
        #expect(bytes.count == 48)
        #expect(Array(bytes[0..<8]) == [1, 1, 1, 0, 1, 0, 0, 0])
        #expect(Array(bytes[8..<12]) == [4, 3, 2, 1])
        #expect(Array(bytes[12..<16]) == withUnsafeBytes(of: Float(2).bitPattern.littleEndian, Array.init))
        #expect(Array(bytes[16..<20]) == [2, 1, 128, 3])
        #expect(Array(bytes[20..<24]) == withUnsafeBytes(of: Float(1.5).bitPattern.littleEndian, Array.init))
        #expect(Array(bytes[32..<36]) == withUnsafeBytes(of: Float(1).bitPattern.littleEndian, Array.init))
        #expect(Array(bytes[44..<48]) == withUnsafeBytes(of: Float(4).bitPattern.littleEndian, Array.init))
    }

    @Test func aNonFiniteCoordinateIsSentAsZero() {
        let item = SceneItem(id: 1, name: "", shape: .rect, size: .zero, color: "", center: CGPoint(x: Double.nan, y: 1))
        let bytes = StateFrame.encode(poses: [ItemPose(item)], lines: [], sequence: 1, time: 0, paused: false).bytes
        #expect(Array(bytes[20..<24]) == [0, 0, 0, 0])
    }

    @Test func theConnectQueryIsReadAndTheNameCleaned() {
        let request = ConnectRequest(arguments: ["room=gravity", "name=  Ada\u{7}\u{200B} Lovelace with a very long name indeed ", "key=k"])
        #expect(request.target == .room("gravity"))
        #expect(request.name == "Ada Lovelace with a very long na")
        #expect(request.key == "k")
        #expect(ConnectRequest(arguments: ["lesson=snap"]).target == .newRoom(lesson: "snap"))
        #expect(ConnectRequest(arguments: ["name=x"]).target == .missing)
        #expect(ConnectRequest(arguments: ["room=", "lesson=push"]).target == .newRoom(lesson: "push"))
    }

    @Test func roomCodesAvoidLookAlikesAndKeysHave128Bits() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let code = RoomCode.make(using: &random)
            #expect(code.count == 6)
            #expect(!code.contains { "01OIL".contains($0) })
            #expect(RoomCode.normalize(code.lowercased()) == code)
        }
        #expect(RoomCode.normalize("ABC10O") == nil)
        let key = RoomCode.makeKey(using: &random)
        #expect(key.count == 32)
        #expect(key.allSatisfy { $0.isHexDigit })
        #expect(RoomCode.keysMatch(key, key))
        #expect(!RoomCode.keysMatch(String(key.dropLast()) + "x", key))
        #expect(!RoomCode.keysMatch(key + "0", key))
        #expect(!RoomCode.keysMatch("", key))
    }

    @Test func aTokenBucketRefillsAtItsRate() {
        var bucket = TokenBucket(capacity: 3, perSecond: 2, now: 0)
        #expect((0..<4).map { _ in bucket.take(now: 0) } == [true, true, true, false])
        let early = bucket.take(now: 400_000)
        #expect(!early)
        let later = bucket.take(now: 500_000)
        #expect(later)
        #expect(!bucket.isFull(now: 500_000))
        #expect(bucket.isFull(now: 10_000_000))
    }
}
