// `import UIKit` as pasted from iOS code: the same API, from UIKitDynamics (the module's only
// purpose; nothing is declared here).
@_exported import UIKitDynamics
