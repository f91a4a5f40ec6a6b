/// Whether a provider's declared type answers a lookup's asked type, as the runtime decides it:
/// the runtime casts the provider's value to the type asked (`value as? T`) and, when the cast
/// fails, walks on to the parent. A declared type is all the reader knows of that value.
enum LookupTypeMatch: Equatable {
    /// Every value of the declared type is one of the type asked: the provider answers.
    case answers
    /// Some values of the declared type may be of the type asked (a protocol, a superclass,
    /// `Any`), or a type is not known: only the value the run holds decides.
    case decidedAtRunTime
    /// No value of the declared type can be of the type asked: the walk passes it.
    case never
}

extension TypeIndex {
    /// How a provider declared as `provided` answers a lookup asking for `asked` (optional or not
    /// alike). A type unwritten (the reader could not tell it) matches by name, decided at run time.
    func match(provided: WrittenType?, asked: WrittenType?) -> LookupTypeMatch {
        guard let provided, let asked else { return .decidedAtRunTime }
        if asked.name == "Any" || asked.name == "AnyObject" { return .answers }
        if provided.name == asked.name || reaches(provided.name, asked.name) { return .answers }
        return couldHold(provided.name, valueOf: asked.name) ? .decidedAtRunTime : .never
    }

    /// Whether a value stored as `provided` can be of type `asked` (which `provided` does not
    /// reach): the value's own type must reach both.
    private func couldHold(_ provided: String, valueOf asked: String) -> Bool {
        if provided == "Any" || provided == "AnyObject" { return true }
        switch (form(of: provided), form(of: asked)) {
        // A struct's or enum's values are of that type alone, and it does not reach `asked`.
        case (.value, _): return false
        // `asked` has no subtypes: only a value of `asked` itself, if it conforms to `provided`.
        case (_, .value): return reaches(asked, provided)
        // One class is the other's subclass or no value is both.
        case (.class, .class): return reaches(asked, provided)
        // A class's subclass may conform to a protocol; an unknown type may be either.
        default: return true
        }
    }

    private enum Form { case value, `class`, unknown }

    /// A value type (the sources' structs and enums, Swift's and Foundation's own), a class, or
    /// a protocol or type the sources do not declare, which may be a class's supertype.
    private func form(of name: String) -> Form {
        switch kind(of: name) {
        case .struct?, .enum?: return .value
        case .class?, .actor?: return .class
        case .protocol?: return .unknown
        case nil:
            let value = Self.standardTypes.contains(name) || Self.foundationTypes.contains(name) || name == "Array" || name == "Dictionary"
            return value ? .value : .unknown
        }
    }
}
