import Testing
@testable import ModGraphXcode

@Suite("Paths")
struct XcodePathTests {
    @Test(arguments: [
        ("", "a", "a"),
        ("a", "", "a"),
        ("a", "../b", "b"),
        ("a", "../../b", "../b"),
        ("../x", "../y", "../y"),
        ("a", "/x/./y/../z", "/x/z"),
        ("/", "..", "/"),
        ("./a//b/", ".", "a/b"),
    ])
    func join(_ base: String, _ path: String, _ expected: String) {
        #expect(XcodePath.join(base, path) == expected)
    }

    @Test func parts() {
        #expect(XcodePath.parent("App.xcodeproj") == "")
        #expect(XcodePath.parent("Shop/App.xcodeproj/") == "Shop")
        #expect(XcodePath.parent("/App.xcodeproj") == "/")
        #expect(XcodePath.parent("..") == "../..")
        #expect(XcodePath.parent("") == "..")
        #expect(XcodePath.lastComponent("a/b.framework/") == "b.framework")
        #expect(XcodePath.pathExtension("a.b/c") == "")
        #expect(XcodePath.pathExtension(".hidden") == "")
        #expect(XcodePath.baseName("x.tar.gz") == "x.tar")
        #expect(XcodePath.isSame("a/b", orInside: "a"))
        #expect(!XcodePath.isSame("ab", orInside: "a"))
        #expect(XcodePath.isSame("anything", orInside: ""))
    }
}
