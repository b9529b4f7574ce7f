it('has file', function () { if (!/iface-test-file-prop\.spec\.js$/.test(this.test.file)) throw new Error('file ' + this.test.file); });
