it('two params', function (done, extra) { done(); });
