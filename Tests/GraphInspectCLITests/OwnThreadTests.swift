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

    /// A test asked `.first` takes the next turn before those that asked earlier in turn.
    @Test func turnsAskedFirstAreGivenBeforeTheRest() async throws {
        let turns = Turns(1)
        await turns.take()
        let order = Order()
        let inTurn = Task { await turns.take(); await order.append("in turn"); await turns.give() }
        while await turns.waitingCount < 1 { await Task.yield() }
        let first = Task { await turns.take(first: true); await order.append("first"); await turns.give() }
        while await turns.waitingCount < 2 { await Task.yield() }
        await turns.give()
        await inTurn.value
        await first.value
        #expect(await order.names == ["first", "in turn"])
    }

    actor Order {
        var names: [String] = []
        func append(_ name: String) { names.append(name) }
    }
}
