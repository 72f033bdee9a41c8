import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_DIR } from '../paths.ts';
import type { ServiceMessage, UpdateResult } from './protocol.ts';

const SERVICE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'service.ts');

/**
 * The parent's handle on a render service (service.ts): started with a full build into `outDir`, it then renders
 * the pages a publish touches on request. One request at a time; the process ends with stop() or with its parent.
 */
export class RenderService {
  private readonly child: ChildProcess;
  private output = '';
  private waiting: { resolve: (message: ServiceMessage) => void; reject: (error: Error) => void } | undefined;
  private exited = false;

  private constructor(child: ChildProcess) {
    this.child = child;
    const keep = (data: Buffer) => (this.output = (this.output + data.toString()).slice(-8000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('message', (message: ServiceMessage) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.resolve(message);
    });
    child.once('exit', (code, signal) => {
      this.exited = true;
      const waiting = this.waiting;
      this.waiting = undefined;
      // Killed from outside (an operator, the machine out of memory): its output says nothing of why, so none is kept.
      waiting?.reject(
        new Error(signal ? `网站渲染服务被终止（信号 ${signal}），本次构建未完成` : `网站渲染服务已退出（退出码 ${code}）\n${this.output}`),
      );
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** A process that builds the whole site into outDir, its state into stateDir; ready() resolves once it has built. */
  static build(outDir: string, stateDir: string, env: NodeJS.ProcessEnv, niceness: number): RenderService {
    return RenderService.spawn(['build', outDir, stateDir], env, niceness);
  }

  /** A process that renders from the state a build (or the last update) left in stateDir; ready() once loaded. */
  static resume(stateDir: string, env: NodeJS.ProcessEnv, niceness: number): RenderService {
    return RenderService.spawn(['resume', stateDir], env, niceness);
  }

  private static spawn(args: string[], env: NodeJS.ProcessEnv, niceness: number): RenderService {
    // coreutils' nice execs node, which keeps the IPC channel (its descriptor is inherited, named in the environment).
    const child = spawn('nice', ['-n', String(niceness), process.execPath, SERVICE, ...args], {
      cwd: SITE_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    return new RenderService(child);
  }

  /** Waits until the process has built the site, or loaded its state (rejects if that failed, and stops it). */
  async ready(): Promise<void> {
    const message = await this.next();
    if (message.type === 'built' || message.type === 'ready') return;
    this.stop();
    const failed = this.child.spawnargs.includes('resume') ? '网站渲染进程未能从保存的状态启动' : '网站构建失败';
    throw new Error(message.type === 'build-failed' ? `${failed}\n${message.message}` : `渲染服务答复了意外的消息 ${message.type}`);
  }

  private next(): Promise<ServiceMessage> {
    if (this.exited) return Promise.reject(new Error(`网站渲染服务已退出\n${this.output}`));
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  /** Renders what changed since the last render into stage (a hard-linked copy of the served site). */
  async update(stage: string): Promise<UpdateResult> {
    const answer = this.next();
    this.child.send({ type: 'update', stage });
    const message = await answer;
    if (message.type === 'update-done') return message.result;
    if (message.type === 'update-failed') throw new Error(`增量渲染失败：${message.message}`);
    throw new Error(`渲染服务答复了意外的消息 ${message.type}`);
  }

  stop(): void {
    if (!this.exited) this.child.kill();
  }
}
