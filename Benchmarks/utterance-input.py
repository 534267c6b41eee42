#!/usr/bin/env python3
"""Writes N utterance lines for the throughput scripts (ask-throughput.sh, hassil-rate.sh):
both test corpora's utterances (every intent, state and resolution band), cycled.

Usage: utterance-input.py CORPUS_DIR N OUT
"""
import json, sys

corpus, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
utterances = []
for name in ("utterances_en.jsonl", "utterances2_en.jsonl"):
    utterances += [json.loads(l)["u"] for l in open(f"{corpus}/{name}", encoding="utf-8") if l.strip()]
with open(out, "w", encoding="utf-8") as f:
    for i in range(n):
        f.write(utterances[i % len(utterances)].replace("\n", " ") + "\n")
