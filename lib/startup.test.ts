import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { bannerSections, renderBanner } from "./startup";

// The development banner's Mail section (docs/mail.md): where the desk's mail goes, never the password.

const mail = bannerSections.filter((s) => s.title === "Mail");

describe("the banner's Mail section", () => {
  it("says mail is kept in the outbox, and where to read it, without SMTP_URL", async () => {
    expect(await renderBanner(parseEnv({ PORT: "3220" }), mail)).toContain(
      "  Mail\n    kept in the desk's outbox, not sent: http://localhost:3220/admin/outbox (set SMTP_URL to send; docs/mail.md)",
    );
  });

  it("names the server and the sender with SMTP_URL, never its password", async () => {
    const text = await renderBanner(parseEnv({ SMTP_URL: "smtps://desk:hunter2-secret@smtp.sunny.example:465", MAIL_FROM: "bookings@sunny.example" }), mail);
    expect(text).toContain("  Mail\n    sent through smtps://desk@smtp.sunny.example:465 from bookings@sunny.example");
    expect(text).not.toContain("hunter2");
  });
});
