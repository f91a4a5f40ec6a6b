import Foundation

/// While an app runs under graphinspect, Ctrl-C (SIGINT), SIGTERM and SIGHUP go to the app instead of
/// ending graphinspect: the app stops, graphinspect waits for it and still shows what it recorded,
/// and no app is left running without its parent.
///
/// A plain signal handler that calls `kill` (async-signal-safe) with the child's pid, kept in a
/// global the handler can read: a dispatch signal source would need the signal not to be ignored,
/// and the default action would end graphinspect first.
struct SignalForwarding {
    let signals: [Int32]

    /// Installs the forwarding handler; until `start`, a signal reaches no one.
    init(signals: [Int32]) {
        self.signals = signals
        forwardedChild = 0
        for number in signals { signal(number, forwardSignal) }
        // A parent may have started us with these blocked (threads of test runners and dispatch
        // queues block signals, and a spawned child inherits that); the app inherits ours.
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Sends each of the signals that arrives to `pid`.
    func start(forwardingTo pid: Int32) {
        forwardedChild = pid
    }

    /// Stops forwarding and restores the default handling.
    func stop() {
        forwardedChild = 0
        for number in signals { signal(number, SIG_DFL) }
    }
}

/// The app signals are forwarded to; 0 when none runs. Written only outside signal handlers.
nonisolated(unsafe) private var forwardedChild: pid_t = 0

private func forwardSignal(_ number: Int32) {
    let child = forwardedChild
    if child > 0 { kill(child, number) }
}
