import { writeFileSync } from "node:fs";
import { expect, test as setup } from "@playwright/test";
import { generate } from "otplib";
import { ACCOUNTS, PROJECT, STAFF_STATE, writeStaffTotp } from "./helpers";

// Staff must turn on two-factor sign-in before the staff area opens (ADMIN_2FA_REQUIRED). The
// seeded admin does it once here, through the same calls as the setup screen, and the staff
// journeys share the session it signs in with.
setup("the seeded admin turns on two-factor sign-in before anything else", async ({ request, baseURL }) => {
  const headers = { "x-project": PROJECT };
  const login = await request.post("/v2/api/lambda/login", { headers, data: { ...ACCOUNTS.admin, role: "admin" } });
  expect(login.status()).toBe(200);
  const answer = await login.json();
  expect(answer).toMatchObject({ role: "admin", two_factor_setup_required: true });
  const auth = { ...headers, authorization: `Bearer ${answer.token}` };

  const early = await request.get("/v2/api/lambda/admin/users", { headers: auth });
  expect(early.status()).toBe(403);
  expect((await early.json()).code).toBe("TWO_FACTOR_REQUIRED");

  const enable = await request.post("/v2/api/lambda/2fa/enable", { headers: auth });
  expect(enable.status()).toBe(200);
  const { secret } = await enable.json();
  const step = Math.floor(Date.now() / 30_000);
  const authorize = await request.post("/v2/api/lambda/2fa/authorize", {
    headers: auth,
    data: { token: await generate({ secret, epoch: step * 30 }) },
  });
  expect(authorize.status()).toBe(200);
  writeStaffTotp({ secret, lastStep: step });
  expect((await request.get("/v2/api/lambda/admin/users", { headers: auth })).status()).toBe(200);

  // What the web app keeps in localStorage after a sign-in.
  const userDetails = { firstName: answer.first_name, lastName: answer.last_name, photo: answer.photo };
  const localStorage = [
    { name: "token", value: answer.token },
    { name: "role", value: "admin" },
    { name: "user", value: String(answer.user_id) },
    { name: "userDetails", value: JSON.stringify(userDetails) },
  ];
  writeFileSync(STAFF_STATE, JSON.stringify({ cookies: [], origins: [{ origin: new URL(baseURL!).origin, localStorage }] }));
});
