it('extends its own timeout', function (done) {
  this.timeout(150);
  setTimeout(() => { this.timeout(2000); }, 5);
  setTimeout(done, 400);
});
