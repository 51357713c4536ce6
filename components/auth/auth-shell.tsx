import type { ReactNode } from "react";
import { CircleCheck } from "lucide-react";
import { LogoMark } from "../brand/logo";

/** The centred card of the sign-in and invite pages. */
export function AuthShell({
  title,
  description,
  notice,
  footer,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** A success message shown above the form, e.g. after setting a password. */
  notice?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="relative isolate px-4 py-12 sm:py-20">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-[radial-gradient(60%_100%_at_50%_0%,var(--color-brand-50),transparent)]"
      />
      <div className="mx-auto w-full max-w-[26rem]">
        <div className="rounded-2xl border border-slate-200 bg-white px-6 py-8 shadow-[0_1px_2px_rgb(15_23_42/0.04),0_12px_32px_-12px_rgb(15_23_42/0.12)] sm:px-8">
          <LogoMark className="size-10" />
          <h1 className="mt-5 text-xl font-semibold tracking-tight text-ink sm:text-[1.375rem]">{title}</h1>
          {description ? <p className="mt-1.5 text-[0.9375rem] leading-relaxed text-slate-600">{description}</p> : null}
          {notice ? (
            <p
              role="status"
              className="mt-5 flex items-start gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900"
            >
              <CircleCheck className="mt-px size-4 shrink-0 text-emerald-600" />
              <span>{notice}</span>
            </p>
          ) : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm leading-relaxed text-slate-500">{footer}</div> : null}
      </div>
    </main>
  );
}
