import { z } from "zod";
import { Role } from "./common.ts";

export const Email = z
  .email("Enter a valid email address")
  .max(254)
  .transform((e) => e.toLowerCase());
/** ASVS 5.0: at least 8 characters, 64+ allowed, at most 128; no composition rules. */
export const Password = z.string().min(8, "Use at least 8 characters").max(128, "Use at most 128 characters");
export const PersonName = z.string().trim().min(1, "Required").max(80, "Use at most 80 characters");

export const LoginRequest = z.strictObject({
  email: Email,
  password: z.string().min(1, "Password is required").max(128),
  role: Role,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RegisterRequest = z.strictObject({
  email: Email,
  password: Password,
  first_name: PersonName.optional(),
  last_name: PersonName.optional(),
  role: Role,
  /** An admin invitation token, for registering as admin once an admin exists. */
  invitation: z.string().max(200).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginResponse = z.object({
  error: z.literal(false),
  role: Role,
  token: z.string(),
  /** Token lifetime in seconds. */
  expire_at: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const CheckRequest = z.strictObject({ role: Role });

export const Profile = z.object({
  id: z.number().int(),
  email: z.string(),
  role: Role,
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string().nullable(),
  time_zone: z.string(),
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof Profile>;
export const ProfileResponse = z.object({ error: z.literal(false), model: Profile });

/** Fields a person may change on their own profile. */
export const ProfileUpdate = z.strictObject({
  first_name: PersonName.optional(),
  last_name: PersonName.optional(),
  time_zone: z.string().min(1).max(64).optional(),
});
export const ProfileUpdateRequest = z.strictObject({ payload: ProfileUpdate });
