/// The `index.html` that `graphinspect replay --frames DIR` writes beside the frames: it plays
/// them (first, previous, play, next, last, a slider, the arrow keys), showing each step's words
/// under the controls. Like every page, one self-contained file; the frames are the SVGs beside it.
///
/// The step words are data: JSON in a script-safe block, shown with `textContent`.
public struct ReplayFramesPage: Sendable {
    public init() {}

    /// - Parameter frames: each step's file name (`0001.svg`) and words, in order.
    public func html(title: String, frames: [(file: String, words: String)]) -> String {
        let data = PageJSON.object([
            ("title", .string(title)),
            ("frames", .array(frames.map { .object([("file", .string($0.file)), ("words", .string($0.words))]) })),
        ]).text
        return PageDocument(title: title, style: PageAssets.framesCSS, body: PageAssets.stepperHTML + PageAssets.framesHTML,
                            dataID: "frames-data", data: data, script: PageAssets.stepperJS + PageAssets.framesJS).html
    }
}
