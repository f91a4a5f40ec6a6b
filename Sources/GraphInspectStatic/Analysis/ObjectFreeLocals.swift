import Foundation

/// The locals of a function that the flow analysis never gives an object: a member of one is
/// neither a property read nor a lookup, and a method called on one runs none of the app's code.
///
/// Only the function's own statements write a local (`let x = ...`, `x = ...`): not a parameter
/// (callers bind it), nor a closure's parameter (a call from anywhere binds it), nor a name the
/// sources declare (`Foo.bar` reads as the type's static member even where a local is named
/// `Foo`), nor one written as a type of the graph (a member of it would be checked as a lookup).
/// Of those, the largest set whose every write holds no object given the others: a literal, a
/// string, `nil`, a closure, a value of code outside the sources or of a function that runs
/// nothing (`GraphFreeFunctions`), a member or method of another such value, and no `self`,
/// property, construction or other call of the app's code.
struct ObjectFreeLocals {
    let names: Set<String>

    init(_ function: FunctionIR, inert: InertStatements) {
        let declared = inert.declared
        var candidates = Set(function.locals.compactMap { name, type -> String? in
            guard !declared.contains(name), type.map({ !inert.mayBeOfTheGraph($0) }) ?? true else { return nil }
            return name
        })
        candidates.subtract(function.parameters.map(\.name))
        var writes: [(name: String, value: Expr)] = []
        var closureParameters: Set<String> = []
        for statement in function.body {
            switch statement.unguarded {
            case .bind(let name, _, let value?):
                writes.append((name, value))
                Self.gatherClosureParameters(value, into: &closureParameters)
            case .assign(.name(let name, _), let value):
                writes.append((name, value))
                Self.gatherClosureParameters(value, into: &closureParameters)
            case .assign(let target, let value):
                Self.gatherClosureParameters(target, into: &closureParameters)
                Self.gatherClosureParameters(value, into: &closureParameters)
            case .evaluate(let value), .returns(let value):
                Self.gatherClosureParameters(value, into: &closureParameters)
            case .bind, .guarded:
                break
            }
        }
        candidates.subtract(closureParameters)
        // The largest set: drop any whose write may hold an object, until none is dropped.
        var changed = true
        while changed {
            changed = false
            for write in writes where candidates.contains(write.name) {
                if !Self.holdsNoObject(write.value, objectFree: candidates, in: function, inert: inert) {
                    candidates.remove(write.name)
                    changed = true
                }
            }
        }
        names = candidates
    }

    /// Whether the analysis gives the expression no object, when `objectFree` hold none.
    static func holdsNoObject(_ expr: Expr, objectFree: Set<String>, in function: FunctionIR, inert: InertStatements) -> Bool {
        switch expr {
        case .nilLiteral, .literal, .dynamicString, .typeRef, .unknown, .superRef, .implicitMember, .closure, .effects:
            // Strings, closures and nothing: no object among them (`.effects` has no value).
            return true
        case .selfRef:
            return false
        case .name(let name, _):
            return objectFree.contains(name) || InertStatements.isOutside(name, in: function, declared: inert.declared)
        case .member(let base, _, _), .cast(let base, _):
            return holdsNoObject(base, objectFree: objectFree, in: function, inert: inert)
        case .call(.name(let name, _), _, _):
            return inert.callsNothing(name, in: function)
        case .call(.member(.typeRef, _, _), _, _):
            // `T.self.make()`: a static method, which may return one.
            return false
        case .call(.member(let base, let method, _), _, _):
            return method != "init" && holdsNoObject(base, objectFree: objectFree, in: function, inert: inert)
        case .call:
            return false
        case .anyOf(let list):
            return list.allSatisfy { holdsNoObject($0, objectFree: objectFree, in: function, inert: inert) }
        }
    }

    private static func gatherClosureParameters(_ expr: Expr, into names: inout Set<String>) {
        expr.visit { if case .closure(let parameters, _, _, _) = $0 { names.formUnion(parameters) } }
    }
}

extension ObjectFreeLocals {
    /// Each function's object-free locals and body without inert statements, made once while the
    /// memo lives; it holds the functions it names, so no identifier is reused for another.
    final class Memo: @unchecked Sendable {
        private let lock = NSLock()
        private var made: [ObjectIdentifier: (function: FunctionIR, names: Set<String>)] = [:]
        private var bodies: [ObjectIdentifier: (function: FunctionIR, body: [Statement])] = [:]

        func locals(of function: FunctionIR, inert: InertStatements) -> Set<String> {
            if let known = lock.withLock({ made[ObjectIdentifier(function)] }) { return known.names }
            let names = ObjectFreeLocals(function, inert: inert).names
            lock.withLock { made[ObjectIdentifier(function)] = (function, names) }
            return names
        }

        func body(of function: FunctionIR, making: () -> [Statement]) -> [Statement] {
            if let known = lock.withLock({ bodies[ObjectIdentifier(function)] }) { return known.body }
            let body = making()
            lock.withLock { bodies[ObjectIdentifier(function)] = (function, body) }
            return body
        }
    }
}
