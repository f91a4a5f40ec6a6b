#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import GraphInspect

/// A shop whose launch is slow in three planted ways, for `graphinspect profile`:
/// - the feed's builder asks for `imageDecoder`, a `@Lazy` provider whose init takes 40 ms, on the
///   main thread, during the launch; nothing asks for it again before the launch ends;
/// - the deals screen, opened after the launch, is the first to ask for `recommendations`, a
///   `@Lazy` provider whose init takes 25 ms;
/// - `searchIndex`, a `@Lazy` provider whose init takes 8 ms, is warmed on a background thread.
public enum SlowStartApp {
    /// Which build of the shop: `fastDecoder`'s image decoder takes no time, the same graph
    /// otherwise, for `graphinspect diff` to find the 40 ms.
    public enum Variant: Sendable {
        case standard, fastDecoder
    }

    /// Launches the shop, marks the launch's end (`GraphRecord.mark("launched")`), then opens the
    /// deals screen; returns the root holder, still alive.
    @discardableResult
    public static func run(_ variant: Variant = .standard) -> ShopHolder {
        let root = ShopHolder(component: ShopComponent(parent: nil, decodeMilliseconds: variant == .standard ? 40 : 0))
        root.attach(FeedBuilder())
        root.attach(CartBuilder())
        let warmer = BackgroundThread { [component = root.component] in
            let index: SearchIndex = component.searchIndex
            index.warm()
        }
        warmer.join()
        GraphRecord.mark("launched")
        root.attach(DealsBuilder())
        return root
    }
}

/// Work that takes `milliseconds` of wall time, as a slow initialiser would.
func takeTime(milliseconds: Int) {
    if milliseconds > 0 { usleep(useconds_t(milliseconds * 1_000)) }
}

public final class ImageDecoder: Sendable {
    init(milliseconds: Int) { takeTime(milliseconds: milliseconds) }
}

public final class Recommendations: Sendable {
    init() { takeTime(milliseconds: 25) }
}

public final class SearchIndex: Sendable {
    init() { takeTime(milliseconds: 8) }
    func warm() {}
}

public final class ShopCatalog: Sendable {}

/// The shop's root component: its providers built on first use are `@Lazy`.
public final class ShopComponent: Component, RootComponent, @unchecked Sendable {
    public let catalog = ShopCatalog()
    @Lazy public var imageDecoder: ImageDecoder
    @Lazy public var searchIndex = SearchIndex()
    @Lazy public var recommendations = Recommendations()

    init(parent: Component?, decodeMilliseconds: Int) {
        _imageDecoder = Lazy(wrappedValue: ImageDecoder(milliseconds: decodeMilliseconds))
        super.init(parent: parent)
    }
}

public final class ShopHolder: ModuleHolderObject {
    init(component: ShopComponent) {
        super.init(key: "shop", holder: nil, context: ShopContext(), component: component)
    }
}

struct ShopContext: ModuleHolderContext {
    var parent: (any ModuleHolderContext)? { nil }
}

final class FeedComponent: Component {}
final class CartComponent: Component {}
final class DealsComponent: Component {}

struct FeedBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ModuleObject {
        let component = FeedComponent(parent: parentComponent)
        let _: ShopCatalog = component.catalog
        let _: ImageDecoder = component.imageDecoder
        return ModuleObject(key: "feed", holder: holder, component: component)
    }
}

struct CartBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ModuleObject {
        let component = CartComponent(parent: parentComponent)
        let _: ShopCatalog = component.catalog
        return ModuleObject(key: "cart", holder: holder, component: component)
    }
}

struct DealsBuilder: ModuleBuilder {
    func build(parentComponent: Component, holder: ModuleHolderObject?, context: any ModuleHolderContext) -> ModuleObject {
        let component = DealsComponent(parent: parentComponent)
        let _: Recommendations = component.recommendations
        return ModuleObject(key: "deals", holder: holder, component: component)
    }
}

/// A thread of its own (not Dispatch's pool), joined by the launch.
final class BackgroundThread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: () -> Void

    init(_ body: @escaping () -> Void) {
        self.body = body
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { context in
            let me = Unmanaged<BackgroundThread>.fromOpaque(context!).takeRetainedValue()
            me.body()
            return nil
        }, context)
    }

    func join() {
        pthread_join(thread, nil)
    }
}
