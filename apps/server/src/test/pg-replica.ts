import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';

/*
 * A real PostgreSQL primary and a streaming replica made from it by pg_basebackup (issue 30 part 3), with Debian's
 * programs (/usr/lib/postgresql/<n>/bin; .ci/run installs them). The embedded PostgreSQL ships no pg_basebackup.
 * As root, both run as the postgres user, as PostgreSQL requires.
 */

export interface PgPair {
  /** postgres://…/postgres on the primary, as a superuser (trust on 127.0.0.1). */
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica (immediate, as a crash) or starts it again. */
  stopReplica(): void;
  startReplica(): void;
  stop(): void;
}

/** Debian's PostgreSQL programs, newest version, or null when not installed. */
export function debianPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startPgPair(bin: string): Promise<PgPair> {
  const root = process.getuid?.() === 0;
  const owner = root
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
      }
    : {};
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'edoc-pg-pair-'));
  fs.chmodSync(base, 0o755);
  if (root) fs.chownSync(base, owner.uid!, owner.gid!);
  const run = (program: string, args: string[]) => {
    const r = spawnSync(path.join(bin, program), args, { ...owner, encoding: 'utf8', cwd: base });
    if (r.status !== 0) throw new Error(`${program} ${args.join(' ')}: ${r.stderr || r.stdout}`);
  };
  const [p1, p2] = [await freePort(), await freePort()];
  const primary = path.join(base, 'primary');
  const replica = path.join(base, 'replica');
  run('initdb', ['-D', primary, '-U', 'edoc', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  // Replication from 127.0.0.1 is trusted by initdb's own pg_hba.conf (--auth=trust); no fsync: a test's data.
  const settings = [
    `port = ${p1}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${base}'`,
    'wal_level = replica',
    'max_wal_senders = 4',
    'hot_standby = on',
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
  ];
  fs.appendFileSync(path.join(primary, 'postgresql.conf'), `\n${settings.join('\n')}\n`);
  const start = (dir: string) =>
    run('pg_ctl', ['-D', dir, '-l', path.join(base, `${path.basename(dir)}.log`), '-w', 'start']);
  start(primary);
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(p1), '-U', 'edoc', '-D', replica, '-R', '-X', 'stream']);
  fs.appendFileSync(path.join(replica, 'postgresql.conf'), `\nport = ${p2}\n`);
  start(replica);
  const url = (port: number) => `postgres://edoc@127.0.0.1:${port}/postgres`;
  return {
    primaryUrl: url(p1),
    replicaUrl: url(p2),
    stopReplica: () => run('pg_ctl', ['-D', replica, '-m', 'immediate', 'stop']),
    startReplica: () => start(replica),
    stop() {
      for (const dir of [replica, primary])
        spawnSync(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', 'stop'], owner);
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
