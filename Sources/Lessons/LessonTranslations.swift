/// The lessons' own words in the page's second language, Simplified Chinese: each lesson's title
/// and summary by its id, and parameter labels by their English text (a label reads the same in
/// every lesson that offers it). The room sends both languages (docs/protocol.md, "Languages");
/// the page's own strings are in web/locales. A lesson without an entry (a teacher's own, or
/// code a student wrote) is shown in the words its code gives.
public enum LessonTranslations {
    /// The language these are in, as the page and `<html lang>` name it.
    public static let language = "zh-CN"

    public struct Lesson: Sendable {
        public var title: String
        public var summary: String
    }

    public static let lessons: [String: Lesson] = [
        "gravity": Lesson(title: "重力", summary: "十分之一的地球重力把青蛙往下拉，直到它落出视图。"),
        "collision": Lesson(title: "碰撞", summary: "青蛙和龙落下，停在边界上；代理会报告每一次接触。"),
        "attachment": Lesson(title: "附着", summary: "拖动青蛙：龙挂在一根连着青蛙中心的杆上，跟着移动。"),
        "spring": Lesson(title: "弹簧", summary: "龙挂在青蛙下面的弹簧上上下弹跳，振幅慢慢衰减。"),
        "snap": Lesson(title: "吸附", summary: "点按任意位置：青蛙弹向那一点，略微冲过头后停下。"),
        "push": Lesson(title: "推力", summary: "在中心旁边按下：龙被推开，按得离中心越远，推得越猛。"),
        "properties": Lesson(title: "元素属性", summary: "同样的力，不同的材料：青蛙像橡皮球一样弹起，龙落地就停。"),
        "race": Lesson(title: "推力赛跑", summary: "持续推力对瞬时推力：蓝色起步更快，红色后来居上。"),
        "barrier": Lesson(title: "障碍", summary: "一个转过角度的方块以一角落在边界线上，弹几下后停稳。"),
        "drops": Lesson(title: "掉落方块", summary: "点按落下随机颜色的方块：它们落下堆起来，不会抖动。"),
        "fields": Lesson(title: "力场游乐场", summary: "带电和不带电的小球在重力、涡旋、噪声和电场中打转；点按可以移动它们。"),
        "hoop": Lesson(title: "篮球架", summary: "滑动投篮：球划出弧线，在篮筐上弹跳，悬挂的篮板随之摆动。"),
        "alert": Lesson(title: "俏皮的提示框", summary: "示例应用：提示框吸附进来，拖动时会晃动，关闭时翻滚着离开。"),
        "blank": Lesson(title: "你自己的课程", summary: "从一个空的视图控制器开始：写出你自己的场景，然后运行。"),
    ]

    public static let labels: [String: String] = [
        "Gravity (1 = Earth)": "重力（1 = 地球重力）",
        "Gravity angle (rad)": "重力方向（弧度）",
        "Gravity angle (rad; π/2 is down)": "重力方向（弧度；π/2 为向下）",
        "Elasticity": "弹性",
        "Starting angle (rad, next run)": "初始角度（弧度，下次运行时生效）",
        "Rod length (points)": "杆长（点）",
        "Frog elasticity": "青蛙的弹性",
        "Frog density": "青蛙的密度",
        "Frog friction": "青蛙的摩擦",
        "Frog resistance": "青蛙的阻力",
        "Frog angular resistance": "青蛙的角阻力",
        "Throw angle for a press (rad)": "按压投篮的角度（弧度）",
        "Throw magnitude for a press": "按压投篮的力度",
        "Ball elasticity": "球的弹性",
        "Ball density": "球的密度",
        "Push magnitude": "推力大小",
        "Snap damping": "吸附阻尼",
        "Frequency (Hz)": "频率（Hz）",
        "Damping ratio": "阻尼比",
        "Rest length (points)": "静止长度（点）",
        "Electric field on (1) or off (0)": "电场：开（1）或关（0）",
        "Radial gravity strength": "径向重力强度",
        "Vortex strength": "涡旋强度",
        "Noise strength": "噪声强度",
        "Electric strength": "电场强度",
    ]
}
