import ModGraphOutput

/// The selected test targets as an Xcode scheme (`.xcscheme`) whose test action
/// runs them and no other.
///
/// `-only-testing:` and `-testPlan` both need a scheme that already tests every
/// target a change can select, and in a common layout the app's scheme tests
/// nothing (each module has its own scheme, or none is shared). A scheme of the
/// selection, written into the `xcshareddata/xcschemes/` of the workspace or
/// project at the folder loaded, is one `xcodebuild test -scheme NAME` runs
/// whatever the team's own schemes hold; its name is the file's name.
public enum TestScheme {
    /// The scheme of `entries` (as a test plan names them: container, object id, name), in their order.
    ///
    /// Names are written as declared, only XML's five characters as references: a name
    /// that XML cannot carry as it is (a control character) is refused, like
    /// `-only-testing:`, rather than rewritten into a target the scheme cannot find.
    public static func written(_ entries: [TestPlan.Entry], configuration: String = "Debug") throws(UnpassableTestName) -> String {
        var testables = ""
        for entry in entries {
            for value in [entry.name, entry.identifier, entry.containerPath] {
                if let scalar = value.unicodeScalars.first(where: { $0 == "\u{0}" || $0 == "\\" || Escape.needsSpelling($0) }) {
                    throw UnpassableTestName(
                        target: entry.name,
                        problem: "or its container holds \(UnpassableTestName.code(scalar)), which a scheme cannot carry as it is")
                }
            }
            // An Xcode target's bundle (NAME.xctest when its project does not say); a package's test target is named by itself.
            let buildable = entry.productFileName ?? (entry.containerPath.hasSuffix(".xcodeproj") ? entry.name + ".xctest" : entry.name)
            testables += """
                         <TestableReference
                            skipped = "NO">
                            <BuildableReference
                               BuildableIdentifier = "primary"
                               BlueprintIdentifier = "\(attribute(entry.identifier))"
                               BuildableName = "\(attribute(buildable))"
                               BlueprintName = "\(attribute(entry.name))"
                               ReferencedContainer = "\(attribute(entry.containerPath))">
                            </BuildableReference>
                         </TestableReference>

                """
        }
        let configuration = attribute(configuration)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme
               LastUpgradeVersion = "1600"
               version = "1.7">
               <BuildAction
                  parallelizeBuildables = "YES"
                  buildImplicitDependencies = "YES">
               </BuildAction>
               <TestAction
                  buildConfiguration = "\(configuration)"
                  selectedDebuggerIdentifier = "Xcode.DebuggerFoundation.Debugger.LLDB"
                  selectedLauncherIdentifier = "Xcode.DebuggerFoundation.Launcher.LLDB"
                  shouldUseLaunchSchemeArgsEnv = "YES">
                  <Testables>
            \(testables)      </Testables>
               </TestAction>
               <LaunchAction
                  buildConfiguration = "\(configuration)"
                  selectedDebuggerIdentifier = "Xcode.DebuggerFoundation.Debugger.LLDB"
                  selectedLauncherIdentifier = "Xcode.DebuggerFoundation.Launcher.LLDB"
                  launchStyle = "0"
                  useCustomWorkingDirectory = "NO"
                  ignoresPersistentStateOnLaunch = "NO"
                  debugDocumentVersioning = "YES"
                  debugServiceExtension = "internal"
                  allowLocationSimulation = "YES">
               </LaunchAction>
               <AnalyzeAction
                  buildConfiguration = "\(configuration)">
               </AnalyzeAction>
            </Scheme>

            """
    }

    /// A value as an attribute: XML's references, nothing cut (names were checked above).
    private static func attribute(_ value: String) -> String {
        Escape.xml(value, limit: Int.max)
    }
}
