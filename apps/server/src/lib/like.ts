/** Text matched literally by LIKE/ILIKE: its wildcards (% _) and the escape character (\) escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for "contains `text`". */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
