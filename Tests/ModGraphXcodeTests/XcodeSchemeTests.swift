import Foundation
import Testing
@testable import ModGraphXcode

/// What a scheme runs and builds, read within bounds.
@Suite("schemes")
struct XcodeSchemeTests {
    private func scheme(_ text: String) throws(XcodeError) -> XcodeScheme {
        try XcodeScheme(Array(text.utf8), file: "App.xcscheme")
    }

    @Test func testablesPlansAndBuildEntriesAreRead() throws {
        let read = try scheme(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme>
              <BuildAction><BuildActionEntries><BuildActionEntry>
                <BuildableReference BlueprintIdentifier="T1" BlueprintName="App" ReferencedContainer="container:App.xcodeproj"/>
              </BuildActionEntry></BuildActionEntries></BuildAction>
              <TestAction>
                <TestPlans><TestPlanReference reference="container:App.xctestplan"/></TestPlans>
                <Testables>
                  <TestableReference skipped="NO"><BuildableReference BlueprintIdentifier="T2" BlueprintName="AppTests" ReferencedContainer="container:App.xcodeproj"/></TestableReference>
                  <TestableReference skipped="YES"><BuildableReference BlueprintIdentifier="T3" BlueprintName="Slow" ReferencedContainer="container:App.xcodeproj"/></TestableReference>
                </Testables>
                <MacroExpansion><BuildableReference BlueprintIdentifier="T1" BlueprintName="App" ReferencedContainer="container:App.xcodeproj"/></MacroExpansion>
              </TestAction>
              <LaunchAction><BuildableProductRunnable><BuildableReference BlueprintIdentifier="T1" BlueprintName="App" ReferencedContainer="container:App.xcodeproj"/></BuildableProductRunnable></LaunchAction>
            </Scheme>
            """)
        #expect(read.builds == [.init(container: "container:App.xcodeproj", identifier: "T1", name: "App")])
        #expect(read.tests == [.init(container: "container:App.xcodeproj", identifier: "T2", name: "AppTests")])
        #expect(read.testPlans == ["container:App.xctestplan"])
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?>\n<!DOCTYPE Scheme [<!ENTITY a \"aaaa\">]>\n<Scheme>&a;</Scheme>",
        "<Workspace/>",
        "<Scheme>",
        String(repeating: "<a>", count: 70) + String(repeating: "</a>", count: 70),
        "<Scheme>" + String(repeating: "<a>", count: 70) + String(repeating: "</a>", count: 70) + "</Scheme>",
    ])
    func whatIsNotASchemeWithinTheBoundsIsRefused(_ text: String) {
        #expect(throws: XcodeError.self) { try scheme(text) }
    }
}
