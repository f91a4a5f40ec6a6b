#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// What this test process says as graphinspect ends it for a defect outside any scope that
/// isolates the end (a member read in `GraphObservation.withObserver`, or in a test's own code):
/// the end is the whole run's, so the log names the test and the line that isolates it.
///
/// The runtime cannot import this library; it asks for the note through a weak C reference
/// (`graphinspect_test_process_note`), resolved where this library is linked (Linux).
enum TerminationNote {
    /// The note for the test running on this task; nil outside a test binary.
    static func current() -> String? {
        if let test = Test.current {
            let place = "\(test.sourceLocation.fileID):\(test.sourceLocation.line)"
            // A fresh process runs only a test that is not parameterized; the trait cannot isolate the others.
            return GraphFailureWording.endsTheTestRun(test: (test.name, place), takesTrait: !test.isParameterized)
        }
        guard FreshTestProcess.testBinary != nil else { return nil }
        return GraphFailureWording.endsTheTestRun(test: nil, takesTrait: false)
    }
}

/// The runtime's way to `TerminationNote` (not for calling): the note in memory of `malloc`, which
/// the runtime frees, or nil.
@_spi(GraphInspectRuntime)
@_cdecl("graphinspect_testing_termination_note")
public func graphinspectTestingTerminationNote() -> UnsafeMutablePointer<CChar>? {
    TerminationNote.current().flatMap { strdup($0) }
}
