"""Aspect ratio and time of `modgraph graph PATH --format svg` for each PATH (docs/diagrams.md).

usage: MODGRAPH=.build/release/modgraph python3 scripts/measure-diagrams.py PATH [PATH::--option ...]
"""
import os,re,subprocess,sys,tempfile,time
MODGRAPH=os.environ.get("MODGRAPH",".build/debug/modgraph")
def measure(args, out):
    t=time.time()
    r=subprocess.run(args+["--format","svg","-o",out],capture_output=True,text=True,timeout=600)
    dt=time.time()-t
    if r.returncode!=0: return f"fail {r.stderr.strip()[:200]}"
    head=open(out).read(3000)
    m=re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"',head)
    w,h=float(m.group(1)),float(m.group(2))
    return f"{dt:6.2f} s  {w:8.0f} x {h:6.0f} pt  ratio {max(w,h)/min(w,h):5.2f}:1 ({'wide' if w>h else 'tall'})"
folder=tempfile.mkdtemp(prefix="modgraph-measure-")
for spec in sys.argv[1:]:
    name,*rest=spec.split("::")
    print(f"{name:40s}", measure([MODGRAPH,"graph",name]+rest,os.path.join(folder,"graph.svg")), flush=True)
