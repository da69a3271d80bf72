import Testing
import ModGraphCore
@testable import ModGraphXcode

/// CocoaPods' `Podfile`, read as text (issue #34: Delta's `Harmony` and `Roxas` come from its
/// Podfile): each construct of the common subset, and hostile files that must stay bounded.
@Suite("Podfile")
struct PodfileTests {
    /// The pods each target links, by target name, as `name@line`.
    private func pods(_ text: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for target in Podfile(text: text).targets {
            result[target.name] = target.pods.map { "\($0.name)@\($0.line)" }
        }
        return result
    }

    @Test func targetsWithPodsAndTheirOptions() {
        let text = """
            platform :ios, '14.0'
            inhibit_all_warnings!

            target 'Delta' do
                use_modular_headers!
                pod 'SQLite.swift', '~> 0.12.0'
                pod 'Roxas', :path => 'External/Roxas'
                pod 'Firebase/Analytics', :git => 'https://example.com/f.git', :configurations => ['Debug']
                pod 'Firebase/Crashlytics'
                pod "Quoted", path: '../Quoted'
                pod 'Kit', :subspecs => ['A',
                                         'B']
            end

            target :Symbolic do
              pod 'Symbol'
            end
            """
        let podfile = Podfile(text: text)
        #expect(pods(text) == ["Delta": ["SQLite.swift@6", "Roxas@7", "Firebase@8", "Quoted@10", "Kit@11"], "Symbolic": ["Symbol@16"]])
        #expect(podfile.targets.first?.pods.map(\.path) == [nil, "External/Roxas", nil, "../Quoted", nil])
        #expect(podfile.targets.first?.line == 4)
        #expect(podfile.notes.isEmpty, "\(podfile.notes)")
    }

