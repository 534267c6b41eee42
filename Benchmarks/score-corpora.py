#!/usr/bin/env python3
"""Scores the assistant on every utterance corpus and prints, per corpus, the accuracy (all
lines, the tune half and the held-out half), how many answers gave up, how many questions (or
lines that ask for nothing) would have changed something, and how many changes made at once
have a value that was not said as a whole phrase or has a function word at an edge.

Usage: Benchmarks/score-corpora.py [LISTOMAT_BINARY] [CORPUS_DIR ...]
                                   [--verbose | --verbose-all] [--changes] [--cross-check] [--summary]

Defaults: .build/release/listomat, and the corpora in ../shared/corpus and
../shared/corpus/external when they are there, else the copies in Tests/ListIntentsTests/Corpus
(paths relative to the checkout, wherever the script is run from). A corpus is a `<name>.jsonl`
with its fixture beside it (`<name>_fixture_<lang>.json` for the external ones,
`fixture<n>_<lang>.json` for ours); the line format is that of `../shared/tools/eval-utterances`.
Where an external corpus has a `_marked` version (`hwu64_en_marked.jsonl`), that one is scored
in place of the unmarked file: same lines, tighter outcomes, the files the project is judged on.

Scoring is strict, as `eval-utterances --strict`: an answer that gives up (state `unsupported`
or `failed`) is a miss even where the line would accept it, unless that outcome says why giving
up is right (`"absent": "list"` or `"item"`: the fixture lacks what was named). Each line is
checked with the official `check` of ../shared/tools/eval-utterances when that file is there
(imported), else with the copy below (`fallback_check`); the first output line says which ran.
--cross-check also runs `eval-utterances --strict` itself on every corpus and prints both
accuracies (they must be equal).

Tune and held-out halves: every line of an external corpus falls in one half by the SHA-1 of
its utterance (NFC, lower case, white space collapsed): an even first byte is "tune", an odd one
"held-out". The rule never changes, so a line keeps its half as lines are added. Tune the
assistant looking at failures of the tune half only (--verbose prints those; --verbose-all
prints every failure), and read the held-out accuracy as the prediction of a score on wording
nobody here has read. Our own corpora have no halves (their columns show "-").

"Questions turned into changes": lines whose accepted intents only answer (looking at a list)
or that expect no intent at all, answered `ready` or `completed` with an intent that changes
data. The target is 0 on every corpus.

"Flagged changes": answers `ready` or `completed` (a dry run: the change would be made at
once) with an intent that changes data (intents.yaml and intents/*.yaml: every intent not
marked `changes: false`), one of whose values
  (a) is not a contiguous run of the utterance's words (both folded as the engine's
      TextNormalizer does: NFKC, case folded, accents and apostrophes dropped, any other
      punctuation a word break), or
  (b) begins or ends with a function word (en/language.yaml `splitting.function_words`, its
      `vague` words and its `edge_words`). Not counted: a number word first in an item of
      more words, its quantity ("one gallon of two percent milk", as digits are never words
      here); and a name for a kind of list (`names.same`: "things to do"), a fixed phrase.
A value equal (folded) to a list or item name of the fixture is a resolved name ("shopping
list" → "Shopping") and is not judged. Judged: every parameter of type list, item or text,
except the words an item parameter takes for "every item" and "the checked items" ("all",
"checked"). Judged by (a) only: a position (`place`: "the top"), and a value the utterance
quotes whole (add “The Old Man and the Sea”): its edges are the person's own. --changes prints every change made at once with its values;
flagged ones are always printed. The target is 0 on every corpus.
A change the rules let through whose item or text value says "list" ("kleenex on my list") is
printed as `suspect` and counted in its own column (not in the exit status): read those by eye.

--summary prints, per corpus and half, counts only (never an utterance or a value), so the
held-out half's kinds of failure can be compared with the tune half's without reading its lines:
how each answer was reached (`path` of the JSON: template, span, spelling, classifier, phrase;
none for an answer that understood nothing) against right and wrong; why each miss failed (the
field the line's check first disagreed on: intent, state, list, tasks, parameter…); the misses'
expected intents → the intent and state answered; why an answer gave up (nothing understood, a
list not found, an item not found, other); the words in the values answered (the list, each item)
of hits and misses; and the misses by the corpus's own category (`cat`).

Exit status 1 when any corpus has a question turned into a change or a flagged change.
"""
import collections, glob, hashlib, importlib.machinery, importlib.util, json, os, re, subprocess, sys, tempfile
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared")
OFFICIAL = os.path.join(SHARED, "tools", "eval-utterances")
RESOURCES = os.path.join(ROOT, "Sources", "ListIntents", "Resources")

