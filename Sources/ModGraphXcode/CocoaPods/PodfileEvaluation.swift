/// A Podfile's statements made targets: definitions called, blocks nested, pods inherited.
extension Podfile.Reader {
    /// One target definition: the root (abstract), an `abstract_target`, or a target.
    private struct Definition {
        let name: String
        let line: Int
        var abstract: Bool
        var inheritance: Podfile.Inheritance = .complete
        var project: String?
        var pods: [Podfile.Pod] = []
        /// Always an earlier definition: a parent is made before its children.
        let parent: Int?
    }

    mutating func finish() -> Podfile {
        closeAll()
        var all = [Definition(name: "", line: 0, abstract: true, parent: nil)]
        var budget = Podfile.maximumStatements
        evaluate(topLevel, into: 0, &all, depth: 0, budget: &budget)
        // What each definition links, its own pods and those it inherits, counted before any list is made:
        // every target copies what it inherits, so N pods above M targets would keep N·M.
        var linkedCount = [Int](repeating: 0, count: all.count)
        for index in all.indices {
            let definition = all[index]
            let inherited = definition.inheritance == .complete ? definition.parent.map { linkedCount[$0] } ?? 0 : 0
            linkedCount[index] = definition.pods.count + inherited
        }
        /// Own pods after inherited ones, walking up the parents iteratively.
        func linked(_ index: Int) -> [Podfile.Pod] {
            var chain: [Int] = []
            var next: Int? = index
            while let at = next {
                chain.append(at)
                next = all[at].inheritance == .complete ? all[at].parent : nil
            }
            return chain.reversed().flatMap { all[$0].pods }
        }
        func project(_ index: Int) -> String? {
            var next: Int? = index
            while let at = next {
                if let project = all[at].project { return project }
                next = all[at].parent
            }
            return nil
        }
        var targets: [Podfile.Target] = []
        var kept = 0
        for index in all.indices where !all[index].abstract {
            let definition = all[index]
            let seesParent = definition.inheritance == .searchPaths ? definition.parent : nil
            kept += linkedCount[index] + (seesParent.map { linkedCount[$0] } ?? 0)
            guard kept <= Podfile.maximumKeptPods else {
                noteOnce(
                    "line \(definition.line): this target and those after it are not read: more than \(Podfile.maximumKeptPods) pods in all across targets")
                break
            }
            targets.append(
                Podfile.Target(
                    name: definition.name, line: definition.line, project: project(index), pods: Self.distinct(linked(index)),
                    searchPaths: Self.distinct(seesParent.map(linked) ?? [])))
        }
        return Podfile(targets: targets, notes: note.map { [$0] } ?? [])
    }

    /// Each pod once, at its first declaration.
    private static func distinct(_ pods: [Podfile.Pod]) -> [Podfile.Pod] {
        var seen: Set<String> = []
        return pods.filter { seen.insert($0.name).inserted }
    }

    private mutating func evaluate(_ statements: [Podfile.Statement], into current: Int, _ all: inout [Definition], depth: Int, budget: inout Int) {
        for statement in statements {
            guard budget > 0 else {
                noteOnce("more than \(Podfile.maximumStatements) statements once definitions are called; the rest are not read")
                return
            }
            budget -= 1
            switch statement {
            case let .target(name, line, abstract, body):
                all.append(Definition(name: name, line: line, abstract: abstract, parent: current))
                evaluate(body, into: all.count - 1, &all, depth: depth, budget: &budget)
            case let .pod(pod):
                all[current].pods.append(pod)
            case let .project(path):
                all[current].project = path
            case let .inherit(mode):
                all[current].inheritance = mode
            case .abstract:
                all[current].abstract = true
            case let .call(name, line):
                guard let body = definitions[name] else {
                    noteOnce("line \(line): `\(name)` is not read")
                    continue
                }
                guard depth < Podfile.maximumCallDepth else {
                    noteOnce("line \(line): definitions called more than \(Podfile.maximumCallDepth) deep are not read")
                    continue
                }
                evaluate(body, into: current, &all, depth: depth + 1, budget: &budget)
            }
        }
    }
}
