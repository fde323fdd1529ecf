import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@academy/contract/constants";

/** Small hand-written checks mirroring the contract's rules; the server's `validation` stays the authority. */

export type Errors<K extends string> = Partial<Record<K, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NAME_MAX = 80;

export function checkEmail(value: string): string | undefined {
  const email = value.trim();
  if (!email) return "Enter your email address";
  if (email.length > 254 || !EMAIL.test(email)) return "Enter a valid email address";
  return undefined;
}

export function validateLogin(input: { email: string; password: string }): Errors<"email" | "password"> {
  const errors: Errors<"email" | "password"> = {};
  const email = checkEmail(input.email);
  if (email) errors.email = email;
  if (!input.password) errors.password = "Enter your password";
  else if (input.password.length > PASSWORD_MAX_LENGTH) errors.password = `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  return errors;
}

type SignupField = "first_name" | "last_name" | "email" | "password";

export function validateSignup(input: Record<SignupField, string>): Errors<SignupField> {
  const errors: Errors<SignupField> = {};
  for (const [field, label] of [
    ["first_name", "first name"],
    ["last_name", "last name"],
  ] as const) {
    const value = input[field].trim();
    if (!value) errors[field] = `Enter your ${label}`;
    else if (value.length > NAME_MAX) errors[field] = `Use at most ${NAME_MAX} characters`;
  }
  const email = checkEmail(input.email);
  if (email) errors.email = email;
  if (input.password.length < PASSWORD_MIN_LENGTH) errors.password = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  else if (input.password.length > PASSWORD_MAX_LENGTH) errors.password = `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  return errors;
}

/** Server messages for fields the form does not show, so none is lost. */
export function unplacedMessages(fields: Record<string, string>, shown: readonly string[]): string[] {
  return Object.entries(fields)
    .filter(([key]) => !shown.includes(key))
    .map(([, message]) => message);
}
