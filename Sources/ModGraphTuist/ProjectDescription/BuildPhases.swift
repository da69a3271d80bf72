// Part of modgraph's source-compatible ProjectDescription (see docs/tuist.md): the public API of Tuist's
// ProjectDescription 4.x that manifests and their helpers call, written for modgraph. Each type encodes as
// Tuist's own does, so a manifest prints what `tuist dump` prints.
//
// This file: what a target builds besides sources — scripts, build rules, copy-files phases,
// Core Data models and buildable folders.
//
// Members added for Tuist 3 manifests are `@_disfavoredOverload`, so a helper module that declares the
// same member itself is chosen without ambiguity.

// MARK: - TargetScript

public struct TargetScript: Codable, Equatable, Sendable {
    public enum Order: String, Codable, Equatable, Sendable {
        case pre
        case post
    }

    public enum Script: Equatable, Codable, Sendable {
        case tool(path: String, args: [String])
        case scriptPath(path: Path, args: [String])
        case embedded(String)
    }

    public var name: String
    public var script: Script
    public var order: Order
    public var inputPaths: [FileListGlob]
    public var inputFileListPaths: [Path]
    public var outputPaths: [Path]
    public var outputFileListPaths: [Path]
    public var basedOnDependencyAnalysis: Bool?
    public var runForInstallBuildsOnly: Bool
    public var shellPath: String
    public var dependencyFile: Path?

    init(
        name: String,
        script: Script = .embedded(""),
        order: Order,
        inputPaths: [FileListGlob] = [],
        inputFileListPaths: [Path] = [],
        outputPaths: [Path] = [],
        outputFileListPaths: [Path] = [],
        basedOnDependencyAnalysis: Bool? = nil,
        runForInstallBuildsOnly: Bool = false,
        shellPath: String = "/bin/sh",
        dependencyFile: Path? = nil
    ) {
        self.name = name
        self.script = script
        self.order = order
        self.inputPaths = inputPaths
        self.inputFileListPaths = inputFileListPaths
        self.outputPaths = outputPaths
        self.outputFileListPaths = outputFileListPaths
        self.basedOnDependencyAnalysis = basedOnDependencyAnalysis
        self.runForInstallBuildsOnly = runForInstallBuildsOnly
        self.shellPath = shellPath
        self.dependencyFile = dependencyFile
    }

    // The public factories differ only in how the script is given and in the order; they share this body.
    private static func make(
        _ script: Script, _ order: Order, _ name: String, _ inputPaths: [FileListGlob], _ inputFileListPaths: [Path],
        _ outputPaths: [Path], _ outputFileListPaths: [Path], _ basedOnDependencyAnalysis: Bool?,
        _ runForInstallBuildsOnly: Bool, _ shellPath: String, _ dependencyFile: Path?
    ) -> TargetScript {
        TargetScript(
            name: name, script: script, order: order, inputPaths: inputPaths, inputFileListPaths: inputFileListPaths,
            outputPaths: outputPaths, outputFileListPaths: outputFileListPaths,
            basedOnDependencyAnalysis: basedOnDependencyAnalysis, runForInstallBuildsOnly: runForInstallBuildsOnly,
            shellPath: shellPath, dependencyFile: dependencyFile
        )
    }

    public static func pre(
        path: Path, arguments: String..., name: String, inputPaths: [FileListGlob] = [],
        inputFileListPaths: [Path] = [], outputPaths: [Path] = [], outputFileListPaths: [Path] = [],
        basedOnDependencyAnalysis: Bool? = nil, runForInstallBuildsOnly: Bool = false,
        shellPath: String = "/bin/sh", dependencyFile: Path? = nil
    ) -> TargetScript {
        make(.scriptPath(path: path, args: arguments), .pre, name, inputPaths, inputFileListPaths, outputPaths,
             outputFileListPaths, basedOnDependencyAnalysis, runForInstallBuildsOnly, shellPath, dependencyFile)
    }

