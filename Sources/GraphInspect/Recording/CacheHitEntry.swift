/// A library observer's `recordCacheHit`, called without a reference-count change: the observer
/// unretained (the component that holds this also holds the observer) and a C function that takes
/// it back as its own type. Calling through `any GraphObserver` retains and releases the observer
/// around every hit, two atomic operations on a path that is otherwise a few loads and a copy.
struct CacheHitEntry {
    private let observer: UnsafeRawPointer
    private let call: @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> Void

    /// The entry for `observer` when it is one of the library's; nil for an app's own (which is
    /// then called through the protocol).
    init?(_ observer: any GraphObserver) {
        switch observer {
        case let writer as TraceFileWriter:
            self.observer = UnsafeRawPointer(Unmanaged.passUnretained(writer).toOpaque())
            call = { writer, hit in
                Unmanaged<TraceFileWriter>.fromOpaque(writer)._withUnsafeGuaranteedRef { writer in
                    Unmanaged<CacheHit>.fromOpaque(hit)._withUnsafeGuaranteedRef { writer.recordCacheHit($0) }
                }
            }
        case let recorder as GraphRecorder:
            self.observer = UnsafeRawPointer(Unmanaged.passUnretained(recorder).toOpaque())
            call = { recorder, hit in
                Unmanaged<GraphRecorder>.fromOpaque(recorder)._withUnsafeGuaranteedRef { recorder in
                    Unmanaged<CacheHit>.fromOpaque(hit)._withUnsafeGuaranteedRef { recorder.recordCacheHit($0) }
                }
            }
        default:
            return nil
        }
    }

    /// Passes `hit` to the observer. The caller keeps both alive.
    @inline(__always)
    func send(_ hit: CacheHit) {
        call(observer, UnsafeRawPointer(Unmanaged.passUnretained(hit).toOpaque()))
    }
}
