"""Checks this case's allure-results: python3 check.py <dir> <base url> [<earlier dir>].

With an earlier run's folder, also checks that every test kept its historyId."""
import glob
import json
import os
import sys

out, base = sys.argv[1], sys.argv[2]
earlier = sys.argv[3] if len(sys.argv) > 3 else None
problems = []


def expect(cond, what):
    if not cond:
        problems.append(what)


def load_all(folder, suffix):
    docs = []
    for path in sorted(glob.glob(f"{folder}/*{suffix}")):
        with open(path, encoding="utf-8") as f:
            docs.append((os.path.basename(path), json.load(f)))
    return docs


results = load_all(out, "-result.json")
by_name = {}
for fname, r in results:
    expect(fname == f"{r['uuid']}-result.json", f"file name {fname}")
    for key in ("uuid", "historyId", "testCaseId", "name", "fullName", "titlePath", "status",
                "statusDetails", "stage", "steps", "attachments", "parameters", "labels",
                "links", "start", "stop"):
        expect(key in r, f"{r.get('name')}: no {key}")
    expect(r["historyId"] == r["testCaseId"] and len(r["historyId"]) == 32, "historyId")
    expect(r["start"] <= r["stop"], f"{r['name']}: start > stop")
    by_name.setdefault(r["name"], []).append(r)

statuses = sorted((r["name"], r["status"]) for _, r in results)
want = sorted([
    ("gets a user", "passed"), ("checks a missing user", "failed"),
    ("breaks on a missing field", "broken"), ("is flaky", "failed"), ("is flaky", "passed"),
    ("is pending", "skipped"), ("filters by role", "passed"), ("passes first", "passed"),
    ("dies mid-test", "broken"), ("specs/c-syntax.spec.js", "broken"),
])
expect(statuses == want, f"statuses {statuses}")


def label(r, name):
    return [l["value"] for l in r["labels"] if l["name"] == name]


user = by_name["gets a user"][0]
expect(user["fullName"] == "specs/a-users.spec.js#Users API gets a user", user["fullName"])
expect(user["titlePath"] == ["specs", "a-users.spec.js", "Users API"], f"{user['titlePath']}")
expect(user["stage"] == "finished", "stage")
expect(label(user, "parentSuite") == ["Users API"], "parentSuite")
expect(label(user, "package") == ["specs.a-users.spec.js"], "package")
expect(label(user, "language") == ["javascript"], "language")
expect(label(user, "framework") == ["wdio"], "framework")
expect(label(user, "thread") == ["0-0"], "thread")
expect(user["parameters"] == [{"name": "browser", "value": "api-stable"}], "parameters")
steps = user["steps"]
expect([s["name"] for s in steps] == ["GET /users/1 → 200"], f"steps {steps}")
step = steps[0]
expect(step["status"] == "passed" and step["stage"] == "finished", "step status")
atts = {a["name"]: a for a in step["attachments"]}
expect(set(atts) == {"Request", "Response"}, f"step attachments {atts}")
with open(f"{out}/{atts['Request']['source']}", encoding="utf-8") as f:
    req = json.load(f)
expect(req["method"] == "GET" and req["url"] == f"{base}/users/1", f"request {req}")
hdrs = {k.lower(): v for k, v in req["headers"].items()}
expect(hdrs.get("authorization") == "****", f"masked {hdrs}")
with open(f"{out}/{atts['Response']['source']}", encoding="utf-8") as f:
    res = json.load(f)
expect(res["status"] == 200 and res["body"]["id"] == 1, f"response {res}")
logs = [a for a in user["attachments"] if a["name"] == "Console Logs"]
expect(len(logs) == 1 and logs[0]["type"] == "text/plain", "console logs attachment")
if logs:
    with open(f"{out}/{logs[0]['source']}", encoding="utf-8") as f:
        expect(f.read().startswith("got "), "console logs text")

missing = by_name["checks a missing user"][0]
expect(missing["statusDetails"]["message"] == "Expected status 200, but received 404",
       f"details {missing['statusDetails']}")
expect("a-users.spec.js:16" in missing["statusDetails"].get("trace", ""), "trace")
expect(missing["steps"][0]["name"] == "GET /users/999 → 404", "404 step")
flaky = by_name["is flaky"]
expect(len({r["historyId"] for r in flaky}) == 1, "retries share a historyId")
admin = by_name["filters by role"][0]
expect(label(admin, "suite") == ["admin"], "suite label")
expect(admin["steps"][0]["name"] == "GET /users?role=admin → 200", "query in step name")
crash = by_name["dies mid-test"][0]
expect("killed by signal 6" in crash["statusDetails"]["message"], "crash message")
expect(len(crash["steps"]) == 1, "the crashed test keeps its exchange")

containers = load_all(out, "-container.json")
expect(len(containers) == 1, f"containers {len(containers)}")
if containers:
    c = containers[0][1]
    uuids = {r["uuid"] for _, r in results if r["fullName"].startswith("specs/a-users")}
    expect(c["name"] == "Users API" and set(c["children"]) == uuids, "container children")
    expect(c["befores"][0]["steps"][0]["name"] == "POST /reset → 200", "before all step")

with open(f"{out}/environment.properties", encoding="utf-8") as f:
    env = f.read()
expect(env == "API = sonde test server\nNODE_ENV = e2e\n", f"environment {env!r}")
expect(not glob.glob(f"{out}/*.tmp*"), "temporary files left")

if earlier:
    def ids(folder):
        return {(r["fullName"], r["status"]): r["historyId"]
                for _, r in load_all(folder, "-result.json")}
    before, now = ids(earlier), ids(out)
    expect(before == now, "historyIds changed between runs")

if problems:
    print("allure results problems:\n  " + "\n  ".join(problems))
    sys.exit(1)
