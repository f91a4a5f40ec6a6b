import GraphInspectCheckContract

extension HeldRules {
    /// These rules as the static reader's entry holds a reading of the sources to them (`check`,
    /// the build tool, the language server): the reader's findings restated, the rules' own
    /// (`held`) added, and what they count, kept in the cached reading under `key`. With
    /// `writingBaseline`, `held`'s: the findings named for the new baseline, none reported.
    public func forReadings(writingBaseline: Bool = false) -> ReadingRules {
        ReadingRules(key: key + (writingBaseline ? "\u{0}writing a baseline" : "")) { reading in
            let held = held(RulesInput(snapshot: reading.snapshot, places: reading.places, origin: .sources), writingBaseline: writingBaseline)
            return ((rules.restated(reading.diagnostics) + held.report).sorted(), held.tally)
        }
    }
}
