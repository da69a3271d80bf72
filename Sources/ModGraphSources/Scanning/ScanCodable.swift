/// What each value of a ``ScannedFile`` is in the scan cache's format (``ScanWriter``):
/// its fields in the order of its initializer, strings through the entry's table.
extension ScannedFile: ScanCodable {
    /// A file skipped over a budget is never stored (``ScanCache/store(_:for:)``): an entry is a file scanned.
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        let imports: [ImportStatement] = try reader.array()
        let interface = try reader.bool() ? try InterfaceAudit(reading: &reader) : nil
        let wiring = try reader.bool() ? try WiringFile(reading: &reader) : nil
        self.init(
            path: "", imports: imports, interface: interface, wiring: wiring, declaresNothing: try reader.bool(),
            exportsNothing: try reader.bool())
    }

    func write(to writer: inout ScanWriter) {
        writer.array(imports)
        writer.bool(interface != nil)
        interface?.write(to: &writer)
        writer.bool(wiring != nil)
        wiring?.write(to: &writer)
        writer.bool(declaresNothing)
        writer.bool(exportsNothing)
    }
}

extension ImportStatement: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        let module = try reader.string()
        let path = try reader.strings()
        let kind = try reader.optional()
        let attributes = try reader.strings()
        let accessLevel = try reader.optional()
        let condition = try reader.bool() ? try BuildCondition(reading: &reader) : nil
        self.init(
            module: module, path: path, kind: kind, attributes: attributes, accessLevel: accessLevel, condition: condition,
            line: try reader.int(), column: try reader.int())
    }

    func write(to writer: inout ScanWriter) {
        writer.string(module)
        writer.strings(path)
        writer.optional(kind)
        writer.strings(attributes)
        writer.optional(accessLevel)
        writer.bool(condition != nil)
        condition?.write(to: &writer)
        writer.position(line: line, column: column)
    }
}

extension BuildCondition: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self = try reader.nested { reader throws(ScanCodecError) in
            switch try reader.int() {
            case 0: return .check(name: try reader.string(), argument: try reader.optional())
            case 1: return .not(try BuildCondition(reading: &reader))
            case 2: return .and(try BuildCondition(reading: &reader), try BuildCondition(reading: &reader))
            case 3: return .or(try BuildCondition(reading: &reader), try BuildCondition(reading: &reader))
            case 4: return .other(try reader.string())
            default: throw ScanCodecError()
            }
        }
    }

    func write(to writer: inout ScanWriter) {
        switch self {
        case let .check(name, argument):
            writer.int(0)
            writer.string(name)
            writer.optional(argument)
        case let .not(inner):
            writer.int(1)
            inner.write(to: &writer)
        case let .and(left, right):
            writer.int(2)
            left.write(to: &writer)
            right.write(to: &writer)
        case let .or(left, right):
            writer.int(3)
            left.write(to: &writer)
            right.write(to: &writer)
        case let .other(text):
            writer.int(4)
            writer.string(text)
        }
    }
}

extension InterfaceAudit: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(protocols: try reader.strings(), items: try reader.array())
    }

    func write(to writer: inout ScanWriter) {
        writer.strings(protocols)
        writer.array(items)
    }
}

extension InterfaceItem: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(
            kind: try reader.value(), name: try reader.string(), container: try reader.optional(), isInExtension: try reader.bool(),
            isStatic: try reader.bool(), line: try reader.int(), column: try reader.int())
    }

    func write(to writer: inout ScanWriter) {
        writer.string(kind.rawValue)
        writer.string(name)
        writer.optional(container)
        writer.bool(isInExtension)
        writer.bool(isStatic)
        writer.position(line: line, column: column)
    }
}

extension WiringFile: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init()
        declarations = try reader.array()
        mentions = try reader.array()
        references = try reader.array()
        paths = try reader.array()
        constructions = try reader.array()
        scopedCalls = try reader.array()
        isTruncated = try reader.bool()
    }

    func write(to writer: inout ScanWriter) {
        writer.array(declarations)
        writer.array(mentions)
        writer.array(references)
        writer.array(paths)
        writer.array(constructions)
        writer.array(scopedCalls)
        writer.bool(isTruncated)
    }
}

extension WrittenType: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(
            text: try reader.string(), base: try reader.optional(), arguments: try reader.strings(), names: try reader.strings(),
            isOpaque: try reader.bool())
    }

    func write(to writer: inout ScanWriter) {
        writer.string(text)
        writer.optional(base)
        writer.strings(arguments)
        writer.strings(names)
        writer.bool(isOpaque)
    }
}

