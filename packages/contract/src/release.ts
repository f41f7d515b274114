import { z } from 'zod';
import { calendarDate, ID_MAX } from './fields.ts';
import { pageOf } from './envelope.ts';

/** Release notes may be plain text or simple HTML (sanitised on the server like notices); at most this many characters. */
export const RELEASE_NOTES_MAX = 10_000;
/** The "what's new" dialog lists at most this many unread releases (newest first). */
export const UNREAD_RELEASES_MAX = 20;

/** A version number of 2 to 4 dot-separated numbers, e.g. 2.4.5. */
export const releaseVersion = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(32, 'too_long')
  .regex(/^\d{1,6}(\.\d{1,6}){1,3}$/, 'invalid_value');

const releaseNotes = z.string('required').trim().min(1, 'required').max(RELEASE_NOTES_MAX, 'too_long');

/** POST /release/save/a: creates (no id) or edits a release of /system/version. */
export const releaseSaveBody = z.object({
  id: z.number('invalid_value').int('invalid_value').positive('invalid_value').max(ID_MAX, 'invalid_value').optional(),
  version: releaseVersion,
  releasedOn: calendarDate,
  notesZh: releaseNotes,
  notesEn: releaseNotes,
});
export type ReleaseSaveBody = z.infer<typeof releaseSaveBody>;

export const releaseItem = z.object({
  id: z.number(),
  version: z.string(),
  releasedOn: z.string(),
  notesZh: z.string(),
  notesEn: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ReleaseItem = z.infer<typeof releaseItem>;
export const releaseList = pageOf(releaseItem);
export type ReleaseList = z.infer<typeof releaseList>;

/** POST /release/save/a answers the release's id (new or edited). */
export const releaseSaved = z.object({ id: z.number() });
export type ReleaseSaved = z.infer<typeof releaseSaved>;

/** One release in "what's new", with its notes in the caller's language. */
export const unreadRelease = z.object({
  id: z.number(),
  version: z.string(),
  releasedOn: z.string(),
  notes: z.string(),
});
export type UnreadRelease = z.infer<typeof unreadRelease>;

/** GET /release/unread: newest first; empty when the user has seen everything. */
export const unreadReleases = z.object({ releases: z.array(unreadRelease) });
export type UnreadReleases = z.infer<typeof unreadReleases>;

/**
 * POST /release/read/a: acknowledges every release up to `upTo` (the newest the dialog showed), or up to the
 * newest there is when omitted. A release recorded while the dialog was open stays unread.
 */
export const releaseReadBody = z.object({
  upTo: z
    .number('invalid_value')
    .int('invalid_value')
    .positive('invalid_value')
    .max(ID_MAX, 'invalid_value')
    .optional(),
});
export type ReleaseReadBody = z.infer<typeof releaseReadBody>;
/** The call may come without a body at all (the newest release is meant). */
export const optionalReleaseReadBody = releaseReadBody.optional();
