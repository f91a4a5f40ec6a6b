import GraphInspectCheckContract

/// A finding as the cache keeps it in the last reading.
extension CacheBytesWriter {
    mutating func write(_ diagnostic: StaticDiagnostic) {
        byte(diagnostic.severity == .error ? 0 : diagnostic.severity == .warning ? 1 : 2)
        write(diagnostic.position)
        string(diagnostic.message)
        array(diagnostic.details) { $0.string($1) }
        optional(diagnostic.ruleID) { $0.string($1) }
        optional(diagnostic.subject) { $0.string($1) }
    }
}

extension CacheBytesReader {
    mutating func diagnostic() throws -> StaticDiagnostic {
        let severity: StaticDiagnostic.Severity = switch try byte() {
        case 0: .error
        case 1: .warning
        case 2: .note
        default: throw Malformed()
        }
        return StaticDiagnostic(
            severity: severity, position: try position(), message: try string(), details: try array { input throws in try input.string() },
            ruleID: try optional { try $0.string() }, subject: try optional { try $0.string() }
        )
    }
}