ANSWERING = {"SearchForNotebookItems", "Help"}
GIVING_UP = ("unsupported", "failed")
LIST_PARAMS = ("title", "targetTaskList", "taskList", "list")
TASK_PARAMS = ("taskTitles", "tasks")
ARTICLES = ("a ", "an ", "the ", "some ")


# ---- The fallback copy of eval-utterances' `check` (keep it the same as the official one). ----

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


def fallback_check(exp, got):
    """Returns '' when got satisfies exp, else a reason."""
    if "intent" in exp and got.get("intent") != exp["intent"]:
        return f"intent {got.get('intent')!r} != {exp['intent']!r}"
    if got.get("state") != exp["state"]:
        return f"state {got.get('state')!r} != {exp['state']!r}"
    params = got.get("parameters") or {}
    if "param" in exp:
        want, p = exp["param"], got.get("parameter")
        if not ((want is None and p is None) or (want == "list" and p in LIST_PARAMS) or (want == "tasks" and p in TASK_PARAMS)):
            return f"parameter {p!r} is not the {want!r} parameter"
    if "list" in exp:
        v = pick(params, LIST_PARAMS)
        if v is None or norm(as_list(v)[0]) != norm(exp["list"]):
            return f"list {v!r} != {exp['list']!r}"
    if "list_like" in exp:
        v = pick(params, LIST_PARAMS)
        strip = lambda s: norm(s).removesuffix(" list").removeprefix("my ").strip()
        if v is None or strip(as_list(v)[0]) != strip(exp["list_like"]):
            return f"list {v!r} is not {exp['list_like']!r} as said"
    if "tasks" in exp:
        v = [norm(t) for t in as_list(pick(params, TASK_PARAMS))]
        if v != [norm(t) for t in exp["tasks"]]:
            return f"tasks {v!r} != {exp['tasks']!r}"
    if "content" in exp:
        v = [norm(t) for t in as_list((params or {}).get("content"))]
        if v != [norm(t) for t in as_list(exp["content"])]:
            return f"content {v!r} != {exp['content']!r}"
    if "status" in exp:
        v = params.get("status")
        if v is None or norm(v) != norm(exp["status"]):
            return f"status {v!r} != {exp['status']!r}"
    if "options" in exp:
        v = sorted(norm(o) for o in as_list(got.get("options")))
        if v != sorted(norm(o) for o in exp["options"]):
            return f"options {got.get('options')!r} != {exp['options']!r}"
    return ""


def load_check():
    """The official scorer's `check` when ../shared/tools/eval-utterances is there, else the copy."""
    if os.path.isfile(OFFICIAL):
        try:
            loader = importlib.machinery.SourceFileLoader("eval_utterances", OFFICIAL)
            module = importlib.util.module_from_spec(importlib.util.spec_from_loader("eval_utterances", loader))
            loader.exec_module(module)
            if callable(getattr(module, "check", None)):
                return module.check, f"check of {os.path.relpath(OFFICIAL)} (imported)"
        except Exception as e:  # a broken or changed scorer: say so and use the copy
            return fallback_check, f"fallback copy in score-corpora.py ({OFFICIAL} did not load: {e})"
    return fallback_check, "fallback copy in score-corpora.py (no ../shared/tools/eval-utterances)"


def expected_outcomes(case):
    """The outcomes a line accepts under --strict, as eval-utterances' main() builds them."""
    outcomes = case.get("accept") or [case]
    if "accept" in case:
        outcomes = [o for o in outcomes if o.get("state") not in GIVING_UP or o.get("absent")] or outcomes
    exps = []
    for o in outcomes:
        exp = dict(o)
        for k in ("intent", "content"):
            if k in case and k not in exp:
                exp[k] = case[k]
        exps.append(exp)
    return exps


