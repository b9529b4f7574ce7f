// The files of the apiRunner.har run, against the HAR 1.2 schema.
const fs = require('fs');
const schema = JSON.parse(fs.readFileSync('har-1.2.schema.json', 'utf-8'));
for (const [file, n] of [['har-logs/a.spec-0-0.har', 2], ['har-logs/b.spec-0-1.har', 1]]) {
  it(`${file} is HAR 1.2 with ${n} entries`, () => {
    const har = JSON.parse(fs.readFileSync(file, 'utf-8'));
    expect({ status: 200, headers: {}, data: har }).toMatchSchema(schema);
    expect(har.log.entries).toHaveLength(n);
  });
}
