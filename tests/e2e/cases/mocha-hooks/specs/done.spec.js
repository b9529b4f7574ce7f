describe('done callbacks', function () {
  it('done() passes', function (done) { setTimeout(() => done(), 10); });
  it('done(error) fails', function (done) { setTimeout(() => done(new Error('boom via done')), 10); });
  it('done(string) fails', function (done) { done('just a string'); });
  it('done twice fails', function (done) { done(); done(); });
  it('next test passes', function () {});
});
