"""Checks the json reporter's documents of this case: python3 check.py <dir> <base url>."""
import json
import sys

out, base = sys.argv[1], sys.argv[2]
problems = []


def expect(cond, what):
    if not cond:
        problems.append(what)


def load(name):
    with open(f"{out}/{name}", encoding="utf-8") as f:
        return json.load(f)


users = load("wdio-0-0-json-reporter.log")
expect(users["cid"] == "0-0", "cid")
expect(users["spec"] == "specs/a-users.spec.js", "spec")
expect(users["specs"][0].endswith("/specs/a-users.spec.js"), "specs")
expect(users["capabilities"]["browserVersion"] == "stable", "capabilities")
expect(users["framework"] == "mocha", "framework")
expect(users["passed"] is False, "passed")
expect(users["state"] == {"passed": 2, "failed": 1, "skipped": 1, "retried": 0},
       f"state {users['state']}")
expect(users["start"] <= users["end"], "start/end")
expect("error" not in users, "no job error")
names = [s["name"] for s in users["suites"]]
expect(names == ["Users API", "admin"], f"suites {names}")
top = users["suites"][0]
expect(top["fullTitle"] == "Users API", "fullTitle")
expect(isinstance(top["duration"], (int, float)) and top["duration"] > 0, "suite duration")
expect([x["method"] + " " + x["url"] for x in top["beforeAll"]] == [f"POST {base}/reset"],
       f"beforeAll {top['beforeAll']}")
tests = {t["name"]: t for t in top["tests"]}
expect(list(tests) == ["lists users", "gets a missing user", "is pending"], f"tests {list(tests)}")
lists = tests["lists users"]
expect(lists["state"] == "passed", "lists state")
expect(lists["fullTitle"] == "Users API lists users", "lists fullTitle")
expect(isinstance(lists["duration"], (int, float)), "lists duration")
ex = lists["exchanges"]
expect(len(ex) == 1, f"lists exchanges {ex}")
if ex:
    e = ex[0]
    expect(e["method"] == "GET" and e["url"] == f"{base}/users", "exchange url")
    expect(e["status"] == 200 and e["statusText"] == "OK", "exchange status")
    expect(isinstance(e["duration"], (int, float)) and isinstance(e["time"], (int, float)),
           "exchange duration/time")
    hdrs = {k.lower(): v for k, v in e["request"]["headers"].items()}
    expect(hdrs.get("x-api-key") == "****", f"masked header {hdrs}")
    expect(e["response"]["body"].startswith("["), "response body")
    expect(e["response"]["size"] >= len(e["response"]["body"]), "response size")
    expect("type" not in e and "cid" not in e, "routing members dropped")
missing = tests["gets a missing user"]
expect(missing["state"] == "failed", "missing state")
expect(missing["error"] == "Expected status 200, but received 404", "missing error")
expect(missing["errorType"] == "Error", "errorType")
expect("a-users.spec.js:13" in missing["standardError"], f"stack {missing['standardError']}")
expect(missing["exchanges"][0]["status"] == 404, "missing exchange")
expect(tests["is pending"]["state"] == "skipped", "pending state")
admin = users["suites"][1]
expect(admin["fullTitle"] == "Users API admin", "admin fullTitle")
expect(admin["tests"][0]["exchanges"][0]["url"] == f"{base}/users?role=admin", "query")

crash = load("wdio-0-1-json-reporter.log")
expect(crash["passed"] is False, "crash passed")
expect(crash["error"]["name"] == "WorkerCrash", f"crash error {crash.get('error')}")
expect("killed by signal 6" in crash["error"]["message"], "crash message")
ctests = crash["suites"][0]["tests"]
expect([t["state"] for t in ctests] == ["passed", "failed"], f"crash states {ctests}")
expect(ctests[1].get("aborted") is True, "aborted")
expect(len(ctests[1]["exchanges"]) == 1, "exchange before the crash")

if problems:
    print("json report problems:\n  " + "\n  ".join(problems))
    sys.exit(1)
