/// What the bundled samples print, where several test targets hold an output to it.
package enum SampleReports {
    /// The dying sample's missing-dependency report, as its crash prints it and `why` rebuilds it.
    package static let dying = """
        error: missing dependency `paymentService: PaymentService`
          asked by CheckoutComponent at ^->AppComponent->CheckoutComponent (GraphInspectSample/CheckoutModule.swift:19)
          walked 2 components, nearest first:
            1. CheckoutComponent  provides cartID: String
            2. AppComponent (root)  provides analytics: Analytics, featureFlags: FeatureFlags?, network: NetworkClient, theme: Theme, settingsStore: SettingsStore (@Lazy)
          elsewhere in the tree (not on the walk):
            `paymentService: PaymentService` at ^->AppComponent->ProfileComponent; nearest common ancestor: AppComponent
          fix: move `paymentService: PaymentService` from ProfileComponent up to AppComponent, which both reach
        """
}
