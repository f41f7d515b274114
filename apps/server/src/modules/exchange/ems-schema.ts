import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { memoryPages, validateXML } from 'xmllint-wasm';
import { PackageRefused } from './ems-package.ts';

/*
 * exchange.xml validated against the standard's XSD (modules/exchange/standard) by libxml2 compiled to WebAssembly
 * (xmllint-wasm: no program to install, no network). It holds the whole file in memory, so only a file up to
 * SCHEMA_MAX is validated; a larger one is checked structurally while it streams (ems-parse.ts), as docs/exchange.md
 * says. Called after the streaming parse, so a DOCTYPE never reaches it.
 */

export const SCHEMA_MAX = 64 * 1024 * 1024;
let xsd: Promise<string> | null = null;

export async function validateSchema(input: Readable): Promise<void> {
  xsd ??= fs.readFile(new URL('./standard/TmfReferenceModelExchange.xsd', import.meta.url), 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(chunk as Buffer);
  const result = await validateXML({
    xml: [{ fileName: 'exchange.xml', contents: Buffer.concat(chunks) }],
    schema: [{ fileName: 'TmfReferenceModelExchange.xsd', contents: await xsd }],
    // A 64 MB file and its tree: well within 1 GiB of WebAssembly memory.
    maxMemoryPages: memoryPages.GiB,
  });
  if (result.valid) return;
  const first = result.errors[0];
  throw new PackageRefused('exchange_package_xml', {
    line: String(first?.loc?.lineNumber ?? 0),
    reason: (first?.message ?? result.rawOutput).slice(0, 200),
  });
}
