"""Checks the files of cucumberOpts.format written by e2e cucumber-formats (one job per
feature: 0-0 is a.feature, 0-1 b.feature): message NDJSON (envelope order, ids that
resolve, statuses, attachments, suggestions), JUnit and the HTML report.
    python3 check.py <out dir>"""
import json
import sys
import xml.etree.ElementTree as ET

out = sys.argv[1]
problems = []


def check(cond, what):
    if not cond:
        problems.append(what)


def messages(cid):
    with open(f"{out}/messages-{cid}.ndjson", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def kinds(envs):
    return [next(iter(e)) for e in envs]


for cid, feature in (("0-0", "Alpha & <beta>"), ("0-1", "Beta")):
    envs = messages(cid)
    k = kinds(envs)
    check(k[0] == "meta" and k[1] == "source" and k[2] == "gherkinDocument", f"{cid}: starts {k[:3]}")
    check(k[-1] == "testRunFinished", f"{cid}: ends with {k[-1]}")
    first_case = k.index("testCase")
    check(k[first_case - 1] == "testRunStarted" and k.index("testCaseStarted") > max(
        i for i, x in enumerate(k) if x == "testCase"), f"{cid}: testCases before the run: {k}")
    check(envs[2]["gherkinDocument"]["feature"]["name"] == feature, f"{cid}: feature name")
    ids = {}
    for e in envs:
        body = next(iter(e.values()))
        if isinstance(body, dict) and "id" in body:
            check(body["id"] not in ids, f"{cid}: id {body['id']} given twice")
            ids[body["id"]] = e
    # Every reference resolves.
    for e in envs:
        (kind, body), = e.items()
        for ref in ("pickleId", "testCaseId", "testCaseStartedId", "testRunStartedId"):
            if ref in body:
                check(body[ref] in ids, f"{cid}: {kind}.{ref} {body[ref]} is no envelope's id")
        for step in body.get("testSteps", []):
            for d in step.get("stepDefinitionIds", []):
                check(d in ids and "stepDefinition" in ids[d], f"{cid}: step definition {d} unknown")
            if "hookId" in step:
                check("hook" in ids.get(step["hookId"], {}), f"{cid}: hook {step['hookId']} unknown")
    # Statuses per pickle name, from the test steps' results.
    results = {}
    cases = {e["testCase"]["id"]: e["testCase"] for e in envs if "testCase" in e}
    pickles = {e["pickle"]["id"]: e["pickle"] for e in envs if "pickle" in e}
    started = {e["testCaseStarted"]["id"]: cases[e["testCaseStarted"]["testCaseId"]] for e in envs
               if "testCaseStarted" in e}
    for e in envs:
        if "testStepFinished" in e:
            f = e["testStepFinished"]
            name = pickles[started[f["testCaseStartedId"]]["pickleId"]]["name"]
            results.setdefault(name, []).append(f["testStepResult"]["status"])
    success = envs[-1]["testRunFinished"]["success"]
    if cid == "0-0":
        want = {
            "passing with output": ["PASSED"] * 4,
            "failing": ["PASSED", "PASSED", "FAILED", "SKIPPED"],
            "undefined": ["PASSED", "PASSED", "UNDEFINED"],
            "rows 1": ["PASSED", "PASSED"],
            "rows 2": ["PASSED", "FAILED"],
        }
        check(results == want, f"{cid}: statuses {results}")
        check(success is False, f"{cid}: success {success}")
        atts = [e["attachment"] for e in envs if "attachment" in e]
        check([(a["body"], a["mediaType"], a["contentEncoding"]) for a in atts] == [
            ("some <text>", "text/plain", "IDENTITY"), ("a line", "text/x.cucumber.log+plain", "IDENTITY")],
            f"{cid}: attachments {atts}")
        sugg = [e["suggestion"] for e in envs if "suggestion" in e]
        check(len(sugg) == 1 and len(sugg[0]["snippets"]) == 2 and
              "{int}" in sugg[0]["snippets"][0]["code"], f"{cid}: suggestion {sugg}")
        failed = [e["testStepFinished"]["testStepResult"] for e in envs if "testStepFinished" in e and
                  e["testStepFinished"]["testStepResult"]["status"] == "FAILED"][0]
        check(failed["exception"] == {"type": "Error", "message": 'it broke & <went> "wrong"',
                                      "stackTrace": failed["message"]}, f"{cid}: exception {failed}")
        hooks = [e["hook"] for e in envs if "hook" in e]
        check([(h["type"], h.get("name")) for h in hooks] == [("BEFORE_TEST_CASE", "reset")], f"{cid}: hooks {hooks}")
        defs = [e["stepDefinition"] for e in envs if "stepDefinition" in e]
        check(len(defs) == 8 and defs[0]["sourceReference"] == {"uri": "steps/steps.js", "location": {"line": 4}},
              f"{cid}: step definitions {defs[:1]}")
    else:
        check(results == {"pending with an image": ["PASSED", "PASSED", "PASSED", "PASSED", "PENDING"]},
              f"{cid}: {results}")
        # Not strict (WebdriverIO's default): a pending step does not fail the run.
        check(success is True, f"{cid}: success {success}")
        atts = [e["attachment"] for e in envs if "attachment" in e]
        check(len(atts) == 3 and atts[0]["mediaType"] == "image/png" and atts[0]["contentEncoding"] == "BASE64"
              and atts[0]["body"].startswith("iVBORw0KGgo"), f"{cid}: attachments {atts}")
        check([(a["body"], a["mediaType"], a["contentEncoding"], a.get("fileName")) for a in atts[1:]] == [
            ("c3RyZWFtZWQgYnl0ZXM=", "text/plain", "BASE64", "stream.txt"),
            ("https://example.com/a\nhttps://example.com/b", "text/uri-list", "IDENTITY", None)],
            f"{cid}: stream and link attachments {atts[1:]}")

# JUnit: cucumber-js's layout.
suite = ET.parse(f"{out}/cucumber-0-0.xml").getroot()
check(suite.tag == "testsuite" and suite.get("tests") == "5" and suite.get("failures") == "3", f"junit {suite.attrib}")
names = [(c.get("classname"), c.get("name")) for c in suite]
check(names == [("Alpha & <beta>", n) for n in ("passing with output", "failing", "undefined", "rows 1", "rows 2")],
      f"junit cases {names}")
failing = suite[1].find("failure")
check(failing is not None and failing.get("message").startswith('Error: it broke & <went> "wrong"'),
      "junit failure message")
check(suite[2].find("failure").get("message") == "Undefined step: And a step nobody wrote with 3 cukes",
      "junit undefined message")
check("When a step fails" in suite[1].find("system-out").text, "junit system-out")
b = ET.parse(f"{out}/cucumber-0-1.xml").getroot()
check(b.get("tests") == "1" and b.get("skipped") == "1" and b.get("failures") == "0", f"junit 0-1 {b.attrib}")

# HTML: self-contained, escaped, the image inline, the messages embedded.
with open(f"{out}/report-0-0.html", encoding="utf-8") as f:
    html = f.read()
check(html.startswith("<!DOCTYPE html>"), "html doctype")
check("<h2>Alpha &amp; &lt;beta&gt;</h2>" in html, "html feature name escaped")
check("<pre>Error: it broke &amp; &lt;went&gt; &quot;wrong&quot;" in html, "html error escaped")
check("<pre>some &lt;text&gt;</pre>" in html, "html text attachment")
check("src=\"http" not in html and "<script src" not in html and "<link" not in html, "html loads nothing")
embedded = html.split('<script type="application/x-ndjson" id="cucumber-messages">\n', 1)[1].split("</script>", 1)[0]
check([json.loads(l) for l in embedded.splitlines()] == messages("0-0"), "html embeds the messages")
with open(f"{out}/report-0-1.html", encoding="utf-8") as f:
    check('<img alt="attachment" src="data:image/png;base64,iVBORw0KGgo' in f.read(), "html image")

if problems:
    print("\n".join(problems))
    sys.exit(1)
print("ok")
