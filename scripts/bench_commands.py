"""What each `modgraph` command does with a dump-package JSON file, done with
networkx, for scripts/bench-commands.sh (through bench_networkx.py --command).

usage: bench_networkx.py --command COMMAND DUMP [--config FILE] [--output PATH] [--workers N] [--candidates K]

COMMAND is one of graph-text, graph-json, graph-dot, graph-mermaid, check,
schedule-text, schedule-json, schedule-mermaid, report. Each reads the dump
(json.load), resolves every target dependency to a target of the package (the
generated dumps are one package), builds a networkx DiGraph (an edge u -> v:
u depends on v) and then does the command's work with networkx's algorithms
where it has them, written the way networkx's own documentation suggests:

- graph-*: the longest chain (dag_longest_path) and the output; dot and
  mermaid draw the transitive reduction (transitive_reduction), as modgraph
  does above 60 nodes.
- check: layers, isolation and forbidden rules of a .modgraph.yml (PyYAML),
  patterns turned into regular expressions; cycles through
  strongly_connected_components; isolation by one breadth-first search per
  feature that stops at other features' members, like modgraph's.
- schedule-*: waves (topological_generations), critical path and bottom
  levels, a list-scheduling simulation on N workers (heapq), and K target
  splits and K dependency removals re-simulated on copies of the graph, as
  modgraph's bottleneck search does (K: what modgraph tried, given by the caller).
- report: check, schedule and the graph's JSON document into one report.json,
  and a report.md table of targets.

It is the equivalent work, not a port: output formats are close to
modgraph's, not byte-identical. Only what the generated dumps hold is read.
"""
import heapq
import json
import re
import sys

import networkx as nx


def load(path):
    with open(path) as file:
        document = json.load(file)
    package = document["name"].lower()
    targets = document.get("targets") or []
    graph = nx.DiGraph()
    types = {}
    for target in targets:
        graph.add_node(target["name"])
        types[target["name"]] = target.get("type") or "regular"
    names = set(types)
    for target in targets:
        for dependency in target.get("dependencies") or []:
            kind, payload = next(iter(dependency.items()))
            if payload[0] in names:
                graph.add_edge(target["name"], payload[0], kind="product" if kind == "product" else "target")
    return document, package, graph, types


def write(text, output):
    if output in (None, "-"):
        sys.stdout.write(text)
    else:
        with open(output, "w") as file:
            file.write(text)


def structure(graph):
    if nx.is_directed_acyclic_graph(graph):
        return [], nx.dag_longest_path(graph)
    return [sorted(component) for component in nx.strongly_connected_components(graph) if len(component) > 1], []


# graph

def graph_text(document, package, graph, types):
    cycles, chain = structure(graph)
    lines = [f"1 package, {graph.number_of_nodes()} targets, {graph.number_of_edges()} dependencies"]
    if chain:
        lines.append(f"Longest chain ({len(chain)}): " + " → ".join(chain))
    for cycle in cycles:
        lines.append("  " + " → ".join(cycle))
    lines += ["", f"{document['name']}  (.)"]
    for name in sorted(graph.nodes):
        dependencies = sorted(graph.successors(name))
        lines.append(f"  {name} [{types[name]}]" + (" → " + ", ".join(dependencies) if dependencies else ""))
    return "\n".join(lines) + "\n"


def graph_document(document, package, graph, types):
    return {
        "schemaVersion": 1,
        "packages": [{"identity": package, "name": document["name"], "path": ".", "origin": "root", "location": None, "loaded": True}],
        "targets": [{"id": f"{package}/{name}", "package": package, "name": name, "type": types[name], "path": f"Sources/{name}"}
                    for name in sorted(graph.nodes)],
        "products": [{"package": package, "name": product["name"], "type": "library",
                      "targets": [f"{package}/{target}" for target in product.get("targets") or []]}
                     for product in sorted(document.get("products") or [], key=lambda product: product["name"])],
        "edges": [{"from": f"{package}/{source}", "to": f"{package}/{target}", "kind": data["kind"], "product": None, "condition": None}
                  for source, target, data in sorted(graph.edges(data=True))],
    }


