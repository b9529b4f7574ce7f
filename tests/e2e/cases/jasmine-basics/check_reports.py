# The reports of report.conf.js: the seed and each pending spec's reason.
import glob, json, sys
import xml.etree.ElementTree as ET

def fail(msg):
    print('check_reports: ' + msg)
    sys.exit(1)

doc = json.load(open('out/wdio-0-0-json-reporter.log'))
if doc.get('seed') != '24680':
    fail('json: seed %r' % doc.get('seed'))
tests = {}
def walk(suites):
    for s in suites:
        for t in s['tests']:
            tests[t['name']] = t
walk(doc['suites'])
if tests['pending with reason'].get('pendingReason') != 'waiting for the API':
    fail('json: pendingReason %r' % tests['pending with reason'].get('pendingReason'))
if tests['disabled'].get('pendingReason') != 'Temporarily disabled with xit':
    fail('json: xit reason %r' % tests['disabled'].get('pendingReason'))
if tests['second']['state'] != 'passed' or 'pendingReason' in tests['second']:
    fail('json: a passed spec %r' % tests['second'])

root = ET.parse('out/junit/results.xml').getroot()
seeds = [p.get('value') for p in root.iter('property') if p.get('name') == 'seed']
if not seeds or set(seeds) != {'24680'}:
    fail('junit: seed properties %r' % seeds)
skipped = {c.get('name'): c.find('skipped') for c in root.iter('testcase')}
if skipped['pending with reason'] is None or skipped['pending with reason'].get('message') != 'waiting for the API':
    fail('junit: skipped message')

results = [json.load(open(f)) for f in glob.glob('out/allure/*-result.json')]
by_name = {r['name']: r for r in results}
p = by_name['pending with reason']
if p['status'] != 'skipped' or p['statusDetails'].get('message') != 'waiting for the API':
    fail('allure: %r' % p['statusDetails'])
if {'name': 'seed', 'value': '24680'} not in by_name['second']['parameters']:
    fail('allure: parameters %r' % by_name['second']['parameters'])
print('check_reports: ok')
