"""Independent reading of a Tuist repository's graph from the JSON its compiled manifests printed,
compared with modgraph's graph. Shares no code with modgraph.

Usage: [GRAPH_BASE=DIR] tuist_reading.py ROOT CACHE GRAPH_JSON [NAME=FOLDER ...]
  ROOT        the folder holding Tuist/ (where `modgraph graph .` was run)
  CACHE       the MODGRAPH_CACHE_DIR of a `modgraph graph . --dump-manifests` run (each compiled
              manifest's printed project is kept under tuist/)
  GRAPH_JSON  `modgraph graph . --format json`
  NAME=FOLDER places the project NAME at FOLDER (relative to ROOT), read by hand from its manifest, where a
              helper builds the name (`moduleType: .app` naming the project "Cllog")

Each project is placed at the folder of the Project.swift named like it (or whose text names it; the
one project and folder left over go together). Targets are (folder, target name), modgraph's mapped by its packages' paths; edges are
`.target` and `.project(target:path:)` resolved against the folder (`.relativeToCurrentFile` against the
folder of the file that wrote it, a helper's too); `.external` and
`.package(product:)` are counted apart, by name. An `.external` product that a local package named by
`Tuist/Package.swift`'s `.package(path:)` vends (read with `swift package dump-package`, as `tuist install`
resolves it) is also an edge to each of that product's targets, compared with modgraph's edges into that package."""
import json, os, re, subprocess, sys, glob
root, cache, graph = sys.argv[1], sys.argv[2], sys.argv[3]
# GRAPH_BASE=DIR: the folder GRAPH_JSON's paths are relative to, when not ROOT (`graph .. .` run in a
# library's `Samples/`, whose Tuist list names the library's root package).
graph_base = os.environ.get('GRAPH_BASE', root)
by_hand = dict(arg.split('=', 1) for arg in sys.argv[4:])
folders = {}
for dirpath, dirs, files in os.walk(root):
    dirs[:] = [d for d in dirs if not d.startswith('.') and d != 'Tuist']
    if 'Project.swift' in files:
        # The folder's name, and its last two and three names joined (`Core/HealthKit` makes `CoreHealthKit`).
        parts = os.path.relpath(dirpath, root).split(os.sep)
        for k in (1, 2, 3):
            if len(parts) >= k:
                folders.setdefault(''.join(parts[-k:]), []).append(dirpath)
projects = []
for f in glob.glob(cache + '/tuist/*/*.json'):
    text = open(f).read().split('\n', 1)[1]
    projects.append(json.loads(text))
by_folder = {}
unplaced = []
for p in projects:
    cands = [os.path.join(root, by_hand[p['name']])] if p['name'] in by_hand else folders.get(p['name'], [])
    if not cands:
        cands = [d for ds in folders.values() for d in ds if ('"%s"' % p['name']) in open(os.path.join(d, 'Project.swift')).read()]
    if len(cands) != 1:
        unplaced.append(p['name']); continue
    by_folder[os.path.realpath(cands[0])] = p
# One project left and one manifest folder left: that is its folder (a name a helper builds).
claimed = set(by_folder)
free = sorted({os.path.realpath(d) for ds in folders.values() for d in ds} - claimed)
if len(unplaced) == 1 and len(free) == 1:
    by_folder[free[0]] = next(p for p in projects if p['name'] == unplaced[0]); unplaced = []
# Tuist's package list: the local packages it names, and the products (with their targets) each vends.
vended = {}
listed = []
list_file = os.path.join(root, 'Tuist', 'Package.swift')
if os.path.isfile(list_file):
    for path in re.findall(r'\.package\(\s*path:\s*"([^"]*)"', open(list_file).read()):
        folder = os.path.realpath(os.path.join(root, 'Tuist', path))
        if not os.path.isfile(os.path.join(folder, 'Package.swift')): continue
        listed.append(folder)
        dump = subprocess.run(['swift', 'package', 'dump-package', '--package-path', folder],
                              capture_output=True, text=True, timeout=300)
        for product in json.loads(dump.stdout).get('products', []) if dump.returncode == 0 else []:
            vended.setdefault(product['name'], [(folder, t) for t in product['targets']])
targets, edges, externals, local_edges = set(), set(), set(), set()
for folder, p in by_folder.items():
    for t in p['targets']:
        src = (folder, t['name'])
        targets.add(src)
        for d in t['dependencies']:
            kind, body = next(iter(d.items()))
            if kind == 'target':
                edges.add((src, (folder, body['name'])))
            elif kind == 'project':
                path = body['path']
                base = root if path['type'] == 'relativeToRoot' else folder
                caller = path.get('callerPath') or ''
                if path['type'] == 'relativeToCurrentFile' and '/src/' in caller:
                    # The file that wrote it, as compiled from a copy of the root in a temporary
                    # folder (`…/src/Tuist/ProjectDescriptionHelpers/X.swift`): its folder in ROOT.
                    base = os.path.dirname(os.path.join(root, caller.split('/src/', 1)[1]))
                other = os.path.realpath(os.path.join(base, path['pathString']))
                if other not in by_folder:
                    print('unresolved', src, body); continue
                edges.add((src, (other, body['target'])))
            elif kind == 'external':
                externals.add((src, body['name']))
                local_edges.update((src, t) for t in vended.get(body['name'], []))
            elif kind == 'package':
                externals.add((src, body['product']))
# modgraph's side: each Tuist project's targets by the folder of its Project.swift, the rest external.
g = json.load(open(graph))
folder_of = {pkg['identity']: os.path.realpath(os.path.join(graph_base, os.path.dirname(pkg['path'])))
             for pkg in g['packages'] if pkg['origin'] == 'project' and pkg['path'].endswith('Project.swift')}
key = {t['id']: (folder_of[t['package']], t['name']) for t in g['targets'] if t['package'] in folder_of}
gt = set(key.values())
ge = {(key[e['from']], key[e['to']]) for e in g['edges'] if e['from'] in key and e['to'] in key}
gx = {(key[e['from']], e['product'] or e['to'].split('/', 1)[1]) for e in g['edges'] if e['from'] in key and e['to'] not in key}
# modgraph's edges into the packages the list names, by the package's folder.
listed_of = {pkg['identity']: os.path.realpath(os.path.join(graph_base, pkg['path'])) for pkg in g['packages']
             if pkg['origin'] in ('root', 'local') and pkg['path'] is not None
             and os.path.realpath(os.path.join(graph_base, pkg['path'])) in listed}
gl = {(key[e['from']], (listed_of[e['to'].split('/', 1)[0]], e['to'].split('/', 1)[1])) for e in g['edges']
      if e['from'] in key and e['to'].split('/', 1)[0] in listed_of}
print('projects', len(projects), 'unplaced', unplaced)
print('targets: independent %d / modgraph %d / same %d' % (len(targets), len(gt), len(targets & gt)))
print('target edges: independent %d / modgraph %d / same %d' % (len(edges), len(ge), len(edges & ge)))
print('external edges: independent %d / modgraph %d / same %d' % (len(externals), len(gx), len(externals & gx)))
if listed:
    print('edges into the list\'s local packages (%d): independent %d / modgraph %d / same %d'
          % (len(listed), len(local_edges), len(gl), len(local_edges & gl)))
for x in sorted(local_edges ^ gl)[:10]: print(' local package edge diff', x, x in local_edges)
for x in sorted(targets ^ gt)[:10]: print(' target diff', x, x in targets)
for x in sorted(edges ^ ge)[:10]: print(' edge diff', x, x in edges)
for x in sorted(externals ^ gx)[:10]: print(' external diff', x, x in externals)