    public static func pre(
        path: Path, arguments: [String], name: String, inputPaths: [FileListGlob] = [],
        inputFileListPaths: [Path] = [], outputPaths: [Path] = [], outputFileListPaths: [Path] = [],
        basedOnDependencyAnalysis: Bool? = nil, runForInstallBuildsOnly: Bool = false,
        shellPath: String = "/bin/sh", dependencyFile: Path? = nil
    ) -> TargetScript {
        make(.scriptPath(path: path, args: arguments), .pre, name, inputPaths, inputFileListPaths, outputPaths,
             outputFileListPaths, basedOnDependencyAnalysis, runForInstallBuildsOnly, shellPath, dependencyFile)
    }

    public static func post(
        path: Path, arguments: String..., name: String, inputPaths: [FileListGlob] = [],
        inputFileListPaths: [Path] = [], outputPaths: [Path] = [], outputFileListPaths: [Path] = [],
        basedOnDependencyAnalysis: Bool? = nil, runForInstallBuildsOnly: Bool = false,
        shellPath: String = "/bin/sh", dependencyFile: Path? = nil
    ) -> TargetScript {
        make(.scriptPath(path: path, args: arguments), .post, name, inputPaths, inputFileListPaths, outputPaths,
             outputFileListPaths, basedOnDependencyAnalysis, runForInstallBuildsOnly, shellPath, dependencyFile)
    }

    public static func post(
        path: Path, arguments: [String], name: String, inputPaths: [FileListGlob] = [],
        inputFileListPaths: [Path] = [], outputPaths: [Path] = [], outputFileListPaths: [Path] = [],
        basedOnDependencyAnalysis: Bool? = nil, runForInstallBuildsOnly: Bool = false,
        shellPath: String = "/bin/sh", dependencyFile: Path? = nil
    ) -> TargetScript {
        make(.scriptPath(path: path, args: arguments), .post, name, inputPaths, inputFileListPaths, outputPaths,
             outputFileListPaths, basedOnDependencyAnalysis, runForInstallBuildsOnly, shellPath, dependencyFile)
    }

    public static func pre(
        tool: String, arguments: String..., name: String, inputPaths: [FileListGlob] = [],
        inputFileListPaths: [Path] = [], outputPaths: [Path] = [], outputFileListPaths: [Path] = [],
        basedOnDependencyAnalysis: Bool? = nil, runForInstallBuildsOnly: Bool = false,
        shellPath: String = "/bin/sh", dependencyFile: Path? = nil
    ) -> TargetScript {
        make(.tool(path: tool, args: arguments), .pre, name, inputPaths, inputFileListPaths, outputPaths,
             outputFileListPaths, basedOnDependencyAnalysis, runForInstallBuildsOnly, shellPath, dependencyFile)
    }

    public static func pre(
        tool: String, arguments: [String], name: String, inputPaths: [FileListGlob] = [],
        inputFileListPaths: [Path] = [], outputPaths: [Path] = [], outputFileListPaths: [Path] = [],
        basedOnDependencyAnalysis: Bool? = nil, runForInstallBuildsOnly: Bool = false,
        shellPath: String = "/bin/sh", dependencyFile: Path? = nil
    ) -> TargetScript {
        make(.tool(path: tool, args: arguments), .pre, name, inputPaths, inputFileListPaths, outputPaths,
             outputFileListPaths, basedOnDependencyAnalysis, runForInstallBuildsOnly, shellPath, dependencyFile)
    }

    public static func post(
        tool: String, arguments: String..., name: String, inputPaths: [FileListGlob] = [],
        inputFileListPaths: [Path] = [], outputPaths: [Path] = [], outputFileListPaths: [Path] = [],
        basedOnDependencyAnalysis: Bool? = nil, runForInstallBuildsOnly: Bool = false,
        shellPath: String = "/bin/sh", dependencyFile: Path? = nil
    ) -> TargetScript {
        make(.tool(path: tool, args: arguments), .post, name, inputPaths, inputFileListPaths, outputPaths,
             outputFileListPaths, basedOnDependencyAnalysis, runForInstallBuildsOnly, shellPath, dependencyFile)
    }

