import { z } from 'zod';
import { pageOf } from './envelope.ts';
import { abilityList, idField, idParam, isCleanText, requiredText } from './fields.ts';
import { pageQuery, searchField } from './paging.ts';

/*
 * The project's message board (issue 14): topics, replies, attachments, @ mentions and unread marks. Bodies are
 * plain text; the web renders them escaped, with their line breaks.
 */

/** A post's body: not empty, at most 4000 bytes of UTF-8, as announcements (SPEC §5, §9). */
export const BOARD_BODY_MAX_BYTES = 4000;
export const BOARD_SUBJECT_MAX = 128;
/** Files one post may carry; each within the upload limits of its type and the project's allowed types. */
export const BOARD_FILES_MAX = 5;
/** Members one post may mention: more is a mass mailing, not a mention. */
export const BOARD_MENTIONS_MAX = 50;

export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export const boardBody = z
  .string('required')
  .trim()
  .min(1, 'required')
  .refine((v) => utf8Bytes(v) <= BOARD_BODY_MAX_BYTES, 'board_body_too_long')
  .refine(isCleanText, 'invalid_value');

/**
 * The members a post names with @, sent by the form as "3,17" (a multipart text field): the web's mention box
 * knows whom the user picked, so the server never guesses people from names in the text. Each must be a member.
 */
export const mentionIdsField = z
  .string('invalid_value')
  .trim()
  .max(BOARD_MENTIONS_MAX * 11, 'invalid_value')
  .refine((v) => v === '' || /^\d{1,10}(,\d{1,10})*$/.test(v), 'invalid_value')
  .transform((v) => [...new Set(v === '' ? [] : v.split(',').map(Number))])
  .refine((ids) => ids.length <= BOARD_MENTIONS_MAX && ids.every((id) => idField.safeParse(id).success), {
    message: 'invalid_value',
  })
  .optional();

/** POST /board/topic/a (multipart): the text fields; the files are parts named `file`. */
export const topicFields = z.object({
  subject: requiredText(BOARD_SUBJECT_MAX),
  body: boardBody,
  mentionIds: mentionIdsField,
});
export type TopicFields = z.output<typeof topicFields>;

/** POST /board/reply/a (multipart): the text fields; the files are parts named `file`. */
export const replyFields = z.object({
  topicId: idParam,
  body: boardBody,
  mentionIds: mentionIdsField,
});
export type ReplyFields = z.output<typeof replyFields>;

/** POST /board/topic/pin/:id/a and /close/:id/a: the state wanted (not a toggle, so a retry changes nothing). */
export const pinBody = z.object({ pinned: z.boolean() });
export const closeBody = z.object({ closed: z.boolean() });

export const topicListQuery = pageQuery.extend({ searchValue: searchField });
export type TopicListQuery = z.infer<typeof topicListQuery>;

export const boardAttachment = z.object({
  id: z.number(),
  fileName: z.string(),
  size: z.number(),
});
export type BoardAttachment = z.infer<typeof boardAttachment>;

export const topicItem = z.object({
  id: z.number(),
  subject: z.string(),
  authorName: z.string(),
  pinned: z.boolean(),
  closed: z.boolean(),
  replyCount: z.number(),
  attachmentCount: z.number(),
  createdAt: z.string(),
  lastPostAt: z.string(),
  /** A post newer than the caller's last visit (or never opened). */
  unread: z.boolean(),
});
export type TopicItem = z.infer<typeof topicItem>;
export const topicList = pageOf(topicItem);
export type TopicList = z.infer<typeof topicList>;

export const replyItem = z.object({
  id: z.number(),
  body: z.string(),
  authorId: z.number(),
  authorName: z.string(),
  createdAt: z.string(),
  attachments: z.array(boardAttachment),
  /** Its author or the project administrator may remove it. */
  canRemove: z.boolean(),
});
export type ReplyItem = z.infer<typeof replyItem>;

/** What the caller may do on a topic: reply (an open topic, a project not closed), moderate (pin, close, remove). */
export const BOARD_ACTIONS = ['reply', 'moderate'] as const;
export type BoardAction = (typeof BOARD_ACTIONS)[number];

/** GET /board/topic/:id: the topic, a page of its replies (oldest first) and what the caller may do. */
export const topicDetail = z.object({
  topic: topicItem.omit({ unread: true }).extend({
    body: z.string(),
    authorId: z.number(),
    attachments: z.array(boardAttachment),
  }),
  replies: pageOf(replyItem),
  abilities: abilityList(BOARD_ACTIONS),
});
export type TopicDetail = z.infer<typeof topicDetail>;
export const topicDetailQuery = pageQuery;

/** POST /board/topic/a and /board/reply/a answer the new row's id. */
export const boardIdData = z.object({ id: z.number() });

/** GET /board/unread: the header badge. */
export const boardUnread = z.object({ topics: z.number(), mentions: z.number() });
export type BoardUnread = z.infer<typeof boardUnread>;

export const mentionItem = z.object({
  id: z.number(),
  topicId: z.number(),
  topicSubject: z.string(),
  replyId: z.number().nullable(),
  byName: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type MentionItem = z.infer<typeof mentionItem>;
export const mentionList = pageOf(mentionItem);
export type MentionList = z.infer<typeof mentionList>;

/** POST /board/mention/read/a: the mentions to mark read; none named marks every one of the project. */
export const mentionReadBody = z.object({
  ids: z.array(idField, 'invalid_value').max(1000, 'invalid_value').optional(),
});

/** GET /board/member/list: whom a post may mention (the project's members). */
export const boardMemberList = z.array(z.object({ id: z.number(), name: z.string(), email: z.string() }));
export type BoardMember = z.infer<typeof boardMemberList>[number];
