import GraphInspect

/// A student of the school sample (the Module-First article's KanjiDemo).
public struct Student: Hashable, Sendable {
    public let id: Int
    public let name: String
}

/// A class students enroll in; full at 30.
public struct SchoolClass: Hashable, Sendable {
    public static let capacity = 30
    public let id: Int
    public let title: String
}

/// Why an enrollment is refused: the Module-First article's two business rules.
public enum EnrollmentError: Error, Equatable, Sendable {
    case alreadyEnrolled(student: String, classTitle: String)
    case classIsFull(classTitle: String)
}

/// The in-memory store the repositories share (the Module-First article uses SwiftData).
public final class SchoolStore: @unchecked Sendable {
    var students: [Int: Student] = [:]
    var classes: [Int: SchoolClass] = [:]
    /// Class id to the ids of its students, in enrollment order.
    var rosters: [Int: [Int]] = [:]
    var nextID = 1
    let node: RecordedNode

    init(parent: RecordedNode) {
        node = GraphRecord.node("store", type: SchoolStore.self, parent: parent)
    }

    func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
}

/// Data access for students.
public final class StudentRepository: @unchecked Sendable {
    private let store: SchoolStore
    let node: RecordedNode

    init(store: SchoolStore, parent: RecordedNode) {
        self.store = store
        node = GraphRecord.node("repository", type: StudentRepository.self, parent: parent)
        GraphRecord.edge("uses", from: node, to: store.node)
    }

    func create(name: String) -> Student {
        let student = Student(id: store.makeID(), name: name)
        store.students[student.id] = student
        return student
    }

    public func all() -> [Student] { store.students.values.sorted { $0.id < $1.id } }
    func student(_ id: Int) -> Student? { store.students[id] }
}

/// Data access for classes and rosters.
public final class ClassRepository: @unchecked Sendable {
    private let store: SchoolStore
    let node: RecordedNode

    init(store: SchoolStore, parent: RecordedNode) {
        self.store = store
        node = GraphRecord.node("repository", type: ClassRepository.self, parent: parent)
        GraphRecord.edge("uses", from: node, to: store.node)
    }

    func create(title: String) -> SchoolClass {
        let schoolClass = SchoolClass(id: store.makeID(), title: title)
        store.classes[schoolClass.id] = schoolClass
        return schoolClass
    }

    func schoolClass(_ id: Int) -> SchoolClass? { store.classes[id] }
    public func roster(of classID: Int) -> [Int] { store.rosters[classID] ?? [] }
    func enroll(_ studentID: Int, in classID: Int) { store.rosters[classID, default: []].append(studentID) }
}

/// The Module-First article's RandomUser API, as a deterministic local fake: no network, the same names every run.
public struct RandomUserAPI: Sendable {
    static let names = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John", "Margaret", "Niklaus"]
    let node: RecordedNode

    init(parent: RecordedNode) {
        node = GraphRecord.node("api", type: RandomUserAPI.self, parent: parent)
    }

    /// `count` users, named in a fixed cycle with a number.
    func fetchRandomUsers(count: Int, startingAt offset: Int) -> [String] {
        (0..<count).map { index in
            let at = offset + index
            return "\(Self.names[at % Self.names.count]) \(at / Self.names.count + 1)"
        }
    }
}

/// The Module-First article's DependencyContainer: creates the store, repositories and API once, for every module.
public final class DependencyContainer: @unchecked Sendable {
    public let studentRepository: StudentRepository
    public let classRepository: ClassRepository
    let api: RandomUserAPI
    let node: RecordedNode

    init(parent: RecordedNode) {
        node = GraphRecord.node("container", type: DependencyContainer.self, parent: parent)
        let store = SchoolStore(parent: node)
        studentRepository = StudentRepository(store: store, parent: node)
        classRepository = ClassRepository(store: store, parent: node)
        api = RandomUserAPI(parent: node)
    }
}
