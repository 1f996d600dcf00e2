import SwiftSyntax

/// Positions in a source as the editor counts them (1-based lines, columns in UTF-16 code
/// units, as JavaScript strings and CodeMirror do) and as swift-syntax does (UTF-8 offsets).
struct SourceLines {
    /// The UTF-8 offset where each line starts.
    private let starts: [Int]
    private let utf8: [UInt8]

    init(_ source: String) {
        utf8 = Array(source.utf8)
        var starts = [0]
        for (offset, byte) in utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        self.starts = starts
    }

    /// The UTF-8 offset of a 1-based line and UTF-16 column, clamped into the source.
    func offset(line: Int, column: Int) -> Int {
        let index = min(max(line, 1), starts.count) - 1
        let start = starts[index]
        let end = index + 1 < starts.count ? starts[index + 1] - 1 : utf8.count
        var units = 0, offset = start
        while offset < end && units < column - 1 {
            let byte = utf8[offset]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            offset += length
        }
        return min(offset, end)
    }

    /// The 1-based line and UTF-16 column of a UTF-8 offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), utf8.count)
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var units = 0, at = starts[low]
        while at < offset {
            let byte = utf8[at]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            at += length
        }
        return (low + 1, units + 1)
    }

    /// The same place given as a UTF-8 column (swift-syntax's diagnostics) in UTF-16 units.
    func utf16Column(line: Int, utf8Column: Int) -> Int {
        let index = min(max(line, 1), starts.count) - 1
        return position(of: starts[index] + utf8Column - 1).column
    }

    func byte(at offset: Int) -> UInt8? { offset >= 0 && offset < utf8.count ? utf8[offset] : nil }
}
