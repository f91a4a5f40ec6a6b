import Foundation

/// The main of a fuzz executable built normally (without `-sanitize=fuzzer`): runs `body` on each
/// file named on the command line, or each file in a named folder, and says how many it ran, so
/// an input a fuzzer found can be replayed in an ordinary debug build.
public func replayFuzzInputs(_ body: ([UInt8]) -> Void) -> Never {
    var count = 0
    for argument in CommandLine.arguments.dropFirst() {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
            FileHandle.standardError.write(Data("\(argument): no such file or folder\n".utf8))
            exit(66)
        }
        let files = isFolder.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map { argument + "/" + $0 }
            : [argument]
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            body(Array(data))
            count += 1
        }
    }
    print("ran \(count) inputs")
    exit(0)
}
