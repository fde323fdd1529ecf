/** The deepest nesting any request body may have: far beyond any call's shape, far below a stack's limit. */
export const MAX_JSON_DEPTH = 64;

/**
 * How deeply a JSON text nests its objects and arrays, read without parsing (strings and their
 * escapes skipped), stopping as soon as it passes `stopAt`: a body nested thousands deep is
 * refused before anything recurses through it.
 */
export function jsonDepth(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAt) return deepest;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}
