/// How kinds that apps register through `GraphRecord` look: familiar names get a fitting shape and
/// colour, any other name a stable one picked from a palette by its hash, so a kind looks the same
/// in every picture of every run.
enum CustomKindStyle {
    private static let known: [String: (shape: String, fill: String, line: String)] = [
        "service": ("box", "#e0f2f1", "#00796b"),
        "viewModel": ("box", "#fff8e1", "#b28704"),
        "view": ("note", "#fafafa", "#757575"),
        "viewController": ("box3d", "#ede7f6", "#5e35b1"),
        "uiComponent": ("component", "#e3f2fd", "#1565c0"),
        "interactor": ("hexagon", "#fce4ec", "#ad1457"),
        "repository": ("cylinder", "#efebe9", "#6d4c41"),
        "store": ("cylinder", "#efebe9", "#6d4c41"),
        "container": ("folder", "#f1f8e9", "#558b2f"),
        "api": ("parallelogram", "#e8eaf6", "#3949ab"),
        "builder": ("cds", "#fdeee0", "#c0652b"),
        "rvbRouter": ("ellipse", "#f1e6fb", "#7b4aa5"),
        "vipRouter": ("ellipse", "#f1e6fb", "#7b4aa5"),
        "featureModule": ("box", "#e6f4e6", "#4a8a4a"),
        "appModule": ("tab", "#fff1d6", "#b07d2b"),
        "stream": ("circle", "#ffebee", "#c62828"),
    ]

    private static let palette: [(shape: String, fill: String, line: String)] = [
        ("box", "#e0f7fa", "#00838f"), ("ellipse", "#f9fbe7", "#827717"), ("hexagon", "#fbe9e7", "#d84315"),
        ("octagon", "#f3e5f5", "#8e24aa"), ("house", "#e8f5e9", "#2e7d32"), ("diamond", "#fffde7", "#f9a825"),
    ]

    private static let knownEdges: [String: [String: String]] = [
        "navigates to": ["color": "#7b1fa2", "style": "dashed", "fontcolor": "#7b1fa2", "constraint": "false"],
        "emits to": ["color": "#c62828", "style": "bold,dotted", "fontcolor": "#c62828", "constraint": "false"],
        "configures": ["color": "#00796b", "fontcolor": "#00796b"],
        "calls back": ["color": "#ef6c00", "style": "dashed", "fontcolor": "#ef6c00", "constraint": "false"],
        "injects": ["color": "#757575", "fontcolor": "#757575"],
        "uses": ["color": "#455a64", "fontcolor": "#455a64"],
        "builds": ["color": "#c0652b", "fontcolor": "#c0652b"],
        "routes to": ["color": "#5e35b1", "fontcolor": "#5e35b1"],
        "deep link": ["color": "#1565c0", "style": "dashed", "fontcolor": "#1565c0", "constraint": "false"],
    ]

    static func node(_ kind: String) -> [String: String] {
        let style = known[kind] ?? palette[stableHash(kind) % palette.count]
        return ["shape": style.shape, "style": "filled", "fillcolor": style.fill, "color": style.line]
    }

    static func edge(_ kind: String) -> [String: String] {
        knownEdges[kind] ?? ["color": palette[stableHash(kind) % palette.count].line, "fontcolor": palette[stableHash(kind) % palette.count].line]
    }

    /// FNV-1a: the same on every run and platform, unlike `Hasher`.
    static func stableHash(_ text: String) -> Int {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return Int(hash % 1_000_003)
    }
}