# ---- Tune and held-out halves. ----

def half(utterance):
    key = " ".join(unicodedata.normalize("NFC", utterance).lower().split())
    return "held-out" if hashlib.sha1(key.encode("utf-8")).digest()[0] % 2 else "tune"


# ---- Values of changes made at once. ----

APOSTROPHES = "'\u2019\u02bc"


def is_word_character(c):
    if c.isascii():
        return c.isalnum() or c == "&"
    return not (c.isspace() or unicodedata.category(c)[0] in "PCZ")


def fold_words(text):
    """The engine's TextNormalizer: NFKC, case folded, accents dropped, an apostrophe inside a
    word dropped ("What’s" → "whats"), any other character that is no letter, digit or & (and,
    beyond ASCII, no symbol) a word break."""
    words, word = [], ""
    for c in str(text) + " ":
        if is_word_character(c) or (c in APOSTROPHES and word):
            word += c
            continue
        word = word.rstrip(APOSTROPHES)
        if word:
            w = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", word).casefold())
            w = "".join(ch for ch in w if ch not in APOSTROPHES and unicodedata.category(ch) not in ("Mn", "Me"))
            if w:
                words.append(unicodedata.normalize("NFC", w).lower())
        word = ""
    return words


def load_yaml(path):
    import yaml
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def load_schema():
    """{intent: {parameter: type}} of the intents that change data."""
    changing = {}
    defs = dict(load_yaml(os.path.join(RESOURCES, "intents.yaml")))
    for path in sorted(glob.glob(os.path.join(RESOURCES, "intents", "*.yaml"))):
        d = load_yaml(path)
        defs[d["intent"]] = d
    for name, d in defs.items():
        if d.get("changes", True) is not False:
            changing[name] = {p["name"]: p.get("type", "text") for p in d.get("parameters") or []}
    return changing


def load_edge_words(lang="en"):
    splitting = load_yaml(os.path.join(RESOURCES, lang, "language.yaml"))["splitting"]
    words = set()
    for key in ("function_words", "vague", "edge_words"):
        for w in splitting.get(key) or []:
            words.update(fold_words(w))
    return words


def load_kind_names(lang="en"):
    """The names people use for a kind of list (names.same: "things to do", "to buy"): fixed
    phrases, whose last word ("do", "buy") is no function word left at an edge."""
    names = load_yaml(os.path.join(RESOURCES, lang, "language.yaml"))["names"]
    return {tuple(fold_words(n)) for group in names.get("same") or [] for n in group}


# A number said first is an item's quantity ("one gallon of milk", as "2 lemons"), not a word
# that says nothing ("one" of "the red one").
NUMBER_WORDS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                "dozen", "half"}


# The values an item parameter takes that are no names (ListsDomain.allItems, .checkedItems):
# "clear the list", "check off everything", "remove the checked items".
ITEM_KEYWORDS = {"all", "checked"}
QUOTED = re.compile(r"“([^”]+)”|\"([^\"]+)\"")
SAID_ONLY = {"place"}
KIND_NAMES = set()  # filled in main(): load_kind_names()  # a position ("the top", "3"): said, but its words are no name


def fixture_names(fixture):
    names = set()
    for lst in json.load(open(fixture, encoding="utf-8")):
        names.add(tuple(fold_words(lst.get("name", ""))))
        for item in lst.get("items") or []:
            names.add(tuple(fold_words(item.get("name", ""))))
    return names


def contiguous(words, said):
    n = len(words)
    return n > 0 and any(said[i:i + n] == words for i in range(len(said) - n + 1))


