function check(cond, msg) {
  if (!cond) throw new Error(msg);
}

describe('timers', () => {
  it('passes extra arguments and clears timeouts', (done) => {
    const cancelled = setTimeout(() => done(new Error('a cleared timer fired')), 10);
    clearTimeout(cancelled);
    setTimeout((a, b) => {
      console.log(`ARGS ${a} ${b}`);
      check(a === 'x' && b === 2, 'arguments');
      setTimeout(done, 30); // long enough for the cleared timer to have fired
    }, 5, 'x', 2);
  });

  it('ticks an interval until it is cleared', (done) => {
    let ticks = 0;
    const id = setInterval(() => {
      ticks++;
      if (ticks === 3) {
        clearInterval(id);
        setTimeout(() => {
          console.log(`TICKS ${ticks}`);
          check(ticks === 3, 'interval kept ticking after clearInterval: ' + ticks);
          done();
        }, 40);
      }
    }, 5);
  });

  it('runs microtasks in Node order', (done) => {
    const order = [];
    Promise.resolve().then(() => order.push('promise1')).then(() => order.push('promise2'));
    queueMicrotask(() => order.push('microtask'));
    (async () => {
      order.push('async-start');
      await null;
      order.push('after-await');
    })();
    order.push('sync');
    setTimeout(() => {
      console.log(`MICRO ${order.join(',')}`);
      done();
    }, 10);
  });

  it('runs setImmediate before setTimeout 0 when scheduled from a timer', (done) => {
    const order = [];
    setTimeout(() => {
      setTimeout(() => order.push('timeout'), 0);
      setImmediate(() => order.push('immediate'));
      queueMicrotask(() => order.push('micro'));
      order.push('timer');
      // Scheduled here, after the timeout above, so it is due after it: scheduled beside
      // the outer timer, a busy machine could make both due in one pass of the loop.
      setTimeout(() => {
        console.log(`FROM-TIMER ${order.join(',')}`);
        done();
      }, 40);
    }, 0);
  });

  it('runs setImmediate before setTimeout 0 after a response arrives', async () => {
    await api.get('/echo');
    const order = [];
    setTimeout(() => order.push('timeout'), 0);
    setImmediate(() => order.push('immediate'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    console.log(`FROM-IO ${order.join(',')}`);
  });

  it('runs immediates set by an immediate on the next turn, after the queue', (done) => {
    const order = [];
    setImmediate(() => {
      order.push('a');
      setImmediate(() => order.push('c'));
    });
    setImmediate(() => order.push('b'));
    const cancelled = setImmediate(() => order.push('cleared'));
    clearImmediate(cancelled);
    setTimeout(() => {
      console.log(`NESTED ${order.join(',')}`);
      done();
    }, 40);
  });

  it('lets I/O in between a chain of immediates', async () => {
    let answered = false;
    const request = api.get('/echo').then(() => {
      answered = true;
    });
    let turns = 0;
    while (!answered && turns < 1000000) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    await request;
    console.log(`CHAIN answered=${answered} within=${turns < 100000}`);
  });

  it("runs an asynchronous API's callback after the immediates queued beside it", (done) => {
    const order = [];
    require('fs').readFile(__filename, () => order.push('fs'));
    setImmediate(() => order.push('immediate'));
    setTimeout(() => {
      console.log(`ASYNC-API ${order.join(',')}`);
      done();
    }, 30);
  });
});
