import ModGraphChanges
import ModGraphCore
import ModGraphDiagrams
import ModGraphManifest
import ModGraphRepository
import ModGraphSystem
import ModGraphXcode
import ModGraphRules
import ModGraphWeights

// The words of a request, under the names a command line or a plugin uses,
// so that a caller of the pipeline needs this module only.

/// Remote packages: none, their products, or their targets expanded from checkouts.
public typealias ExternalsMode = ModGraphManifest.ExternalsMode
/// The root package's traits a build enables.
public typealias TraitSelection = ModGraphManifest.TraitSelection
/// One node per target, per product, or per package.
public typealias GraphLevel = GraphView.Level
/// Boxes around nodes in a diagram.
public typealias Clustering = DiagramStyle.Clustering
/// Graphviz's layout engines.
public typealias GraphvizLayout = ModGraphDiagrams.GraphvizLayout
/// A measured build's configuration: debug or release.
public typealias BuildConfiguration = MeasuredBuild.Configuration
/// How far loading has got, for a progress bar.
public typealias LoadProgress = ModGraphManifest.LoadProgress
/// Why the paths given could not be sorted out: one line naming the path at fault.
public typealias RepositoryError = ModGraphRepository.RepositoryError
/// Why an Xcode project or workspace could not be read: one line naming the file and line at fault.
public typealias XcodeError = ModGraphXcode.XcodeError
/// Why a workspace could not be loaded: one line naming the file at fault.
public typealias LoadError = ModGraphManifest.LoadError
/// A configuration the checker cannot use: the file, the line and the key at fault.
public typealias ConfigError = ModGraphRules.ConfigError
/// An error a person can act on: one line naming what is at fault, and notes under it.
public typealias UserFacingError = ModGraphSystem.UserFacingError
/// A value behind a lock that owns it.
public typealias Locked<State> = ModGraphSystem.Locked<State>
/// `modgraph serve`'s listening socket on 127.0.0.1.
public typealias LoopbackSocket = ModGraphSystem.LoopbackSocket
/// A target's identity: `package/Name`.
public typealias TargetID = ModGraphCore.TargetID
/// What a diagram emphasises: layers, violations, the critical path.
public typealias DiagramStyle = ModGraphDiagrams.DiagramStyle
/// What `modgraph affected` selected and why.
public typealias AffectedReport = ModGraphChanges.AffectedReport
