import GraphInspect

/// A view: pure presentation, described platform-neutrally.
struct SchoolView {
    let description: ViewDescription

    init(_ name: String, parent: RecordedNode, viewModel: RecordedNode?) {
        description = ViewDescription(name)
        let node = GraphRecord.node("view", type: SchoolView.self, key: name, parent: parent)
        if let viewModel { GraphRecord.edge("uses", from: node, to: viewModel) }
    }
}

/// The Student feature: service, view model, list and detail views, and its closure contract.
public final class StudentModule: @unchecked Sendable {
    public let service: StudentService
    public let viewModel: StudentViewModel
    let views: [SchoolView]
    let node: RecordedNode
    /// The contract out: the app wires it to the Class module; this module never imports it.
    public var onNavigateToClass: ((SchoolClass) -> Void)?

    init(container: DependencyContainer, parent: RecordedNode) {
        let node = GraphRecord.node("featureModule", type: StudentModule.self, key: "student", parent: parent)
        let service = StudentService(container: container, parent: node)
        let viewModel = StudentViewModel(service: service, parent: node)
        views = ["StudentListView", "StudentDetailView"].map { SchoolView($0, parent: node, viewModel: viewModel.node) }
        self.node = node
        self.service = service
        self.viewModel = viewModel
    }

    /// The user taps a class on a student's page.
    public func tapClass(_ schoolClass: SchoolClass) { onNavigateToClass?(schoolClass) }
}

/// The Class feature.
public final class ClassModule: @unchecked Sendable {
    public let service: ClassService
    public let viewModel: ClassViewModel
    let views: [SchoolView]
    let node: RecordedNode
    public var onNavigateToStudent: ((Student) -> Void)?

    init(container: DependencyContainer, parent: RecordedNode) {
        let node = GraphRecord.node("featureModule", type: ClassModule.self, key: "class", parent: parent)
        let service = ClassService(container: container, parent: node)
        let viewModel = ClassViewModel(service: service, parent: node)
        views = ["ClassListView", "ClassDetailView"].map { SchoolView($0, parent: node, viewModel: viewModel.node) }
        self.node = node
        self.service = service
        self.viewModel = viewModel
    }
}

/// First launch: the walkthrough, then on to login.
public final class SchoolOnboardingModule: @unchecked Sendable {
    let node: RecordedNode
    public var onFinished: (() -> Void)?

    init(parent: RecordedNode) {
        node = GraphRecord.node("featureModule", type: SchoolOnboardingModule.self, key: "onboarding", parent: parent)
        _ = SchoolView("OnboardingView", parent: node, viewModel: nil)
    }

    public func finish() { onFinished?() }
}

/// Login: checks the credentials, then hands the user name on.
public final class LoginModule: @unchecked Sendable {
    let node: RecordedNode
    public var onLoggedIn: ((String) -> Void)?
    public private(set) var failedAttempts = 0

    init(parent: RecordedNode) {
        node = GraphRecord.node("featureModule", type: LoginModule.self, key: "login", parent: parent)
        _ = SchoolView("LoginView", parent: node, viewModel: nil)
    }

    /// Any non-empty user with the password "school" gets in.
    public func logIn(user: String, password: String) {
        guard !user.isEmpty, password == "school" else {
            failedAttempts += 1
            return
        }
        onLoggedIn?(user)
    }
}

/// The top-level coordinator: the auth flow Onboarding -> Login -> Main, the feature modules of the
/// main app (made once logged in), the closure contracts between them, and deep links.
public final class AppModule: @unchecked Sendable {
    public enum State: Equatable, Sendable {
        case onboarding, login, authenticated(user: String)
    }

    public private(set) var state: State = .onboarding
    public let container: DependencyContainer
    public let onboarding: SchoolOnboardingModule
    public let login: LoginModule
    public private(set) var students: StudentModule?
    public private(set) var classes: ClassModule?
    /// What the app shows now, e.g. "ClassDetailView Math".
    public private(set) var screen = "OnboardingView"
    let node: RecordedNode