    /// Nested targets inherit their parent's pods; `inherit! :none` inherits nothing and
    /// `inherit! :search_paths` sees the parent's pods without linking them; pods at the top
    /// level are every target's; abstract targets are not targets.
    @Test func inheritance() {
        let text = """
            pod 'Everywhere'
            abstract_target 'Shared' do
              pod 'Networking'
              target 'App' do
                pod 'UI'
                target 'AppTests' do
                  inherit! :search_paths
                  pod 'Quick'
                end
                target 'AppExtension' do
                end
                target 'Standalone' do
                  inherit! :none
                  pod 'Alone'
                end
              end
              target 'Other'
            end
            """
        let podfile = Podfile(text: text)
        #expect(
            pods(text) == [
                "App": ["Everywhere@1", "Networking@3", "UI@5"], "AppTests": ["Quick@8"],
                "AppExtension": ["Everywhere@1", "Networking@3", "UI@5"], "Standalone": ["Alone@14"],
                "Other": ["Everywhere@1", "Networking@3"],
            ])
        #expect(podfile.targets.first { $0.name == "AppTests" }?.searchPaths.map(\.name) == ["Everywhere", "Networking", "UI"])
        #expect(!podfile.targets.contains { $0.name == "Shared" })
        #expect(podfile.notes.isEmpty, "\(podfile.notes)")
    }

    /// `def shared_pods … end` called by name inside targets (Swinject-Modular's shape), the
    /// projects a target names, its own or inherited, and hooks skipped without a note.
    @Test func definitionsProjectsAndHooks() {
        let text = """
            workspace 'All.xcworkspace'
            project 'App/App.xcodeproj'
            def shared_pods
                pod 'Swinject', '2.7.1'
                more_pods()
            end
            def more_pods
              pod 'More'
            end
            target :App do
              shared_pods
            end
            target 'Push' do
              xcodeproj 'Modules/Push/Push'
              shared_pods
            end
            post_install do |installer|
              installer.pods_project.targets.each do |target|
                if target.name == 'X'
                  pod 'NotAPod'
                end
              end
            end
            """
        let podfile = Podfile(text: text)
        #expect(pods(text) == ["App": ["Swinject@4", "More@8"], "Push": ["Swinject@4", "More@8"]])
        #expect(podfile.targets.map(\.project) == ["App/App.xcodeproj", "Modules/Push/Push"])
        #expect(podfile.notes.isEmpty, "\(podfile.notes)")
    }

    /// What is not read (an `if` around pods, an interpolated string) is skipped, and the first
    /// place is named in one note; comments and `=begin` blocks are not statements.
    @Test func unknownConstructsAreSkippedWithOneNote() {
        let text = """
            # pod 'Commented'
            =begin
            pod 'InADocument'
            =end
            target 'App' do
              if ENV['CI']
                pod 'OnlyOnCI'
              end
              pod "Kit#{suffix}"
              pod 'Real' # a comment
              something_else 1, 2
            end
            """
        let podfile = Podfile(text: text)
        #expect(pods(text) == ["App": ["Real@10"]])
        #expect(podfile.notes == ["line 6: a `if` block is not read; pods inside it are not seen"])
    }

    /// Names are data: quotes, `::`, a name left open at the end of its line.
    @Test func namesWithQuotesColonsAndNewlines() {
        let text = """
            target 'It\\'s' do
              pod '::evil'
              pod 'a"b'
              pod 'open
              pod 'Next'
            end
            """
        let podfile = Podfile(text: text)
        #expect(pods(text) == ["It's": ["::evil@2", "a\"b@3", "Next@5"]])
        #expect(podfile.notes == ["line 4: not read (a string modgraph does not read)"])
    }

    @Test func moduleNamesAreCocoaPodsDefaults() {
        #expect(ModuleIdentifier.c99("SQLite.swift") == "SQLite_swift")
        #expect(ModuleIdentifier.c99("Harmony-Drive") == "Harmony_Drive")
        #expect(ModuleIdentifier.c99("1Password") == "_1Password")
        #expect(ModuleIdentifier.c99("Ünïcode") == "_n_code")
        #expect(Podfile.Pod(written: "Firebase/Analytics", line: 1, path: nil).name == "Firebase")
    }

    /// Hostile files stay bounded: too large, too many lines, blocks nested past the bound,
    /// blocks never closed, definitions that call each other.
    @Test func hostileFilesAreBounded() {
        let huge = String(repeating: "pod 'A'\n", count: Podfile.maximumBytes / 8 + 1)
        let large = Podfile(text: "target 'App' do\n" + huge + "end\n")
        #expect(large.targets.isEmpty)
        #expect(large.notes == ["not read: more than \(Podfile.maximumBytes) bytes"])

        let long = "target 'App' do\n" + String(repeating: "\n", count: Podfile.maximumLines) + "pod 'Late'\nend\n"
        let cut = Podfile(text: long)
        #expect(cut.targets.map(\.pods) == [[]])
        #expect(cut.notes.first?.hasPrefix("line \(Podfile.maximumLines + 1): not read past") == true)

        let deep = (0..<200).map { "target 'T\($0)' do" }.joined(separator: "\n") + "\npod 'Deep'\n"
            + String(repeating: "end\n", count: 200)
        let nested = Podfile(text: deep)
        #expect(nested.targets.count == Podfile.maximumDepth - 1)
        #expect(nested.notes.count == 1)

        let open = Podfile(text: "target 'App' do\n  pod 'Kit'\n  target 'Inner' do\n")
        #expect(open.targets.map(\.name) == ["App", "Inner"])
        #expect(open.targets.first?.pods.map(\.name) == ["Kit"])
        #expect(open.notes == ["a block is not closed by `end` at the end of the file"])

        let recursive = "def a\n  pod 'A'\n  a\n  a\nend\ntarget 'App' do\n  a\nend\n"
        let expanded = Podfile(text: recursive)
        #expect(expanded.targets.first?.pods.map(\.name) == ["A"])
        #expect(expanded.notes.count == 1)

        let stray = Podfile(text: "end\nend\ntarget 'App' do\n  pod 'Kit'\nend\n")
        #expect(stray.targets.first?.pods.map(\.name) == ["Kit"])
        #expect(stray.notes == ["line 1: `end` closes nothing"])
    }
}

extension PodfileTests {
    /// Definitions that call each other many times stay within the statement budget.
    @Test func expandingDefinitionsIsBounded() {
        let calls = String(repeating: "  b\n", count: 50)
        let text = "def b\n  pod 'B'\n" + calls + "end\ntarget 'App' do\n  b\nend\n"
        let podfile = Podfile(text: text)
        #expect(podfile.targets.first?.pods.map(\.name) == ["B"])
        #expect(podfile.notes.count == 1)
    }
}

extension PodfileTests {
    /// A local podspec's dependencies and module name; other lines and interpolations are skipped.
    @Test func podspecDependenciesAndModuleName() {
        let text = """
            Pod::Spec.new do |s|
              s.name = 'LassoTestUtilities'
              s.module_name = 'LassoTesting'
              s.dependency 'Lasso'
              s.dependency "Firebase/Core", '~> 10'
              s.dependency 'Lasso'
              # s.dependency 'Commented'
              s.dependency "Kit#{x}"
            end
            """
        let spec = Podspec(text: text)
        #expect(spec.dependencies == ["Lasso", "Firebase"])
        #expect(spec.moduleName == "LassoTesting")
    }

