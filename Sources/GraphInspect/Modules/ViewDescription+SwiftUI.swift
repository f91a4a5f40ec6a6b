#if canImport(SwiftUI)
import SwiftUI

extension ViewDescription {
    /// A SwiftUI rendering of the description: the name as a title, properties as rows, children
    /// stacked below. Routers that own real SwiftUI views can ignore this.
    @MainActor
    public var swiftUIView: AnyView {
        AnyView(VStack(alignment: .leading) {
            Text(name).font(.headline)
            ForEach(properties.sorted { $0.key < $1.key }, id: \.key) { property in
                Text("\(property.key): \(property.value)")
            }
            ForEach(Array(children.enumerated()), id: \.offset) { child in
                child.element.swiftUIView
            }
        })
    }
}
#endif
