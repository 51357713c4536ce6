// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TimeZoneContext } from "@/components/layout/time-zone";
import type { MailMode, OutboxItem, OutboxMail } from "@/lib/mail/shapes";
import { errorReply, okReply, scriptFetch, type ScriptedReply } from "@/lib/testing/scripted-fetch";
import { MAIL_FRAME_HEAD, OutboxMailView } from "./outbox-mail";
import { OutboxAdmin } from "./outbox-admin";

// The outbox page against a scripted /api: whether mail is really sent, said plainly; the list
// with its states, empty and failing; the kind filter and pages in the URL; a test mail; one mail
// with its headers, its text, and its HTML in a sandboxed frame.

const router = { push: vi.fn(), replace: vi.fn(), prefetch: vi.fn(), back: vi.fn(), forward: vi.fn(), refresh: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router, usePathname: () => "/admin/outbox", useSearchParams: () => new URLSearchParams() }));

const KEPT: MailMode = { transport: "outbox", fromAddress: "no-reply@localhost", fromName: "Sunny Days Travel", server: null };
const SMTP: MailMode = { transport: "smtp", fromAddress: "desk@sunnydays.example", fromName: "Sunny Days Travel", server: "smtp.sunnydays.example:587" };
const now = Date.now();
const item = (n: number, extra: Partial<OutboxItem> = {}): OutboxItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  kind: "proposal",
  status: "kept",
  to: [{ name: "Ana Lopez", address: "ana@example.com" }],
  subject: `Proposal ${n}`,
  reference: `PR-${n}`,
  createdAt: new Date(now - n * 60_000).toISOString(),
  sentAt: null,
  sentBy: "Ana Advisor",
  error: null,
  ...extra,
});
const page = (items: OutboxItem[], extra: { mode?: MailMode; page?: number; total?: number } = {}) =>
  okReply({ mode: extra.mode ?? KEPT, items, page: extra.page ?? 1, pageSize: 25, total: extra.total ?? items.length });

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TimeZoneContext value="Europe/Madrid">{children}</TimeZoneContext>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  for (const f of Object.values(router)) f.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("OutboxAdmin", () => {
  it("says mail is kept, not sent, without a mail server, and lists the mail newest first with its state", async () => {
    scriptFetch(() =>
      page([
        item(1, { status: "failed", error: "The mail server at smtp.sunnydays.example:587 refused the connection. Check that it is running and that SMTP_URL names it." }),
        item(2, { kind: "reminder", subject: "Hold on RV-1 ends in 2 h", to: [{ address: "ben@desk.test" }, { address: "ada@desk.test" }], sentBy: null, reference: null }),
      ]),
    );
    wrap(<OutboxAdmin filters={{ kind: null, page: 1 }} />);
    const banner = await screen.findByRole("region", { name: "How the desk sends mail" });
    expect(within(banner).getByRole("heading", { name: "Mail is kept here, not sent" })).toBeInTheDocument();
    expect(banner).toHaveTextContent("No mail server is set (SMTP_URL), so the desk sends nothing");
    expect(banner).toHaveTextContent("from Sunny Days Travel <no-reply@localhost>");
    expect(screen.getByText("2 mails, newest first")).toBeInTheDocument();

    const rows = within(screen.getByRole("list", { name: "Mail" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole("link", { name: "Proposal 1" })).toHaveAttribute("href", "/admin/outbox/00000000-0000-4000-8000-000000000001");
    expect(rows[0]).toHaveTextContent("Failed");
    expect(rows[0]).toHaveTextContent("refused the connection. Check that it is running");
    expect(rows[0]).toHaveTextContent("Ana Lopez <ana@example.com> · PR-1 · by Ana Advisor");
    expect(rows[1]).toHaveTextContent("Kept");
    expect(rows[1]).toHaveTextContent("ben@desk.test and 1 other");
    expect(rows[1]).toHaveTextContent("Reminder");
  });

  it("says where mail is sent when SMTP_URL is set, and asks for the agency's name when it has none", async () => {
    scriptFetch(() => page([item(1, { status: "sent" })], { mode: { ...SMTP, fromName: "" } }));
    wrap(<OutboxAdmin filters={{ kind: null, page: 1 }} />);
    const banner = await screen.findByRole("region", { name: "How the desk sends mail" });
    expect(within(banner).getByRole("heading", { name: "Mail is sent through smtp.sunnydays.example:587" })).toBeInTheDocument();
    expect(banner).toHaveTextContent("From desk@sunnydays.example.");
    expect(within(banner).getByRole("link", { name: "Set the agency's name" })).toHaveAttribute("href", "/admin/agency");
  });

  it("filters by kind and pages through the URL", async () => {
    const calls = scriptFetch((c) => page(Array.from({ length: 25 }, (_, i) => item(i + 26, { kind: "reminder" })), { page: Number(c.query.page ?? 1), total: 60 }));
    const user = userEvent.setup();
    wrap(<OutboxAdmin filters={{ kind: "reminder", page: 2 }} />);
    expect(await screen.findByText("60 reminder mails, newest first")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: "/api/admin/outbox", query: { kind: "reminder", page: "2" } });
    const pages = screen.getByRole("navigation", { name: "Pages of the outbox" });
    expect(pages).toHaveTextContent("Page 2 of 3");
    expect(within(pages).getByRole("link", { name: "Newer" })).toHaveAttribute("href", "/admin/outbox?kind=reminder");
    expect(within(pages).getByRole("link", { name: "Older" })).toHaveAttribute("href", "/admin/outbox?kind=reminder&page=3");
    // Each mail's link keeps the list's filters for the way back.
    expect(screen.getByRole("link", { name: "Proposal 26" })).toHaveAttribute("href", "/admin/outbox/00000000-0000-4000-8000-000000000026?kind=reminder&page=2");

    await user.selectOptions(screen.getByRole("combobox", { name: "Kind" }), "proposal");
    expect(router.push).toHaveBeenCalledWith("/admin/outbox?kind=proposal");
    await user.selectOptions(screen.getByRole("combobox", { name: "Kind" }), "");
    expect(router.push).toHaveBeenLastCalledWith("/admin/outbox");
  });

  it("shows a designed empty outbox, and a test mail lands in the list", async () => {
    let sent = false;
    const calls = scriptFetch((c) => {
      if (c.method === "POST") {
        sent = true;
        return okReply({ mail: item(0, { kind: "test", subject: "Test mail from the agency desk", to: [{ name: "Ada Admin", address: "ada@desk.test" }] }) }, 201);
      }
      return page(sent ? [item(0, { kind: "test", subject: "Test mail from the agency desk" })] : []);
    });
    const user = userEvent.setup();
    wrap(<OutboxAdmin filters={{ kind: null, page: 1 }} />);
    expect(await screen.findByRole("heading", { name: "No mail yet" })).toBeInTheDocument();
    expect(screen.getByText("No mail yet", { selector: "p" })).toBeInTheDocument();
    const buttons = screen.getAllByRole("button", { name: "Send a test mail" });
    await user.click(buttons[1]!);
    expect(await screen.findByRole("link", { name: "Test mail from the agency desk" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Test mail kept in the outbox: no mail server is set, so nothing was sent.");
    expect(calls.filter((c) => c.method === "POST")).toMatchObject([{ method: "POST", path: "/api/admin/outbox/test", query: {}, body: undefined }]);
    expect(router.push).not.toHaveBeenCalled();
  });

  it("says a failed test mail's reason", async () => {
    scriptFetch((c) =>
      c.method === "POST"
        ? okReply({ mail: item(0, { kind: "test", status: "failed", error: "The mail server at smtp.sunnydays.example:587 did not accept the desk's user name or password. Check the credentials in SMTP_URL." }) }, 201)
        : page([item(1)], { mode: SMTP }),
    );
    const user = userEvent.setup();
    wrap(<OutboxAdmin filters={{ kind: "proposal", page: 1 }} />);
    await screen.findByRole("link", { name: "Proposal 1" });
    await user.click(screen.getByRole("button", { name: "Send a test mail" }));
    expect(await screen.findByText(/^The test mail was not sent\. The mail server .* did not accept the desk's user name or password/)).toBeInTheDocument();
    // Filtered to proposals: the list goes where the test mail is.
    expect(router.push).toHaveBeenCalledWith("/admin/outbox");
  });

  it("shows the loading state, then the error with Try again", async () => {
    let release: (r: ScriptedReply) => void = () => {};
    let attempt = 0;
    scriptFetch(() => {
      attempt += 1;
      if (attempt === 1) return new Promise((resolve) => (release = resolve));
      return page([item(1)]);
    });
    const user = userEvent.setup();
    wrap(<OutboxAdmin filters={{ kind: null, page: 1 }} />);
    expect(screen.getByText("Reading the outbox…")).toBeInTheDocument();
    release(errorReply(500, "internal_error", "Something went wrong on the desk's side. Try again; if it keeps happening, tell an admin."));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The outbox could not be loaded");
    expect(alert).toHaveTextContent("Something went wrong on the desk's side.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Proposal 1" })).toBeInTheDocument();
  });
});

const MAIL: OutboxMail = {
  ...item(7, { status: "sent", sentAt: new Date(now).toISOString() }),
  subject: "Three hotels in Barcelona",
  transport: "smtp",
  from: { name: "Sunny Days Travel", address: "desk@sunnydays.example" },
  cc: [{ address: "ben@desk.test" }],
  replyTo: "bookings@sunnydays.example",
  text: "Dear Ana,\n\nHere are the three hotels.",
  html: `<p>Dear Ana,</p><script>parent.document.title = "owned"</script><img src="x" onerror="parent.document.title='owned'">`,
  attachments: [{ filename: "proposal.pdf", contentType: "application/pdf", size: 48_200 }],
  messageId: "<1b2c@sunnydays.example>",
};

describe("OutboxMailView", () => {
  it("shows the headers, and the HTML in a frame with no scripts, forms, navigation or origin of the desk's", async () => {
    scriptFetch(() => okReply(MAIL));
    const user = userEvent.setup();
    wrap(<OutboxMailView mailId={MAIL.id} filters={{ kind: "proposal", page: 2 }} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Three hotels in Barcelona" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Outbox" })).toHaveAttribute("href", "/admin/outbox?kind=proposal&page=2");
    const headers = screen.getByRole("region", { name: "Headers" });
    const value = (label: string) => within(headers).getByText(label).nextElementSibling;
    expect(value("From")).toHaveTextContent("Sunny Days Travel <desk@sunnydays.example>");
    expect(value("To")).toHaveTextContent("Ana Lopez <ana@example.com>");
    expect(value("Cc")).toHaveTextContent("ben@desk.test");
    expect(value("Reply-To")).toHaveTextContent("bookings@sunnydays.example");
    expect(value("Reference")).toHaveTextContent("PR-7");
    expect(value("Attachments")).toHaveTextContent("proposal.pdf (application/pdf, 48 KB)");
    expect(screen.getByText(/^Accepted by the mail server on /)).toBeInTheDocument();

    const frame = screen.getByTitle("The mail's HTML: Three hotels in Barcelona");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame.getAttribute("srcdoc")).toBe(MAIL_FRAME_HEAD + MAIL.html);
    expect(MAIL_FRAME_HEAD).toContain(`content="default-src 'none'; img-src data: https:; style-src 'unsafe-inline'; font-src data:"`);
    // Nothing of the mail's HTML is in the desk's own page.
    expect(document.querySelectorAll("script, img[onerror]")).toHaveLength(0);
    expect(document.title).not.toBe("owned");

    await user.click(screen.getByRole("tab", { name: "Text" }));
    expect(screen.getByText(/Here are the three hotels\./)).toBeInTheDocument();
    expect(screen.queryByTitle(/The mail's HTML/)).not.toBeInTheDocument();
  });

  it("says why a failed mail was not sent, shows the text alone when there is no HTML, and a missing mail as such", async () => {
    scriptFetch((c) =>
      c.path.endsWith("missing")
        ? errorReply(404, "not_found", "The outbox has no such mail. Go back to the outbox and open it from the list.")
        : okReply({ ...MAIL, status: "failed", sentAt: null, html: null, error: "The mail server at smtp.sunnydays.example:587 refused the connection. Check that it is running and that SMTP_URL names it." }),
    );
    const { unmount } = wrap(<OutboxMailView mailId={MAIL.id} filters={{ kind: null, page: 1 }} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("This mail was not sentThe mail server at smtp.sunnydays.example:587 refused the connection.");
    expect(screen.queryByRole("tab", { name: "HTML" })).not.toBeInTheDocument();
    expect(screen.getByText(/Here are the three hotels\./)).toBeInTheDocument();
    unmount();

    wrap(<OutboxMailView mailId="missing" filters={{ kind: null, page: 1 }} />);
    expect(await screen.findByRole("heading", { level: 1, name: "No such mail" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("The outbox has no such mail. Go back to the outbox and open it from the list.");
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });
});
