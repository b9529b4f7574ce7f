it('extends its own timeout', function (done) {
  this.timeout(30);
  setTimeout(() => { this.timeout(300); }, 5);
  setTimeout(done, 80);
});