def graph_json(document, package, graph, types):
    return json.dumps(graph_document(document, package, graph, types), indent=2) + "\n"


def reduced(graph):
    # transitive_reduction refuses graphs with cycles; modgraph reduces their condensation.
    return nx.transitive_reduction(graph) if nx.is_directed_acyclic_graph(graph) else graph


def graph_dot(document, package, graph, types):
    _, chain = structure(graph)
    view = reduced(graph)
    on_chain = set(zip(chain, chain[1:]))
    lines = ["digraph \"modgraph\" {", "  graph [rankdir=TB];"]
    for name in sorted(view.nodes):
        lines.append(f"  \"{package}/{name}\" [label=\"{name}\", tooltip=\"{package}/{name} ({types[name]})\"];")
    for source, target in sorted(view.edges):
        bold = " [penwidth=2.2]" if (source, target) in on_chain else ""
        lines.append(f"  \"{package}/{source}\" -> \"{package}/{target}\"{bold};")
    return "\n".join(lines) + "\n}\n"


def graph_mermaid(document, package, graph, types):
    view = reduced(graph)
    number = {name: index for index, name in enumerate(sorted(view.nodes))}
    lines = ["flowchart TB"] + [f"  n{index}(\"{name}\")" for name, index in number.items()]
    lines += [f"  n{number[source]} --> n{number[target]}" for source, target in sorted(view.edges)]
    return "\n".join(lines) + "\n"


# check

def pattern(text):
    """A modgraph pattern as a regular expression: `*`, `?` and `{name}` captures."""
    expression = ""
    for token in re.findall(r"\{\w+\}|\*|\?|[^*?{]+", text):
        if token == "*":
            expression += ".*"
        elif token == "?":
            expression += "."
        elif token.startswith("{"):
            name = token[1:-1]
            expression += f"(?P={name})" if f"(?P<{name}>" in expression else f"(?P<{name}>.+?)"
        else:
            expression += re.escape(token)
    return re.compile(expression + r"\Z")


def claim(patterns, name):
    """The captures of the pattern that claims `name` ("!" patterns take back), or None."""
    claimed = None
    for written, compiled in patterns:
        match = compiled.match(name)
        if match is None:
            continue
        if written.startswith("!"):
            claimed = None
        elif claimed is None:
            claimed = match.groupdict()
    return claimed


def compile_list(patterns):
    return [(written, pattern(written.lstrip("!"))) for written in patterns or []]


def check(document, package, graph, types, config_path):
    import yaml
    with open(config_path) as file:
        config = yaml.safe_load(file)
    layers = [(layer["name"], compile_list(layer.get("targets")), compile_list(layer.get("isolated")))
              for layer in config.get("layers") or []]
    exempt = {name for name in graph.nodes if types[name] == "test"}
    layer_of, feature_of, findings = {}, {}, []
    for name in graph.nodes:
        if name in exempt:
            continue
        for index, (layer, targets, isolated) in enumerate(layers):
            if claim(targets, name) is not None:
                layer_of[name] = index
                captured = claim(isolated, name)
                if captured is not None:
                    feature_of[name] = tuple(sorted(captured.items())) or name
                break
        else:
            findings.append(("unassigned", [name]))
    for component in nx.strongly_connected_components(graph):
        if len(component) > 1:
            findings.append(("cycle", sorted(component)))
    for source, target in graph.edges:
        if source in exempt or target in exempt:
            continue
        if source in layer_of and target in layer_of and layer_of[target] < layer_of[source]:
            findings.append(("layering", [source, target]))
    for rule in config.get("forbidden") or []:
        source_pattern, target_pattern, allow = pattern(rule["from"]), pattern(rule["to"]), rule.get("allow")
        for source, target in graph.edges:
            if source in exempt:
                continue
            match = source_pattern.match(source)
            if match is None or target_pattern.match(target) is None:
                continue
            # `allow` may use the captures of `from`: {feature}Data with feature = Maps is MapsData.
            if allow and pattern(re.sub(r"\{(\w+)\}", lambda group: match.groupdict().get(group.group(1), group.group(0)), allow)).match(target):
                continue
            findings.append(("forbidden", [source, target]))
    members = {}
    for name, feature in feature_of.items():
        members.setdefault(feature, []).append(name)
    for feature, sources in sorted(members.items(), key=lambda item: str(item[0])):
        parent = {source: None for source in sources}
        queue, reached = list(sources), set()
        head = 0
        while head < len(queue):
            vertex = queue[head]
            head += 1
            for following in graph.successors(vertex):
                if following in parent or following in exempt:
                    continue
                parent[following] = vertex
                other = feature_of.get(following)
                if other is not None and other != feature and layer_of.get(following) == layer_of.get(sources[0]):
                    if other not in reached:
                        reached.add(other)
                        chain, cursor = [following], vertex
                        while cursor is not None:
                            chain.append(cursor)
                            cursor = parent[cursor]
                        findings.append(("isolation", chain[::-1]))
                    continue
                queue.append(following)
    return findings


