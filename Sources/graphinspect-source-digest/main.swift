// Writes a Swift file that declares the digest of source files, for the SourceIdentity build
// plugin:
//   graphinspect-source-digest OUTPUT.swift TYPE LABEL FILE [LABEL FILE]...
// The digest covers each label (the file's module and place in it) and each file's bytes, in the
// order given; the path a file is read from is not part of it. Two 64-bit FNV-1a lanes, as
// 32 hex digits: an identity, not a defence against forgery.
import Foundation

struct DigestError: Error, CustomStringConvertible {
    var description: String
}

/// Two FNV-1a lanes over lengths and bytes, each part length-prefixed so parts cannot run together.
struct SourceDigest {
    private var a: UInt64 = 0xCBF2_9CE4_8422_2325
    private var b: UInt64 = 0x8422_2325_CBF2_9CE4

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
        }
    }

    mutating func add(part bytes: [UInt8]) {
        add(String(bytes.count).utf8)
        add([0])
        add(bytes)
    }

    var hex: String {
        [a, b].map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}

func writeDigest(_ arguments: [String]) throws {
    guard arguments.count >= 2, arguments.count % 2 == 0 else {
        throw DigestError(description: "usage: graphinspect-source-digest OUTPUT.swift TYPE LABEL FILE [LABEL FILE]...")
    }
    let (output, type) = (arguments[0], arguments[1])
    var digest = SourceDigest()
    var index = 2
    while index < arguments.count {
        guard let data = FileManager.default.contents(atPath: arguments[index + 1]) else {
            throw DigestError(description: "\(arguments[index + 1]): cannot be read")
        }
        digest.add(part: Array(arguments[index].utf8))
        digest.add(part: [UInt8](data))
        index += 2
    }
    let swift = """
        // Generated at build time by graphinspect-source-digest from \((arguments.count - 2) / 2) source files. Do not edit.

        /// The digest of the sources this target is built from (its own and its dependencies').
        enum \(type) {
            static let sources = "\(digest.hex)"
        }

        """
    try Data(swift.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
}

do {
    try writeDigest(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("error: graphinspect-source-digest: \(error)\n".utf8))
    exit(1)
}
