/// The worklist: steps scheduled when a slot they read grows, and run until none is left.
extension FlowAnalysis {
    func schedule(_ step: Step) {
        if probing != .off {
            if probing == .mustDoNothing || !knownSet.contains(step) { probeFoundEffect = true }
            return
        }
        tracker?.caused(step)
        if let relevance {
            switch step {
            case .function(let id, _): guard relevance.functions.contains(id) else { return }
            case .properties(let site): guard relevance.propertyTypes.contains(sites[site].type) else { return }
            case .graph: return
            }
        }
        if knownSet.insert(step).inserted { known.append(step) }
        if queued.insert(step).inserted { queue.append(step) }
    }

    func drain() {
        while queueHead < queue.count {
            let step = queue[queueHead]
            queueHead += 1
            queued.remove(step)
            execute(step)
        }
        queue.removeAll()
        queueHead = 0
    }

    func execute(_ step: Step) {
        currentStep = recording ? nil : step
        tracker?.current = step
        switch step {
        case .function(let id, let context):
            guard let function = functionsByID[id] else { return }
            if tracker != nil, context == Self.anyReceiver, let owner = function.owner {
                run(function, context: context, selfSites: values(selfSlot(owner)))
            } else {
                let receiver = receiver(ofCall: context) ?? context
                run(function, context: context, selfSites: Self.isSite(receiver) ? [receiver] : [])
            }
        case .properties(let site):
            initializeProperties(of: site)
        case .graph:
            break
        }
    }
}
