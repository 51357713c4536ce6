"use client";

import { BellRing } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ApiError, apiRequest } from "@/lib/api-client";

// "Send me a test notification": the person sees the bell's count and panel at work, live.

export function TestNotification() {
  const [state, setState] = useState<{ sending: boolean; said: string | null }>({ sending: false, said: null });
  const send = async () => {
    setState({ sending: true, said: null });
    try {
      await apiRequest("POST", "/api/notifications/test", null);
      setState({ sending: false, said: "Sent. The bell at the top of the page counts it now." });
    } catch (err) {
      setState({ sending: false, said: err instanceof ApiError ? err.message : "The test notification could not be sent. Try again." });
    }
  };
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 sm:px-6">
      <BellRing aria-hidden className="size-5 text-brand-700" />
      <p className="min-w-0 flex-1 text-sm text-slate-600">See the bell at work: send yourself a test notification (it comes to the bell only).</p>
      <Button variant="secondary" size="sm" pending={state.sending} onClick={send}>
        Send me a test notification
      </Button>
      <p role="status" className="w-full text-[0.8125rem] text-slate-600 empty:hidden">
        {state.said ?? ""}
      </p>
    </div>
  );
}
