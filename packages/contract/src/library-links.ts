/**
 * What the browser needs of the library contract without loading zod: where a section opens,
 * and the longest question the assistant takes.
 */

/** Where a section opens in the browser: the reading screen at the section's anchor. */
export const sectionPath = (document: string, anchor: string) => `/user/document-library/${document}#${anchor}`;

export const ASSISTANT_PROMPT_MAX = 1000;