    public static func post(
        tool: String, arguments: [String], name: String, inputPaths: [FileListGlob] = [],
        inputFileListPaths: [Path] = [], outputPaths: [Path] = [], outputFileListPaths: [Path] = [],
        basedOnDependencyAnalysis: Bool? = nil, runForInstallBuildsOnly: Bool = false,
        shellPath: String = "/bin/sh", dependencyFile: Path? = nil
    ) -> TargetScript {
        make(.tool(path: tool, args: arguments), .post, name, inputPaths, inputFileListPaths, outputPaths,
             outputFileListPaths, basedOnDependencyAnalysis, runForInstallBuildsOnly, shellPath, dependencyFile)
    }

    public static func pre(
        script: String, name: String, inputPaths: [FileListGlob] = [],
        inputFileListPaths: [Path] = [], outputPaths: [Path] = [], outputFileListPaths: [Path] = [],
        basedOnDependencyAnalysis: Bool? = nil, runForInstallBuildsOnly: Bool = false,
        shellPath: String = "/bin/sh", dependencyFile: Path? = nil
    ) -> TargetScript {
        make(.embedded(script), .pre, name, inputPaths, inputFileListPaths, outputPaths,
             outputFileListPaths, basedOnDependencyAnalysis, runForInstallBuildsOnly, shellPath, dependencyFile)
    }

    public static func post(
        script: String, name: String, inputPaths: [FileListGlob] = [],
        inputFileListPaths: [Path] = [], outputPaths: [Path] = [], outputFileListPaths: [Path] = [],
        basedOnDependencyAnalysis: Bool? = nil, runForInstallBuildsOnly: Bool = false,
        shellPath: String = "/bin/sh", dependencyFile: Path? = nil
    ) -> TargetScript {
        make(.embedded(script), .post, name, inputPaths, inputFileListPaths, outputPaths,
             outputFileListPaths, basedOnDependencyAnalysis, runForInstallBuildsOnly, shellPath, dependencyFile)
    }
}

// MARK: - BuildRule

public struct BuildRule: Codable, Equatable, Sendable {
    public var compilerSpec: CompilerSpec
    public var filePatterns: String?
    public var fileType: FileType
    public var name: String?
    public var outputFiles: [String]
    public var inputFiles: [String]
    public var outputFilesCompilerFlags: [String]
    public var script: String?
    public var runOncePerArchitecture: Bool?

    public static func buildRule(
        name: String? = nil,
        fileType: FileType,
        filePatterns: String? = nil,
        compilerSpec: CompilerSpec,
        inputFiles: [String] = [],
        outputFiles: [String] = [],
        outputFilesCompilerFlags: [String] = [],
        script: String? = nil,
        runOncePerArchitecture: Bool = false
    ) -> Self {
        Self(
            compilerSpec: compilerSpec, filePatterns: filePatterns, fileType: fileType, name: name,
            outputFiles: outputFiles, inputFiles: inputFiles, outputFilesCompilerFlags: outputFilesCompilerFlags,
            script: script, runOncePerArchitecture: runOncePerArchitecture
        )
    }
}

extension BuildRule {
    /// Tuist 3 `BuildRule(…)` initializer.
    @_disfavoredOverload
    public init(
        name: String? = nil,
        fileType: FileType,
        filePatterns: String? = nil,
        compilerSpec: CompilerSpec,
        inputFiles: [String] = [],
        outputFiles: [String] = [],
        outputFilesCompilerFlags: [String] = [],
        script: String? = nil,
        runOncePerArchitecture: Bool = false
    ) {
        self = .buildRule(
            name: name, fileType: fileType, filePatterns: filePatterns, compilerSpec: compilerSpec,
            inputFiles: inputFiles, outputFiles: outputFiles, outputFilesCompilerFlags: outputFilesCompilerFlags,
            script: script, runOncePerArchitecture: runOncePerArchitecture
        )
    }

