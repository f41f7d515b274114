import fs from 'node:fs/promises';

/*
 * verify/verify.mjs and verify/verify.html from one source, the modules of verifier/: the .mjs is them joined in
 * this order with their imports of each other dropped (they share one module scope then); the .html is
 * verifier/verify-page.html with that same text inlined as its module script. The browser and Node run the same
 * checks and nothing is fetched. Made once per process (the bundle keeps the sources' addresses).
 */

const PARTS = ['util', 'messages', 'der', 'pdf', 'trail', 'package', 'zip', 'cli'];
const PAGE = new URL('./verifier/verify-page.html', import.meta.url);
const MARK = '/*VERIFY-CORE*/';
/** An import of a sibling part, however prettier wrapped it. */
const SIBLING_IMPORT = /^import\s+\{[^}]*\}\s+from\s+'\.\/[\w-]+\.mjs';\n/gm;

let made: Promise<{ mjs: Buffer; html: Buffer }> | null = null;

/** The parts joined: what verify/verify.mjs holds. */
export async function verifierText(): Promise<string> {
  const texts = await Promise.all(
    PARTS.map((p) => fs.readFile(new URL(`./verifier/${p}.mjs`, import.meta.url), 'utf8')),
  );
  return texts.map((t) => t.replace(SIBLING_IMPORT, '').trim()).join('\n\n') + '\n';
}

async function make() {
  const [core, page] = await Promise.all([verifierText(), fs.readFile(PAGE, 'utf8')]);
  if (/^import\s/m.test(core)) throw new Error('a verifier part imports something other than a sibling part');
  // Inline in a <script>: the text must not end the element early.
  if (/<\/script/i.test(core)) throw new Error('the verifier must not contain "</script"');
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
