import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freePort } from "../../tests/support/server-process";
import { executable } from "../browser";

/**
 * Makes sure a Debian package's program is here (the bench's yardsticks: nginx, wrk),
 * installing it as root with apt-get when missing, without starting its service.
 */
export function ensureDebianTool(pkg: string, binary: string): void {
  if (executable(binary)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`${binary} is missing: run \`sudo apt-get install -y ${pkg}\`, then npm run bench again.`);
  console.log(`installing Debian's ${pkg} package for the bench's yardstick…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // A policy that forbids starting services: the package's own nginx must not take port 80.
  const policy = "/usr/sbin/policy-rc.d";
  const hadPolicy = executable(policy);
  if (!hadPolicy) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: ["ignore", "ignore", "inherit"], env });
  } finally {
    if (!hadPolicy) rmSync(policy, { force: true });
  }
  if (!executable(binary)) throw new Error(`installing ${pkg} did not give ${binary}`);
}

const COMPRESSIBLE = /\.(html|js|css|json|data|svg|txt|xml|webmanifest)$/;

/**
 * nginx serving a copy of the build's client folder as the site's own server does: each
 * prerendered page at its path, hashed assets, and every compressible file of over 512
 * bytes gzipped at level 9 ahead of time (gzip_static), as the site keeps them in memory.
 * One worker process, as the site runs one Node process per machine (decision 057).
 */
export async function startNginx(clientDir: string) {
  ensureDebianTool("nginx", "/usr/sbin/nginx");
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  chmodSync(dir, 0o755);
  const root = path.join(dir, "root");
  cpSync(clientDir, root, { recursive: true });
  const gzipAll = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) gzipAll(file);
      else if (COMPRESSIBLE.test(name) && statSync(file).size > 512) {
        writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
      }
    }
  };
  gzipAll(root);
  for (const temp of ["client", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, temp));
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  client_body_temp_path ${dir}/client;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const child = spawn("/usr/sbin/nginx", ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${baseUrl}/`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (tries > 100 || child.exitCode !== null) throw new Error(`nginx did not start:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
