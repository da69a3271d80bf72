# Homebrew formula for modgraph. This repository is its tap:
#   brew tap modgraph/modgraph https://github.com/modgraph/modgraph
#   brew install modgraph
# url names the tagged source archive of the version in the sources (ModGraphVersion.current);
# sha256 is that archive's digest, written by `scripts/test-formula.sh --update ARCHIVE` once
# the tag is published, and all zeros until then (`brew install --HEAD modgraph` builds main).
# scripts/test-formula.sh checks this file and runs its test block (make test).
class Modgraph < Formula
  desc "Module dependency graph of Swift packages and Xcode projects: check, plan, diff"
  homepage "https://github.com/modgraph/modgraph"
  url "https://github.com/modgraph/modgraph/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "Apache-2.0"
  head "https://github.com/modgraph/modgraph.git", branch: "main"

  # Swift 6 (Xcode 16) builds it; pkg-config finds Graphviz's libraries, which modgraph
  # links to draw diagrams in the process.
  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build
  depends_on "graphviz"

  uses_from_macos "swift" => :build

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "modgraph"
    bin.install ".build/release/modgraph"
    generate_completions_from_executable(bin/"modgraph", "--generate-completion-script")
  end

  test do
    # A tiny package: two targets, one depending on the other.
    (testpath/"Package.swift").write <<~SWIFT
      // swift-tools-version: 5.9
      import PackageDescription
      let package = Package(
          name: "Tiny",
          targets: [
              .target(name: "Core"),
              .target(name: "Feature", dependencies: ["Core"]),
          ]
      )
    SWIFT
    (testpath/"Sources/Core").mkpath
    (testpath/"Sources/Core/Core.swift").write "public let core = 1\n"
    (testpath/"Sources/Feature").mkpath
    (testpath/"Sources/Feature/Feature.swift").write "import Core\npublic let feature = core\n"
    output = shell_output("#{bin}/modgraph graph #{testpath}")
    assert_match "1 package, 2 targets (2 regular), 1 dependency", output
    assert_match "Feature [regular] → Core", output
    assert_match version.to_s, shell_output("#{bin}/modgraph --version") unless version.head?
  end
end
