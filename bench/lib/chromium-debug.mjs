// Debian's chromium started with a DevTools port, for tools that attach to a running browser
// (lighthouse). A throw-away profile; killed by stop().
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from '../../scripts/lib/proc.mjs';
import { CHROMIUM_ARGS } from './browser.mjs';

export async function launchDebuggableChromium(extraArgs = []) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-bench-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      ...extraArgs,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const port = await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error('chromium did not open its DevTools port')),
      30_000,
    );
    child.stderr.on('data', (chunk) => {
      seen += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', () => reject(new Error(`chromium exited: ${seen.slice(-500)}`)));
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      // Chromium's helper processes can still be writing into the profile for a moment after the
      // browser itself exits; a leftover temp folder must not end the whole benchmark run.
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`[bench] could not remove ${profile}: ${error.code ?? error}`);
      }
    },
  };
}