def check_text(document, package, graph, types, config_path):
    findings = check(document, package, graph, types, config_path)
    lines = [f"modgraph check {'failed' if findings else 'passed'}: {len(findings)} errors"]
    lines += [f"  ✗ {rule}: " + " → ".join(chain) for rule, chain in sorted(findings)]
    return "\n".join(lines) + "\n"


# schedule

def simulate(graph, weights, workers):
    """List scheduling, highest bottom level first, as modgraph's simulator."""
    order = list(nx.topological_sort(graph))  # dependents first: u -> v means u depends on v
    level = {}
    for vertex in order:
        level[vertex] = weights[vertex] + max((level[dependent] for dependent in graph.predecessors(vertex)), default=0)
    waiting = {vertex: graph.out_degree(vertex) for vertex in graph.nodes}
    ready = [(-level[vertex], vertex) for vertex in graph.nodes if waiting[vertex] == 0]
    heapq.heapify(ready)
    running, free = [], list(range(workers))
    start, end, now = {}, {}, 0.0
    while True:
        while ready and free:
            _, vertex = heapq.heappop(ready)
            worker = heapq.heappop(free)
            start[vertex], end[vertex] = now, now + weights[vertex]
            heapq.heappush(running, (end[vertex], vertex, worker))
        if not running:
            break
        now = running[0][0]
        while running and running[0][0] == now:
            _, finished, worker = heapq.heappop(running)
            heapq.heappush(free, worker)
            for dependent in graph.predecessors(finished):
                waiting[dependent] -= 1
                if waiting[dependent] == 0:
                    heapq.heappush(ready, (-level[dependent], dependent))
    return start, end, level


def schedule(graph, workers, candidates):
    weights = {vertex: 1.0 for vertex in graph.nodes}
    waves = list(nx.topological_generations(graph.reverse(copy=False)))
    critical = nx.dag_longest_path(graph)
    start, end, level = simulate(graph, weights, workers)
    baseline = max(end.values(), default=0)
    slack = {vertex: max(level.values()) - level[vertex] - start[vertex] for vertex in graph.nodes}
    changes = []
    for vertex in sorted(graph.nodes, key=lambda vertex: (slack[vertex], vertex))[:candidates]:
        split = graph.copy()
        half = vertex + "#half"
        split.add_edges_from((half, dependency) for dependency in graph.successors(vertex))
        split.add_edges_from((dependent, half) for dependent in graph.predecessors(vertex))
        split_weights = dict(weights, **{vertex: weights[vertex] / 2})
        split_weights[half] = weights[vertex] / 2
        changes.append((max(simulate(split, split_weights, workers)[1].values()), f"split {vertex}"))
    for source, target in sorted(graph.edges, key=lambda edge: (slack[edge[0]], edge))[:candidates]:
        removed = graph.copy()
        removed.remove_edge(source, target)
        changes.append((max(simulate(removed, weights, workers)[1].values()), f"drop {source} → {target}"))
    return {"waves": waves, "critical": critical, "start": start, "end": end, "makespan": baseline,
            "bottlenecks": sorted(change for change in changes if change[0] < baseline)}


