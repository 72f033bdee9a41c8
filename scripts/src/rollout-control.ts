import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { CommandError, processRuns } from './processes.ts';
import type { RunningScaleStack } from './scale.ts';

/** What a rollout has done so far (written by the ./portal process that runs the profile, read by `./portal rollout`). */
export interface RolloutStatus {
  id: string;
  state: 'running' | 'done' | 'failed';
  steps: Array<{ instance: string; phase: 'draining' | 'stopped' | 'ready'; at: string }>;
  error?: string;
}

/**
 * The process running the scale profile replaces its adapters one at a time when sent SIGUSR2 (`./portal rollout` sends
 * it), writing each step to `statusFile`. A rollout asked for while one runs joins it.
 */
export function acceptRollouts(stack: RunningScaleStack, statusFile: string, log: (line: string) => void): void {
  process.on('SIGUSR2', () => {
    const status: RolloutStatus = { id: new Date().toISOString(), state: 'running', steps: [] };
    // Written whole and renamed into place: `./portal rollout` and the tests read it while it changes.
    const save = () => {
      writeFileSync(`${statusFile}.next`, JSON.stringify(status));
      renameSync(`${statusFile}.next`, statusFile);
    };
    save();
    log('收到滚动重启请求：逐个替换适配层实例');
    stack
      .rollAdapters((step) => {
        status.steps.push(step);
        save();
      })
      .then(() => {
        status.state = 'done';
        save();
        log('滚动重启完成');
      })
      .catch((error: unknown) => {
        status.state = 'failed';
        status.error = error instanceof Error ? error.message : String(error);
        save();
        log(`滚动重启失败：${status.error}`);
      });
  });
}

/** `./portal rollout`: asks the running profile for a rollout and follows it to its end. */
export async function requestRollout(pidFile: string, statusFile: string, log: (line: string) => void): Promise<void> {
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : NaN;
  if (!Number.isInteger(pid) || !processRuns(pid))
    throw new CommandError('没有正在运行的扩展部署（先运行 ./portal start --profile scale）');
  const before = existsSync(statusFile) ? readFileSync(statusFile, 'utf8') : '';
  process.kill(pid, 'SIGUSR2');
  let shown = 0;
  for (;;) {
    await sleep(500);
    const text = existsSync(statusFile) ? readFileSync(statusFile, 'utf8') : '';
    if (!text || text === before) continue;
    const status = JSON.parse(text) as RolloutStatus;
    for (const step of status.steps.slice(shown))
      log(`${step.instance}：${{ draining: '停止接收新请求', stopped: '已停止', ready: '新进程已就绪' }[step.phase]}`);
    shown = status.steps.length;
    if (status.state === 'done') return log('滚动重启完成：每个适配层实例都已替换');
    if (status.state === 'failed') throw new CommandError(`滚动重启失败：${status.error ?? ''}`);
  }
}