def judge_change(got, schema, edge_words, names):
    """Reasons (one per bad value) why a change made at once took a value nobody said as such,
    and reasons to doubt a value the rules let through (not counted)."""
    said = fold_words(got.get("utterance", ""))
    quoted = {tuple(fold_words(a or b)) for a, b in QUOTED.findall(got.get("utterance", ""))}
    intent = got.get("intent")
    reasons, doubts = [], []
    for param, kind in schema[intent].items():
        if kind not in ("list", "item", "text"):
            continue
        for value in as_list((got.get("parameters") or {}).get(param)):
            words = fold_words(value)
            if not words:
                reasons.append(f"{param}={value!r}: empty")
                continue
            if tuple(words) in names or (kind == "item" and " ".join(words) in ITEM_KEYWORDS):
                continue
            if not contiguous(words, said):
                reasons.append(f"{param}={value!r}: not said as a whole phrase")
            if kind in ("item", "text") and {"list", "lists"} & set(words):
                doubts.append(f"{param}={value!r}: says 'list' (a list's name inside an item's?)")
            if param in SAID_ONLY or tuple(words) in quoted or tuple(words) in KIND_NAMES:
                continue
            first = words[0] if not (kind in ("item", "text") and len(words) > 1 and words[0] in NUMBER_WORDS) else None
            edges = {w for w in (first, words[-1]) if w in edge_words}
            if edges:
                reasons.append(f"{param}={value!r}: {'/'.join(sorted(edges))!r} at an edge")
    return reasons, doubts


# ---- Running the binary. ----

def fixture_for(corpus):
    folder, name = os.path.split(corpus)
    stem = name[:-len(".jsonl")].removesuffix("_marked")
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
            if not line.strip():
                continue
            try:
                answers.append(json.loads(line))
            except json.JSONDecodeError:
                answers.append({})
        return answers + [{}] * (len(cases) - len(answers))


def is_external(corpus):
    return os.path.basename(os.path.dirname(os.path.abspath(corpus))) == "external"


Result = collections.namedtuple("Result", "n good tune tune_good held held_good gave_up questions changed made flagged suspect")


def score(binary, corpus, check, schema, edge_words, opts):
    fixture = fixture_for(corpus)
    if fixture is None:
        return None
    external = is_external(corpus)
    names = fixture_names(fixture)
    list_names = [fold_words(lst.get("name", "")) for lst in json.load(open(fixture, encoding="utf-8"))]
    cases = [json.loads(l) for l in open(corpus, encoding="utf-8") if l.strip()]
    answers = run(binary, fixture, cases)
    counts = collections.Counter()
    label = os.path.basename(corpus)
    for case, got in zip(cases, answers):
        part = half(case["u"]) if external else None
        exps = expected_outcomes(case)
        reasons = [check(e, got) for e in exps]
        ok = "" in reasons
        counts["good"] += ok
        if part:
            counts[part] += 1
            counts[part + " good"] += ok
        if got.get("state") in GIVING_UP:
            counts["gave_up"] += 1
        intents = {e.get("intent") for e in exps}
        changes_now = got.get("state") in ("ready", "completed") and got.get("intent") in schema
        if all(i is None or i in ANSWERING for i in intents):
            counts["questions"] += 1
            if changes_now:
                counts["changed"] += 1
                print(f"  QUESTION→CHANGE [{label}{' ' + part if part else ''}] {case['u']!r} -> "
                      f"{got.get('intent')} {json.dumps(got.get('parameters'), ensure_ascii=False)}")
        if changes_now:
            counts["made"] += 1
            flags, doubts = judge_change(got, schema, edge_words, names)
            counts["flagged"] += bool(flags)
            counts["suspect"] += bool(doubts) and not flags
            if flags or doubts or opts["changes"]:
                values = " ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in (got.get("parameters") or {}).items())
                print(f"  {'FLAGGED' if flags else 'suspect' if doubts else 'change'} [{label}{' ' + part if part else ''}] "
                      f"{case['u']!r} -> {got.get('intent')} {values}" + "".join(f"\n      ! {r}" for r in flags)
                      + "".join(f"\n      ? {r}" for r in doubts))
        if opts["summary"] is not None:
            summarize_line(opts["summary"][label][part or "all"], case, exps, got, ok, reasons, list_names)
        shown = opts["verbose_all"] or (opts["verbose"] and part != "held-out")
        if shown and not ok:
            # The reason of an outcome with the intent answered, when one has it.
            why = next((r for r in reasons if not r.startswith("intent ")), reasons[0])
            print(f"  miss [{label}{' ' + part if part else ''}] {case['u']!r} -> {got.get('state')} "
                  f"{got.get('intent')} {json.dumps(got.get('parameters'), ensure_ascii=False)} ({why})")
    return Result(len(cases), counts["good"], counts["tune"], counts["tune good"], counts["held-out"],
                  counts["held-out good"], counts["gave_up"], counts["questions"], counts["changed"],
                  counts["made"], counts["flagged"], counts["suspect"])


