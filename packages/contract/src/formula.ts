/**
 * The arithmetic of numeric questions whose numbers vary per attempt: a formula over named
 * variables (`weight * 0.01`, `round(volume * 20 / minutes)`), parsed without `eval`.
 * Numbers, variables, + - * / ^, parentheses, unary minus, and round(x[, places]), floor, ceil,
 * sqrt, min(a, b), max(a, b). The content check and the server both use it.
 */

/** A variable drawn per attempt from min..max in steps of step. */
export type FormulaVariable = { min: number; max: number; step: number };

type Node =
  | { kind: "num"; value: number }
  | { kind: "var"; name: string }
  | { kind: "neg"; arg: Node }
  | { kind: "bin"; op: "+" | "-" | "*" | "/" | "^"; left: Node; right: Node }
  | { kind: "call"; fn: string; args: Node[] };

const FUNCTIONS: Record<string, { arity: [number, number]; apply: (a: number[]) => number }> = {
  round: {
    arity: [1, 2],
    apply: ([x, places = 0]) => {
      const f = 10 ** places!;
      return Math.round(x! * f) / f;
    },
  },
  floor: { arity: [1, 1], apply: ([x]) => Math.floor(x!) },
  ceil: { arity: [1, 1], apply: ([x]) => Math.ceil(x!) },
  sqrt: { arity: [1, 1], apply: ([x]) => Math.sqrt(x!) },
  min: { arity: [2, 2], apply: ([a, b]) => Math.min(a!, b!) },
  max: { arity: [2, 2], apply: ([a, b]) => Math.max(a!, b!) },
};

export class FormulaError extends Error {}

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(\S))/y;

function tokenize(text: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const m = TOKEN.exec(text);
    if (!m) break;
    const tok = m[1] ?? m[2] ?? m[3];
    if (tok === undefined) break;
    if (m[3] !== undefined && !"+-*/^(),".includes(m[3])) throw new FormulaError(`unexpected "${m[3]}"`);
    out.push(tok);
  }
  return out;
}

/** Parses a formula; throws FormulaError with a readable reason. */
export function parseFormula(text: string): Node {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const take = (t?: string) => {
    const tok = tokens[i];
    if (tok === undefined || (t !== undefined && tok !== t)) throw new FormulaError(t ? `expected "${t}"` : "unexpected end");
    i += 1;
    return tok;
  };
  // expr := term (('+'|'-') term)*; term := power (('*'|'/') power)*; power := unary ('^' power)?
  const expr = (): Node => {
    let left = term();
    while (peek() === "+" || peek() === "-") {
      const op = take() as "+" | "-";
      left = { kind: "bin", op, left, right: term() };
    }
    return left;
  };
  const term = (): Node => {
    let left = power();
    while (peek() === "*" || peek() === "/") {
      const op = take() as "*" | "/";
      left = { kind: "bin", op, left, right: power() };
    }
    return left;
  };
  const power = (): Node => {
    const base = unary();
    if (peek() === "^") {
      take();
      return { kind: "bin", op: "^", left: base, right: power() };
    }
    return base;
  };
  const unary = (): Node => {
    if (peek() === "-") {
      take();
      return { kind: "neg", arg: unary() };
    }
    return atom();
  };
  const atom = (): Node => {
    const tok = take();
    if (tok === "(") {
      const inner = expr();
      take(")");
      return inner;
    }
    if (/^\d/.test(tok)) return { kind: "num", value: Number(tok) };
    if (/^[A-Za-z_]/.test(tok)) {
      if (peek() !== "(") return { kind: "var", name: tok };
      const fn = FUNCTIONS[tok];
      if (!fn) throw new FormulaError(`unknown function ${tok}`);
      take("(");
      const args = [expr()];
      while (peek() === ",") {
        take();
        args.push(expr());
      }
      take(")");
      if (args.length < fn.arity[0] || args.length > fn.arity[1]) throw new FormulaError(`${tok} takes ${fn.arity.join(" to ")} arguments`);
      return { kind: "call", fn: tok, args };
    }
    throw new FormulaError(`unexpected "${tok}"`);
  };
  if (tokens.length === 0) throw new FormulaError("empty formula");
  const node = expr();
  if (i < tokens.length) throw new FormulaError(`unexpected "${tokens[i]}"`);
  return node;
}

/** The variable names a formula uses. */
export function formulaVariables(text: string): string[] {
  const names = new Set<string>();
  const walk = (n: Node) => {
    if (n.kind === "var") names.add(n.name);
    else if (n.kind === "neg") walk(n.arg);
    else if (n.kind === "bin") {
      walk(n.left);
      walk(n.right);
    } else if (n.kind === "call") n.args.forEach(walk);
  };
  walk(parseFormula(text));
  return [...names];
}

function evaluate(n: Node, values: Readonly<Record<string, number>>): number {
  switch (n.kind) {
    case "num":
      return n.value;
    case "var": {
      const v = values[n.name];
      if (v === undefined) throw new FormulaError(`no value for ${n.name}`);
      return v;
    }
    case "neg":
      return -evaluate(n.arg, values);
    case "call":
      return FUNCTIONS[n.fn]!.apply(n.args.map((a) => evaluate(a, values)));
    case "bin": {
      const a = evaluate(n.left, values);
      const b = evaluate(n.right, values);
      if (n.op === "+") return a + b;
      if (n.op === "-") return a - b;
      if (n.op === "*") return a * b;
      if (n.op === "/") return a / b;
      return a ** b;
    }
  }
}

/** The formula's value for these variables (rounded to 10 decimals against float noise). */
export function evaluateFormula(text: string, values: Readonly<Record<string, number>>): number {
  const v = evaluate(parseFormula(text), values);
  if (!Number.isFinite(v)) throw new FormulaError("the result is not a finite number");
  return Math.round(v * 1e10) / 1e10;
}

/** How many values a variable can take. */
export const variableChoices = (v: FormulaVariable) => Math.floor((v.max - v.min) / v.step + 1e-9) + 1;

/** The variable's value for a random number 0 <= r < 1 (a whole number of steps above min). */
export function variableValue(v: FormulaVariable, r: number): number {
  const k = Math.min(variableChoices(v) - 1, Math.floor(r * variableChoices(v)));
  return Math.round((v.min + k * v.step) * 1e10) / 1e10;
}

/** Fills `{name}` placeholders of a stem or explanation; `{answer}` is the computed answer. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, number>>): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const v = values[name];
    return v === undefined ? whole : formatNumber(v);
  });
}

/** A number as a candidate reads it: no float noise, no trailing zeros. */
export const formatNumber = (v: number) => String(Math.round(v * 1e6) / 1e6);
