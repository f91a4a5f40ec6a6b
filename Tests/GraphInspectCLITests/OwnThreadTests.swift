import Foundation
import Testing
import GraphInspectTestSupport

/// `.ownThread` (the tests' support): a test runs on a thread of its own, not one of the few Swift
/// concurrency shares among every test, and keeps its task-locals there (the current test, which
/// `#expect` records against).
@Suite(.ownThread) struct OwnThreadTests {
    @Test func aTestRunsOnAThreadOfItsOwnAsTheTestItIs() {
        #expect(OwnThreadTrait.isOnOwnThread)
        #expect(Test.current?.name == "aTestRunsOnAThreadOfItsOwnAsTheTestItIs()")
    }

    /// Each case of a parameterized test on a thread of its own too.
    @Test(arguments: [1, 2, 3])
    func eachCaseRunsOnAThreadOfItsOwn(case number: Int) {
        #expect(OwnThreadTrait.isOnOwnThread)
        #expect(Test.Case.current?.isParameterized == true, "case \(number)")
    }
}
