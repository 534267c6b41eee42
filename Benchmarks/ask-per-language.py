#!/usr/bin/env python3
"""A single `listomat ask --locale L --dry-run --json` per language, as a whole process: the
median and fastest wall time of RUNS runs (after five warm-up runs, which write the assistant's
cache of compiled sentences), on a store of 1,000 lists: the language's corpus fixture's names
and numbered copies of them ("Courses 2" …), as the template-hit benchmark has them. The request
is the corpus's first add (English: "add milk to the hardware store list").

    python3 Benchmarks/ask-per-language.py BIN [RUNS]

BIN: e.g. the static build `scripts/install.sh` makes (PREFIX/bin/listomat)."""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

bin_ = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 40
corpus = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Tests', 'ListIntentsTests', 'Corpus')
for L in ['en', 'fr', 'ru', 'zh-Hans', 'ko', 'th']:
    d = tempfile.mkdtemp()
    env = dict(os.environ, XDG_CACHE_HOME=d + '/cache', XDG_CONFIG_HOME=d + '/config', LISTOMAT_HOME=d)
    if L == 'en':
        names = ['Weekly Groceries', 'Hardware Store', 'Pet Shop', 'Gift Shop', 'Books to Read', 'Packing for Lisbon']
        req = 'add milk to the hardware store list'
    else:
        names = [l['name'] for l in json.load(open(f'{corpus}/{L}/fixture.json'))]
        req = next(json.loads(l)['u'] for l in open(f'{corpus}/{L}/utterances.jsonl') if json.loads(l).get('cat') == 'add')
    lists = [{'name': n, 'items': [{'name': 'a', 'done': False}]} for n in names]
    lists += [{'name': f'{names[i % len(names)]} {i // len(names) + 2}', 'items': []} for i in range(1000 - len(names))]
    json.dump(lists, open(d + '/f.json', 'w'))
    subprocess.run([bin_, 'import', d + '/f.json', '--data-dir', d + '/data'], env=env, check=True, capture_output=True)
    cmd = [bin_, 'ask', '--locale', L, '--dry-run', '--json', '--data-dir', d + '/data', req]
    for _ in range(5): subprocess.run(cmd, env=env, capture_output=True)
    ts = []
    for _ in range(runs):
        t = time.perf_counter(); r = subprocess.run(cmd, env=env, capture_output=True); ts.append((time.perf_counter() - t) * 1000)
    state = json.loads(r.stdout).get('state')
    shutil.rmtree(d)
    print(f'{L:8} median {statistics.median(ts):5.1f} ms  min {min(ts):5.1f}  ({state}: {req})')
