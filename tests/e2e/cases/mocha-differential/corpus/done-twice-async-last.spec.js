it('a', (d) => { d(); setTimeout(d, 5); });
