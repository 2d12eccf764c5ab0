// A Jest reporter for tests/run-all.js: writes one line per suite started and finished to the file
// in POS_JEST_PROGRESS, so when a lane runs out of time run-all can name the suites still running
// (the one that hangs) and those that never started.
const fs = require('node:fs');

class ProgressReporter {
  constructor() {
    this.file = process.env.POS_JEST_PROGRESS;
  }

  write(event, path, extra = '') {
    if (!this.file) return;
    fs.appendFileSync(this.file, `${Date.now()}\t${event}\t${path}${extra ? `\t${extra}` : ''}\n`);
  }

  onTestFileStart(test) {
    this.write('start', test.path);
  }

  onTestFileResult(test, result) {
    const failed = result.numFailingTests > 0 || result.testExecError ? 'failed' : 'passed';
    this.write('end', test.path, failed);
  }

  onRunComplete() {
    this.write('complete', '-');
  }
}

module.exports = ProgressReporter;
