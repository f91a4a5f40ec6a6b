import Foundation

/// The peak resident memory of this process since the last reset. Linux only: writing 5 to
/// /proc/self/clear_refs sets the peak (VmHWM in /proc/self/status) to what is resident now, so a
/// figure taken after other groups ran is that step's peak, not theirs. Elsewhere 0 (not measured).
enum PeakMemory {
    static func reset() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Bytes.
    static func resident() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return kilobytes * 1024
    }
}
