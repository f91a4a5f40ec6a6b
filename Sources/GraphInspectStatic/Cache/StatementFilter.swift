/// Statements, and locals, a contribution's shape leaves out (`FileContribution.shapeKey`): those
/// an edit may add or remove when it is judged to keep the reading (`InertStatements`), or to keep
/// the analysis's fixed point (`BodyEdit`).
protocol StatementFilter {
    /// Whether the statement at `index` of `function`'s body is left out.
    func leavesOut(_ statement: Statement, at index: Int, in function: FunctionIR) -> Bool
    /// Whether the local `name` of `function` is left out.
    func leavesOut(local name: String, in function: FunctionIR) -> Bool
}

extension StatementFilter {
    func leavesOut(local name: String, in function: FunctionIR) -> Bool { false }
}
