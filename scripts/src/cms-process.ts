import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { processRuns, stopProcess } from './processes.ts';
import type { CmsCommand } from './stack.ts';

/**
 * The scale profile's test CMS as the runner started it: its process id and the exact command (program, arguments,
 * folder, environment). The CMS restart fault test kills that process (SIGKILL) and starts the CMS again with the same
 * command, as a supervisor would; the runner stops whichever process the file names at the end. The file is in the
 * run's work folder (git-ignored, readable by its owner only): it holds the run's secrets, as the tests' environment does.
 */
export interface CmsProcess {
  pid: number;
  command: CmsCommand;
}

export const cmsProcessFile = (workDir: string) => path.join(workDir, 'cms-process.json');

export function writeCmsProcess(file: string, record: CmsProcess): void {
  writeFileSync(file, JSON.stringify(record), { mode: 0o600 });
}

export function readCmsProcess(file: string): CmsProcess {
  return JSON.parse(readFileSync(file, 'utf8')) as CmsProcess;
}

/** The process id of the CMS running now (the one a test started again, or the runner's), falling back to the runner's. */
export function currentCmsPid(file: string, startedPid: number | undefined): number | undefined {
  try {
    return readCmsProcess(file).pid;
  } catch {
    return startedPid;
  }
}

/**
 * Starts the CMS again with its recorded command and records the new process. It outlives the caller (a test file's
 * worker): its output goes to its log file, not to a pipe the caller holds, and the caller does not wait for it.
 */
export function startCmsAgain(file: string): CmsProcess {
  const { command } = readCmsProcess(file);
  mkdirSync(command.logDir, { recursive: true });
  const log = openSync(path.join(command.logDir, `${command.name}.log`), 'a');
  try {
    const child = spawn(command.command, command.args, { cwd: command.cwd, env: command.env, stdio: ['ignore', log, log] });
    if (child.pid === undefined) throw new Error(`${command.name} did not start`);
    child.unref();
    const record = { pid: child.pid, command };
    writeCmsProcess(file, record);
    return record;
  } finally {
    closeSync(log);
  }
}

/** Stops the CMS a test started again; the runner's own process (startedPid) its service stops. */
export async function stopCmsStartedAgain(file: string, startedPid: number): Promise<void> {
  let record: CmsProcess;
  try {
    record = readCmsProcess(file);
  } catch {
    return;
  }
  if (record.pid !== startedPid && processRuns(record.pid)) await stopProcess(record.pid);
}
