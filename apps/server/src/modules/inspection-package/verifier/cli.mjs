import { describe } from './messages.mjs';
import { verifyPackage } from './package.mjs';
import { filesPackage, zipPackage } from './zip.mjs';

// ---------------------------------------------------------------------------------------------------------------
// From the command line: node verify.mjs <unzipped folder or package.zip> [--lang=zh-CN]
async function main() {
  const { readFile, readdir, stat } = await import('node:fs/promises');
  const { join, relative } = await import('node:path');
  const args = process.argv.slice(2);
  const lang =
    args.find((a) => a.startsWith('--lang='))?.slice(7) ?? (process.env.LANG?.startsWith('zh') ? 'zh-CN' : 'en-US');
  const target = args.find((a) => !a.startsWith('--'));
  if (!target) {
    console.log('usage: node verify.mjs <unzipped package folder | package.zip> [--lang=en-US|zh-CN]');
    process.exit(2);
  }
  let pkg;
  if ((await stat(target)).isDirectory()) {
    const files = new Map();
    const walk = async (dir) => {
      for (const e of await readdir(dir, { withFileTypes: true })) {
        const full = join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else
          files.set(relative(target, full).split('\\').join('/'), () => readFile(full).then((b) => new Uint8Array(b)));
      }
    };
    await walk(target);
    pkg = filesPackage(files);
  } else pkg = zipPackage(new Uint8Array(await readFile(target)));
  const { ok, results } = await verifyPackage(pkg);
  const mark = { ok: '✓', fail: '✗', note: '·' };
  console.log(describe({ key: 'title' }, lang));
  for (const r of results) console.log(`${mark[r.status]} ${describe(r, lang)}`);
  console.log(describe({ key: ok ? 'all_ok' : 'some_fail' }, lang));
  process.exit(ok ? 0 : 1);
}

if (typeof process !== 'undefined' && process.argv?.[1]) {
  const { pathToFileURL } = await import('node:url');
  const { realpathSync } = await import('node:fs');
  if (import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) await main();
}
