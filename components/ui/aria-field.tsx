import type { ReactNode } from "react";
import { Label, Text } from "react-aria-components";
import { TriangleAlert } from "lucide-react";
import { cn } from "./cn";
import { fieldClasses } from "./field";

// Field's label, hint and error for react-aria's controls (RadioGroup, CheckboxGroup, ComboBox,
// SearchField…), which wire their own: the control names its Label and takes its Text slots as
// description or error message.

/** A react-aria control's label, as Field draws one. */
export function AriaLabel({ hidden, className, children }: { hidden?: boolean; className?: string; children: ReactNode }) {
  return <Label className={cn(fieldClasses.label, hidden && "sr-only", className)}>{children}</Label>;
}

/**
 * A react-aria control's hint, or its error in the hint's place, as Field draws them; react-aria
 * wires them to the control (give the control `isInvalid` with the error).
 */
export function AriaHelp({ hint, error, hintClassName = fieldClasses.hint }: { hint?: ReactNode; error?: string; hintClassName?: string }) {
  if (error) {
    return (
      <Text slot="errorMessage" className={fieldClasses.error}>
        <TriangleAlert className="mt-px size-3.5 shrink-0" />
        {error}
      </Text>
    );
  }
  if (!hint) return null;
  return (
    <Text slot="description" className={hintClassName}>
      {hint}
    </Text>
  );
}