def schedule_output(plan, form):
    order = sorted(plan["start"], key=lambda vertex: (plan["start"][vertex], plan["end"][vertex], vertex))
    if form == "json":
        return json.dumps({"makespan": plan["makespan"], "waves": [sorted(wave) for wave in plan["waves"]],
                           "criticalPath": plan["critical"],
                           "targets": [{"id": vertex, "start": plan["start"][vertex], "end": plan["end"][vertex]} for vertex in order],
                           "bottlenecks": [{"change": change, "makespan": makespan} for makespan, change in plan["bottlenecks"]]},
                          indent=2) + "\n"
    if form == "mermaid":
        return "gantt\n" + "".join(f"    {vertex} : {plan['start'][vertex]:g}, {plan['end'][vertex]:g}\n" for vertex in order)
    lines = [f"makespan {plan['makespan']:g}", "Waves"]
    lines += [f"  {index + 1} {len(wave)} " + ", ".join(sorted(wave)) for index, wave in enumerate(plan["waves"])]
    lines.append("Critical path: " + " → ".join(plan["critical"]))
    lines += [f"  {change} makespan {makespan:g}" for makespan, change in plan["bottlenecks"][:10]]
    lines += [f"  {vertex:40} {plan['start'][vertex]:>8g} {plan['end'][vertex]:>8g}" for vertex in order]
    return "\n".join(lines) + "\n"


def report(document, package, graph, types, config_path, workers, candidates, folder):
    import os
    findings = check(document, package, graph, types, config_path)
    plan = schedule(graph, workers, candidates)
    _, chain = structure(graph)
    os.makedirs(folder, exist_ok=True)
    rows = ["| Target | Type | Depends on | Used by |", "|---|---|---:|---:|"]
    rows += [f"| {name} | {types[name]} | {graph.out_degree(name)} | {graph.in_degree(name)} |" for name in sorted(graph.nodes)]
    write("\n".join([f"# Module graph of {document['name']}", f"Longest chain ({len(chain)})", f"Findings: {len(findings)}"] + rows) + "\n",
          os.path.join(folder, "report.md"))
    write(json.dumps({"graph": graph_document(document, package, graph, types),
                      "check": [{"rule": rule, "chain": chain} for rule, chain in findings],
                      "schedule": json.loads(schedule_output(plan, "json")),
                      "targets": [{"id": name, "dependsOn": graph.out_degree(name), "usedBy": graph.in_degree(name)}
                                  for name in sorted(graph.nodes)]}, indent=2) + "\n",
          os.path.join(folder, "report.json"))


def main(arguments):
    command, dump = arguments[0], arguments[1]
    options = dict(zip(arguments[2::2], arguments[3::2]))
    output = options.get("--output")
    workers = int(options.get("--workers", "8"))
    candidates = int(options.get("--candidates", "20"))
    document, package, graph, types = load(dump)
    if command == "graph-text":
        write(graph_text(document, package, graph, types), output)
    elif command == "graph-json":
        write(graph_json(document, package, graph, types), output)
    elif command == "graph-dot":
        write(graph_dot(document, package, graph, types), output)
    elif command == "graph-mermaid":
        write(graph_mermaid(document, package, graph, types), output)
    elif command == "check":
        write(check_text(document, package, graph, types, options["--config"]), output)
    elif command.startswith("schedule-"):
        write(schedule_output(schedule(graph, workers, candidates), command.split("-", 1)[1]), output)
    elif command == "report":
        report(document, package, graph, types, options["--config"], workers, candidates, output)
    else:
        sys.exit(f"unknown command {command}")