    /// The Blue Alliance's `TBAData.podspec`: a test spec (and an app spec) is a target of its own, which CocoaPods
    /// builds for the pod's tests or app only; its dependencies (`TBADataTesting`) reach no target using the pod.
    /// Its blocks are skipped whole, nested blocks included; the pod's own dependencies after them are read.
    @Test func aTestOrAppSpecsDependenciesAreNotThePods() {
        let text = """
            Pod::Spec.new do |s|
              s.dependency 'MyTBAKit'
              s.test_spec 'Tests' do |test_spec|
                test_spec.source_files = 'Tests/**/*.swift'
                if ENV['CI'] then test_spec.dependency 'CIOnly' end
                test_spec.dependency 'TBADataTesting'
              end
              s.app_spec 'Demo' do |app| app.dependency 'DemoKit' end
              s.test_spec 'UI' do |ui|
                ['a'].each do |name|
                  ui.dependency 'UIKitTesting'
                end
              end
              s.dependency 'TBAUtils'
            end
            """
        #expect(Podspec(text: text).dependencies == ["MyTBAKit", "TBAUtils"])
    }
}

/// Issue #46: Podfiles that cost pods × targets, and Podfiles written with CRLF or `;`.
extension PodfileTests {
    /// 1,000 root pods above 1,000 one-line targets would keep a million pods (4,000 × 4,000 took
    /// 45 s and 672 MB): what is kept stops at ``Podfile/maximumKeptPods`` with one note naming the
    /// first target past it, and the targets before it keep all their pods.
    @Test func podsTimesTargetsIsBounded() {
        let pods = (0..<1_000).map { "pod 'P\($0)'" }.joined(separator: "\n")
        let targets = (0..<1_000).map { "target 'T\($0)'" }.joined(separator: "\n")
        let podfile = Podfile(text: pods + "\n" + targets + "\n")
        let kept = podfile.targets.reduce(0) { $0 + $1.pods.count + $1.searchPaths.count }
        #expect(kept <= Podfile.maximumKeptPods)
        #expect(podfile.targets.count == Podfile.maximumKeptPods / 1_000)
        #expect(podfile.targets.allSatisfy { $0.pods.count == 1_000 })
        let first = Podfile.maximumKeptPods / 1_000
        #expect(podfile.notes == ["line \(1_000 + first + 1): this target and those after it are not read: more than \(Podfile.maximumKeptPods) pods in all across targets"])

        // A definition of many pods called in many targets is bounded the same way.
        let definition = "def shared\n" + pods + "\nend\n"
        let calls = (0..<1_000).map { "target 'T\($0)' do\n  shared\nend" }.joined(separator: "\n")
        let called = Podfile(text: definition + calls + "\n")
        #expect(called.targets.reduce(0) { $0 + $1.pods.count } <= Podfile.maximumKeptPods)
        #expect(called.notes.count == 1)
    }

    /// A Podfile saved with Windows line ends is read as the same file with `\n`; CocoaPods (Ruby) reads both.
    @Test func crlfLineEndsAreLineEnds() {
        let text = """
            platform :ios, '14.0'
            target 'App' do
              pod 'Kit'
              target 'AppTests' do
                inherit! :search_paths
                pod 'Quick'
              end
            end
            post_install do |installer|
              puts 'done'
            end

            """
        let unix = Podfile(text: text)
        let windows = Podfile(text: text.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(windows == unix)
        #expect(windows.targets.map(\.name) == ["App", "AppTests"])
        #expect(windows.targets.first?.pods.map { "\($0.name)@\($0.line)" } == ["Kit@3"])
        #expect(windows.notes.isEmpty, "\(windows.notes)")
        let spec = Podspec(text: "Pod::Spec.new do |s|\r\n  s.dependency 'Lasso'\r\n  s.module_name = 'L'\r\nend\r\n")
        #expect(spec.dependencies == ["Lasso"])
        #expect(spec.moduleName == "L")
    }

    /// `;` ends a statement as a line end does: one-line blocks, hooks and definitions.
    @Test func semicolonsEndStatements() {
        let text = """
            target 'App' do; pod 'Kit'; pod 'UI', :path => 'UI'; end
            def shared; pod 'Shared'; end
            target 'Other' do; shared; end
            post_install do |installer|; puts 'x'; end
            target 'Late' do; pod_name = 1; end
            """
        let podfile = Podfile(text: text)
        #expect(podfile.targets.map(\.name) == ["App", "Other", "Late"])
        #expect(podfile.targets.first?.pods.map { "\($0.name)@\($0.line)" } == ["Kit@1", "UI@1"])
        #expect(podfile.targets.first?.pods.last?.path == "UI")
        #expect(podfile.targets.dropFirst().first?.pods.map(\.name) == ["Shared"])
        #expect(podfile.notes == ["line 5: `pod_name` is not read"])
    }
}