# ---- --summary: counts of how lines were answered, never a line or a value. ----

def gave_up_why(got):
    """Why an answer gave up, from its intent and the kind of sentence it said (not its values)."""
    response = got.get("response") or ""
    if not got.get("intent"):
        return "not understood (no intent)"
    if "can't find a list" in response:
        return "a named list not found"
    if " has no item " in response or "can't find" in response:
        return "a named item not found"
    return "other"


def words_bucket(n):
    return str(n) if n < 4 else "4+"


def holds_name(value, list_names):
    """Whether the words of a value hold one of the fixture's list names (singular or plural)."""
    words = [w.removesuffix("s") for w in fold_words(value)]
    return any(contiguous([w.removesuffix("s") for w in name], words) for name in list_names)


def summarize_line(counts, case, exps, got, ok, reasons, list_names):
    """Adds one line's answer to the counts of its corpus and half (keys: (table, row))."""
    verdict = "hit" if ok else "miss"
    counts[("lines", verdict)] += 1
    counts[("path", f"{got.get('path') or 'none'}{' (guess)' if got.get('guess') else ''} · {verdict}")] += 1
    params = got.get("parameters") or {}
    lists = as_list(pick(params, LIST_PARAMS))
    counts[("list value words", f"{words_bucket(len(fold_words(lists[0]))) if lists else 'none'} · {verdict}")] += 1
    for item in as_list(pick(params, TASK_PARAMS)):
        counts[("item value words", f"{words_bucket(len(fold_words(item)))} · {verdict}")] += 1
    if got.get("state") in GIVING_UP:
        counts[("gave up", f"{gave_up_why(got)} · {verdict}")] += 1
        counts[("gave up: category", f"{gave_up_why(got)} · {case.get('cat') or '-'} · {verdict}")] += 1
        if lists and gave_up_why(got) == "a named list not found":
            counts[("list not found: words tried, one of the fixture's names inside", f"{words_bucket(len(fold_words(lists[0])))} words, "
                    f"{'a name inside' if holds_name(lists[0], list_names) else 'no name inside'} · {verdict}")] += 1
    if not got.get("intent"):
        n = len(fold_words(case["u"]))
        size = "1-3" if n <= 3 else "4-6" if n <= 6 else "7-10" if n <= 10 else "11+"
        says = "says list" if {"list", "lists"} & set(fold_words(case["u"])) else "no 'list'"
        counts[("not understood: words in the request", f"{size} words, {says} · {verdict}")] += 1
    if ok:
        return
    intents = sorted({e.get("intent") or "none" for e in exps})
    expected = "|".join(intents) if len(intents) <= 3 else f"one of {len(intents)} intents"
    counts[("miss: expected → answered", f"{expected} → {got.get('intent') or 'none'} {got.get('state')} ({got.get('path') or '-'})")] += 1
    # The reason of an outcome with the intent answered, when one has it (as --verbose shows).
    why = next((r for r in reasons if not r.startswith("intent ")), reasons[0])
    counts[("miss: field that disagreed", why.split(" ", 1)[0])] += 1
    counts[("miss: category", case.get("cat") or "-")] += 1


def print_summary(summary):
    for label, halves in summary.items():
        parts = [p for p in ("tune", "held-out", "all") if p in halves]
        totals = {p: sum(v for (t, _), v in halves[p].items() if t == "lines") for p in parts}
        print(f"\nsummary of {label} ({', '.join(f'{p} {totals[p]} lines' for p in parts)}; % of the half's lines)")
        tables = []
        for p in parts:
            for table, _ in halves[p]:
                if table not in tables:
                    tables.append(table)
        for table in tables:
            rows = collections.Counter()
            for p in parts:
                for (t, row), v in halves[p].items():
                    if t == table:
                        rows[row] += v
            print(f"  {table}")
            for row, _ in sorted(rows.items(), key=lambda kv: (-kv[1], kv[0])):
                cells = "".join(f" {halves[p][(table, row)]:5d} {pct(halves[p][(table, row)], totals[p]):>6s}" for p in parts)
                print(f"    {row[:72]:72s}{cells}")


