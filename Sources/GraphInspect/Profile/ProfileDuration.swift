/// A span's time as people read it, in one place: the profile's text, its picture and the cost
/// rules' findings all write it this way.
public enum ProfileDuration {
    /// "0.31 ms", "4.21 ms", "40.2 ms", "1.25 s": three significant figures, at most.
    public static func text(_ nanoseconds: UInt64) -> String {
        let microseconds = (nanoseconds + 500) / 1_000
        if microseconds < 9_995 { return fixed(rounded(microseconds, 10), scale: 100, places: 2) + " ms" }
        if microseconds < 999_950 { return fixed(rounded(microseconds, 100), scale: 10, places: 1) + " ms" }
        return fixed(rounded(microseconds, 10_000), scale: 100, places: 2) + " s"
    }

    private static func rounded(_ value: UInt64, _ unit: UInt64) -> UInt64 { (value + unit / 2) / unit }

    /// `value / scale` with `places` decimals, from integers (no floating-point rounding).
    private static func fixed(_ value: UInt64, scale: UInt64, places: Int) -> String {
        let fraction = String(value % scale)
        return "\(value / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
