import ModGraphManifest

/// `Product`'s factory methods: `.library`, `.executable`, `.plugin`.
enum ProductAPI {
    static let members: [APIMember] = [
        APIMember(
            .product, "library",
            [
                Parameter("name", .string),
                Parameter("type", .optional(.api(.libraryType)), defaulted: true),
                Parameter("targets", .array(.string)),
            ]
        ) { arguments throws(EvaluationFallback) in
            var type = "library"
            if case let .name(linkage)? = arguments.value("type") { type = "library (\(linkage))" }
            return .product(ManifestProduct(name: try arguments.string("name"), type: type, targets: try arguments.strings("targets")))
        },
        APIMember(.product, "executable", [Parameter("name", .string), Parameter("targets", .array(.string))]) {
            arguments throws(EvaluationFallback) in
            .product(ManifestProduct(name: try arguments.string("name"), type: "executable", targets: try arguments.strings("targets")))
        },
        APIMember(
            .product, "plugin", [Parameter("name", .string), Parameter("targets", .array(.string))],
            since: version(5, 5)
        ) { arguments throws(EvaluationFallback) in
            .product(ManifestProduct(name: try arguments.string("name"), type: "plugin", targets: try arguments.strings("targets")))
        },
        APIMember(.libraryType, "static", nil) { _ in .name("static") },
        APIMember(.libraryType, "dynamic", nil) { _ in .name("dynamic") },
    ]
}
