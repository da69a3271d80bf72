/// A picture format Graphviz renders in-process.
public enum ImageFormat: String, CaseIterable, Sendable {
    case svg, png, pdf

    /// Whether the bytes are text that a terminal may show.
    public var isText: Bool { self == .svg }

    /// The first bytes of every file of this format, to recognise one.
    public var magic: [UInt8] {
        switch self {
        case .svg: Array("<?xml".utf8)
        case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case .pdf: Array("%PDF-".utf8)
        }
    }
}
