/// How kinds that apps register through `GraphRecord` look: familiar names get a fitting shape and
/// colour, any other name a stable one picked from a palette by its hash, so a kind looks the same
/// in every picture of every run.
enum RecordedKindStyle {
    /// A kind's Graphviz shape and its colours.
    typealias Look = (shape: String, colors: NodeColors)

    private static let known: [String: Look] = [
        "service": ("box", NodeColors(fill: "#e0f2f1", line: "#00796b")),
        "viewModel": ("box", NodeColors(fill: "#fff8e1", line: "#b28704")),
        "view": ("note", NodeColors(fill: "#fafafa", line: "#757575")),
        "viewController": ("box3d", NodeColors(fill: "#ede7f6", line: "#5e35b1")),
        "uiComponent": ("component", NodeColors(fill: "#e3f2fd", line: "#1565c0")),
        "interactor": ("hexagon", NodeColors(fill: "#fce4ec", line: "#ad1457")),
        "repository": ("cylinder", NodeColors(fill: "#efebe9", line: "#6d4c41")),
        "store": ("cylinder", NodeColors(fill: "#efebe9", line: "#6d4c41")),
        "container": ("folder", NodeColors(fill: "#f1f8e9", line: "#558b2f")),
        "api": ("parallelogram", NodeColors(fill: "#e8eaf6", line: "#3949ab")),
        "builder": ("cds", NodeColors(fill: "#fdeee0", line: "#c0652b")),
        "rvbRouter": ("ellipse", NodeColors(fill: "#f1e6fb", line: "#7b4aa5")),
        "vipRouter": ("ellipse", NodeColors(fill: "#f1e6fb", line: "#7b4aa5")),
        "featureModule": ("box", NodeColors(fill: "#e6f4e6", line: "#4a8a4a")),
        "appModule": ("tab", NodeColors(fill: "#fff1d6", line: "#b07d2b")),
        "stream": ("circle", NodeColors(fill: "#ffebee", line: "#c62828")),
    ]

    private static let palette: [Look] = [
        ("box", NodeColors(fill: "#e0f7fa", line: "#00838f")), ("ellipse", NodeColors(fill: "#f9fbe7", line: "#827717")), ("hexagon", NodeColors(fill: "#fbe9e7", line: "#d84315")),
        ("octagon", NodeColors(fill: "#f3e5f5", line: "#8e24aa")), ("house", NodeColors(fill: "#e8f5e9", line: "#2e7d32")), ("diamond", NodeColors(fill: "#fffde7", line: "#f9a825")),
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

    static func look(_ kind: String) -> Look {
        known[kind] ?? palette[stableHash(kind) % palette.count]
    }

    /// A recorded kind's node attributes in DOT.
    static func node(_ kind: String) -> [String: String] {
        let look = look(kind)
        return ["shape": look.shape, "style": "filled", "fillcolor": look.colors.fill, "color": look.colors.line]
    }

    /// A recorded link kind's edge attributes in DOT.
    static func edge(_ kind: String) -> [String: String] {
        let line = palette[stableHash(kind) % palette.count].colors.line
        return knownEdges[kind] ?? ["color": line, "fontcolor": line]
    }

    /// FNV-1a: the same on every run and platform, unlike `Hasher`.
    static func stableHash(_ text: String) -> Int {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return Int(hash % 1_000_003)
    }
}
