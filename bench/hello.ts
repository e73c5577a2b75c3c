/**
 * Starts bench/hello-server.ts (a hello-world Hono server, the yardstick the HTTP benchmarks print
 * beside their figures) as a child process; `gzipFile`: it sends that file's bytes (a gzipped
 * answer) instead.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function helloServer(gzipFile?: string): Promise<{ url: string; pid: number; stop(): void }> {
  const env = gzipFile ? { ...process.env, SETTLE_HELLO_GZIP: gzipFile } : process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./hello-server.ts', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'], env });
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (t: string) => {
      const m = /(http:\/\/\S+)/.exec(t);
      if (m) resolve({ url: m[1], pid: child.pid as number, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`the hello-world server exited (${code})`)));
  });
}
