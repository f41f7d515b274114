import fs from 'node:fs/promises';

/*
 * verify/verify.mjs and verify/verify.html from one source (verifier/verify-core.mjs): the .mjs is that file as it
 * is; the .html is verifier/verify-page.html with the same text inlined as its module script, so the browser and
 * Node run the same checks and nothing is fetched. Read once per process (the bundle keeps the sources' addresses).
 */

const CORE = new URL('./verifier/verify-core.mjs', import.meta.url);
const PAGE = new URL('./verifier/verify-page.html', import.meta.url);
const MARK = '/*VERIFY-CORE*/';

let made: Promise<{ mjs: Buffer; html: Buffer }> | null = null;

async function make() {
  const [core, page] = await Promise.all([fs.readFile(CORE, 'utf8'), fs.readFile(PAGE, 'utf8')]);
  // Inline in a <script>: the text must not end the element early.
  if (/<\/script/i.test(core)) throw new Error('verify-core.mjs must not contain "</script"');
  const at = page.indexOf(MARK);
  if (at < 0) throw new Error(`verify-page.html lacks ${MARK}`);
  const html = page.slice(0, at) + core + page.slice(at + MARK.length);
  return { mjs: Buffer.from(core, 'utf8'), html: Buffer.from(html, 'utf8') };
}

export async function verifierFiles(): Promise<Array<{ path: string; bytes: Uint8Array }>> {
  made ??= make().catch((err: unknown) => {
    made = null;
    throw err;
  });
  const { mjs, html } = await made;
  return [
    { path: 'verify/verify.mjs', bytes: mjs },
    { path: 'verify/verify.html', bytes: html },
  ];
}
