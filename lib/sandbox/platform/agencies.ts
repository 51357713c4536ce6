import { createHash, randomBytes } from "node:crypto";
import { KEY_PREFIX } from "../config";
import type { VirtualClock } from "./clock";
import type { Collection, Store } from "./store";
import { SandboxError } from "./errors";

export type Agency = {
  id: string;
  name: string;
  currency: string;
  creditLimitMinor: number;
  /** Credit taken by bookings not yet refunded; available = limit - used. */
  creditUsedMinor: number;
  creditEnabled: boolean;
  agreementSigned: boolean;
  suspended: boolean;
  apiAccess: boolean;
  /**
   * Its keys' per-minute limits as a multiple of the specification's (1: the table itself; an
   * agency whose limits the service raised has more). Journals written before it was kept read as 1.
   */
  rateLimitScale?: number;
  adminUserId: string;
  createdAt: string;
};

export type KeyLevel = "agent" | "admin";

export type ApiKeyRecord = {
  id: string;
  agencyId: string;
  name: string;
  level: KeyLevel;
  /** sha256 of the whole key; the key itself is never stored. */
  hash: string;
  /** The first characters, as the portal list shows them. */
  start: string;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
};

export const DEMO_AGENCY_ID = "agy_demo";

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString("base64url")}`;
}

export class Agencies {
  readonly agencies: Collection<Agency>;
  readonly keys: Collection<ApiKeyRecord>;
  private readonly byHash = new Map<string, ApiKeyRecord>();

  constructor(store: Store, private readonly clock: VirtualClock) {
    this.agencies = store.collection<Agency>("agencies");
    this.keys = store.collection<ApiKeyRecord>("keys");
    for (const k of this.keys.values()) this.byHash.set(k.hash, k);
  }

  createAgency(input: Partial<Omit<Agency, "id" | "createdAt" | "creditUsedMinor" | "adminUserId">> & { name: string }, id = newId("agy")): Agency {
    const agency: Agency = {
      id,
      name: input.name,
      currency: input.currency ?? "USD",
      creditLimitMinor: input.creditLimitMinor ?? 50_000_000,
      creditUsedMinor: 0,
      creditEnabled: input.creditEnabled ?? true,
      agreementSigned: input.agreementSigned ?? true,
      suspended: input.suspended ?? false,
      apiAccess: input.apiAccess ?? true,
      rateLimitScale: input.rateLimitScale ?? 1,
      adminUserId: `usr_${id}_admin`,
      createdAt: this.clock.iso(),
    };
    return this.agencies.put(agency);
  }

  updateAgency(id: string, patch: Partial<Agency>): Agency {
    const agency = this.agencies.get(id);
    if (!agency) throw new SandboxError(404, "not_found", "Agency not found.");
    return this.agencies.put({ ...agency, ...patch, id });
  }

  /** Issues a key; `key` may be given (the seeded demo key), otherwise prefix + 43 random characters. */
  createKey(
    agencyId: string,
    opts: { name?: string; level?: KeyLevel; expiresInDays?: number; withoutCreator?: boolean; key?: string } = {},
  ): { record: ApiKeyRecord; key: string } {
    const agency = this.agencies.get(agencyId);
    if (!agency) throw new SandboxError(404, "not_found", "Agency not found.");
    const key = opts.key ?? KEY_PREFIX + randomBytes(32).toString("base64url");
    const now = this.clock.now();
    const record: ApiKeyRecord = {
      id: newId("key"),
      agencyId,
      name: opts.name ?? "API key",
      level: opts.level ?? "agent",
      hash: hashKey(key),
      start: key.slice(0, KEY_PREFIX.length + 4),
      createdBy: opts.withoutCreator ? null : agency.adminUserId,
      createdAt: new Date(now).toISOString(),
      expiresAt: opts.expiresInDays ? new Date(now + opts.expiresInDays * 86_400_000).toISOString() : null,
      revokedAt: null,
    };
    this.keys.put(record);
    this.byHash.set(record.hash, record);
    return { record, key };
  }

  revokeKey(keyId: string): ApiKeyRecord {
    const record = this.keys.get(keyId);
    if (!record) throw new SandboxError(404, "not_found", "Key not found.");
    const revoked = { ...record, revokedAt: record.revokedAt ?? this.clock.iso() };
    this.keys.put(revoked);
    this.byHash.set(revoked.hash, revoked);
    return revoked;
  }

  findKey(key: string): ApiKeyRecord | undefined {
    return this.byHash.get(hashKey(key));
  }

  clearIndex(): void {
    this.byHash.clear();
  }
}