extension WiringMember: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        let kind: Kind = try reader.value()
        let name = try reader.string()
        let isStatic = try reader.bool()
        let type = try reader.bool() ? try WrittenType(reading: &reader) : nil
        self.init(
            kind: kind, name: name, isStatic: isStatic, type: type, constraints: try reader.array(), parameters: try reader.array(),
            isInjected: try reader.bool(), references: try reader.strings(), line: try reader.int(), column: try reader.int())
    }

    func write(to writer: inout ScanWriter) {
        writer.string(kind.rawValue)
        writer.string(name)
        writer.bool(isStatic)
        writer.bool(type != nil)
        type?.write(to: &writer)
        writer.array(constraints)
        writer.array(parameters)
        writer.bool(isInjected)
        writer.strings(references)
        writer.position(line: line, column: column)
    }
}

extension WiringMember.Parameter: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(label: try reader.string(), type: try WrittenType(reading: &reader))
    }

    func write(to writer: inout ScanWriter) {
        writer.string(label)
        type.write(to: &writer)
    }
}

extension WiringDeclaration: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(
            kind: try reader.value(), name: try reader.string(), isInExtension: try reader.bool(), inherited: try reader.array(),
            generics: try reader.strings(), constraints: try reader.array(), members: try reader.array(), nested: try reader.strings(),
            hasCases: try reader.bool(), line: try reader.int(), column: try reader.int())
    }

    func write(to writer: inout ScanWriter) {
        writer.string(kind.rawValue)
        writer.string(name)
        writer.bool(isInExtension)
        writer.array(inherited)
        writer.strings(generics)
        writer.array(constraints)
        writer.array(members)
        writer.strings(nested)
        writer.bool(hasCases)
        writer.position(line: line, column: column)
    }
}

extension WiringDeclaration.Constraint: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(parameter: try reader.string(), type: try WrittenType(reading: &reader))
    }

    func write(to writer: inout ScanWriter) {
        writer.string(parameter)
        type.write(to: &writer)
    }
}

extension NameSite: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(name: try reader.string(), line: try reader.int(), column: try reader.int())
    }

    func write(to writer: inout ScanWriter) {
        writer.string(name)
        writer.position(line: line, column: column)
    }
}

extension ConstructionSite: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(type: try reader.string(), arguments: try reader.array(), line: try reader.int(), column: try reader.int())
    }

    func write(to writer: inout ScanWriter) {
        writer.string(type)
        writer.array(arguments)
        writer.position(line: line, column: column)
    }
}

extension ConstructionSite.Argument: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(label: try reader.string(), references: try reader.strings())
    }

    func write(to writer: inout ScanWriter) {
        writer.string(label)
        writer.strings(references)
    }
}

extension ScopedSite: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        self.init(builders: try reader.strings(), dependencies: try reader.strings(), line: try reader.int(), column: try reader.int())
    }

    func write(to writer: inout ScanWriter) {
        writer.strings(builders)
        writer.strings(dependencies)
        writer.position(line: line, column: column)
    }
}

/// What a skipped file exceeded, for a wiring answer that keeps its files' warnings (``WiringMemo``).
extension SourceBudget.Excess: ScanCodable {
    init(reading reader: inout ScanReader) throws(ScanCodecError) {
        switch try reader.int() {
        case 0: self = .fileBytes(try reader.int(), limit: try reader.int())
        case 1: self = .parsedBytes(try reader.int(), limit: try reader.int())
        case 2: self = .nesting(limit: try reader.int())
        case 3: self = .bracketNesting(limit: try reader.int())
        case 4: self = .treeDepth(limit: try reader.int())
        case 5: self = .stack(depth: try reader.int())
        default: throw ScanCodecError()
        }
    }

    func write(to writer: inout ScanWriter) {
        switch self {
        case let .fileBytes(bytes, limit):
            writer.int(0)
            writer.int(bytes)
            writer.int(limit)
        case let .parsedBytes(bytes, limit):
            writer.int(1)
            writer.int(bytes)
            writer.int(limit)
        case let .nesting(limit):
            writer.int(2)
            writer.int(limit)
        case let .bracketNesting(limit):
            writer.int(3)
            writer.int(limit)
        case let .treeDepth(limit):
            writer.int(4)
            writer.int(limit)
        case let .stack(depth):
            writer.int(5)
            writer.int(depth)
        }
    }

    /// Whether a file skipped for this would be skipped again: a size or a nesting depends only on its
    /// bytes and the budget, both in its key; the room left on a thread's stack may differ next time.
    var recurs: Bool {
        if case .stack = self { false } else { true }
    }
}
