#!/usr/bin/env python3
"""Sets `modgraph graph ROOT [PATH...] --format json` against independent_graph.py's reading.

Prints every difference: containers (projects/packages) one side has and the other has not,
then, within the containers both have, every target and edge only one side has, and the
conditions of shared edges that differ. Each difference carries what the independent reading
knows about it (a target without sources, an ambiguous framework link, a product no package
vends...), so it can be judged by hand. Exit 0 when both agree, 1 otherwise.

A dependency the independent reading could not resolve and said so (a product that names no
package and no package read vends, a reference into a project that is missing: an
uninitialised submodule, a framework no target read makes) is not a difference when modgraph shows it as an external product of
that project or folder: such edges, and the external nodes and containers only they reach, are
listed apart as "unresolved by the independent reading", to be checked by hand.

The independent reading does not read CocoaPods Podfiles: modgraph's edges to the products of a
package of origin `cocoapods` (a Podfile's pods) are listed apart as "from a Podfile", with the
pod nodes, to be checked by hand against the Podfile.

Usage: compare.py ROOT [--path P ...] [--modgraph BIN] [--json OUT] [--graph-json FILE]
"""
import argparse
import json
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import independent_graph  # noqa: E402


def modgraph_graph(binary, root, paths, graph_json=None):
    if graph_json and os.path.exists(graph_json):
        with open(graph_json) as f:
            return json.load(f), None
    cmd = [binary, "graph"] + (paths or ["."]) + ["--format", "json"]
    r = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=900)
    if r.returncode != 0:
        return None, r.stderr.strip()
    return json.loads(r.stdout), r.stderr


def container(tid):
    return tid.rsplit("/", 1)[0] if "/" in tid else tid


