/**
 * The islands' client renderer: @astrojs/preact's, with Preact's effects run as React runs its passive effects — in a
 * task of their own right after the render (a message to a MessageChannel) — instead of after the next animation
 * frame (requestAnimationFrame raced against a 100 ms timer). An effect then never waits on the timers: a dialog
 * that an effect opens opens in a background tab too, and a countdown that an effect starts starts when its render
 * is done, which is also what the tests' paused Playwright clock expects.
 */
import hydrateIsland from '@astrojs/preact/client.js';
import { options } from 'preact';

let queued: (() => void)[] = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  const run = queued;
  queued = [];
  for (const flush of run) flush();
};
options.requestAnimationFrame = (flush) => {
  queued.push(flush);
  if (queued.length === 1) channel.port2.postMessage(undefined);
};

export default hydrateIsland;
