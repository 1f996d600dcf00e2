extension ServerMessageBytesTests {
    /// Written by the hand-written encoder (main at 8c4a9d9), but for the lesson's `titles` and
    /// `summaries` in both languages and the lesson list's `guide`, appended to their objects
    /// since (older clients ignore them).
    static let expected: [String: String] = [
        "welcome-full":
            ##"{"type":"welcome","protocol":1,"room":"class-AB12","code":"AB12","role":"instructor","key":"k\"ey","you":1,"lesson":{"id":"snap","title":"Snap","summary":"Tap: the frog \"snaps\".","code":"import UIKit\n\tlet x = \"y\"\n","order":3,"gestures":["tap","pan","push"],"titles":{"en":"Snap","zh-CN":"吸附"},"summaries":{"en":"Tap: the frog \"snaps\".","zh-CN":"点按任意位置：青蛙弹向那一点，略微冲过头后停下。"}},"bounds":{"w":375,"h":667.5},"rate":60,"time":12.016666666666667,"items":[{"id":7,"name":"frog \"green\"\n","shape":"path","w":100.5,"h":0.1,"color":"#00ff00","x":187.5,"y":1e-07,"angle":-3.141592653589793,"alpha":0.5,"fill":false,"sprite":"frog","text":"按钮\t\u0001","path":[[-1,2.25],[1e+20,0]],"cornerRadius":4.5,"hidden":true},{"id":1,"name":"box","shape":"rect","w":50,"h":50,"color":"#123456","x":123456789012345,"y":0,"angle":0,"alpha":1}],"boundaries":[{"id":"floor","points":[[0,600],[375,600.5]],"closed":false},{"id":null,"points":[],"closed":true}],"lines":[[1,2.5,-3,0.004]],"params":[{"name":"damping","label":"Damping","value":0.5,"min":0,"max":1,"step":0.05},{"name":"g","label":"重力 (g)","value":1,"min":-10,"max":10,"step":1}],"clients":2,"members":[{"id":1,"name":"Ms. \"K\"","role":"instructor"},{"id":2,"name":"小明","role":"student"}],"paused":true,"locked":true,"controller":2,"timeline":{"from":0,"to":12.5,"at":3.25,"start":-0.5,"speed":0.25,"live":false,"recording":true,"seeking":4.5},"editor":2,"source":"// mine\n"}"##,
        "welcome-bare":
            #"{"type":"welcome","protocol":1,"room":"snap","code":null,"role":"student","you":3,"lesson":{"id":"snap","title":"Snap","summary":"Tap: the frog \"snaps\".","code":"","order":3,"gestures":["tap","pan","push"],"titles":{"en":"Snap","zh-CN":"吸附"},"summaries":{"en":"Tap: the frog \"snaps\".","zh-CN":"点按任意位置：青蛙弹向那一点，略微冲过头后停下。"}},"bounds":{"w":375,"h":667.5},"rate":60,"time":0,"items":[],"boundaries":[],"lines":[],"params":[],"clients":0,"members":[],"paused":false,"locked":false,"controller":null,"editor":null,"source":null}"#,
        "shared":
            #"{"type":"shared","member":2,"name":"小明"}"#,
        "code-source":
            #"{"type":"code","source":"let a = 1\n","gestures":["tap","pan","push"],"bounds":{"w":375,"h":667.5},"by":1,"name":"Ms. \"K\""}"#,
        "code-revert":
            #"{"type":"code","source":null,"gestures":["tap","pan","push"],"bounds":{"w":375,"h":667.5},"by":null,"name":null}"#,
        "scene":
            ##"{"type":"scene","items":[{"id":1,"name":"box","shape":"rect","w":50,"h":50,"color":"#123456","x":123456789012345,"y":0,"angle":0,"alpha":1},{"id":7,"name":"frog \"green\"\n","shape":"path","w":100.5,"h":0.1,"color":"#00ff00","x":187.5,"y":1e-07,"angle":-3.141592653589793,"alpha":0.5,"fill":false,"sprite":"frog","text":"按钮\t\u0001","path":[[-1,2.25],[1e+20,0]],"cornerRadius":4.5,"hidden":true}],"boundaries":[{"id":"floor","points":[[0,600],[375,600.5]],"closed":false},{"id":null,"points":[],"closed":true}]}"##,
        "scene-empty":
            #"{"type":"scene","items":[],"boundaries":[]}"#,
        "params":
            #"{"type":"params","params":[{"name":"damping","label":"Damping","value":0.5,"min":0,"max":1,"step":0.05},{"name":"g","label":"重力 (g)","value":1,"min":-10,"max":10,"step":1}]}"#,
        "event-plain":
            #"{"type":"event","name":"snap-arrived","text":"The frog arrived."}"#,
        "event-item-point":
            #"{"type":"event","name":"collision-began","text":"Frog hit \"floor\"","item":7,"x":10.5,"y":600}"#,
        "event-nan-point":
            #"{"type":"event","name":"x","text":""}"#,
        "presence":
            #"{"type":"presence","clients":2,"members":[{"id":1,"name":"Ms. \"K\"","role":"instructor"},{"id":2,"name":"小明","role":"student"}]}"#,
        "presence-empty":
            #"{"type":"presence","clients":0,"members":[]}"#,
        "room-timeline":
            #"{"type":"room","paused":true,"locked":false,"lesson":"snap","controller":2,"editor":1,"timeline":{"from":0,"to":12.5,"at":3.25,"start":-0.5,"speed":0.25,"live":false,"recording":true,"seeking":4.5}}"#,
        "room-live":
            #"{"type":"room","paused":false,"locked":true,"lesson":"gravity","controller":null,"editor":null,"timeline":{"from":0,"to":12.5,"at":3.25,"start":-0.5,"speed":0.25,"live":true,"recording":true}}"#,
        "room-bare":
            #"{"type":"room","paused":false,"locked":false,"lesson":"gravity","controller":null,"editor":null}"#,
        "overlays":
            #"{"type":"overlays","overlays":["trails","forces"]}"#,
        "overlays-none":
            #"{"type":"overlays","overlays":[]}"#,
        "pong-string":
            #"{"type":"pong","id":"p\"1"}"#,
        "pong-number":
            #"{"type":"pong","id":2.5}"#,
        "pong-integer":
            #"{"type":"pong","id":3}"#,
        "error":
            #"{"type":"error","code":"bad-value","message":"x must be a number"}"#,
        "error-diagnostics":
            #"{"type":"error","code":"compile-error","message":"did not compile","diagnostics":[{"line":3,"column":9,"message":"éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé"},{"line":0,"column":1,"message":"bad 0"},{"line":1,"column":2,"message":"bad 1"},{"line":2,"column":3,"message":"bad 2"},{"line":3,"column":4,"message":"bad 3"},{"line":4,"column":5,"message":"bad 4"},{"line":5,"column":6,"message":"bad 5"},{"line":6,"column":7,"message":"bad 6"},{"line":7,"column":8,"message":"bad 7"},{"line":8,"column":9,"message":"bad 8"},{"line":9,"column":10,"message":"bad 9"},{"line":10,"column":11,"message":"bad 10"},{"line":11,"column":12,"message":"bad 11"},{"line":12,"column":13,"message":"bad 12"},{"line":13,"column":14,"message":"bad 13"},{"line":14,"column":15,"message":"bad 14"},{"line":15,"column":16,"message":"bad 15"},{"line":16,"column":17,"message":"bad 16"},{"line":17,"column":18,"message":"bad 17"},{"line":18,"column":19,"message":"bad 18"},{"line":19,"column":20,"message":"bad 19"},{"line":20,"column":21,"message":"bad 20"},{"line":21,"column":22,"message":"bad 21"},{"line":22,"column":23,"message":"bad 22"},{"line":23,"column":24,"message":"bad 23"},{"line":24,"column":25,"message":"bad 24"},{"line":25,"column":26,"message":"bad 25"},{"line":26,"column":27,"message":"bad 26"},{"line":27,"column":28,"message":"bad 27"},{"line":28,"column":29,"message":"bad 28"},{"line":29,"column":30,"message":"bad 29"},{"line":30,"column":31,"message":"bad 30"},{"line":31,"column":32,"message":"bad 31"},{"line":32,"column":33,"message":"bad 32"},{"line":33,"column":34,"message":"bad 33"},{"line":34,"column":35,"message":"bad 34"},{"line":35,"column":36,"message":"bad 35"},{"line":36,"column":37,"message":"bad 36"},{"line":37,"column":38,"message":"bad 37"},{"line":38,"column":39,"message":"bad 38"},{"line":39,"column":40,"message":"bad 39"},{"line":40,"column":41,"message":"bad 40"},{"line":41,"column":42,"message":"bad 41"},{"line":42,"column":43,"message":"bad 42"},{"line":43,"column":44,"message":"bad 43"},{"line":44,"column":45,"message":"bad 44"},{"line":45,"column":46,"message":"bad 45"},{"line":46,"column":47,"message":"bad 46"},{"line":47,"column":48,"message":"bad 47"},{"line":48,"column":49,"message":"bad 48"}]}"#,
        "lessons":
            #"[{"id":"fake-moving","title":"Fake moving","summary":"Moves, then rests.","order":1,"gestures":["tap","pan","push"],"guide":false},{"id":"fake-other","title":"Fake other","summary":"Nothing moves.","order":2,"gestures":[],"guide":false}]"#,
        "rooms":
            #"[{"id":"fake-moving","lesson":"fake-moving","clients":0,"shared":true},{"id":"fake-other","lesson":"fake-other","clients":0,"shared":true}]"#,
        "http-error":
            #"{"error":"bad-message","message":"POST {\"lesson\": id} to open a class"}"#,
        "http-error-unknown-lesson":
            #"{"error":"unknown-room","message":"no lesson named nope"}"#,
    ]
}
