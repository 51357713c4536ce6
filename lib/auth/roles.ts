// Plain constants, safe to import from client components (no database code here).

export const USER_ROLES = ["advisor", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ROLE_LABELS: Record<UserRole, string> = { advisor: "Advisor", admin: "Admin" };
