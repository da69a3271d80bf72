/// The script of index.html (`viewer.js`, beside this file, linted by `scripts/lint-viewer.sh`), in
/// the binary: the tool installs as one file.
///
/// It reads the embedded JSON once and builds the adjacency lists once. Each
/// view (the whole graph, a collapsed one, a focus, the paths between two
/// modules) is drawn from a layout Graphviz made on the Swift side
/// (``ViewerLayouts``): the page's own, or one `modgraph serve` lays out on
/// request; a static page that lacks one draws the nearest it has and says
/// so. Highlights are classes on the few nodes and edges they touch,
/// remembered and cleared one by one. The view, its toggles and the tab are
/// kept in the URL's fragment, by name, so that a view can be linked.
///
/// Every name reaches the page through `textContent` or `createElement`,
/// never `innerHTML`. The page's Content-Security-Policy allows this script
/// by its hash: change it and the hash follows (``ViewerPage``).
enum ViewerScript {
    /// `viewer.js`, embedded in the binary by SwiftPM when it builds (`.embedInCode`), as the page
    /// carries it: without the file's final line break.
    static let source: String = {
        let bytes = PackageResources.viewer_js
        return String(decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }()
}
