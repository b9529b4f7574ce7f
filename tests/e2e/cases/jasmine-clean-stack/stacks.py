"""Prints the stacks of the failed tests in a json report (jasmine-clean-stack's case.sh)."""
import json
import sys


def walk(suites):
    for suite in suites:
        for test in suite.get("tests", []):
            stack = (test.get("errorDetails") or {}).get("stack")
            if stack:
                print(stack)
        walk(suite.get("suites", []))


with open(sys.argv[1], encoding="utf-8") as f:
    walk(json.load(f)["suites"])
