import Foundation

/// `file://` URIs and paths.
enum FileURI {
    static func path(_ uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    static func uri(_ path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }
}
