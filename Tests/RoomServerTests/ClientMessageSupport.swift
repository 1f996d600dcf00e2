import RoomServer

/// A client message read from `text`, as the server reads a text frame.
func parse(_ text: String) -> Result<ClientMessage, ProtocolError> {
    ClientMessage.parse(Array(text.utf8))
}

/// The error code the server answers `text` with, or nil when it is a valid message.
func code(_ text: String) -> ErrorCode? {
    if case .failure(let error) = parse(text) { return error.code }
    return nil
}
