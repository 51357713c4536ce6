"use client";

import { useState } from "react";
import { inputClasses } from "../ui/field";

type Props = Omit<React.ComponentProps<"input">, "type"> & { invalid: boolean };

/** A password input with a Show/Hide toggle, so people can check what they typed. */
export function PasswordInput({ invalid, className, ...props }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? "text" : "password"} className={`${inputClasses(invalid)} pr-16 ${className ?? ""}`} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-label={visible ? "Hide password" : "Show password"}
        className="absolute inset-y-1 right-1 rounded-md px-2.5 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-ink"
      >
        {visible ? "Hide" : "Show"}
      </button>
    </div>
  );
}
