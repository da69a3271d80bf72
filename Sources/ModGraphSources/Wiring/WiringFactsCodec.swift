import ModGraphCore

/// The wiring analysis's answer in the scan cache's format (``ScanWriter``), so that a run whose
/// files did not change reads it back instead of analysing them again (``WiringMemo``). Each
/// value writes its fields in the order of its initializer.
extension WiringFacts: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(
            wiring: Wiring(edges: try reader.array(), modules: try reader.array()), needs: try reader.array(),
            extensions: try reader.array())
    }

    func write(to writer: inout ScanWriter) {
        writer.array(wiring.edges)
        writer.array(wiring.modules)
        writer.array(needs)
        writer.array(extensions)
    }
}

extension WiringFacts.Need: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        let kind: Wiring.Kind = try reader.value()
        let label = try reader.string()
        let needer = try TargetID(reading: &reader)
        let site = try Wiring.Site(reading: &reader)
        var providers: [(target: TargetID, type: String)] = []
        for _ in 0..<(try reader.count()) { providers.append((try TargetID(reading: &reader), try reader.string())) }
        self.init(kind: kind, label: label, needer: needer, site: site, providers: providers, wired: try reader.array())
    }

    func write(to writer: inout ScanWriter) {
        writer.string(kind.rawValue)
        writer.string(label)
        needer.write(to: &writer)
        site.write(to: &writer)
        writer.int(providers.count)
        for provider in providers {
            provider.target.write(to: &writer)
            writer.string(provider.type)
        }
        writer.array(wired)
    }
}

extension WiringFacts.Extension: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(type: try reader.string(), site: try Wiring.Site(reading: &reader))
    }

    func write(to writer: inout ScanWriter) {
        writer.string(type)
        site.write(to: &writer)
    }
}

extension TargetID: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(package: PackageIdentity(try reader.string()), name: try reader.string())
    }

    func write(to writer: inout ScanWriter) {
        writer.string(package.rawValue)
        writer.string(name)
    }
}

extension Wiring.Site: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        let target = try TargetID(reading: &reader)
        let file = try reader.string()
        var position = ScanPosition(line: try reader.int(), column: try reader.int())
        if let moved = reader.moved {
            guard let now = moved(target, file, position) else { throw ScanCodecError() }
            position = now
        }
        self.init(target: target, file: file, line: position.line, column: position.column)
    }

    func write(to writer: inout ScanWriter) {
        target.write(to: &writer)
        writer.string(file)
        writer.int(line)
        writer.int(column)
    }
}

extension Wiring.Item: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(
            kind: try reader.value(), label: try reader.string(), providedBy: try reader.string(), need: try Wiring.Site(reading: &reader),
            wired: try reader.bool() ? try Wiring.Site(reading: &reader) : nil)
    }

    func write(to writer: inout ScanWriter) {
        writer.string(kind.rawValue)
        writer.string(label)
        writer.string(providedBy)
        need.write(to: &writer)
        writer.bool(wired != nil)
        wired?.write(to: &writer)
    }
}

extension Wiring.Edge: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(from: try TargetID(reading: &reader), to: try TargetID(reading: &reader), items: try reader.array())
    }

    func write(to writer: inout ScanWriter) {
        from.write(to: &writer)
        to.write(to: &writer)
        writer.array(items)
    }
}

extension Wiring.Maker: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(
            name: try reader.string(), takes: try reader.strings(), makes: try reader.optional(), site: try Wiring.Site(reading: &reader))
    }

    func write(to writer: inout ScanWriter) {
        writer.string(name)
        writer.strings(takes)
        writer.optional(makes)
        site.write(to: &writer)
    }
}

extension Wiring.Requirement: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(
            name: try reader.string(), arguments: try reader.optional(), product: try reader.optional(),
            site: try Wiring.Site(reading: &reader),
            wired: try reader.array(), providers: try reader.strings())
    }

    func write(to writer: inout ScanWriter) {
        writer.string(name)
        writer.optional(arguments)
        writer.optional(product)
        site.write(to: &writer)
        writer.array(wired)
        writer.strings(providers)
    }
}

extension Wiring.Screen: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(
            kind: try reader.string(), name: try reader.string(), parts: try reader.strings(), types: try reader.strings(),
            site: try Wiring.Site(reading: &reader))
    }

    func write(to writer: inout ScanWriter) {
        writer.string(kind)
        writer.string(name)
        writer.strings(parts)
        writer.strings(types)
        site.write(to: &writer)
    }
}

extension Wiring.Provision: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(name: try reader.string(), type: try reader.string(), site: try Wiring.Site(reading: &reader))
    }

    func write(to writer: inout ScanWriter) {
        writer.string(name)
        writer.string(type)
        site.write(to: &writer)
    }
}

extension Wiring.WiringSite: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(what: try reader.string(), owner: try TargetID(reading: &reader), site: try Wiring.Site(reading: &reader))
    }

    func write(to writer: inout ScanWriter) {
        writer.string(what)
        owner.write(to: &writer)
        site.write(to: &writer)
    }
}

extension Wiring.Module: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(target: try TargetID(reading: &reader))
        interfaceProtocols = try reader.strings()
        dataTypes = try reader.strings()
        builders = try reader.array()
        requirements = try reader.array()
        functions = try reader.array()
        screens = try reader.array()
        provides = try reader.array()
        needs = try reader.strings()
        wiringSites = try reader.array()
    }

    func write(to writer: inout ScanWriter) {
        target.write(to: &writer)
        writer.strings(interfaceProtocols)
        writer.strings(dataTypes)
        writer.array(builders)
        writer.array(requirements)
        writer.array(functions)
        writer.array(screens)
        writer.array(provides)
        writer.strings(needs)
        writer.array(wiringSites)
    }
}
