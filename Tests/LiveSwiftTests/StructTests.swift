import Foundation
import Lessons
import LiveSwift
import Testing

/// Structs of the source are values: copied on assignment and passing, changed by their
/// `mutating` methods in the variable they are called on, made by their memberwise initialiser.
@Suite struct StructTests {
    @Test func structsAreCopiedAndChangedInPlace() throws {
        let before = """
            struct Ball {
                var position: CGPoint
                var radius: CGFloat = 10
                let name: String
                var diameter: CGFloat { radius * 2 }
                mutating func move(by dx: CGFloat) {
                    position.x += dx
                    self.radius += 1
                }
                func frame() -> CGRect {
                    CGRect(x: position.x - radius, y: position.y - radius, width: diameter, height: diameter)
                }
            }
            struct Grid: Equatable {
                struct Cell: Equatable { var row = 0, column = 0 }
                var cells: [Cell] = []
                init(count: Int) {
                    for i in 0..<count { cells.append(Cell(row: i, column: i * 2)) }
                }
            }
            """
        let members = "var ball = Ball(position: CGPoint(x: 100, y: 100), name: \"a\") { didSet { changes += 1 } }\nvar changes = 0"
        let body = """
            var copy = ball
            copy.move(by: 50)
            ball.move(by: 10)
            ball.position.y = 200
            var grid = Grid(count: 3)
            let before = grid
            grid.cells[1].column = 99
            let shown = UIView(frame: ball.frame())
            view.addSubview(shown)
            label.text = "\\(copy.position.x) \\(ball.position.x) \\(ball.radius) \\(changes) \\(before.cells[1].column) \\(grid.cells[1].column) \\(before == grid) \\(before == Grid(count: 3)) \\(Grid.Cell())"
            """
        let lesson = try lessonRunning(members, body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "150.0 110.0 11.0 2 2 99 false true Cell(row: 0, column: 0)", "\(String(describing: lesson.items.first?.text))")
        #expect(lesson.items.last?.center == CGPoint(x: 110, y: 200))
        #expect(lesson.items.last?.size == CGSize(width: 22, height: 22))
    }

    @Test func aLetStructRefusesChange() throws {
        let lesson = try lessonRunning("", "let p = Spot(x: 1)\np.bump()", before: "struct Spot { var x: Int\n mutating func bump() { x += 1 } }")
        #expect(lesson.runtimeError?.message == "cannot use mutating member on immutable value: 'p' is a 'let' constant")
    }
}
