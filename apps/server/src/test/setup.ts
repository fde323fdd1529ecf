import { setPasswordHashCost } from "../lib/passwords.ts";

// Before each server test file: the tests make thousands of accounts, and argon2id at OWASP's cost
// takes about 20 ms a hash. The auth tests check OWASP's cost on a real sign-up themselves.
setPasswordHashCost("test-run");
