/// Every supported member, by owner type and name.
enum APICatalogue {
    static let members: [APIType: [String: [APIMember]]] = {
        var index: [APIType: [String: [APIMember]]] = [:]
        let all =
            TargetAPI.members + TargetDependencyAPI.members + TargetPartsAPI.members + PlatformAPI.members
            + ProductAPI.members + DependencyAPI.members + SettingsAPI.members + PackageAPI.members
        for member in all { index[member.owner, default: [:]][member.name, default: []].append(member) }
        return index
    }()

    static func members(of owner: APIType, named name: String) -> [APIMember] {
        members[owner]?[name] ?? []
    }
}
