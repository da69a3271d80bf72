"""Independent reading of a Tuist repository's graph from the JSON its compiled manifests printed,
compared with modgraph's graph. Shares no code with modgraph.

Usage: tuist_reading.py ROOT CACHE GRAPH_JSON
  ROOT        the folder holding Tuist/ (where `modgraph graph .` was run)
  CACHE       the MODGRAPH_CACHE_DIR of a `modgraph graph . --dump-manifests` run (each compiled
              manifest's printed project is kept under tuist/)
  GRAPH_JSON  `modgraph graph . --format json`

Each project is placed at the folder of the Project.swift named like it (or whose text names it; the
one project and folder left over go together). Targets are `lower(project name)/target`; edges are
`.target` and `.project(target:path:)` resolved against the folder; `.external` and
`.package(product:)` are counted apart, by name."""
import json, os, sys, glob
root, cache, graph = sys.argv[1], sys.argv[2], sys.argv[3]
folders = {}
for dirpath, dirs, files in os.walk(root):
    dirs[:] = [d for d in dirs if not d.startswith('.') and d != 'Tuist']
    if 'Project.swift' in files:
        folders.setdefault(os.path.basename(dirpath), []).append(dirpath)
projects = []
for f in glob.glob(cache + '/tuist/*/*.json'):
    text = open(f).read().split('\n', 1)[1]
    projects.append(json.loads(text))
by_folder = {}
unplaced = []
for p in projects:
    cands = folders.get(p['name'], [])
    if not cands:
        cands = [d for ds in folders.values() for d in ds if ('"%s"' % p['name']) in open(os.path.join(d, 'Project.swift')).read()]
    if len(cands) != 1:
        unplaced.append(p['name']); continue
    by_folder[os.path.realpath(cands[0])] = p
# One project left and one manifest folder left: that is its folder (a name a helper builds).
claimed = set(by_folder)
free = [os.path.realpath(d) for ds in folders.values() for d in ds if os.path.realpath(d) not in claimed]
if len(unplaced) == 1 and len(free) == 1:
    by_folder[free[0]] = next(p for p in projects if p['name'] == unplaced[0]); unplaced = []
targets, edges, externals = set(), set(), set()
for folder, p in by_folder.items():
    for t in p['targets']:
        src = p['name'].lower() + '/' + t['name']
        targets.add(src)
        for d in t['dependencies']:
            kind, body = next(iter(d.items()))
            if kind == 'target':
                edges.add((src, p['name'].lower() + '/' + body['name']))
            elif kind == 'project':
                path = body['path']
                base = root if path['type'] == 'relativeToRoot' else folder
                other = by_folder.get(os.path.realpath(os.path.join(base, path['pathString'])))
                if other is None:
                    print('unresolved', src, body); continue
                edges.add((src, other['name'].lower() + '/' + body['target']))
            elif kind == 'external':
                externals.add((src, body['name']))
            elif kind == 'package':
                externals.add((src, body['product']))
g = json.load(open(graph))
gt = {t['id'] for t in g['targets'] if not t['id'].startswith('tuist/')}
ge = {(e['from'], e['to']) for e in g['edges'] if e['to'] in gt}
gx = {(e['from'], e['to'].split('/', 1)[1]) for e in g['edges'] if e['to'] not in gt or e['to'].startswith('tuist/')}
print('projects', len(projects), 'unplaced', unplaced)
print('targets: independent %d / modgraph %d / same %d' % (len(targets), len(gt), len(targets & gt)))
print('target edges: independent %d / modgraph %d / same %d' % (len(edges), len(ge), len(edges & ge)))
print('external edges: independent %d / modgraph %d / same %d' % (len(externals), len(gx), len(externals & gx)))
for x in sorted(targets ^ gt)[:10]: print(' target diff', x, x in targets)
for x in sorted(edges ^ ge)[:10]: print(' edge diff', x, x in edges)
for x in sorted(externals ^ gx)[:10]: print(' external diff', x, x in externals)
