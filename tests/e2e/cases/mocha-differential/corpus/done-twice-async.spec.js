it('a', (d) => { d(); setTimeout(d, 5); });
it('b', (d) => { setTimeout(d, 30); });
