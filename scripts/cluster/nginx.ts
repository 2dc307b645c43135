import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitUntilHealthy } from '../../tests/support/start-server';

/** Debian's nginx, or the one on PATH; undefined when the machine has none. */
export function findNginx(): string | undefined {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : undefined;
}

/**
 * The proxy part of the configuration, as the README shows it: two app servers, the client's
 * address and scheme passed on (the app trusts one proxy hop: TRUST_PROXY=1). `proofHeader` adds
 * X-Upstream (which server answered) so the proof can tell them apart.
 */
export function canopyServerBlock(options: {
  listen: string;
  upstreams: string[];
  proofHeader?: boolean;
}): string {
  return `upstream canopy {
    ${options.upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=30s;`).join('\n    ')}
    keepalive 32;
}

server {
    listen ${options.listen};
    # Photos are uploaded through the proxy (the app takes up to 5 MB an image).
    client_max_body_size 25m;

    location / {
        proxy_pass http://canopy;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_read_timeout 120s;${options.proofHeader ? '\n        add_header X-Upstream $upstream_addr always;' : ''}
    }
}`;
}

export interface StartedNginx {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Our own nginx (not the system service): in the foreground, everything under `prefix`. */
export async function startNginx(options: {
  binary: string;
  prefix: string;
  port: number;
  upstreams: string[];
}): Promise<StartedNginx> {
  const { binary, prefix, port, upstreams } = options;
  fs.mkdirSync(prefix, { recursive: true });
  const at = (name: string) => path.join(prefix, name);
  const conf = `daemon off;
worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 2048; }
http {
    access_log ${at('access.log')};
    client_body_temp_path ${at('client_body')};
    proxy_temp_path ${at('proxy')};
    fastcgi_temp_path ${at('fastcgi')};
    uwsgi_temp_path ${at('uwsgi')};
    scgi_temp_path ${at('scgi')};

${canopyServerBlock({ listen: `127.0.0.1:${port}`, upstreams, proofHeader: true })
  .split('\n')
  .map((line) => (line ? `    ${line}` : line))
  .join('\n')}
}
`;
  fs.writeFileSync(at('nginx.conf'), conf);
  let output = '';
  const child = spawn(binary, ['-e', at('error.log'), '-p', prefix, '-c', at('nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(child, url, {
    name: 'nginx',
    output: () => output + readIfExists(at('error.log')),
  });
  return {
    url,
    process: child,
    output: () => output + readIfExists(at('error.log')),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        // SIGTERM: nginx's fast shutdown.
        child.kill('SIGTERM');
      }),
  };
}

const readIfExists = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
