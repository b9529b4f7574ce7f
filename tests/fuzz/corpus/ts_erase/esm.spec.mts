import { Stage } from './lib/stage.ts';

describe('an .mts spec', () => {
  it('runs', () => {
    const stage: Stage = Stage.Report;
    if (stage !== 20) throw new Error(`stage ${stage}`);
  });
});