    public enum FileType: Codable, Sendable {
        case instrumentsPackageDefinition
        case metalAIR
        case machO
        case machOObject
        case siriKitIntent
        case coreMLMachineLearning
        case rcProjectDocument
        case skyboxDocument
        case interfaceBuilderStoryboard
        case interfaceBuilder
        case documentationCatalog
        case coreMLMachineLearningModelPackage
        case assemblyAsm
        case assemblyAsmAsm
        case llvmAssembly
        case cSource
        case clipsSource
        case cppSource
        case dtraceSource
        case dylanSource
        case fortranSource
        case glslSource
        case iigSource
        case javaSource
        case lexSource
        case metalShaderSource
        case migSource
        case nasmAssembly
        case openCLSource
        case pascalSource
        case protobufSource
        case rezSource
        case swiftSource
        case yaccSource
        case localizationString
        case localizationStringDictionary
        case xcAppExtensionPoints
        case xcodeSpecificationPlist
        case dae
        case nib
        case interfaceBuilderStoryboardPackage
        case classModel
        case dataModel
        case dataModelVersion
        case mappingModel
        case sourceFilesWithNamesMatching
    }

    public enum CompilerSpec: Codable, Sendable {
        case appIntentsMetadataExtractor
        case appShortcutStringsMetadataExtractor
        case appleClang
        case assetCatalogCompiler
        case codeSign
        case compileRealityComposerProject
        case compileSceneKitShaders
        case compileSkybox
        case compileUSDZ
        case compressPNG
        case copyPlistFile
        case copySceneKitAssets
        case copyStringsFile
        case copyTiffFile
        case coreDataMappingModelCompiler
        case coreMLModelCompiler
        case dataModelCompiler
        case defaultCompiler
        case dTrace
        case generateSpriteKitTextureAtlas
        case iconutil
        case instrumetsPackageBuilder
        case intentDefinitionCompiler
        case interfaceBuilderNIBPostprocessor
        case interfaceBuilderStoryboardCompiler
        case interfaceBuilderStoryboardLinker
        case interfaceBuilderStoryboardPostprocessor
        case interfaceBuilderXIBCompiler
        case ioKitInterfaceGenerator
        case lex
        case lsRegisterURL
        case metalCompiler
        case metalLinker
        case mig
        case nasm
        case nmedit
        case openCL
        case osaCompile
        case pbxcp
        case processSceneKitDocument
        case processXCAppExtensionPoints
        case rez
        case stripSymbols
        case swiftCompiler
        case swiftABIBaselineGenerator
        case swiftFrameworkABIChecker
        case textBasedAPITool
        case unifdef
        case yacc
        case customScript
    }
}

// MARK: - Copy files

public struct CopyFilesAction: Codable, Equatable, Sendable {
    public var name: String
    public var destination: Destination
    public var subpath: String?
    public var files: [CopyFileElement]

    public enum Destination: String, Codable, Equatable, Sendable {
        case absolutePath
        case productsDirectory
        case wrapper
        case executables
        case resources
        case javaResources
        case frameworks
        case sharedFrameworks
        case sharedSupport
        case plugins
        case other
    }

    public static func absolutePath(name: String, subpath: String? = nil, files: [CopyFileElement]) -> CopyFilesAction {
        CopyFilesAction(name: name, destination: .absolutePath, subpath: subpath, files: files)
    }

    public static func productsDirectory(name: String, subpath: String? = nil, files: [CopyFileElement]) -> CopyFilesAction {
        CopyFilesAction(name: name, destination: .productsDirectory, subpath: subpath, files: files)
    }

    public static func wrapper(name: String, subpath: String? = nil, files: [CopyFileElement]) -> CopyFilesAction {
        CopyFilesAction(name: name, destination: .wrapper, subpath: subpath, files: files)
    }

    public static func executables(name: String, subpath: String? = nil, files: [CopyFileElement]) -> CopyFilesAction {
        CopyFilesAction(name: name, destination: .executables, subpath: subpath, files: files)
    }

    public static func resources(name: String, subpath: String? = nil, files: [CopyFileElement]) -> CopyFilesAction {
        CopyFilesAction(name: name, destination: .resources, subpath: subpath, files: files)
    }

