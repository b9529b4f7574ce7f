// The CPU-heavy spec of the JIT policy experiment (bench/jit.sh, docs/performance.md): loops,
// 1 MB of JSON, a schema check of 10 000 items. Needs no server.
describe('cpu heavy', () => {
  it('loops: a sieve and string work', () => {
    const n = 3000000, sieve = new Uint8Array(n + 1);
    let count = 0;
    for (let i = 2; i <= n; i++) {
      if (sieve[i]) continue;
      count++;
      for (let j = i * 2; j <= n; j += i) sieve[j] = 1;
    }
    if (count !== 216816) throw new Error('primes ' + count);
    let s = 0;
    for (let i = 0; i < 300000; i++) s += String(i).split('').reverse().join('').length;
    if (s < 1) throw new Error('s');
  });
  it('JSON of 1 MB, parsed and written 20 times', () => {
    const items = [];
    for (let i = 0; i < 8000; i++) items.push({ id: i, name: 'item ' + i, tags: ['a', 'b', 'c'], price: i * 1.5, ok: i % 2 === 0 });
    const text = JSON.stringify(items);
    if (text.length < 500000) throw new Error('len ' + text.length);
    for (let k = 0; k < 20; k++) {
      const back = JSON.parse(text);
      if (JSON.stringify(back).length !== text.length) throw new Error('roundtrip');
    }
  });
  it('schema validation of 10 000 items', () => {
    const schema = { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', minimum: 0 }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } } };
    const data = [];
    for (let i = 0; i < 10000; i++) data.push({ id: i, name: 'n' + i, tags: ['x', 'y'] });
    expect({ status: 200, headers: new Headers({ 'content-type': 'application/json' }), data }).toMatchSchema(schema);
  });
});
