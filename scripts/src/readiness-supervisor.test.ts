import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('polling the instances', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** An instance whose readiness answer the test sets (reasons; none = ready). */
  async function instance(name: string) {
    const state = { reasons: [] as string[] };
    const server = createServer((_request, response) => {
      response.writeHead(state.reasons.length === 0 ? 200 : 503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: { ready: state.reasons.length === 0, reasons: state.reasons } }));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { state, supervised: { name, url: `http://127.0.0.1:${port}`, upstream: `127.0.0.1:${port}` } };
  }

  it('keeps an instance that alone notices the CMS gone, and takes out one unready on its own', async () => {
    const [one, two] = [await instance('adapter-1'), await instance('adapter-2')];
    const applied: string[][] = [];
    const supervisor = new ReadinessSupervisor({
      instances: [one.supervised, two.supervised],
      apply: (down) => applied.push([...down]),
      log: () => undefined,
    });
    // The first to notice a shared cause: no reload of nginx, however long it lasts.
    one.state.reasons = ['cms-unreachable'];
    for (let i = 0; i < 3; i += 1) await supervisor.poll();
    expect(supervisor.markedDown).toEqual([]);
    expect(applied).toEqual([]);
    // Its own cause (its content not loaded, with the CMS still away): out after two polls, back at the first ready one.
    one.state.reasons = ['content-not-loaded', 'cms-unreachable'];
    await supervisor.poll();
    expect(supervisor.markedDown).toEqual([]);
    await supervisor.poll();
    expect(supervisor.markedDown).toEqual([one.supervised.upstream]);
    one.state.reasons = [];
    await supervisor.poll();
    expect(applied).toEqual([[one.supervised.upstream], []]);
  });
});
