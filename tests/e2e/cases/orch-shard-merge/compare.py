"""Compares two runs' reports (folders with junit/, allure/, json/ and the spec reporter's
output file): equal once times, durations and the order the jobs ended in are set aside.
Usage: compare.py <run-dir> <spec-output> <other-run-dir> <other-spec-output>"""
import glob
import json
import os
import re
import sys


def spec_blocks(path):
    text = open(path, encoding="utf-8").read()
    text = text.split('"spec" Reporter:', 1)[1]
    text = re.sub(r"\(\d+(\.\d+)?m?s\)", "(T)", text)
    text = re.sub(r"\d\d:\d\d:\d\d", "HH:MM:SS", text)
    # The run's summary follows whichever job block ends last: compared on its own.
    text, _, summary = text.partition("\nSpec Files:")
    blocks = [b.strip() for b in text.split("-" * 66) if b.strip()]
    return sorted(blocks) + ["Spec Files:" + summary.strip()]


def junit(run):
    out = {}
    for f in sorted(glob.glob(os.path.join(run, "junit", "*"))):
        text = open(f, encoding="utf-8").read()
        out[os.path.basename(f)] = re.sub(r'(time|timestamp)="[^"]*"', r'\1="X"', text)
    return out


def allure(run):
    results = []
    for f in glob.glob(os.path.join(run, "allure", "*-result.json")):
        r = json.load(open(f, encoding="utf-8"))
        results.append((r.get("fullName"), r.get("status"),
                        (r.get("statusDetails") or {}).get("message"),
                        len(r.get("attachments") or [])))
    return sorted(results, key=repr)


def json_docs(run):
    out = {}
    for f in sorted(glob.glob(os.path.join(run, "json", "wdio-*-json-reporter.log"))):
        d = json.load(open(f, encoding="utf-8"))
        suites = [(s["name"], s["depth"], [(t["name"], t["state"]) for t in s["tests"]],
                   [(h["name"], h["state"]) for h in s["hooks"]]) for s in d["suites"]]
        out[os.path.basename(f)] = (d["cid"], d["spec"], d["passed"], d["state"], suites)
    return out


def main():
    a_run, a_out, b_run, b_out = sys.argv[1:5]
    problems = []
    for name, fn, a, b in (("spec reporter", spec_blocks, a_out, b_out),
                           ("junit", junit, a_run, b_run), ("allure", allure, a_run, b_run),
                           ("json", json_docs, a_run, b_run)):
        x, y = fn(a), fn(b)
        if not x:
            problems.append(f"{name}: nothing in {a}")
        if x != y:
            problems.append(f"{name} differs:\n  {a}: {x!r}\n  {b}: {y!r}")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print("same")


main()
