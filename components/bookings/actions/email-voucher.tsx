"use client";

import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Mail } from "lucide-react";
import { agencyProfileQuery } from "@/components/agency/use-agency-profile";
import { Button } from "@/components/ui/button";
import { DialogOpening, preloadDialog } from "@/components/ui/dialog";

// The dialog and its form (react-hook-form, the form's schema) load when the button is first
// pointed at, focused or pressed, with the agency profile the form starts from; once opened it
// stays mounted, so what was typed is kept.
const loadDialog = () => import("./email-voucher-dialog");
const EmailVoucherDialog = lazy(loadDialog);

/** "Email voucher": the button, and the dialog that sends the voucher to the client. */
export function EmailVoucher({
  bookingId,
  orderRef,
  leadEmail,
  advisorEmail,
  allowed,
  onOutcome,
}: {
  bookingId: string;
  orderRef: string;
  leadEmail: string | null;
  advisorEmail: string;
  /** The service emails vouchers of confirmed, cancelled and refunded bookings only. */
  allowed: boolean;
  onOutcome: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const preload = () => {
    preloadDialog();
    void loadDialog().catch(() => {});
    void queryClient.prefetchQuery(agencyProfileQuery);
  };
  return (
    <>
      <Button
        variant="secondary"
        onPointerEnter={allowed ? preload : undefined}
        onFocus={allowed ? preload : undefined}
        onClick={() => {
          preload();
          setOpened(true);
          setOpen(true);
        }}
        disabled={!allowed}
        title={allowed ? undefined : "Vouchers can be emailed for confirmed, cancelled or refunded bookings."}
      >
        <Mail className="size-4" />
        Email voucher
      </Button>
      {opened ? (
        <Suspense fallback={open ? <DialogOpening /> : null}>
          <EmailVoucherDialog
            open={open}
            onOpenChange={setOpen}
            bookingId={bookingId}
            orderRef={orderRef}
            leadEmail={leadEmail}
            advisorEmail={advisorEmail}
            onOutcome={onOutcome}
          />
        </Suspense>
      ) : null}
    </>
  );
}
