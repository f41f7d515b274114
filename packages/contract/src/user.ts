import { z } from 'zod';
import { LANGS, Sex } from './enums.ts';
import { langField, optionalText, requiredText } from './fields.ts';

export const userInfo = z.object({
  userId: z.number(),
  email: z.string(),
  userName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  sex: z.enum(Sex).nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  userType: z.number(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  roleCode: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** A handwritten signature image is set: the personal centre asks for it only then (no 404 to log). */
  hasSignature: z.boolean().default(false),
  lang: z.enum(LANGS),
  passwordChangedAt: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const userInfoModifyBody = z.object({
  userName: requiredText(64),
  firstName: optionalText(64),
  lastName: optionalText(64),
  mobile: optionalText(32),
  phone: optionalText(32),
  sex: z.enum(Sex, 'invalid_value').optional(),
  country: optionalText(64),
  city: optionalText(64),
});
export type UserInfoModifyBody = z.infer<typeof userInfoModifyBody>;

export const langBody = z.object({ lang: langField });

export const avatarData = z.object({ avatarUrl: z.string() });
export type AvatarData = z.infer<typeof avatarData>;

/** The handwritten signature image (not the e-signature it goes with): png or jpeg (told by its content), at most 1 MiB. */
export const HANDWRITING_MAX_BYTES = 1024 * 1024;
export const HANDWRITING_TYPES = ['image/png', 'image/jpeg'] as const;
/** POST /user/signature/a answers when the new image was stored (its sha256 prefix, for cache busting). */
export const handwritingData = z.object({ version: z.string() });
export type HandwritingData = z.infer<typeof handwritingData>;
