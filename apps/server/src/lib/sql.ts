/** `%`, `_` and `\` typed into a search box are searched for, not treated as wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
