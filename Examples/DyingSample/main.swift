// The bundled sample app, plus a checkout module whose lookup of `paymentService` finds nothing:
// the process ends with a missing dependency after building most of its tree.
import GraphInspect
import GraphInspectSample

let app = DyingSampleApp.run()
withExtendedLifetime(app) {
    print("unreachable: checkout was built")
}
