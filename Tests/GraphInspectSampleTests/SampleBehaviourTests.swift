import GraphInspect
import Testing
@testable import GraphInspectSample

@Suite struct SchoolBehaviourTests {
    func loggedIn() -> (AppModule, StudentModule, ClassModule) {
        let app = AppModule()
        app.onboarding.finish()
        app.login.logIn(user: "ada", password: "school")
        return (app, app.students!, app.classes!)
    }

    @Test func authFlowGoesOnboardingThenLoginThenMain() {
        let app = AppModule()
        #expect(app.state == .onboarding && app.students == nil)
        app.onboarding.finish()
        #expect(app.state == .login)
        app.login.logIn(user: "ada", password: "nope")
        #expect(app.state == .login && app.login.failedAttempts == 1)
        app.login.logIn(user: "ada", password: "school")
        #expect(app.state == .authenticated(user: "ada"))
        #expect(app.students != nil && app.classes != nil)
    }

    @Test func enrollingTwiceIsRefused() throws {
        let (_, students, classes) = loggedIn()
        let math = classes.viewModel.create(title: "Math")
        let ada = try #require(students.service.fetchAndSaveRandomStudents(count: 1).first)
        try students.service.enroll(ada.id, in: math.id)
        #expect(throws: EnrollmentError.alreadyEnrolled(student: ada.name, classTitle: "Math")) {
            try students.service.enroll(ada.id, in: math.id)
        }
        #expect(classes.service.roster(of: math.id) == [ada])
    }

    @Test func aClassIsFullAtThirty() throws {
        let (_, students, classes) = loggedIn()
        let art = classes.viewModel.create(title: "Art")
        let all = students.service.fetchAndSaveRandomStudents(count: 31)
        for student in all.prefix(30) { try students.service.enroll(student.id, in: art.id) }
        #expect(throws: EnrollmentError.classIsFull(classTitle: "Art")) { try students.service.enroll(all[30].id, in: art.id) }
        #expect(classes.service.roster(of: art.id).count == 30)
    }

    @Test func randomUserAPIFakeIsDeterministic() {
        let (_, students, _) = loggedIn()
        let names = students.service.fetchAndSaveRandomStudents(count: 12).map(\.name)
        #expect(names.prefix(3) == ["Ada 1", "Grace 1", "Alan 1"])
        #expect(names[10] == "Ada 2")
    }

    @Test func closureContractAndDeepLinksRouteToTheClassModule() {
        let (app, students, classes) = loggedIn()
        let math = classes.viewModel.create(title: "Math")
        #expect(app.open(deepLink: "school://class/\(math.id)"))
        #expect(app.screen == "ClassDetailView Math")
        #expect(!app.open(deepLink: "school://class/999"))
        #expect(!app.open(deepLink: "http://class/1"))
        students.tapClass(math)
        #expect(classes.viewModel.shown == math)
    }

    @Test func deepLinksNeedALoggedInUser() {
        let app = AppModule()
        #expect(!app.open(deepLink: "school://class/1"))
    }
}

@Suite struct SignUpBehaviourTests {
    @Test func theFlowReachesDAndRootHearsCompletion() {
        let (root, users, _) = SignUpApp.run()
        #expect(root.signedUp)
        #expect(root.flow == nil)
        #expect(users.registered == ["Ada <ada@example.com>"])
    }

    @Test func rootDoesNotHearAnythingBeforeDFinishes() throws {
        let users = UserService(parent: nil)
        let root = SignUpRootBuilder(dependency: RootDependency(userService: users), parent: nil).build()
        root.startSignUp()
        root.flow?.next()
        root.flow?.child?.accept()
        root.flow?.child?.child?.submit(email: "x@example.com", name: "X")
        let d = try #require(root.flow?.child?.child?.child)
        #expect(!root.signedUp)
        #expect(d.parameter.email == "x@example.com")
        d.finish()
        #expect(root.signedUp)
    }

    @Test func backingOutOfADismissesTheFlow() {
        let users = UserService(parent: nil)
        let root = SignUpRootBuilder(dependency: RootDependency(userService: users), parent: nil).build()
        root.startSignUp()
        root.flow?.back()
        #expect(root.flow == nil && !root.signedUp)
    }
}

@Suite struct ScreenBehaviourTests {
    @Test func componentCallbacksReachTheInteractor() {
        let screen = ProfileViewController()
        screen.viewDidLoad()
        #expect(screen.header.shown == .init(name: "Ada Lovelace", initials: "AL"))
        #expect(screen.save.shown?.enabled == false)
        screen.language.pick("fr")
        #expect(screen.save.shown?.enabled == true)
        screen.save.tap()
        #expect(screen.interactor.savedLanguages == ["fr"])
        #expect(screen.language.shown?.selected == "fr")
        #expect(screen.message == "Saved: fr")
    }

    @Test func componentIgnoresOptionsItDoesNotOffer() {
        let screen = ProfileViewController()
        screen.viewDidLoad()
        screen.language.pick("klingon")
        screen.save.tap()
        #expect(screen.interactor.savedLanguages.isEmpty)
    }

    @Test func avatarTapRoutesThroughTheRouter() {
        let (screen, _) = ScreenApp.run()
        #expect(screen.router.presented == ["AvatarViewerViewController"])
    }
}
