extension FlowAnalysis {
    /// The functions an analysis runs and finds by number: every type's initializers, methods
    /// and getters (the types and each one's methods in the order of their names), each function
    /// by its number (with top-level code and free functions), and the instance functions by the
    /// type declaring them.
    struct FunctionTables {
        var functions: [FunctionIR]
        var byID: [Int: FunctionIR]
        var instanceFunctions: [String: [FunctionIR]]

        /// The tables of what `reader` holds.
        init(_ reader: SourceReader) {
            var all: [FunctionIR] = []
            // Names sorted, not the types: moving the types themselves in a sort copies them.
            for name in reader.types.keys.sorted() {
                guard let type = reader.types[name] else { continue }
                all += type.initializers
                for name in type.methods.keys.sorted() { all += type.methods[name] ?? [] }
                for name in type.propertyOrder { if let getter = type.properties[name]?.getter { all.append(getter) } }
            }
            functions = all
            byID = Dictionary(uniqueKeysWithValues: (all + reader.topLevel + reader.freeFunctions.values.flatMap { $0 }).map { ($0.id, $0) })
            instanceFunctions = Dictionary(grouping: all.filter { $0.kind != .initializer && !$0.isStatic && $0.owner != nil }) { $0.owner ?? "" }
        }

        /// The tables an analysis runs with.
        init(of analysis: FlowAnalysis) {
            functions = analysis.functions
            byID = analysis.functionsByID
            instanceFunctions = analysis.instanceFunctions
        }

        /// These tables with each function of `replacements` (by number) in place of the one it
        /// replaces: the tables of a reader made again with a file read again, whose functions
        /// are numbered as before and hold the same places in it, at a fraction of the cost.
        func replacing(_ replacements: [Int: FunctionIR]) -> FunctionTables {
            guard !replacements.isEmpty else { return self }
            var tables = self
            tables.functions = functions.map { replacements[$0.id] ?? $0 }
            for (id, function) in replacements where byID[id] != nil { tables.byID[id] = function }
            for (owner, list) in instanceFunctions where list.contains(where: { replacements[$0.id] != nil }) {
                tables.instanceFunctions[owner] = list.map { replacements[$0.id] ?? $0 }
            }
            return tables
        }
    }
}

extension FlowAnalysis {
    /// The tables this analysis runs with.
    var functionTables: FunctionTables { FunctionTables(of: self) }
}