def official_accuracy(binary, fixture, corpus):
    r = subprocess.run([sys.executable, OFFICIAL, binary, fixture, corpus, "--strict"], capture_output=True, text=True)
    m = re.search(r"accuracy: ([\d.]+)% \((\d+)/(\d+)\)", r.stdout)
    return (int(m.group(2)), int(m.group(3))) if m else None


def pct(k, n):
    return f"{100.0 * k / n:.1f}%" if n else "-"


def main():
    flags = {a for a in sys.argv[1:] if a.startswith("--")}
    unknown = flags - {"--verbose", "--verbose-all", "--changes", "--cross-check", "--summary"}
    if unknown:
        sys.exit(f"unknown option {' '.join(sorted(unknown))}\n{__doc__}")
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opts = {"verbose": "--verbose" in flags, "verbose_all": "--verbose-all" in flags, "changes": "--changes" in flags,
            "summary": collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
            if "--summary" in flags else None}
    binary = args[0] if args else os.path.join(ROOT, ".build", "release", "listomat")
    dirs = args[1:]
    if not dirs:
        shared = os.path.join(SHARED, "corpus")
        ours = os.path.join(ROOT, "Tests", "ListIntentsTests", "Corpus")
        dirs = ([shared, os.path.join(shared, "external")] if os.path.isdir(shared) else []) + [
            ours, os.path.join(ours, "external")]
    # The assistant speaks English so far; a corpus appears once, from the first folder holding
    # it, and its _marked version (when there is one) in its place.
    seen, corpora = set(), []
    for d in dirs:
        for c in sorted(glob.glob(os.path.join(d, "*_en.jsonl"))):
            name = os.path.basename(c)
            if name in seen:
                continue
            seen.add(name)
            marked = c[:-len(".jsonl")] + "_marked.jsonl"
            corpora.append(marked if os.path.exists(marked) else c)
    check, which = load_check()
    schema, edge_words = load_schema(), load_edge_words()
    KIND_NAMES.update(load_kind_names())
    print(f"scoring: strict, with the {which}")
    print(f"halves: SHA-1 of the NFC lower-cased utterance, even first byte = tune; changing intents: "
          f"{len(schema)} ({', '.join(sorted(schema))})")
    rows, bad = [], 0
    for corpus in corpora:
        result = score(binary, corpus, check, schema, edge_words, opts)
        if result is not None:
            rows.append((corpus, result))
            bad += result.changed + result.flagged
    print()
    print(f"{'corpus':56s} {'lines':>5s} {'all':>7s} {'tune':>7s} {'held-out':>8s} {'gave up':>7s} "
          f"{'questions→changes':>17s} {'flagged changes':>15s} {'suspect':>7s}")
    for corpus, r in rows:
        split = (pct(r.tune_good, r.tune), pct(r.held_good, r.held)) if r.tune + r.held else ("-", "-")
        print(f"{os.path.relpath(corpus, ROOT):56s} {r.n:5d} {pct(r.good, r.n):>7s} {split[0]:>7s} {split[1]:>8s} "
              f"{r.gave_up:7d} {f'{r.changed} of {r.questions}':>17s} {f'{r.flagged} of {r.made}':>15s} {r.suspect:7d}")
    if opts["summary"] is not None:
        print_summary(opts["summary"])
    if "--cross-check" in flags:
        print()
        if not os.path.isfile(OFFICIAL):
            print("cross-check: no ../shared/tools/eval-utterances")
        for corpus, r in rows if os.path.isfile(OFFICIAL) else []:
            theirs = official_accuracy(binary, fixture_for(corpus), corpus)
            same = theirs == (r.good, r.n)
            print(f"cross-check {os.path.relpath(corpus, ROOT)}: here {r.good}/{r.n}, eval-utterances --strict "
                  f"{'%d/%d' % theirs if theirs else '?'}{'' if same else '  DIFFERENT'}")
            bad += not same
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
