it('logs', () => { console.log('hello'); console.error('err'); });
