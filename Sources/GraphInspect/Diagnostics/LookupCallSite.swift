#if canImport(Runtime)
import Runtime
#endif

/// Where a `component.name` lookup that found nothing was written, read from the stack as it fails.
///
/// `resolve` takes `#fileID` and `#line` as default arguments; `component.name` cannot: the
/// compiler accepts no parameter but `dynamicMember` on `subscript(dynamicMember:)`. Its miss ends
/// the process, so reading the stack then costs the lookups nothing: the frame that called into
/// this library is the lookup, and the binary's debug information (a debug build has it) names its
/// file and line, as the crash backtrace would.
enum LookupCallSite {
    /// The lookup's file and line, as `#fileID` gives them (`Player/NowPlaying.swift`, or the
    /// file's name alone when the frame's symbol names no module); nil where the binary has no
    /// debug information or the platform no backtrace API (Swift's `Runtime` module).
    static func ofMiss() -> SourceLocation? {
        #if canImport(Runtime)
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return nil }
        guard let frames = try? Backtrace.capture(limit: framesRead, top: 0).symbolicated()?.frames else { return nil }
        // The first frames are the backtrace's own, then this library's; the next is the caller.
        var inLibrary = false
        for frame in frames {
            let module = frame.symbol.flatMap { moduleName(mangled: $0.rawName) }
            if module == libraryModule {
                inLibrary = true
            } else if inLibrary {
                guard let source = frame.symbol?.sourceLocation, source.line > 0 else { return nil }
                let file = source.path.split(separator: "/").last.map(String.init) ?? source.path
                return SourceLocation(file: module.map { "\($0)/\(file)" } ?? file, line: source.line)
            }
        }
        #endif
        return nil
    }

    /// Frames read: the backtrace's own and this library's are a handful; the lookup is next.
    private static let framesRead = 16

    /// This library's module name, as its symbols are mangled with it.
    private static let libraryModule = String(reflecting: Component.self).split(separator: ".").first.map(String.init)

    /// The module a Swift symbol belongs to: `$s` (`_$s` on Darwin), then the module's name with
    /// its length before it (`$s6Player...` is in `Player`). Nil for C symbols (`main` of top-level
    /// code), the standard library's substitutions, and anything else.
    static func moduleName(mangled symbol: String) -> String? {
        var rest = Substring(symbol)
        for prefix in ["_$s", "$s"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let length = Int(digits), length > 0 else { return nil }
            let name = rest.dropFirst(digits.count).prefix(length)
            return name.count == length ? String(name) : nil
        }
        return nil
    }
}
