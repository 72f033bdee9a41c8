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

/** The next task: scheduler.yield() where the browser has it (the rest of the page's work keeps its place), else a timer. */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * An island hydrates in a task of its own, not in the one that evaluated its modules: on a slow phone the two together
 * made one long task (a trace of /profile: 8 ms of module evaluation, then 7 ms of hydration and its first effects,
 * × the phone's slowdown), which blocks input as long as both. An island that hydrates on the visitor's first
 * interaction (client:interaction) hydrates at once: the boot script is holding that interaction for it.
 */
export default (element: HTMLElement) => {
  const hydrate = hydrateIsland(element);
  return async (...args: Parameters<typeof hydrate>) => {
    if (element.getAttribute('client') !== 'interaction') await nextTask();
    return hydrate(...args);
  };
};
