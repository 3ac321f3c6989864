import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { hashPassword as standardHash, verifyPassword as standardVerify } from "better-auth/crypto";

/**
 * How a password is kept (decision 370). "standard" is better-auth's own scrypt hash
 * (N = 16384, r = 16: 32 MiB and tens of milliseconds of a core per guess), the only one a
 * deployment makes or accepts. "light" is for test runs only (the configuration refuses
 * it unless NODE_ENV=test): the same scrypt with N = 1024, r = 1, marked as such, so the
 * suite's thousand sign-ins do not spend minutes of its cores on memory-hard hashing.
 */
export type PasswordHashing = "standard" | "light";

const LIGHT = "light:";
const LIGHT_COST = { N: 1024, r: 1, p: 1 } as const;
const KEY_LENGTH = 64;

const lightKey = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, LIGHT_COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export async function hashPassword(password: string, hashing: PasswordHashing): Promise<string> {
  if (hashing === "standard") return standardHash(password);
  const salt = randomBytes(16).toString("hex");
  return `${LIGHT}${salt}:${(await lightKey(password, salt)).toString("hex")}`;
}

/** Whether `password` is the one hashed. A light hash is never accepted where hashing is standard. */
export async function verifyPassword(hash: string, password: string, hashing: PasswordHashing): Promise<boolean> {
  if (!hash.startsWith(LIGHT)) return standardVerify({ hash, password });
  if (hashing !== "light") return false;
  const [salt = "", key = ""] = hash.slice(LIGHT.length).split(":");
  const expected = Buffer.from(key, "hex");
  const actual = await lightKey(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
