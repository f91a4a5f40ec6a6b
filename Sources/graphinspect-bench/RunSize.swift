/// How much a run measures beyond `--quick`'s small sizes. `--smoke` runs every figure of every
/// group, each measured once (unwarmed, or in one round after the warm-up round where figures are
/// measured in turns) and the costliest at sizes smaller still: what the tests run, in a debug
/// build, to keep every figure working. Its numbers mean nothing.
enum RunSize {
    static let smoke = CommandLine.arguments.contains("--smoke")

    /// `quick` in a `--quick` run, `smoke` in a `--smoke` one.
    static func quick<T>(_ quick: T, smoke: T) -> T {
        Self.smoke ? smoke : quick
    }

    /// The repeats a figure is measured with: one under `--smoke`.
    static func repeats(_ repeats: Int) -> Int {
        smoke ? min(repeats, 1) : repeats
    }
}