    public init() {
        node = GraphRecord.node("appModule", type: AppModule.self, key: "app")
        container = DependencyContainer(parent: node)
        onboarding = SchoolOnboardingModule(parent: node)
        login = LoginModule(parent: node)
        onboarding.onFinished = { [unowned self] in
            state = .login
            screen = "LoginView"
        }
        GraphRecord.edge("navigates to", from: onboarding.node, to: login.node, label: "onFinished")
        login.onLoggedIn = { [unowned self] user in enterMainApp(user: user) }
        GraphRecord.edge("navigates to", from: login.node, to: node, label: "onLoggedIn")
    }

    private func enterMainApp(user: String) {
        state = .authenticated(user: user)
        let students = StudentModule(container: container, parent: node)
        let classes = ClassModule(container: container, parent: node)
        // The closure contracts: each module only knows a closure; the app connects them.
        students.onNavigateToClass = { [unowned self, unowned classes] schoolClass in
            classes.viewModel.show(schoolClass)
            screen = "ClassDetailView \(schoolClass.title)"
        }
        GraphRecord.edge("navigates to", from: students.node, to: classes.node, label: "onNavigateToClass")
        classes.onNavigateToStudent = { [unowned self] student in screen = "StudentDetailView \(student.name)" }
        GraphRecord.edge("navigates to", from: classes.node, to: students.node, label: "onNavigateToStudent")
        self.students = students
        self.classes = classes
        screen = "StudentListView"
    }

    /// Routes `school://class/<id>` and `school://student/<id>` to their module; false when the
    /// link is unknown or the user is not logged in.
    @discardableResult
    public func open(deepLink: String) -> Bool {
        guard case .authenticated = state, let students, let classes else { return false }
        let parts = deepLink.split(separator: "/")
        guard deepLink.hasPrefix("school://"), parts.count == 3, let id = Int(parts[2]) else { return false }
        switch parts[1] {
        case "class":
            guard let schoolClass = classes.viewModel.classes.first(where: { $0.id == id }) else { return false }
            GraphRecord.edge("deep link", from: node, to: classes.node, label: deepLink)
            classes.viewModel.show(schoolClass)
            screen = "ClassDetailView \(schoolClass.title)"
        case "student":
            guard let student = students.viewModel.students.first(where: { $0.id == id }) else { return false }
            GraphRecord.edge("deep link", from: node, to: students.node, label: deepLink)
            screen = "StudentDetailView \(student.name)"
        default:
            return false
        }
        return true
    }
}

/// The school sample's scripted session.
public enum SchoolApp {
    /// Onboards, logs in, fetches 31 students, enrolls them into Math until the class is full,
    /// tries a double enrollment, follows a deep link and a cross-module navigation. Returns the
    /// app (alive) and what happened, one line per step.
    public static func run() -> (app: AppModule, log: [String]) {
        var log: [String] = []
        let app = AppModule()
        log.append("screen: \(app.screen)")
        app.onboarding.finish()
        log.append("onboarding finished; screen: \(app.screen)")
        app.login.logIn(user: "ada", password: "wrong")
        log.append("login with a wrong password; failed attempts: \(app.login.failedAttempts)")
        app.login.logIn(user: "ada", password: "school")
        log.append("logged in as ada; screen: \(app.screen)")
        guard let students = app.students, let classes = app.classes else { return (app, log) }
        let math = classes.viewModel.create(title: "Math")
        students.viewModel.fetchRandomStudents(count: 31)
        log.append("fetched \(students.viewModel.students.count) students from the random user API")
        let all = students.viewModel.students
        students.viewModel.enroll(all[0].id, in: math.id)
        students.viewModel.enroll(all[0].id, in: math.id)
        log.append("enroll \(all[0].name) twice: \(students.viewModel.errorMessage ?? "no error")")
        for student in all.dropFirst().prefix(29) { students.viewModel.enroll(student.id, in: math.id) }
        log.append("Math roster: \(classes.viewModel.roster(of: math.id).count) students")
        students.viewModel.enroll(all[30].id, in: math.id)
        log.append("enroll \(all[30].name): \(students.viewModel.errorMessage ?? "no error")")
        app.open(deepLink: "school://class/\(math.id)")
        log.append("deep link school://class/\(math.id); screen: \(app.screen)")
        students.tapClass(math)
        log.append("tap Math on a student's page; screen: \(app.screen)")
        return (app, log)
    }
}