    public static func javaResources(name: String, subpath: String? = nil, files: [CopyFileElement]) -> CopyFilesAction {
        CopyFilesAction(name: name, destination: .javaResources, subpath: subpath, files: files)
    }

    public static func frameworks(name: String, subpath: String? = nil, files: [CopyFileElement]) -> CopyFilesAction {
        CopyFilesAction(name: name, destination: .frameworks, subpath: subpath, files: files)
    }

    public static func sharedFrameworks(name: String, subpath: String? = nil, files: [CopyFileElement]) -> CopyFilesAction {
        CopyFilesAction(name: name, destination: .sharedFrameworks, subpath: subpath, files: files)
    }

    public static func sharedSupport(name: String, subpath: String? = nil, files: [CopyFileElement]) -> CopyFilesAction {
        CopyFilesAction(name: name, destination: .sharedSupport, subpath: subpath, files: files)
    }

    public static func plugins(name: String, subpath: String? = nil, files: [CopyFileElement]) -> CopyFilesAction {
        CopyFilesAction(name: name, destination: .plugins, subpath: subpath, files: files)
    }
}

public enum CopyFileElement: Codable, Equatable, Sendable, ExpressibleByStringInterpolation {
    case glob(pattern: Path, condition: PlatformCondition? = nil, codeSignOnCopy: Bool = false)
    case folderReference(path: Path, condition: PlatformCondition? = nil, codeSignOnCopy: Bool = false)

    public init(stringLiteral value: String) {
        self = .glob(pattern: .path(value))
    }
}

// MARK: - Core Data

public struct CoreDataModel: Codable, Equatable, Sendable {
    public var path: Path
    public var currentVersion: String?

    public static func coreDataModel(_ path: Path, currentVersion: String? = nil) -> Self {
        Self(path: path, currentVersion: currentVersion)
    }
}

extension CoreDataModel {
    /// Tuist 3 `CoreDataModel(_:currentVersion:)`.
    @_disfavoredOverload
    public init(_ path: Path, currentVersion: String? = nil) {
        self.init(path: path, currentVersion: currentVersion)
    }
}

// MARK: - Buildable folders

public struct BuildableFolder: Sendable, Codable, Equatable, ExpressibleByStringLiteral {
    public var path: Path
    public var exceptions: BuildableFolderExceptions

    init(path: Path, exceptions: BuildableFolderExceptions) {
        self.path = path
        self.exceptions = exceptions
    }

    public init(stringLiteral value: String) {
        self.init(path: Path(stringLiteral: value), exceptions: .exceptions([]))
    }

    public static func folder(_ path: Path, exceptions: BuildableFolderExceptions = .exceptions([])) -> Self {
        Self(path: path, exceptions: exceptions)
    }
}

public struct BuildableFolderExceptions: Sendable, Codable, Equatable, Hashable, ExpressibleByArrayLiteral {
    public var exceptions: [BuildableFolderException]

    private init(exceptions: [BuildableFolderException]) {
        self.exceptions = exceptions
    }

    public init(arrayLiteral elements: BuildableFolderException...) {
        self.init(exceptions: elements)
    }

    public static func exceptions(_ exceptions: [BuildableFolderException]) -> Self {
        Self(exceptions: exceptions)
    }
}

public struct BuildableFolderException: Sendable, Codable, Equatable, Hashable {
    public var excluded: [String]
    public var compilerFlags: [String: String]
    public var publicHeaders: [String]
    public var privateHeaders: [String]

    private init(excluded: [String], compilerFlags: [String: String], publicHeaders: [String], privateHeaders: [String]) {
        self.excluded = excluded
        self.compilerFlags = compilerFlags
        self.publicHeaders = publicHeaders
        self.privateHeaders = privateHeaders
    }

    public static func exception(
        excluded: [String] = [],
        compilerFlags: [String: String] = [:],
        publicHeaders: [String] = [],
        privateHeaders: [String] = []
    ) -> BuildableFolderException {
        BuildableFolderException(
            excluded: excluded, compilerFlags: compilerFlags, publicHeaders: publicHeaders, privateHeaders: privateHeaders
        )
    }
}