def compare(mg, ind):
    out = {"targets_modgraph_all": len(mg["targets"]), "targets_independent": len(ind["targets"]),
           "edges_modgraph": 0, "edges_independent": len(ind["edges"])}
    mt = {t["id"]: t for t in mg["targets"]}
    it = ind["targets"]
    me = {}
    for e in mg["edges"]:
        c = e.get("condition") or {}
        me.setdefault((e["from"], e["to"]), set()).add(tuple(sorted(c.get("platforms") or [])))
    out["edges_modgraph_all"] = len(me)
    ie = {(e["from"], e["to"]): {tuple(c) for c in e["conditions"]} for e in ind["edges"]}
    # declared several times, an edge is unconditional as soon as one declaration is
    for d in (me, ie):
        for k, v in d.items():
            if () in v:
                d[k] = {()}
    # Only-modgraph edges to an external product the independent reading said it could not resolve.
    problems = ind["problems"]

    def unresolved(a, b):
        if mt.get(b, {}).get("type") != "external-product" or (a, b) in ie:
            return False
        name, owner = b.rsplit("/", 1)[1], container(b)
        for p in problems:
            if p.startswith(f"{a}: product {name} names no package and no package read vends it"):
                return True
            if p.startswith(f"{a}: links {name}.") and p.endswith("which no target read makes"):
                return True
            prefix = f"{a}: refers into project "
            if p.startswith(prefix) and p.endswith(", which is missing"):
                project = os.path.basename(p[len(prefix):-len(", which is missing")])
                if project.endswith(".xcodeproj") and owner in (project[:-len(".xcodeproj")].lower(), project.lower()):
                    return True
        return False
    pod_packages = {p["identity"] for p in mg.get("packages", []) if p.get("origin") == "cocoapods"}
    podfile_edges = {k for k in me if container(k[1]) in pod_packages}
    out["from_podfiles"] = [f"{a} -> {b}" for a, b in sorted(podfile_edges)]
    for k in podfile_edges:
        del me[k]
    for t in [t for t in mt if container(t) in pod_packages]:
        del mt[t]
    explained = {k for k in me if unresolved(*k)}
    explained_nodes = {b for _, b in explained}
    unexplained_nodes = {b for (_, b) in set(me) - explained}
    explained_nodes -= unexplained_nodes
    out["unresolved_by_independent"] = [f"{a} -> {b}" for a, b in sorted(explained)]
    for k in explained:
        del me[k]
    for t in explained_nodes:
        del mt[t]
    mcont = {container(t) for t in mt}
    icont = {container(t) for t in it}
    diffs = []
    only_m_cont = sorted(mcont - icont)
    only_i_cont = sorted(icont - mcont)
    for c in only_m_cont:
        n = sum(1 for t in mt if container(t) == c)
        diffs.append(("container", f"only modgraph has {c} ({n} nodes)"))
    for c in only_i_cont:
        n = sum(1 for t in it if container(t) == c)
        diffs.append(("container", f"only the independent reading has {c} ({n} nodes)"))
    shared = mcont & icont
    for t in sorted(set(mt) - set(it)):
        if container(t) in shared:
            diffs.append(("target", f"only modgraph: {t} ({mt[t]['type']})"))
    for t in sorted(set(it) - set(mt)):
        if container(t) in shared:
            why = ""
            if it[t].get("sources") is False:
                why = " — no source files in its folder (SwiftPM leaves it out)"
            elif it[t].get("sources") is None and it[t]["type"] not in ("external-product",):
                why = " — its folder was not found"
            diffs.append(("target", f"only independent: {t} ({it[t]['type']}){why}"))
    for t in sorted(set(mt) & set(it)):
        a, b = mt[t]["type"], it[t]["type"]
        if a != b:
            diffs.append(("type", f"{t}: modgraph {a}, independent {b}"))
    for (a, b) in sorted(set(me) - set(ie)):
        if container(a) in shared and container(b) in shared:
            diffs.append(("edge", f"only modgraph: {a} -> {b}"))
    for (a, b) in sorted(set(ie) - set(me)):
        if container(a) in shared and container(b) in shared:
            if a in mt and b in mt:
                diffs.append(("edge", f"only independent: {a} -> {b}"))
            else:
                missing = a if a not in mt else b
                diffs.append(("edge", f"only independent: {a} -> {b} (modgraph has no node {missing})"))
    for k in sorted(set(me) & set(ie)):
        if me[k] != ie[k]:
            diffs.append(("condition", f"{k[0]} -> {k[1]}: modgraph {sorted(me[k])}, independent {sorted(ie[k])}"))
    # agreement figures over the shared containers
    st_m = {t for t in mt if container(t) in shared}
    st_i = {t for t in it if container(t) in shared}
    se_m = {k for k in me if container(k[0]) in shared and container(k[1]) in shared}
    se_i = {k for k in ie if container(k[0]) in shared and container(k[1]) in shared}
    out["targets_modgraph"], out["edges_modgraph"] = len(mt), len(me)
    out["targets_agree"] = f"{len(st_m & st_i)}/{len(st_m | st_i)}"
    out["edges_agree"] = f"{len(se_m & se_i)}/{len(se_m | se_i)}"
    out["all_targets_agree"] = f"{len(set(mt) & set(it))}/{len(set(mt) | set(it))}"
    out["all_edges_agree"] = f"{len(set(me) & set(ie))}/{len(set(me) | set(ie))}"
    out["differences"] = [{"kind": k, "text": t} for k, t in diffs]
    out["independent_problems"] = ind["problems"]
    out["independent_notes"] = ind["notes"]
    out["implicit_links"] = ind.get("implicit", [])
    out["named_elsewhere"] = ind.get("named_elsewhere", [])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root")
    ap.add_argument("--path", action="append", default=[])
    ap.add_argument("--modgraph", default=os.environ.get("MODGRAPH", "modgraph"))
    ap.add_argument("--json", help="write the comparison here as JSON")
    ap.add_argument("--graph-json", help="modgraph's graph JSON, already made (else modgraph is run)")
    ap.add_argument("--cache", default=None)
    a = ap.parse_args()
    root = os.path.realpath(a.root)
    mg, err = modgraph_graph(a.modgraph, root, a.path, a.graph_json)
    ind = independent_graph.Reader(root, cache=a.cache).run(a.path)
    if mg is None:
        res = {"error": f"modgraph failed: {err}", "targets_independent": len(ind["targets"]),
               "edges_independent": len(ind["edges"]), "independent_problems": ind["problems"],
               "independent_notes": ind["notes"], "differences": []}
    else:
        res = compare(mg, ind)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=1)
    if "error" in res:
        print(res["error"])
    else:
        print(f"targets: modgraph {res['targets_modgraph']}, independent {res['targets_independent']}, "
              f"agree {res['all_targets_agree']} (in shared containers {res['targets_agree']})")
        print(f"edges:   modgraph {res['edges_modgraph']}, independent {res['edges_independent']}, "
              f"agree {res['all_edges_agree']} (in shared containers {res['edges_agree']})")
        if res["unresolved_by_independent"]:
            print(f"besides: modgraph {res['targets_modgraph_all']} targets, {res['edges_modgraph_all']} edges, of which "
                  f"{res['targets_modgraph_all'] - res['targets_modgraph']} external nodes and "
                  f"{len(res['unresolved_by_independent'])} edges into missing submodules the independent reading "
                  f"could not resolve (it says so below):")
            for e in res["unresolved_by_independent"]:
                print(f"  [unresolved by the independent reading] {e}")
        for e in res.get("from_podfiles", []):
            print(f"  [from a Podfile, not read by the independent reading] {e}")
    for d in res["differences"]:
        print(f"  [{d['kind']}] {d['text']}")
    for p in res["independent_problems"]:
        print(f"  (independent) {p}")
    for n in res["independent_notes"]:
        print(f"  (note) {n}")
    sys.exit(0 if not res["differences"] and "error" not in res else 1)


if __name__ == "__main__":
    main()
