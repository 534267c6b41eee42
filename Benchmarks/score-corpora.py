#!/usr/bin/env python3
"""Scores the assistant on every utterance corpus and prints, per corpus, the accuracy, how
many answers gave up, and how many questions (or lines that ask for nothing) would have
changed something.

Usage: Benchmarks/score-corpora.py [LISTOMAT_BINARY] [CORPUS_DIR ...] [--verbose]

Defaults: .build/release/listomat, and the corpora in ../shared/corpus and
../shared/corpus/external when they are there, else the copies in Tests/ListIntentsTests/Corpus.
A corpus is a `<name>.jsonl` with its fixture beside it (`<name>_fixture_<lang>.json` for the
external ones, `fixture<n>_<lang>.json` for ours); the line format is that of
`../shared/tools/eval-utterances`. Scoring is strict: an answer that gives up (state
`unsupported` or `failed`) counts as a miss even where the line would accept it.

"Questions turned into changes": lines whose accepted intents only answer (looking at a list)
or that expect no intent at all, answered `ready` or `completed` with an intent that changes
data. The target is 0 on every corpus.
"""
import collections, glob, json, os, subprocess, sys, tempfile, unicodedata

ANSWERING = {"SearchForNotebookItems", "Help"}
LIST_PARAMS = ("title", "targetTaskList", "taskList", "list")
TASK_PARAMS = ("taskTitles", "tasks")
ARTICLES = ("a ", "an ", "the ", "some ")


def norm(s):
    s = unicodedata.normalize("NFC", str(s)).strip().lower()
    for a in ARTICLES:
        if s.startswith(a):
            s = s[len(a):]
    return s


def as_list(v):
    return [] if v is None else (v if isinstance(v, list) else [v])


def pick(params, names):
    for n in names:
        if n in params and params[n] not in (None, [], ""):
            return params[n]
    return None


def check(exp, got):
    if "intent" in exp and got.get("intent") != exp["intent"]:
        return False
    if got.get("state") != exp["state"]:
        return False
    params = got.get("parameters") or {}
    if "param" in exp:
        want, p = exp["param"], got.get("parameter")
        if not ((want is None and p is None) or (want == "list" and p in LIST_PARAMS) or (want == "tasks" and p in TASK_PARAMS)):
            return False
    if "list" in exp:
        v = pick(params, LIST_PARAMS)
        if v is None or norm(as_list(v)[0]) != norm(exp["list"]):
            return False
    if "tasks" in exp:
        if [norm(t) for t in as_list(pick(params, TASK_PARAMS))] != [norm(t) for t in exp["tasks"]]:
            return False
    if "status" in exp:
        v = params.get("status")
        if v is None or norm(v) != norm(exp["status"]):
            return False
    if "options" in exp:
        if sorted(norm(o) for o in as_list(got.get("options"))) != sorted(norm(o) for o in exp["options"]):
            return False
    return True


def fixture_for(corpus):
    folder, name = os.path.split(corpus)
    stem = name[:-len(".jsonl")]
    if "_" in stem and stem.rsplit("_", 1)[1] in ("en", "fr", "ru", "ko", "zh-hk"):
        base, lang = stem.rsplit("_", 1)
        for candidate in (f"{base}_fixture_{lang}.json", f"{base.replace('-templates', '')}_fixture_{lang}.json",
                          f"{base.replace('utterances', 'fixture')}_{lang}.json"):
            path = os.path.join(folder, candidate)
            if os.path.exists(path):
                return path
    return None


def run(binary, fixture, cases):
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, LISTOMAT_HOME=data, XDG_CONFIG_HOME=data)
        r = subprocess.run([binary, "import", "--data-dir", data, fixture], env=env, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"import of {fixture} failed: {r.stderr.strip()}")
        stdin = "".join(c["u"].replace("\n", " ") + "\n" for c in cases)
        r = subprocess.run([binary, "ask", "--json", "--dry-run", "--data-dir", data], env=env, input=stdin,
                           capture_output=True, text=True)
        answers = []
        for line in r.stdout.splitlines():
            try:
                answers.append(json.loads(line))
            except json.JSONDecodeError:
                answers.append({})
        return answers + [{}] * (len(cases) - len(answers))


def score(binary, corpus, verbose):
    fixture = fixture_for(corpus)
    if fixture is None:
        return None
    cases = [json.loads(l) for l in open(corpus, encoding="utf-8") if l.strip()]
    answers = run(binary, fixture, cases)
    good = gave_up = changed = questions = 0
    for case, got in zip(cases, answers):
        outcomes = case.get("accept") or [case]
        if "accept" in case:
            outcomes = [o for o in outcomes if o.get("state") not in ("unsupported", "failed")] or outcomes
        exps = []
        for o in outcomes:
            exp = dict(o)
            if "intent" in case and "intent" not in exp:
                exp["intent"] = case["intent"]
            exps.append(exp)
        ok = any(check(e, got) for e in exps)
        good += ok
        if got.get("state") in ("unsupported", "failed"):
            gave_up += 1
        intents = {e.get("intent") for e in exps}
        asks_nothing = all(i is None or i in ANSWERING for i in intents)
        if asks_nothing:
            questions += 1
            if got.get("state") in ("ready", "completed") and got.get("intent") not in ANSWERING | {None}:
                changed += 1
                if verbose:
                    print(f"  CHANGE {case['u']!r} -> {got.get('intent')} {got.get('parameters')}")
        if verbose and not ok:
            print(f"  miss {case['u']!r} -> {got.get('state')} {got.get('intent')} {json.dumps(got.get('parameters'))}")
    return len(cases), good, gave_up, questions, changed


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    verbose = "--verbose" in sys.argv
    binary = args[0] if args else ".build/release/listomat"
    dirs = args[1:]
    if not dirs:
        shared = os.path.join("..", "shared", "corpus")
        dirs = ([shared, os.path.join(shared, "external")] if os.path.isdir(shared) else []) + [
            "Tests/ListIntentsTests/Corpus", "Tests/ListIntentsTests/Corpus/external"]
    # The assistant speaks English so far; a corpus appears once, from the first folder holding it.
    seen, corpora = set(), []
    for d in dirs:
        for c in sorted(glob.glob(os.path.join(d, "*_en.jsonl"))):
            if os.path.basename(c) not in seen:
                seen.add(os.path.basename(c))
                corpora.append(c)
    print(f"{'corpus':42s} {'lines':>5s} {'accuracy':>9s} {'gave up':>8s} {'questions→changes':>18s}")
    total_changes = 0
    for corpus in corpora:
        result = score(binary, corpus, verbose)
        if result is None:
            continue
        n, good, gave_up, questions, changed = result
        total_changes += changed
        print(f"{os.path.relpath(corpus):42s} {n:5d} {100.0 * good / n:8.1f}% {gave_up:8d} {changed:8d} of {questions:<6d}")
    sys.exit(1 if total_changes else 0)


if __name__ == "__main__":
    main()
