@testable import GraphInspect

// Small component trees used across the runtime tests.

final class Service: Sendable {}
final class Other: Sendable {}

final class RootDeps: Component, RootComponent {
    let rootService = Service()
    let shadowed = "root"
}

final class MiddleDeps: Component {
    let middleService = Service()
    let shadowed = "middle"
}

final class LeafDeps: Component {
    let leafService = Service()
}

/// root <- middle <- leaf
func makeChain() -> (root: RootDeps, middle: MiddleDeps, leaf: LeafDeps) {
    let root = RootDeps(parent: nil)
    let middle = MiddleDeps(parent: root)
    let leaf = LeafDeps(parent: middle)
    return (root, middle, leaf)
}

/// Records what `body` creates and does, and returns the snapshot taken right after it.
func record<T>(_ body: () throws -> T) rethrows -> (value: T, snapshot: GraphSnapshot) {
    let recorder = GraphRecorder()
    let value = try GraphObservation.withObserver(recorder, operation: body)
    return (value, recorder.snapshot())
}
