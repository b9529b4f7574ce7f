// a's second done() comes while b runs.
it('a', (d) => { d(); setTimeout(d, 100); });
it('b', (d) => { setTimeout(d, 400); });
