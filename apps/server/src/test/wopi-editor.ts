import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { proofBytes, ticksOf } from '../modules/editing/wopi-proof.ts';

/** Where the fake editor's pages live (never fetched: the browser would open them). */
export const EDITOR_ORIGIN = 'https://office.example.test';
/** Office Online Server's style: optional <name=PLACEHOLDER&> parameters, escaped in the XML. */
export const WORD_URLSRC = `${EDITOR_ORIGIN}/we/wordeditorframe.aspx?<ui=UI_LLCC&><rs=DC_LLCC&>`;

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function keyAttributes(prefix: '' | 'old', key: KeyObject) {
  const jwk = key.export({ format: 'jwk' });
  const b64 = (v: string | undefined) => Buffer.from(v ?? '', 'base64url').toString('base64');
  return `${prefix}modulus="${b64(jwk.n)}" ${prefix}exponent="${b64(jwk.e)}"`;
}

/**
 * A stand-in for the customer's WOPI editor, since CI has none: a discovery document on 127.0.0.1 with an edit
 * action for .docx (by extension) and .xlsx (by MIME type, as Collabora lists some), and proof keys it signs with.
 * A test then makes the calls the editor would.
 */
export async function startFakeEditor() {
  const current = rsa();
  const old = rsa();
  const xml =
    '<?xml version="1.0" encoding="utf-8"?>\n<wopi-discovery><net-zone name="external-https">' +
    `<app name="Word" favIconUrl="${EDITOR_ORIGIN}/w.ico" checkLicense="true">` +
    `<action name="view" ext="docx" urlsrc="${escapeXml(`${EDITOR_ORIGIN}/wv/view.aspx?`)}"/>` +
    `<action name="edit" ext="docx" requires="locks,update" urlsrc="${escapeXml(WORD_URLSRC)}"/></app>` +
    '<app name="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">' +
    `<action name="edit" ext="" urlsrc="${EDITOR_ORIGIN}/browser/1/cool.html?"/></app>` +
    `</net-zone><proof-key ${keyAttributes('', current.publicKey)} ${keyAttributes('old', old.publicKey)}/>` +
    '</wopi-discovery>';
  let fetches = 0;
  const server = http.createServer((_req, res) => {
    fetches += 1;
    res.writeHead(200, { 'content-type': 'text/xml' }).end(xml);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hosting/discovery`;

  /** The editor's proof headers for a call: signed with its current key (and its old key for ProofOld). */
  function proofHeaders(accessToken: string, fullUrl: string, opts: { at?: number; proofKey?: KeyObject } = {}) {
    const ticks = ticksOf(opts.at ?? Date.now());
    const data = proofBytes(accessToken, fullUrl, ticks);
    return {
      'x-wopi-proof': sign('sha256', data, opts.proofKey ?? current.privateKey).toString('base64'),
      'x-wopi-proofold': sign('sha256', data, old.privateKey).toString('base64'),
      'x-wopi-timestamp': ticks.toString(),
    };
  }

  return {
    url,
    keys: { current, old },
    proofHeaders,
    fetches: () => fetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
