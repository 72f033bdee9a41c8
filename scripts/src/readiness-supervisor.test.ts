import { describe, expect, it } from 'vitest';
import { ReadinessSupervisor, upstreamsToMarkDown } from './readiness-supervisor.ts';

describe('which adapter instances nginx skips', () => {
  it('one unready twice in a row while another is ready: that one', () => {
    expect(
      upstreamsToMarkDown([
        { upstream: 'a:1', unreadyPolls: 2 },
        { upstream: 'a:2', unreadyPolls: 0 },
      ]),
    ).toEqual(['a:1']);
  });

  it('one poll is not enough (a slow answer is no reason to move traffic)', () => {
    expect(
      upstreamsToMarkDown([
        { upstream: 'a:1', unreadyPolls: 1 },
        { upstream: 'a:2', unreadyPolls: 0 },
      ]),
    ).toEqual([]);
  });

  it('all unready at once (the CMS, database or Redis away): none, every instance keeps serving from its cache', () => {
    expect(
      upstreamsToMarkDown([
        { upstream: 'a:1', unreadyPolls: 5 },
        { upstream: 'a:2', unreadyPolls: 1 },
      ]),
    ).toEqual([]);
  });
});

describe('a rolling restart holding an instance out', () => {
  it('marks it down at once and puts it back when released', () => {
    const applied: string[][] = [];
    const supervisor = new ReadinessSupervisor({
      instances: [
        { name: 'adapter-1', url: 'http://127.0.0.1:9', upstream: 'a:1' },
        { name: 'adapter-2', url: 'http://127.0.0.1:9', upstream: 'a:2' },
      ],
      apply: (down) => applied.push([...down]),
      log: () => undefined,
    });
    supervisor.hold('a:1');
    expect(supervisor.markedDown).toEqual(['a:1']);
    supervisor.release('a:1');
    expect(applied).toEqual([['a:1'], []]);
  });
});
