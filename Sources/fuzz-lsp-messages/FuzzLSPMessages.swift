// Fuzzes `graphinspect lsp`'s framing and message decoding: a client's stream, answered.
// scripts/fuzz builds this with -sanitize=fuzzer -DFUZZING: libFuzzer's main calls the entry point
// below with each input. Built normally, it replays the files it is given.
import GraphInspectFuzzTargets

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTargets.lspMessages(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
@main enum FuzzLSPMessages {
    static func main() { replayFuzzInputs(FuzzTargets.lspMessages) }
}
#endif
