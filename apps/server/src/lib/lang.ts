import { DEFAULT_LANG, LANGS, langOf, type Lang } from '@edoc/contract/enums';
import type { FastifyRequest } from 'fastify';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Picks zh-CN or en-US from an Accept-Language header ("en", "en-GB,en;q=0.9" -> en-US). */
export function langFromHeader(header: string | undefined): Lang | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return null;
}

/**
 * The request's language: the one its body names (a sign-in with `lang`, issue 14: its refusal is answered in that
 * language too), else the session's, else Accept-Language, else zh-CN (DESIGN §4). The body is read once parsed,
 * so errors raised by validation or by the handler see it.
 */
export function requestLang(request: FastifyRequest): Lang {
  const body = request.body as { lang?: unknown } | undefined;
  return (
    langOf(body?.lang) ??
    request.auth?.session.lang ??
    langFromHeader(request.headers['accept-language']) ??
    DEFAULT_LANG
  );
}
