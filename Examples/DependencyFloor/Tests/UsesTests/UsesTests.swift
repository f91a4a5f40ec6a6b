import MacroLibrary
import Testing
import Uses

@Test func oneStatementIsCountedOnce() {
    #expect(statementCount("let a = 1") == #one)
}
