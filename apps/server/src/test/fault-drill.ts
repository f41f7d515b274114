import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { documentRoutes } from '@edoc/contract/document-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createDb, type Db } from '../db/client.ts';
import { loadTrailKey } from '../trail/trail-key.ts';
import { TRAIL_KEY } from './context.ts';
import { call, createNodeDatabase, projectOnNode, signInOn, startNode, waitFor, type EdocNode } from './nodes.ts';

/**
 * The world of fault.test.ts: one real edoc process (as `npm start` runs it) on a database and a DATA_DIR of its own,
 * a project administrator signed in and inside a project with one folder. The tests kill the process and start it
 * again on the same data; `node` and `token` are always those of the running one.
 */
export class FaultDrill {
  node!: EdocNode;
  token!: string;
  projectId!: number;
  folderId!: number;
  db!: Db;
  database!: Awaited<ReturnType<typeof createNodeDatabase>>;
  dataDir!: string;
  private root!: string;
  private env!: Record<string, string>;
  private email!: string;

  /** Makes the drill's world; what it made before a failure is still removed by close(). */
  async open(templateUrl: string): Promise<void> {
    this.root = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-fault-'));
    this.dataDir = path.join(this.root, 'data');
    this.database = await createNodeDatabase(templateUrl);
    // No grace: the start-up sweep removes any file no record points at, which is what the test looks for.
    this.env = {
      DATABASE_URL: this.database.appUrl,
      DATABASE_OWNER_URL: this.database.ownerUrl,
      DATA_DIR: this.dataDir,
      TRAIL_KEY,
      BLOB_GRACE_SECONDS: '0',
      LOGIN_CAPTCHA: 'on',
    };
    this.node = await this.start();
    this.db = createDb(this.database.ownerUrl, 3);
    await loadTrailKey({ dataDir: this.root, trailKey: TRAIL_KEY });

    const made = await projectOnNode(this.db, this.node, { code: 'F-1', name: 'Faults' });
    this.projectId = made.projectId;
    this.email = made.pm.email;
    await this.signIn();
    const folder = await call(this.node, folderRoutes.create, {
      token: this.token,
      body: { name: 'Faults', parentId: 0 },
    });
    this.folderId = folder.data().folderId;
  }

  /** The process started on the drill's DATA_DIR and database (not yet signed in to). */
  start(): Promise<EdocNode> {
    return startNode('edoc', this.env);
  }

  /** Signs the project administrator in on the running node and enters the project. */
  async signIn(): Promise<void> {
    this.token = await signInOn(this.db, this.node, this.email);
    await call(this.node, projectEntryRoutes.enter, { token: this.token, body: { studyId: this.projectId } });
  }

  /** The process started again on the same DATA_DIR and database after it died, and signed in to. */
  async restart(): Promise<void> {
    this.node = await this.start();
    await this.signIn();
  }

  /** kill -9, then the same process started again on the same DATA_DIR and database. */
  async crashAndRestart(): Promise<void> {
    await this.node.kill();
    await this.restart();
  }

  /** The names (sha256) of the files in the blob store. */
  async blobFiles(): Promise<string[]> {
    const found: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else found.push(entry.name);
      }
    };
    await walk(path.join(this.dataDir, 'blobs'));
    return found;
  }

  tmpFiles(): Promise<string[]> {
    return fs.readdir(path.join(this.dataDir, 'tmp')).catch(() => [] as string[]);
  }

  /** Every stored file is one a record points at (the start-up sweep ran with no grace). */
  async expectNoOrphans(): Promise<void> {
    const referenced = await this.db.execute<{ sha: string }>(sql`
    select sha256 as sha from document_versions union select sha256 from download_tasks where sha256 is not null
    union select pdf_sha256 from renditions where pdf_sha256 is not null`);
    const wanted = new Set(referenced.rows.map((r) => r.sha));
    await waitFor('the start-up sweep', async () => (await this.blobFiles()).every((f) => wanted.has(f)), 20_000);
  }

  /** A document uploaded into the drill's folder: its id. */
  async upload(name: string, fileName: string, content: Buffer): Promise<number> {
    const form = new FormData();
    form.set('folderId', String(this.folderId));
    form.set('name', name);
    form.set('file', new Blob([content]), fileName);
    const res = await call(this.node, documentRoutes.upload, { token: this.token, form });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.data().fileId;
  }

  async close(): Promise<void> {
    await this.node?.stop();
    await this.db?.$client.end();
    await this.database?.drop();
    if (this.root) await fs.rm(this.root, { recursive: true, force: true });
  }
}
