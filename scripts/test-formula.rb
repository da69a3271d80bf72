# The Homebrew formula (Formula/modgraph.rb) checked without Homebrew, which does not run
# here (`brew style` and `brew audit` need it): scripts/test-formula.sh runs this file.
#
#   ruby scripts/test-formula.rb FORMULA VERSION BIN_DIR
#
# It loads the formula through the part of Homebrew's formula DSL the formula uses, checks
# its fields against the project's policy (below), then runs the formula's own `test do`
# block with `bin` set to BIN_DIR (a local build, or make dist's archive unpacked), in a
# fresh folder as `testpath`, as `brew test` would. Anything of the DSL the formula uses that
# is not defined here fails loudly (NoMethodError): extend this file, never ignore it.
require "fileutils"
require "open3"
require "pathname"
require "tmpdir"

# The policy of the formula's fields.
module Policy
  REPOSITORY = "https://github.com/modgraph/modgraph".freeze
  # The all-zeros digest stands for an archive not yet published; any other must be real hex.
  PLACEHOLDER = ("0" * 64).freeze

  def self.check(formula_class, source, version)
    problems = []
    fields = formula_class.fields
    expected_url = "#{REPOSITORY}/archive/refs/tags/v#{version}.tar.gz"
    problems << "url is #{fields[:url].inspect}, not the tag of the sources' version: #{expected_url}" if fields[:url] != expected_url
    sha = fields[:sha256].to_s
    problems << "sha256 #{sha.inspect} is not 64 lowercase hex digits" unless sha.match?(/\A[0-9a-f]{64}\z/)
    problems << "homepage is not #{REPOSITORY}" if fields[:homepage] != REPOSITORY
    problems << "license is not Apache-2.0 (LICENSE)" if fields[:license] != "Apache-2.0"
    problems << "no desc" if fields[:desc].to_s.empty?
    problems << "desc starts with the formula's name (brew audit refuses it)" if fields[:desc].to_s.downcase.start_with?("modgraph")
    problems << "head is not #{REPOSITORY}.git on main" if fields[:head] != ["#{REPOSITORY}.git", { branch: "main" }]
    deps = formula_class.dependencies
    problems << "no runtime dependency on graphviz" unless deps.include?("graphviz")
    problems << "pkg-config (Homebrew's pkgconf) is not a build dependency" unless deps.include?({ "pkgconf" => :build })
    problems << "no Xcode 16 (Swift 6) build dependency" unless deps.include?({ xcode: ["16.0", :build] })
    problems << "Linux gets no Swift to build with (uses_from_macos \"swift\" => :build)" unless formula_class.uses_from_macos_list.include?({ "swift" => :build })
    problems << "no install method" unless formula_class.method_defined?(:install, false)
    unless source.include?('system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "modgraph"')
      problems << "install does not build the modgraph product in release mode outside SwiftPM's sandbox"
    end
    problems << "install does not put the binary in bin" unless source.include?('bin.install ".build/release/modgraph"')
    problems << "no test block" if formula_class.test_block.nil?
    problems << "the test block does not run modgraph graph" unless source.include?('shell_output("#{bin}/modgraph graph')
    problems
  end
end

# Homebrew's version: a string that knows whether it is a HEAD build.
class FormulaVersion < String
  def head?
    start_with?("HEAD")
  end
end

# The part of Homebrew's Formula class the formula uses.
class Formula
  # Written for Ruby 2.6 too, macOS's own.
  class << self
    attr_reader :test_block

    def fields
      @fields ||= {}
    end

    def dependencies
      @dependencies ||= []
    end

    def uses_from_macos_list
      @uses_from_macos_list ||= []
    end

    %i[desc homepage url sha256 license].each do |field|
      define_method(field) { |text| fields[field] = text }
    end

    def head(url, options = {})
      fields[:head] = [url, options]
    end

    def depends_on(spec)
      dependencies << spec
    end

    def uses_from_macos(spec)
      uses_from_macos_list << spec
    end

    def test(&block)
      @test_block = block
    end
  end

  attr_reader :testpath

  def initialize(bin_dir, testpath)
    @bin = Pathname.new(bin_dir)
    @testpath = Pathname.new(testpath)
  end

  def bin
    @bin
  end

  def version
    FormulaVersion.new(self.class.fields[:url][%r{/v([^/]+)\.tar\.gz\z}, 1])
  end

  # As Homebrew's: the command through the shell, its standard output, and a failure
  # unless it exits with `result`.
  def shell_output(command, result = 0)
    output, status = Open3.capture2(command)
    raise "#{command} exited #{status.exitstatus}, not #{result}" if status.exitstatus != result

    output
  end

  def assert_match(expected, actual)
    matched = expected.is_a?(Regexp) ? expected.match?(actual) : actual.include?(expected)
    raise "expected #{expected.inspect} in:\n#{actual}" unless matched

    puts "test-formula: assert_match #{expected.inspect}: ok"
  end

  def run_test
    Dir.chdir(testpath) { instance_exec(&self.class.test_block) }
  end
end

formula_path, version, bin_dir = ARGV
abort "usage: ruby scripts/test-formula.rb FORMULA VERSION BIN_DIR" if bin_dir.nil?
source = File.read(formula_path)
load formula_path
formula_class = Object.const_get(:Modgraph)

problems = Policy.check(formula_class, source, version)
unless problems.empty?
  problems.each { |problem| warn "test-formula: #{formula_path}: #{problem}" }
  exit 1
end
placeholder = formula_class.fields[:sha256] == Policy::PLACEHOLDER
puts "test-formula: fields as the policy says (sha256: #{placeholder ? "the placeholder, until v#{version} is published" : "set"})"

Dir.mktmpdir("modgraph-formula-test") do |testpath|
  formula_class.new(bin_dir, testpath).run_test
end
puts "test-formula: the test block passed with #{bin_dir}/modgraph"
