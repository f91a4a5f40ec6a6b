import GraphInspect

/// Student business logic: fetching students from the API, and enrolling them under the rules.
public final class StudentService: @unchecked Sendable {
    private let students: StudentRepository
    private let classes: ClassRepository
    private let api: RandomUserAPI
    private var fetched = 0
    let node: RecordedNode

    init(container: DependencyContainer, parent: RecordedNode) {
        students = container.studentRepository
        classes = container.classRepository
        api = container.api
        node = GraphRecord.node("service", type: StudentService.self, parent: parent)
        GraphRecord.edge("injects", from: container.node, to: node, label: "repositories, api")
        GraphRecord.edge("uses", from: node, to: students.node)
        GraphRecord.edge("uses", from: node, to: classes.node)
        GraphRecord.edge("uses", from: node, to: api.node)
    }

    /// Fetches `count` users from the API and saves them as students.
    public func fetchAndSaveRandomStudents(count: Int) -> [Student] {
        let names = api.fetchRandomUsers(count: count, startingAt: fetched)
        fetched += count
        return names.map { students.create(name: $0) }
    }

    /// Enrolls a student in a class.
    /// - Throws: `EnrollmentError.alreadyEnrolled`, or `.classIsFull` at 30 students.
    public func enroll(_ studentID: Int, in classID: Int) throws(EnrollmentError) {
        guard let student = students.student(studentID), let schoolClass = classes.schoolClass(classID) else { return }
        let roster = classes.roster(of: classID)
        guard !roster.contains(studentID) else {
            throw .alreadyEnrolled(student: student.name, classTitle: schoolClass.title)
        }
        guard roster.count < SchoolClass.capacity else { throw .classIsFull(classTitle: schoolClass.title) }
        classes.enroll(studentID, in: classID)
    }

    public func all() -> [Student] { students.all() }
}

/// Class business logic.
public final class ClassService: @unchecked Sendable {
    private let classes: ClassRepository
    private let students: StudentRepository
    let node: RecordedNode

    init(container: DependencyContainer, parent: RecordedNode) {
        classes = container.classRepository
        students = container.studentRepository
        node = GraphRecord.node("service", type: ClassService.self, parent: parent)
        GraphRecord.edge("injects", from: container.node, to: node, label: "repositories")
        GraphRecord.edge("uses", from: node, to: classes.node)
    }

    public func createClass(title: String) -> SchoolClass { classes.create(title: title) }
    public func roster(of classID: Int) -> [Student] { classes.roster(of: classID).compactMap(students.student) }
}

/// UI state for the student screens; calls the service, holds no business rules.
public final class StudentViewModel: @unchecked Sendable {
    private let service: StudentService
    public private(set) var students: [Student] = []
    public private(set) var errorMessage: String?
    let node: RecordedNode

    init(service: StudentService, parent: RecordedNode) {
        self.service = service
        node = GraphRecord.node("viewModel", type: StudentViewModel.self, parent: parent)
        GraphRecord.edge("uses", from: node, to: service.node)
    }

    public func fetchRandomStudents(count: Int) {
        _ = service.fetchAndSaveRandomStudents(count: count)
        students = service.all()
    }

    /// Enrolls; a broken rule becomes the message the screen shows.
    public func enroll(_ studentID: Int, in classID: Int) {
        do {
            try service.enroll(studentID, in: classID)
            errorMessage = nil
        } catch {
            switch error {
            case .alreadyEnrolled(let student, let title):
                errorMessage = "\(student) is already enrolled in \(title)"
            case .classIsFull(let title):
                errorMessage = "\(title) is full (\(SchoolClass.capacity) students)"
            }
        }
    }
}

/// UI state for the class screens.
public final class ClassViewModel: @unchecked Sendable {
    private let service: ClassService
    public private(set) var classes: [SchoolClass] = []
    public private(set) var shown: SchoolClass?
    let node: RecordedNode

    init(service: ClassService, parent: RecordedNode) {
        self.service = service
        node = GraphRecord.node("viewModel", type: ClassViewModel.self, parent: parent)
        GraphRecord.edge("uses", from: node, to: service.node)
    }

    @discardableResult
    public func create(title: String) -> SchoolClass {
        let made = service.createClass(title: title)
        classes.append(made)
        return made
    }

    public func show(_ schoolClass: SchoolClass) { shown = schoolClass }
    public func roster(of classID: Int) -> [Student] { service.roster(of: classID) }
}
