const order = [];
it('a', (done) => { setTimeout(() => { order.push(1); }, 5); setTimeout(() => { order.push(2); done(); }, 10); });
it('b', () => { if (order.join() !== '1,2') throw new Error(order.join()); });
