/// The JSON bodies of the HTTP API (docs/protocol.md, "HTTP"), each declared once and written
/// by `WireJSON`, like the WebSocket's messages.

/// An error, as the WebSocket's `error` says it: `{"error": code, "message": message}`.
struct APIError: Encodable {
    var error: ErrorCode
    var message: String
}

/// `GET /api/rooms`: one public room.
struct RoomListing: Encodable {
    var id: String
    var lesson: String
    var clients: Int
    let shared = true
}

/// `POST /api/classes`: the class's code and its instructor's key.
struct OpenedClass: Encodable {
    var code: String
    var key: String
    var lesson: String
}

/// `POST /api/recordings`: the room the recording opened in, and its instructor's key.
struct OpenedRecording: Encodable {
    var room: String
    var key: String
}
