/*
 * Where a file sits in an exchange package (docs/exchange.md): `zone/zone.section/zone.section.artifact name/file`, as
 * the standard's example lays it out ("05/05.02/05.02.01.Medical License/…"), with names every file system and zip
 * reader takes; and the check an import makes before it trusts a path a package names (CONTENTURL, a zip entry).
 */

/** Characters no common file system allows in a name, and controls. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;
/** Names Windows keeps for devices, whatever their extension. */
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
/** Long enough for a title, short enough that the whole path stays under the 260 characters old readers allow. */
const NAME_MAX = 80;

/** A name as a path segment: unsafe characters to spaces, runs of spaces to one, no dot or space at either end. */
export function safeName(name: string): string {
  let safe = name.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  safe = [...safe]
    .slice(0, NAME_MAX)
    .join('')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (!safe || RESERVED.test(safe)) safe = `_${safe}`;
  return safe;
}

/** The folder of an artifact `NN.NN.NN` named `name`: `NN/NN.NN/NN.NN.NN.name`. */
export function artifactFolder(number: string, name: string): string {
  const [zone, section] = number.split('.');
  return `${zone}/${zone}.${section}/${number}.${safeName(name)}`;
}

/** A file's path in the package: its artifact's folder and the file's own safe name. */
export function contentUrl(artifactNumber: string, artifactName: string, fileName: string): string {
  return `${artifactFolder(artifactNumber, artifactName)}/${safeName(fileName)}`;
}

/**
 * Whether a path a package names stays inside the package: relative, '/'-separated, no empty, '.' or '..' segment,
 * no drive letter or back-slash, no control character. An import refuses the package on the first that does not.
 */
export function isInsidePackage(path: string): boolean {
  if (!path || path.length > 1024 || path.startsWith('/') || /^[a-z]:/i.test(path) || path.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}
