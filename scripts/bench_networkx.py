#!/usr/bin/env python3
"""networkx on the graphs modgraph-bench measures, for side-by-side figures.

usage: bench_networkx.py EDGELIST [EDGELIST ...] [--reduce EDGELIST ...]
       bench_networkx.py --command COMMAND DUMP [--config FILE] [--output PATH] [--workers N] [--candidates K]

Each EDGELIST is written by `modgraph-gen --random-dag` (or --edge-list):
"from to" per line, an edge meaning "from depends on to". For every file the
script times topological_generations, topological_sort (the counterpart of
modgraph's topologicalOrder) and dag_longest_path (best of 3); for
files after --reduce it also times transitive_reduction (once: it is slow).

With --command, the script does what one `modgraph` command does with a
dump-package JSON file, end to end, and writes the result to --output (or
standard output): scripts/bench-commands.sh runs each as a whole process
beside modgraph, so both pay for starting, reading the dump and writing.
See bench_commands.py for the commands.
"""
import sys
import time

import networkx as nx


def load(path):
    graph = nx.DiGraph()
    with open(path) as lines:
        header = lines.readline().split()
        if len(header) >= 3 and header[1] == "vertices":
            graph.add_nodes_from(range(int(header[2])))
        for line in lines:
            source, target = line.split()
            graph.add_edge(int(source), int(target))
    return graph


def timed(function, runs):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        function()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def show(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main(arguments):
    if arguments[:1] == ["--command"]:
        import bench_commands
        return bench_commands.main(arguments[1:])
    reduce_from = arguments.index("--reduce") if "--reduce" in arguments else len(arguments)
    files = [(path, False) for path in arguments[:reduce_from]] + [(path, True) for path in arguments[reduce_from + 1:]]
    print(f"networkx {nx.__version__}, Python {sys.version.split()[0]}")
    print(f"{'graph':<48} {'topological_generations':>24} {'topological_sort':>18} {'dag_longest_path':>18} {'transitive_reduction':>22}")
    for path, reduce in files:
        graph = load(path)
        name = f"{path.rsplit('/', 1)[-1]} ({graph.number_of_nodes()} / {graph.number_of_edges()})"
        generations = timed(lambda: list(nx.topological_generations(graph)), 3)
        order = timed(lambda: list(nx.topological_sort(graph)), 3)
        longest = timed(lambda: nx.dag_longest_path(graph), 3)
        reduction = show(timed(lambda: nx.transitive_reduction(graph), 1)) if reduce else "-"
        print(f"{name:<48} {show(generations):>24} {show(order):>18} {show(longest):>18} {reduction:>22}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
