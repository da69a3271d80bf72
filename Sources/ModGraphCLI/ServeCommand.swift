import ArgumentParser
import ModGraphKit

/// `modgraph serve`: the interactive viewer on this machine, every view laid out on request.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the interactive viewer on 127.0.0.1, laying out every view on request.",
        discussion: """
            The page is the one `graph --format html` writes, with every view available: a module's \
            neighbourhood at any depth and either way, any groups opened, the paths between two modules \
            drawn alone. It listens on 127.0.0.1 only and prints its address, which holds a random token \
            that every request must carry; it fetches nothing. Ctrl-C stops it (docs/report.md).
            """
    )

    @OptionGroup var load: LoadOptions

    @Option(help: "The port to listen on, \(OptionBounds.describe(OptionBounds.port)) (default: 0, any free port).")
    var port: Int = 0

    @Option(help: "Graphviz layout for every view: dot, sfdp, neato, fdp, circo, twopi (default: chosen per view).")
    var layout: GraphvizLayout?

    @Option(
        help:
            "The configuration whose layers colour the views and make the view by layer (default: .modgraph.yml found from the package folder up, when there is one)."
    )
    var config: String?

    func validate() throws {
        try OptionBounds.check(port, in: OptionBounds.port, option: "--port")
    }

    func run() throws {
        let loaded = try load.load(configuration: config)
        let selection = GraphSelection()
        var layers: [TargetID: DiagramStyle.Layer] = [:]
        if try loaded.configuration.existingPath() != nil {
            do {
                if let config = try loaded.configuration.read() {
                    layers = try DiagramLayers.layers(of: config, for: loaded.graph)
                }
            } catch {
                if config != nil { throw error }
                Console.warning("\(error); the views are drawn without layer colours")
            }
        }
        let page = try GraphOutput.viewerPage(
            of: loaded.graph, selection: selection, layout: layout, layers: layers, title: loaded.repository.name, source: load.path)
        let socket = try LoopbackSocket(port: port)
        let server = try ViewerServer(page: page, token: ViewerServer.randomToken(), port: socket.port, warnings: Console.warning)
        Console.note("serving the viewer of \(load.path) at the address below; Ctrl-C stops it")
        Console.write(server.address + "\n")
        socket.serve(limit: ViewerServer.requestLimit, isWhole: ViewerServer.isWholeRequest) { server.respond(to: $0).bytes }
    }
}
