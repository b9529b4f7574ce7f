// The oracle side of the OpenAPI differential test: for every operation x documented JSON
// response of each corpus document, bodies that satisfy its schema (made by a small
// generator) and mutations of them that do not, each judged by openapi-response-validator
// (npm, test-time only). Writes cases.json for specs/verdicts.spec.js, which asks sonde.
// Usage: node oracle.js <document>...
const fs = require('fs');
const path = require('path');
const Validator = require('openapi-response-validator').default;

function resolve(doc, node, depth = 0) {
  while (node && node.$ref && depth++ < 32) {
    node = node.$ref.slice(2).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((n, t) => (n ? n[t] : undefined), doc);
  }
  return node;
}

// One value that the schema accepts (as far as the generator knows schemas).
function sample(doc, schema, depth = 0) {
  schema = resolve(doc, schema);
  if (!schema || depth > 6) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(doc, s, depth + 1)));
  if (schema.oneOf || schema.anyOf) return sample(doc, (schema.oneOf || schema.anyOf)[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const out = {};
    for (const [k, s] of Object.entries(schema.properties || {})) out[k] = sample(doc, s, depth + 1);
    return out;
  }
  if (type === 'array') return [sample(doc, schema.items || {}, depth + 1)];
  if (type === 'integer') return schema.minimum !== undefined ? Math.ceil(schema.minimum) + 1 : 7;
  if (type === 'number') return 1.5;
  if (type === 'boolean') return true;
  if (type === 'string') {
    const formats = { 'date-time': '2024-01-02T03:04:05Z', date: '2024-01-02', email: 'a@example.com',
      uri: 'https://example.com/', uuid: '123e4567-e89b-12d3-a456-426614174000' };
    return formats[schema.format] || 'text';
  }
  return null;
}

// The sample and what breaks it: each required property dropped, each property given a
// value of another type, the whole value replaced by other types.
function bodies(doc, schema) {
  const good = sample(doc, schema);
  const out = [good, null, 'text', 42, [], {}];
  if (Array.isArray(good) && good.length && good[0] && typeof good[0] === 'object') {
    for (const k of Object.keys(good[0])) {
      const copy = { ...good[0] };
      delete copy[k];
      out.push([copy]);
      out.push([{ ...good[0], [k]: typeof good[0][k] === 'string' ? 5 : 'five' }]);
    }
  } else if (good && typeof good === 'object' && !Array.isArray(good)) {
    for (const k of Object.keys(good)) {
      const copy = { ...good };
      delete copy[k];
      out.push(copy);
      out.push({ ...good, [k]: typeof good[k] === 'string' ? 5 : 'five' });
      out.push({ ...good, [k]: null });
    }
  }
  return out;
}

function basePath(doc) {
  if (doc.swagger) return (doc.basePath || '').replace(/\/$/, '');
  const url = ((doc.servers || [])[0] || {}).url || '';
  const p = url.replace(/^[a-z]+:\/\/[^/]*/i, '').replace(/\{[^}]*\}/g, '');
  return p.replace(/\/$/, '');
}

const cases = [];
for (const file of process.argv.slice(2)) {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  const base = basePath(doc);
  for (const [p, item0] of Object.entries(doc.paths || {})) {
    const item = resolve(doc, item0);
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const op = item && item[method];
      if (!op || !op.responses) continue;
      const validator = new Validator({ responses: op.responses, components: doc.components,
        definitions: doc.definitions });
      for (const [key, resp0] of Object.entries(op.responses)) {
        const resp = resolve(doc, resp0);
        let schema, media = 'application/json';
        if (doc.swagger) schema = resp.schema;
        else {
          const content = resp.content || {};
          media = Object.keys(content).find((m) => /json/.test(m));
          schema = media && content[media].schema;
        }
        if (!schema) continue;
        const status = key === 'default' ? 599 : /XX$/i.test(key) ? Number(key[0]) * 100 + 99 : Number(key);
        for (const body of bodies(doc, schema)) {
          const errors = validator.validateResponse(status, body);
          const label = file.includes('oas-examples/') ? file.split('oas-examples/')[1] : file;
          cases.push({ doc: path.resolve(file), label,
            method: method.toUpperCase(), url: base + p.replace(/\{[^}]*\}/g, '1'), key, status,
            contentType: media, body, oracle: errors ? 'invalid' : 'valid' });
        }
      }
    }
  }
}
fs.writeFileSync('cases.json', JSON.stringify(cases, null, 1));
console.log(`oracle: ${cases.length} cases`);
